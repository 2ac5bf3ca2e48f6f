// SPDX-License-Identifier: MIT
/* rail_info --peer_json: the far end of each rail (rp_railinfo_peer.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "base/rp_log.h"
#include "info/rp_railinfo_peer.h"
#include "net/rp_subnet.h"

#define RP_PEER_JSON_MAX (4u << 20) /* bytes: rail_info's JSON is far less */

/* The whole of @path into a NUL-terminated heap buffer, or NULL. */
static char *rp_peer_slurp(const char *path)
{
	char *buf = malloc(RP_PEER_JSON_MAX + 1);
	FILE *f = fopen(path, "r");
	size_t n = 0;
	int err = 0;

	if (!f || !buf) {
		err = f ? ENOMEM : errno;
	} else {
		n = fread(buf, 1, RP_PEER_JSON_MAX + 1, f);
		if (ferror(f))
			err = errno ? errno : EIO;
		else if (n > RP_PEER_JSON_MAX)
			err = EFBIG;
	}
	if (f)
		fclose(f);
	if (err) {
		rp_err("invalid --peer_json value '%s': cannot read it (%s); "
		       "give the peer's rail_info --json output",
		       path, strerror(err));
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

/* The host-order IPv4 address of "a.b.c.d/len" @s, false for others. */
static bool rp_peer_ipv4(const char *s, uint32_t *a)
{
	char ip[32];
	uint8_t raw[16];

	snprintf(ip, sizeof(ip), "%.*s", (int)strcspn(s, "/"), s);
	if (rp_ipv4_parse(ip, raw))
		return false;
	*a = (uint32_t)raw[12] << 24 | (uint32_t)raw[13] << 16 |
	     (uint32_t)raw[14] << 8 | raw[15];
	return true;
}

/* Does peer rail @r's netdev have an address in @mine/@prefix's subnet? */
static bool rp_peer_in_subnet(const cJSON *r, uint32_t mine,
			      unsigned int prefix)
{
	const cJSON *nd = cJSON_GetObjectItem(r, "netdev"), *a;
	uint32_t theirs;

	cJSON_ArrayForEach(a, cJSON_GetObjectItem(nd, "addresses"))
	{
		if (cJSON_IsString(a) &&
		    rp_peer_ipv4(a->valuestring, &theirs) &&
		    rp_ipv4_same_subnet(mine, theirs, prefix))
			return true;
	}
	return false;
}

/* "DEV (NDEV)" of peer rail @r, netdev object @nd, into @p->peer_rail. */
static void rp_peer_name(struct rp_port_info *p, const cJSON *r,
			 const cJSON *nd)
{
	const char *dev =
		cJSON_GetStringValue(cJSON_GetObjectItem(r, "device"));
	const char *name =
		cJSON_GetStringValue(cJSON_GetObjectItem(nd, "name"));

	snprintf(p->peer_rail, sizeof(p->peer_rail), "%.40s (%.40s)",
		 dev ? dev : "?", name ? name : "?");
}

/* The peer rail in the subnet of one of @p's IPv4 addresses into @p. */
static void rp_peer_match(struct rp_port_info *p, const cJSON *rails)
{
	const struct rp_ifaddr *ia;
	const cJSON *r, *nd, *mtu;
	unsigned int i;
	uint32_t mine;

	for (i = 0; i < p->naddrs; i++) {
		ia = &p->addrs[i];
		if (!ia->prefix || ia->prefix > 32 || !rp_gid_is_ipv4(ia->raw))
			continue;
		mine = (uint32_t)ia->raw[12] << 24 |
		       (uint32_t)ia->raw[13] << 16 |
		       (uint32_t)ia->raw[14] << 8 | ia->raw[15];
		cJSON_ArrayForEach(r, rails)
		{
			if (!rp_peer_in_subnet(r, mine, ia->prefix))
				continue;
			nd = cJSON_GetObjectItem(r, "netdev");
			mtu = cJSON_GetObjectItem(nd, "mtu");
			p->peer_mtu = cJSON_IsNumber(mtu) &&
						      mtu->valuedouble > 0 ?
					      (unsigned int)mtu->valuedouble :
					      0;
			rp_peer_name(p, r, nd);
			return;
		}
	}
}

cJSON *rp_railinfo_peer_load(const char *path)
{
	char *text = rp_peer_slurp(path);
	cJSON *root;

	if (!text)
		return NULL;
	root = cJSON_Parse(text);
	free(text);
	if (!cJSON_IsArray(cJSON_GetObjectItem(root, "rails"))) {
		rp_err("invalid --peer_json value '%s': not rail_info's JSON "
		       "(%s); give the peer's rail_info --json output",
		       path, root ? "no \"rails\" array" : "does not parse");
		cJSON_Delete(root);
		errno = EINVAL;
		return NULL;
	}
	return root;
}

void rp_railinfo_peer_apply(struct rp_railinfo *ri, const cJSON *peer)
{
	const cJSON *rails = cJSON_GetObjectItem(peer, "rails");
	unsigned int i;

	for (i = 0; i < ri->n; i++)
		rp_peer_match(&ri->p[i], rails);
}
