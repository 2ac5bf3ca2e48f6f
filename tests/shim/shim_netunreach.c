// SPDX-License-Identifier: MIT
/*
 * Description: LD_PRELOAD shim for tests/e2e/t_fault_connect_sigint.sh:
 * every connect(2) of an IPv4 or IPv6 socket fails at once with
 * ENETUNREACH, as when no route leads to the server (the control
 * interface down, a subnet without a route). Other families (netlink,
 * UNIX: what the verbs libraries use) go to the C library's connect.
 * The first refusal writes one line "shim_netunreach: connect refused"
 * to stderr, so that the test knows the client is in its retry loop.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

int connect(int fd, const struct sockaddr *addr, socklen_t len);

int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	static int (*real)(int, const struct sockaddr *, socklen_t);

	if (addr &&
	    (addr->sa_family == AF_INET || addr->sa_family == AF_INET6)) {
		static const char note[] = "shim_netunreach: connect refused\n";
		static int told;

		if (!told++)
			(void)!write(2, note, sizeof(note) - 1);
		errno = ENETUNREACH;
		return -1;
	}
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "connect");
	if (!real) {
		errno = ENOSYS;
		return -1;
	}
	return real(fd, addr, len);
}
