// SPDX-License-Identifier: MIT
/* The choice of GID index: the rules listed in rp_gid_rules.h, with the reason. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "net/rp_gid_rules.h"
#include "net/rp_ifaddr.h"
#include "net/rp_subnet.h"

static const struct rp_gid_prefs rp_gid_prefs_default;

static bool rp_gid_family_wanted(const struct rp_gid_entry *e,
				 const struct rp_gid_prefs *p)
{
	return rp_gid_is_ipv4(e->raw) != p->prefer_ipv6;
}

/* Rule 4: the entry's IPv4 subnet (on its netdev) holds the peer. */
static bool rp_gid_peer_subnet(const struct rp_gid_entry *e,
			       const struct rp_gid_prefs *p)
{
	int prefix;

	if (!p->peer_known || !rp_gid_is_ipv4(e->raw) || !e->ndev[0])
		return false;
	prefix = rp_ifaddrs_prefix(p->addrs, e->ndev, e->raw);
	return prefix >= 0 && rp_ipv4_same_subnet(rp_gid_to_ipv4(e->raw),
						  rp_gid_to_ipv4(p->peer),
						  (unsigned int)prefix);
}

/* Rules 2-4 as one number; higher wins. */
static unsigned int rp_gid_score(const struct rp_gid_entry *e,
				 const struct rp_gid_prefs *p)
{
	unsigned int version = e->type == RP_GID_TYPE_ROCE_V2 ? 2 :
			       e->type == RP_GID_TYPE_ROCE_V1 ? 1 :
								0;

	return version * 4 + (rp_gid_family_wanted(e, p) ? 2 : 0) +
	       (rp_gid_peer_subnet(e, p) ? 1 : 0);
}

static bool rp_gid_usable(const struct rp_gid_entry *e, bool allow_ll)
{
	return !rp_gid_is_zero(e->raw) &&
	       (allow_ll || !rp_gid_is_link_local(e->raw));
}

static const struct rp_gid_entry *rp_gid_best(const struct rp_gid_table *t,
					      const struct rp_gid_prefs *p,
					      bool allow_ll)
{
	const struct rp_gid_entry *best = NULL;
	unsigned int i, s, best_s = 0;

	for (i = 0; i < t->n; i++) {
		const struct rp_gid_entry *e = &t->e[i];

		if (!rp_gid_usable(e, allow_ll))
			continue;
		s = rp_gid_score(e, p);
		if (!best || s > best_s ||
		    (s == best_s && e->index < best->index)) {
			best = e;
			best_s = s;
		}
	}
	return best;
}

/* Does any usable entry satisfy @pred? */
static bool rp_gid_any(const struct rp_gid_table *t,
		       const struct rp_gid_prefs *p, bool allow_ll,
		       bool (*pred)(const struct rp_gid_entry *,
				    const struct rp_gid_prefs *))
{
	unsigned int i;

	for (i = 0; i < t->n; i++)
		if (rp_gid_usable(&t->e[i], allow_ll) && pred(&t->e[i], p))
			return true;
	return false;
}

/* Append "; " or " (" then @text to the note in @buf. */
static void rp_note(char *buf, size_t len, const char *text)
{
	size_t off = strlen(buf);

	snprintf(buf + off, len - off, "%s%s", off ? "; " : " (", text);
}

static void rp_gid_note_family(const struct rp_gid_table *t,
			       const struct rp_gid_entry *e,
			       const struct rp_gid_prefs *p, bool ll,
			       char *note, size_t len)
{
	const char *want = p->prefer_ipv6 ? "IPv6" : "IPv4";
	char s[96];

	if (ll || rp_gid_family_wanted(e, p))
		return;
	if (rp_gid_any(t, p, ll, rp_gid_family_wanted))
		snprintf(s, sizeof(s),
			 "%s only on %s: the RoCE version "
			 "ranks before the family",
			 rp_gid_type_str(e->type), rp_gid_family_str(e->raw));
	else
		snprintf(s, sizeof(s), "no %s GID: %s used", want,
			 rp_gid_family_str(e->raw));
	rp_note(note, len, s);
}

static void rp_gid_note_peer(const struct rp_gid_table *t,
			     const struct rp_gid_entry *e,
			     const struct rp_gid_prefs *p, bool ll, char *note,
			     size_t len)
{
	char peer[INET_ADDRSTRLEN], s[128];

	if (!p->peer_known)
		return;
	inet_ntop(AF_INET, p->peer + 12, peer, sizeof(peer));
	if (!p->addrs)
		snprintf(s, sizeof(s),
			 "the netdevs' prefixes are unknown: "
			 "peer %s's subnet not matched",
			 peer);
	else if (rp_gid_peer_subnet(e, p))
		snprintf(s, sizeof(s), "subnet of peer %s", peer);
	else if (rp_gid_any(t, p, ll, rp_gid_peer_subnet))
		snprintf(s, sizeof(s),
			 "peer %s's subnet is only on a GID of "
			 "lower rank",
			 peer);
	else
		snprintf(s, sizeof(s), "no GID in the subnet of peer %s", peer);
	rp_note(note, len, s);
}

int rp_gid_choose_ex(const struct rp_gid_table *t, const struct rp_gid_prefs *p,
		     char *why, size_t why_len)
{
	const struct rp_gid_entry *e;
	char desc[128], note[256] = "";
	bool ll = false;

	if (!p)
		p = &rp_gid_prefs_default;
	e = rp_gid_best(t, p, false);
	if (!e) {
		ll = true;
		e = rp_gid_best(t, p, true);
	}
	if (!e) {
		snprintf(why, why_len,
			 "the GID table has no non-empty entry "
			 "(no IP address on the netdev?)");
		return -ENOENT;
	}
	if (ll)
		rp_note(note, sizeof(note),
			"only link-local GIDs: give the "
			"netdev an IP address for a routable GID");
	rp_gid_note_family(t, e, p, ll, note, sizeof(note));
	rp_gid_note_peer(t, e, p, ll, note, sizeof(note));
	snprintf(why, why_len, "%s%s%s", rp_gid_describe(e, desc, sizeof(desc)),
		 note, note[0] ? ")" : "");
	return (int)e->index;
}
