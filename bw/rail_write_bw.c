// SPDX-License-Identifier: MIT
/*
 * rail_write_bw - RDMA WRITE bandwidth between a server and a client, with
 * ib_write_bw's flags and output. Server: no host argument; client: the
 * server's host. The client measures; the server prints the client's row.
 * -b: both sides write at once and both print the summed row. The run is
 * rp_bwapp's one-rail case, on the calling thread as ib_write_bw's.
 */
#include "app/rp_bwapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_WRITE_BW), argc,
				    argv, NULL, rp_bwapp_run));
}
