/* SPDX-License-Identifier: MIT */
/*
 * rp_devid.h - which device a name is: its PCI vendor and part IDs
 * (ibv_device_attr's vendor_id and vendor_part_id), read once before a
 * run for what perftest decides from them (rp_devkind_of, and the output
 * layer's list of the devices perftest 6.06 knows). Apart from rp_dev.h
 * so that the unit tests' fake rail stands in for the device here too.
 */
#ifndef RP_DEVID_H
#define RP_DEVID_H

#include <stdint.h>

struct rp_devid {
	uint32_t vendor; /* PCI vendor ID */
	uint32_t part;	 /* the vendor's part ID */
};

/*
 * rp_devid_read - open device @dev (NULL: the first) at port @port, read
 * its IDs into @id and close it. Returns 0, or -errno after one line
 * (rp_dev_open's: no such device, port not ACTIVE).
 */
int rp_devid_read(const char *dev, unsigned int port, struct rp_devid *id);

#endif /* RP_DEVID_H */
