// SPDX-License-Identifier: MIT
/* rp_gpuloc.c - the NVIDIA GPU nearest to an RDMA device (see the header). */
#include "topo/rp_gpuloc.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/rp_sysfs.h"

#define RP_GPULOC_DEPTH 16 /* PCIe tree levels walked below a host bridge */
#define RP_GPU_VENDOR 0x10de

struct rp_gpuwalk {
	const char *nic; /* the device's function, resolved; "" none */
	int nic_numa;	 /* -1 unknown */
	struct rp_gpunear *out;
};

const char *rp_gpurel_name(enum rp_gpurel rel)
{
	switch (rel) {
	case RP_GPUREL_SWITCH: return "same PCIe switch";
	case RP_GPUREL_ROOT_PORT: return "same root port";
	case RP_GPUREL_HOST_BRIDGE: return "same host bridge";
	case RP_GPUREL_NUMA: return "same NUMA node, other host bridge";
	case RP_GPUREL_OTHER: return "other NUMA node";
	default: return "none";
	}
}

/* A directory name that is a PCI address, "0000:1a:00.0". */
static int rp_is_bdf(const char *s)
{
	unsigned int d, b, v, f;
	char end;

	return strlen(s) == 12 &&
	       sscanf(s, "%4x:%2x:%2x.%1x%c", &d, &b, &v, &f, &end) == 4;
}

/* The number in attribute file @dir/@name; -ENAMETOOLONG, or
 * rp_sysfs_long's error. */
static int rp_attr(const char *dir, const char *name, long *v)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	return rp_sysfs_long(path, v);
}

/* Whether @dir is an NVIDIA display controller (class 0x03xxxx). */
static int rp_is_gpu(const char *dir)
{
	long vendor, cls;

	return !rp_attr(dir, "vendor", &vendor) && vendor == RP_GPU_VENDOR &&
	       !rp_attr(dir, "class", &cls) && (cls >> 16) == 0x03;
}

/* A directory entry that is a directory, not a symlink. */
static int rp_is_dir(const char *dir, const struct dirent *e)
{
	char path[PATH_MAX];
	struct stat st;

	if (e->d_type != DT_UNKNOWN)
		return e->d_type == DT_DIR;
	return snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) <
		       (int)sizeof(path) &&
	       !lstat(path, &st) && S_ISDIR(st.st_mode);
}

/* Leading path components @a and @b share ("/"-separated). */
static unsigned int rp_common(const char *a, const char *b)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			n++;
	if ((!a[i] || a[i] == '/') && (!b[i] || b[i] == '/'))
		n++;
	return n;
}

/* The relation of GPU @gpu to the walk's device; @base: components of
 * SYSROOT/devices (the host bridge is the next one). */
static enum rp_gpurel rp_rel(const struct rp_gpuwalk *w, const char *gpu,
			     unsigned int base)
{
	unsigned int c = rp_common(w->nic, gpu);
	long numa = -1;

	if (c >= base + 3) /* host bridge, root port, switch upstream port */
		return RP_GPUREL_SWITCH;
	if (c == base + 2)
		return RP_GPUREL_ROOT_PORT;
	if (c == base + 1)
		return RP_GPUREL_HOST_BRIDGE;
	if (w->nic_numa >= 0 && !rp_attr(gpu, "numa_node", &numa) &&
	    numa == w->nic_numa)
		return RP_GPUREL_NUMA;
	return RP_GPUREL_OTHER;
}

/* Keep GPU @dir if it is nearer than the best so far (ties: the lower
 * address, the walk's order being the directory's). */
static void rp_consider(struct rp_gpuwalk *w, const char *dir, const char *bdf,
			unsigned int base)
{
	enum rp_gpurel rel;

	w->out->ngpus++;
	if (!w->nic[0])
		return;
	rel = rp_rel(w, dir, base);
	if (w->out->pci[0] &&
	    (rel > w->out->rel ||
	     (rel == w->out->rel && strcmp(bdf, w->out->pci) > 0)))
		return;
	if (strlen(bdf) >= sizeof(w->out->pci))
		return; /* cannot be: rp_is_bdf took 12 characters */
	memcpy(w->out->pci, bdf, strlen(bdf) + 1);
	w->out->rel = rel;
}

/* Walk the PCI functions below @dir (directories only, no symlinks). */
static void rp_walk(struct rp_gpuwalk *w, const char *dir, unsigned int base,
		    unsigned int depth)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d;

	if (depth > RP_GPULOC_DEPTH || !(d = opendir(dir)))
		return;
	while ((e = readdir(d))) {
		if (!rp_is_bdf(e->d_name) || !rp_is_dir(dir, e))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >=
		    (int)sizeof(path))
			continue;
		if (rp_is_gpu(path))
			rp_consider(w, path, e->d_name, base);
		rp_walk(w, path, base, depth + 1);
	}
	closedir(d);
}

int rp_gpuloc_near(const char *sysroot, const char *ibdev,
		   struct rp_gpunear *out)
{
	char path[PATH_MAX], devs[PATH_MAX], nic[PATH_MAX] = "";
	struct rp_gpuwalk w = { .nic = nic, .nic_numa = -1, .out = out };
	struct dirent *e;
	unsigned int base;
	long numa;
	DIR *d;

	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "%s/devices", sysroot);
	if (!realpath(path, devs))
		return errno == ENOENT ? 0 : -errno;
	snprintf(path, sizeof(path), "%s/class/infiniband/%s/device", sysroot,
		 ibdev);
	if (!realpath(path, nic) || strncmp(nic, devs, strlen(devs)))
		nic[0] = '\0';
	if (nic[0] && !rp_attr(nic, "numa_node", &numa))
		w.nic_numa = (int)numa;
	base = rp_common(devs, devs);
	if (!(d = opendir(devs)))
		return -errno;
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, "pci", 3) && rp_is_dir(devs, e)) {
			if (snprintf(path, sizeof(path), "%s/%s", devs,
				     e->d_name) < (int)sizeof(path))
				rp_walk(&w, path, base, 0);
		}
	closedir(d);
	return 0;
}
