// SPDX-License-Identifier: MIT
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "base/rp_sysfs.h"
#include "topo/rp_identity.h"
#include "topo/rp_pcie.h"

void rp_identity_self(struct rp_ident_host *h)
{
	struct utsname u;

	memset(h, 0, sizeof(*h));
	if (uname(&u))
		return;
	snprintf(h->host, sizeof(h->host), "%.*s", (int)sizeof(h->host) - 1,
		 u.nodename);
	snprintf(h->kernel, sizeof(h->kernel), "%.*s",
		 (int)sizeof(h->kernel) - 1, u.release);
}

/* "32.0 GT/s PCIe" (current_link_speed) -> "32.0 GT/s". */
static void rp_identity_speed(char *out, size_t len, const char *speed)
{
	const char *sfx = strstr(speed, " PCIe");

	snprintf(out, len, "%.*s",
		 (int)(sfx ? (size_t)(sfx - speed) : strlen(speed)), speed);
}

void rp_identity_rail(struct rp_ident_rail *r, const char *sysroot,
		      const char *dev, unsigned int port)
{
	struct rp_pcie pc;
	char path[512];

	memset(r, 0, sizeof(*r));
	snprintf(r->dev, sizeof(r->dev), "%s", dev);
	r->port = port;
	snprintf(path, sizeof(path), "%s/class/infiniband/%s/fw_ver", sysroot,
		 dev);
	if (rp_sysfs_line(path, r->fw, sizeof(r->fw)))
		r->fw[0] = '\0';
	if (rp_pcie_read(sysroot, dev, &pc) || !pc.addr[0])
		return;
	snprintf(r->pci, sizeof(r->pci), "%s", pc.addr);
	rp_identity_speed(r->speed, sizeof(r->speed), pc.speed);
	r->width = pc.width;
}

int rp_identity_add(struct rp_ident_host *h, const char *sysroot,
		    const char *dev, unsigned int port)
{
	if (h->n >= RP_MAX_RAILS)
		return -ENOSPC;
	rp_identity_rail(&h->rail[h->n++], sysroot, dev, port);
	return 0;
}
