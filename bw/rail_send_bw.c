// SPDX-License-Identifier: MIT
/*
 * rail_send_bw - SEND bandwidth between a server and a client, with
 * ib_send_bw's flags and output. Server: no host argument; client: the
 * server's host. The server pre-posts its receives (-r), the client SENDs
 * into them; each side measures and prints its own row (the server's
 * without a peak, as ib_send_bw's). The run is rp_bwapp's one-rail case
 * with the SEND verb, as rail_write_bw's.
 */
#include "app/rp_bwapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_SEND_BW), argc,
				    argv, NULL, rp_bwapp_run));
}
