// SPDX-License-Identifier: MIT
/*
 * rail_read_bw - RDMA READ bandwidth between a server and a client, with
 * ib_read_bw's flags and output. Server: no host argument; client: the
 * server's host. The client READs the server's buffer and measures; the
 * server prints the client's row. -b: both sides read at once. The run is
 * rp_bwapp's one-rail case with the READ verb, as rail_write_bw's.
 */
#include "app/rp_bwapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_READ_BW), argc,
				    argv, NULL, rp_bwapp_run));
}
