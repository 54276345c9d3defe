// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for log: a user's argument in a message is shown whole,
 * however long, and escaped
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/log.h"
#include "capture.h"

/* "/a checkout at a long path/partpart... 1/..." of over 200 bytes */
static void long_path(char *buf, size_t size)
{
	size_t at = snprintf(buf, size, "/a checkout at a long path");
	int i;

	for (i = 1; i <= 4; i++)
		at += snprintf(buf + at, size - at, "/%s %d",
			       "partpartpartpartpartpartpartpartpartpartpartpart", i);
	snprintf(buf + at, size - at, "/valid-top.json");
}

static void test_whole(void **state)
{
	char path[512];
	char *shown __shown = NULL;

	(void)state;
	long_path(path, sizeof(path));
	assert_true(strlen(path) > 200);
	shown = log_arg(path);
	assert_string_equal(shown, path);
}

static void test_escaped(void **state)
{
	char *shown __shown = log_arg("a\x1b[31mb\tc\xff"), *none __shown = log_arg(NULL);

	(void)state;
	assert_string_equal(shown, "a\\x1b[31mb\\x09c\\xff");
	assert_string_equal(none, "");
}

static void test_errno_kept(void **state)
{
	char *shown __shown = NULL;

	(void)state;
	errno = ENOENT;
	shown = log_arg("x");
	assert_int_equal(errno, ENOENT);
}

/* the message as printed holds the argument whole */
static void test_message(void **state)
{
	char path[512], *shown __shown = NULL;
	struct capture c;

	(void)state;
	long_path(path, sizeof(path));
	shown = log_arg(path);
	capture_start(&c, 2);
	err_msg("cannot read the report %s: %s", shown, strerror(ENOENT));
	capture_end_expect(&c, path);
}

/* a path printed raw into a message is escaped all the same, errno kept */
static void test_message_escaped(void **state)
{
	struct capture c;

	(void)state;
	capture_start(&c, 2);
	errno = EACCES;
	err_msg("cannot read %s: %s", "/tmp/a\nb\x1b[2Jc\rd", "why");
	assert_int_equal(errno, EACCES);
	capture_end_expect(&c, "error: cannot read /tmp/a\\x0ab\\x1b[2Jc\\x0dd: why\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole),
		cmocka_unit_test(test_escaped),
		cmocka_unit_test(test_errno_kept),
		cmocka_unit_test(test_message),
		cmocka_unit_test(test_message_escaped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
