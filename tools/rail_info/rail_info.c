// SPDX-License-Identifier: MIT
/*
 * rail_info - every RDMA device port as a rail: link, MTU, netdev and its
 * addresses, NUMA node and CPUs, PCIe link, the GID table with the entry
 * railperf's binaries would choose, and the RDMA WRITE ceiling. Text by
 * default, --json for scripts, --sysfs DIR to read a sysfs tree instead of
 * the live system (no verbs calls). The run is rp_infoapp's.
 */
#include "app/rp_infoapp.h"
#include "base/rp_log.h"

int main(int argc, char **argv)
{
	/* results that could not be written make the exit status 1 */
	return rp_out_close(rp_infoapp_main(argc, argv));
}
