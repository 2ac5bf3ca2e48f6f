// SPDX-License-Identifier: MIT
/* GID table from sysfs: the fallback for rdma-core < 32 and the test path. */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/rp_gid_sysfs.h"
#include "base/rp_sysfs.h"

static enum rp_gid_type rp_gid_type_parse(const char *s)
{
	if (!strcmp(s, "RoCE v2"))
		return RP_GID_TYPE_ROCE_V2;
	if (strstr(s, "RoCE v1")) /* "IB/RoCE v1" on RoCE ports */
		return RP_GID_TYPE_ROCE_V1;
	return RP_GID_TYPE_IB;
}

/* Count entries of ports/P/gids: that is the port's gid_tbl_len. */
static int rp_gid_count(const char *dir, unsigned int *count)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return -errno;
	*count = 0;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			(*count)++;
	closedir(d);
	return 0;
}

static int rp_gid_read_one(const char *port_dir, unsigned int idx,
			   unsigned int link_is_ib, struct rp_gid_entry *e)
{
	char path[512], line[128];
	int ret;

	snprintf(path, sizeof(path), "%s/gids/%u", port_dir, idx);
	ret = rp_sysfs_line(path, line, sizeof(line));
	if (ret)
		return ret;
	if (inet_pton(AF_INET6, line, e->raw) != 1)
		return -EINVAL;
	e->index = idx;
	e->type = RP_GID_TYPE_IB;
	e->ndev[0] = '\0';
	if (link_is_ib)
		return 0;
	/* Unmapped entries fail with EINVAL here; they are empty anyway. */
	snprintf(path, sizeof(path), "%s/gid_attrs/types/%u", port_dir, idx);
	if (!rp_sysfs_line(path, line, sizeof(line)))
		e->type = rp_gid_type_parse(line);
	snprintf(path, sizeof(path), "%s/gid_attrs/ndevs/%u", port_dir, idx);
	if (!rp_sysfs_line(path, line, sizeof(line)))
		snprintf(e->ndev, sizeof(e->ndev), "%.*s",
			 (int)sizeof(e->ndev) - 1, line);
	return 0;
}

int rp_gid_read_sysfs(const char *root, const char *dev, unsigned int port,
		      struct rp_gid_table *t)
{
	char port_dir[384], path[512], line[64];
	unsigned int i, count = 0, is_ib;
	int ret;

	snprintf(port_dir, sizeof(port_dir), "%s/%s/ports/%u", root, dev, port);
	snprintf(path, sizeof(path), "%s/gids", port_dir);
	ret = rp_gid_count(path, &count);
	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%s/link_layer", port_dir);
	is_ib = !rp_sysfs_line(path, line, sizeof(line)) &&
		!strcmp(line, "InfiniBand");
	t->tbl_len = count;
	t->n = 0;
	for (i = 0; i < count && t->n < RP_GID_TABLE_MAX; i++) {
		struct rp_gid_entry *e = &t->e[t->n];

		if (rp_gid_read_one(port_dir, i, is_ib, e))
			continue;
		if (!rp_gid_is_zero(e->raw))
			t->n++;
	}
	return 0;
}
