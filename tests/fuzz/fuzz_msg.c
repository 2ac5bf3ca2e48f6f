// SPDX-License-Identifier: MIT
/*
 * Description: libFuzzer target for the control-message decoders (what a
 * peer on the control port controls). Byte 0 picks a decoder, the rest is
 * its input. Properties: no crash, no out-of-bounds access, no undefined
 * behaviour (ASan/UBSan), and every payload a decoder accepts encodes back
 * to the same bytes (decoders accept exactly what encoders produce), but
 * for the peer's text (a failure's reason, a port's name), whose bytes
 * that are not printable ASCII decode as '?' (rp_text_clean): there the
 * output holds '?' where the input held such a byte.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proto/rp_msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t rp_fz_out[RP_MSG_MAX_PAYLOAD];
static struct rp_rail_addr rp_fz_rail;

static void rp_fz_same(const uint8_t *in, size_t len, size_t out_len)
{
	size_t i;

	if (out_len != len)
		abort(); /* accepted bytes that do not round-trip */
	for (i = 0; i < len; i++)
		if (in[i] != rp_fz_out[i] &&
		    (rp_fz_out[i] != '?' || (in[i] >= 0x20 && in[i] <= 0x7e)))
			abort(); /* ... other than text made printable */
}

static void rp_fz_payload(uint8_t which, const uint8_t *in, size_t len)
{
	struct rp_params p;
	struct rp_result r;
	struct rp_verdict v;
	struct rp_counts k;
	char text[RP_MSG_ERROR_MAX + 1];

	switch (which % 6) {
	case 0:
		if (!rp_msg_decode_params(in, len, &p))
			rp_fz_same(in, len,
				   rp_msg_encode_params(rp_fz_out,
							sizeof(rp_fz_out), &p));
		break;
	case 1:
		if (!rp_msg_decode_rail(in, len, &rp_fz_rail))
			rp_fz_same(in, len,
				   rp_msg_encode_rail(rp_fz_out,
						      sizeof(rp_fz_out),
						      &rp_fz_rail));
		break;
	case 2:
		if (!rp_msg_decode_result(in, len, &r))
			rp_fz_same(in, len,
				   rp_msg_encode_result(rp_fz_out,
							sizeof(rp_fz_out), &r));
		break;
	case 3:
		if (!rp_msg_decode_verdict(in, len, &v))
			rp_fz_same(in, len,
				   rp_msg_encode_verdict(
					   rp_fz_out, sizeof(rp_fz_out), &v));
		break;
	case 4:
		rp_msg_decode_error(in, len, text, sizeof(text));
		if (strlen(text) > RP_MSG_ERROR_MAX)
			abort();
		break;
	case 5:
		if (!rp_msg_decode_counts(in, len, &k))
			rp_fz_same(in, len,
				   rp_msg_encode_counts(rp_fz_out,
							sizeof(rp_fz_out), &k));
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rp_msg_hdr h;
	char err[160];

	if (size >= RP_MSG_HDR_LEN &&
	    !rp_msg_hdr_decode(data, &h, err, sizeof(err)) &&
	    (h.len > RP_MSG_MAX_PAYLOAD || !h.type || h.type > RP_MSG_TYPE_MAX))
		abort(); /* a header it should have refused */
	if (size < 1 || size - 1 > RP_MSG_MAX_PAYLOAD)
		return 0;
	rp_fz_payload(data[0], data + 1, size - 1);
	return 0;
}
