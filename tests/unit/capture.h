/* SPDX-License-Identifier: MIT */
/*
 * capture.h - capture what the code under test prints on stderr (rp_err
 * lines) or, with capture_fd_begin(&c, STDOUT_FILENO), on stdout, for unit
 * tests. Usage: capture_begin(&c); call; capture_end(&c,
 * buf, len); then assert on buf. No cmocka assertion may run between
 * begin and end (a failing one would leave stderr redirected).
 */
#ifndef RP_TEST_CAPTURE_H
#define RP_TEST_CAPTURE_H

#include <stdio.h>
#include <unistd.h>

struct capture {
	FILE *tmp;
	int saved;
	int fd; /* STDERR_FILENO or STDOUT_FILENO */
};

/* Redirect file descriptor @fd (stdout or stderr) to a temporary file. */
static inline void capture_fd_begin(struct capture *c, int fd)
{
	fflush(stdout);
	fflush(stderr);
	c->fd = fd;
	c->tmp = tmpfile();
	c->saved = dup(fd);
	if (c->tmp && c->saved >= 0)
		dup2(fileno(c->tmp), fd);
}

/* Redirect stderr to a temporary file. */
static inline void capture_begin(struct capture *c)
{
	capture_fd_begin(c, STDERR_FILENO);
}

/* Restore the descriptor; @buf gets what was printed (NUL-terminated,
 * truncated). */
static inline void capture_end(struct capture *c, char *buf, size_t len)
{
	size_t n = 0;

	fflush(stdout);
	fflush(stderr);
	if (c->saved >= 0) {
		dup2(c->saved, c->fd);
		close(c->saved);
	}
	if (c->tmp) {
		rewind(c->tmp);
		n = fread(buf, 1, len - 1, c->tmp);
		fclose(c->tmp);
	}
	buf[n] = '\0';
	assert_non_null(c->tmp);
	assert_true(c->saved >= 0);
}

#endif /* RP_TEST_CAPTURE_H */
