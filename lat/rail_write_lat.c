// SPDX-License-Identifier: MIT
/*
 * rail_write_lat - RDMA WRITE latency between a server and a client, with
 * ib_write_lat's flags and output. Both sides run a ping-pong of RDMA
 * WRITEs, each polling the last byte of its receive buffer, and both print
 * the table; the latency is half the round trip, as perftest's. Server: no
 * host argument; client: the server's host. The run is rp_latapp's,
 * shared with rail_read_lat.
 */
#include "app/rp_latapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_WRITE_LAT), argc,
				    argv, rp_latapp_check, rp_latapp_run));
}
