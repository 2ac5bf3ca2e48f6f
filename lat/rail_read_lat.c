// SPDX-License-Identifier: MIT
/*
 * rail_read_lat - RDMA READ latency between a server and a client, with
 * ib_read_lat's flags and output. Server: no host argument; it registers
 * its buffer, prints the header and address lines and waits for the client
 * to finish (perftest's latency server prints no results). Client: the
 * server's host; it READs -s bytes at a time and prints one row per size.
 * The run is rp_latapp's, shared with rail_write_lat.
 */
#include "app/rp_latapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_READ_LAT), argc,
				    argv, rp_latapp_check, rp_latapp_run));
}
