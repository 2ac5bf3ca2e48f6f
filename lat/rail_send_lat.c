// SPDX-License-Identifier: MIT
/*
 * rail_send_lat - SEND/RECV ping-pong latency between a server and a
 * client, with ib_send_lat's flags and output. Server: no host argument;
 * client: the server's host. Each side keeps receives posted (-r) and
 * answers each SEND it receives with its own; both print a row per size
 * (half the round trip). The run is rp_latapp's ping-pong with the SEND
 * verb, as rail_write_lat's with WRITE.
 */
#include "app/rp_latapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_SEND_LAT), argc,
				    argv, rp_latapp_check, rp_latapp_run));
}
