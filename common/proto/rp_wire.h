/* SPDX-License-Identifier: MIT */
/*
 * rp_wire.h - bounds-checked big-endian (network order) cursors used by
 * rp_msg to encode and decode control messages. A write past the end or a
 * read past the end sets a sticky flag instead of touching memory; callers
 * check it once at the end.
 */
#ifndef RP_WIRE_H
#define RP_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct rp_wbuf {
	uint8_t *p;
	size_t cap;
	size_t len;
	bool overflow;
};

struct rp_rbuf {
	const uint8_t *p;
	size_t len;
	size_t off;
	bool underflow;
};

static inline void rp_put_bytes(struct rp_wbuf *w, const void *src, size_t n)
{
	if (w->overflow || n > w->cap - w->len) {
		w->overflow = true;
		return;
	}
	memcpy(w->p + w->len, src, n);
	w->len += n;
}

static inline void rp_put_be(struct rp_wbuf *w, uint64_t v, unsigned int n)
{
	uint8_t b[8];
	unsigned int i;

	for (i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
	rp_put_bytes(w, b, n);
}

static inline void rp_put_u8(struct rp_wbuf *w, uint8_t v)
{
	rp_put_be(w, v, 1);
}
static inline void rp_put_u16(struct rp_wbuf *w, uint16_t v)
{
	rp_put_be(w, v, 2);
}
static inline void rp_put_u32(struct rp_wbuf *w, uint32_t v)
{
	rp_put_be(w, v, 4);
}
static inline void rp_put_u64(struct rp_wbuf *w, uint64_t v)
{
	rp_put_be(w, v, 8);
}

/* IEEE 754 binary64, sent as its bit pattern in network order. */
static inline void rp_put_f64(struct rp_wbuf *w, double d)
{
	uint64_t v;

	memcpy(&v, &d, sizeof(v));
	rp_put_u64(w, v);
}

static inline void rp_get_bytes(struct rp_rbuf *r, void *dst, size_t n)
{
	if (r->underflow || n > r->len - r->off) {
		r->underflow = true;
		memset(dst, 0, n);
		return;
	}
	memcpy(dst, r->p + r->off, n);
	r->off += n;
}

static inline uint64_t rp_get_be(struct rp_rbuf *r, unsigned int n)
{
	uint8_t b[8];
	uint64_t v = 0;
	unsigned int i;

	rp_get_bytes(r, b, n);
	for (i = 0; i < n; i++)
		v = (v << 8) | b[i];
	return v;
}

static inline uint8_t rp_get_u8(struct rp_rbuf *r)
{
	return (uint8_t)rp_get_be(r, 1);
}
static inline uint16_t rp_get_u16(struct rp_rbuf *r)
{
	return (uint16_t)rp_get_be(r, 2);
}
static inline uint32_t rp_get_u32(struct rp_rbuf *r)
{
	return (uint32_t)rp_get_be(r, 4);
}
static inline uint64_t rp_get_u64(struct rp_rbuf *r)
{
	return rp_get_be(r, 8);
}

static inline double rp_get_f64(struct rp_rbuf *r)
{
	uint64_t v = rp_get_u64(r);
	double d;

	memcpy(&d, &v, sizeof(d));
	return d;
}

#endif /* RP_WIRE_H */
