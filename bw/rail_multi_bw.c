// SPDX-License-Identifier: MIT
/*
 * rail_multi_bw - RDMA WRITE bandwidth on every rail at once (-d's list,
 * or every RDMA device), one pinned thread per rail, measured over one
 * common window. Prints the perftest block with one row, the aggregate,
 * then a railperf line pair per rail and the set's ceiling. -b: both
 * sides write on every rail at once; both print the summed row, then each
 * rail's two directions and their sums. The run is rp_bwapp's.
 */
#include "app/rp_bwapp.h"
#include "app/rp_main.h"
#include "app/rp_opts.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_main(rp_test_desc_of(RP_TEST_MULTI_BW), argc,
				    argv, rp_bwapp_check, rp_bwapp_run));
}
