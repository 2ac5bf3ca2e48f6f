// SPDX-License-Identifier: MIT
/*
 * rail_atomic_lat - atomic operations' latency between a server and a
 * client, with ib_atomic_lat's flags and output: one 8-byte
 * FETCH_AND_ADD (-A CMP_AND_SWAP: compare and swap) at a time on a word
 * of the server's buffer, each a full round trip, as ib_read_lat's READ.
 * Server: no host argument; it registers its buffer, prints the header
 * and address lines and waits. Client: the server's host; it prints the
 * row. The run is rp_latapp's.
 */
#include "app/rp_latapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_ATOMIC_LAT), argc,
				    argv, rp_latapp_check, rp_latapp_run));
}
