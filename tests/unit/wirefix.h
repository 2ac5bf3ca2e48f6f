/* SPDX-License-Identifier: MIT */
/*
 * wirefix.h - rail ends of made-up clusters for the wiring map's tests
 * (test_wiremap, test_flows, test_clplan): a switched cluster (each rail
 * on a segment and subnet of its own, every host on both), and a ring of
 * N hosts cabled as softroce ring N cables its guests (host h's rail 1 to
 * host h+1's rail 0, each cable a /24 of its own); with what neighbour
 * discovery would resolve (heard) on each.
 */
#ifndef RP_TEST_WIREFIX_H
#define RP_TEST_WIREFIX_H

#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "info/rp_wirefacts.h"

#define WF_MAXH 10
#define WF_MAXR 4
#define WF_E (WF_MAXH * WF_MAXR)

struct wf {
	unsigned int hosts, rails;
	struct rp_wend e[WF_E];
	uint8_t heard[WF_E * WF_E];
};

static inline struct rp_wend *wf_end(struct wf *w, unsigned int h,
				     unsigned int i)
{
	return &w->e[h * w->rails + i];
}

/* Host @h's rail @i: rxeI on ethI, its MAC and link-local address from
 * (i, h), MTU 1500, up, no address yet. */
static inline void wf_init(struct wf *w, unsigned int hosts, unsigned int rails)
{
	unsigned int h, i;

	memset(w, 0, sizeof(*w));
	w->hosts = hosts;
	w->rails = rails;
	for (h = 0; h < hosts; h++)
		for (i = 0; i < rails; i++) {
			struct rp_wend *e = wf_end(w, h, i);
			const uint8_t mac[6] = { 0x52,
						 0x54,
						 0,
						 0x5a,
						 (uint8_t)(i + 1),
						 (uint8_t)(h + 1) };

			snprintf(e->dev, sizeof(e->dev), "rxe%u", i);
			snprintf(e->ndev, sizeof(e->ndev), "eth%u", i);
			e->port = 1;
			e->mtu = 1500;
			e->up = 1;
			memcpy(e->mac, mac, 6);
			e->has_mac = 1;
			e->ll[0] = 0xfe;
			e->ll[1] = 0x80;
			memcpy(e->ll + 10, mac + 2, 4);
			e->ll[15] = (uint8_t)(h + 1);
			e->ll[14] = (uint8_t)(i + 1);
			e->has_ll = 1;
		}
}

/* Set end (@h, @i)'s only address to @text ("10.1.1.1/24"). */
static inline void wf_addr(struct wf *w, unsigned int h, unsigned int i,
			   const char *text)
{
	struct rp_wend *e = wf_end(w, h, i);
	unsigned int b[4], p;

	sscanf(text, "%u.%u.%u.%u/%u", &b[0], &b[1], &b[2], &b[3], &p);
	memset(e->addr, 0, sizeof(e->addr));
	e->addr[0].raw[10] = e->addr[0].raw[11] = 0xff;
	for (unsigned int k = 0; k < 4; k++)
		e->addr[0].raw[12 + k] = (uint8_t)b[k];
	e->addr[0].prefix = p;
	e->naddr = 1;
}

/* Ends (@h, @i) and (@g, @j) resolved each other. */
static inline void wf_cable(struct wf *w, unsigned int h, unsigned int i,
			    unsigned int g, unsigned int j)
{
	size_t e = (size_t)w->hosts * w->rails, x = h * w->rails + i,
	       y = g * w->rails + j;

	w->heard[x * e + y] = w->heard[y * e + x] = 1;
}

/* A switched cluster: rail i of every host on one segment, host h at
 * 10.0.(i + 1).(h + 1)/24. */
static inline void wf_switch(struct wf *w, unsigned int hosts,
			     unsigned int rails)
{
	char a[32];
	unsigned int h, g, i;

	wf_init(w, hosts, rails);
	for (h = 0; h < hosts; h++)
		for (i = 0; i < rails; i++) {
			snprintf(a, sizeof(a), "10.0.%u.%u/24", i + 1, h + 1);
			wf_addr(w, h, i, a);
			for (g = 0; g < h; g++)
				wf_cable(w, h, i, g, i);
		}
}

/* A ring of @hosts with two rails: link k joins host k's rail 1 and
 * host k + 1's rail 0 in 10.1.(k + 1).0/24, each end's address ending in
 * its host's number (+ 1). */
static inline void wf_ring(struct wf *w, unsigned int hosts)
{
	char a[32];
	unsigned int k, n;

	wf_init(w, hosts, 2);
	for (k = 0; k < hosts; k++) {
		n = (k + 1) % hosts;
		snprintf(a, sizeof(a), "10.1.%u.%u/24", k + 1, k + 1);
		wf_addr(w, k, 1, a);
		snprintf(a, sizeof(a), "10.1.%u.%u/24", k + 1, n + 1);
		wf_addr(w, n, 0, a);
		wf_cable(w, k, 1, n, 0);
	}
}

/* Host names h0, h1 ... for the text. */
static inline void wf_names(char (*names)[64], unsigned int n)
{
	for (unsigned int h = 0; h < n; h++)
		snprintf(names[h], 64, "h%u", h);
}

#endif /* RP_TEST_WIREFIX_H */
