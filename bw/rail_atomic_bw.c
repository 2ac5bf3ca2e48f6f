// SPDX-License-Identifier: MIT
/*
 * rail_atomic_bw - atomic operations' rate between a server and a
 * client, with ib_atomic_bw's flags and output: 8-byte FETCH_AND_ADDs
 * (-A CMP_AND_SWAP: compare and swaps) from the client on words of the
 * server's buffer, the old values returned to the client. Server: no host
 * argument; client: the server's host. The client measures, the server
 * prints its row. The run is rp_bwapp's one-rail case with an atomic
 * verb, as rail_read_bw's with READ.
 */
#include "app/rp_bwapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_ATOMIC_BW), argc,
				    argv, NULL, rp_bwapp_run));
}
