// SPDX-License-Identifier: GPL-2.0
/*
 * capture - a test's stdout or stderr into a temporary file, and back
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <unistd.h>

#include "capture.h"

void capture_start(struct capture *c, int fd)
{
	fflush(NULL);
	c->fd = fd;
	c->file = tmpfile();
	assert_non_null(c->file);
	c->saved = dup(fd);
	assert_true(c->saved >= 0);
	assert_true(dup2(fileno(c->file), fd) >= 0);
}

char *capture_end(struct capture *c)
{
	long len;
	char *text;

	fflush(NULL);
	assert_true(dup2(c->saved, c->fd) >= 0);
	close(c->saved);
	assert_int_equal(fseek(c->file, 0, SEEK_END), 0);
	len = ftell(c->file);
	assert_true(len >= 0);
	rewind(c->file);
	text = calloc(1, len + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, len, c->file), len);
	fclose(c->file);
	return text;
}

void capture_end_expect(struct capture *c, const char *part)
{
	char *text = capture_end(c);

	if (!strstr(text, part))
		fail_msg("'%s' lacks '%s'", text, part);
	free(text);
}
