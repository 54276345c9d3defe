// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for outfile: the file the user named is replaced whole at the
 * end, or left as it was
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "base/outfile.h"
#include "capture.h"


/*
 * The file system without O_TMPFILE (the hidden-name path): linked with
 * --wrap=open, outfile.c's open() is this one, which refuses O_TMPFILE
 * while told to, as such a file system does.
 */
static bool tmpfile_refused;

int __real_open(const char *path, int flags, ...);
int __wrap_open(const char *path, int flags, ...);

int __wrap_open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;

	if (flags & (O_CREAT | __O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (tmpfile_refused && (flags & O_TMPFILE) == O_TMPFILE) {
		errno = EOPNOTSUPP;
		return -1;
	}
	return __real_open(path, flags, mode);
}

static void no_tmpfile(bool on)
{
	tmpfile_refused = on;
}

static char dir[] = "/tmp/rtlens-outfile-XXXXXX";
static char path[512];

static const char *in_dir(const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void put(const char *name, const char *text)
{
	FILE *f = fopen(in_dir(name), "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *name)
{
	static char buf[256];
	FILE *f = fopen(in_dir(name), "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* the names in the directory, sorted, space-separated */
static const char *listing(void)
{
	static char buf[1024];
	struct dirent **ents;
	int i, n = scandir(dir, &ents, NULL, alphasort);

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.' || strlen(ents[i]->d_name) > 2) {
			strcat(buf, ents[i]->d_name);
			strcat(buf, " ");
		}
		free(ents[i]);
	}
	free(ents);
	return buf;
}

static int setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/rtlens-outfile-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[600];

	(void)state;
	no_tmpfile(false);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd);
}

static void write_and_commit(const char *name, const char *text)
{
	struct outfile o;

	assert_int_equal(outfile_open(&o, in_dir(name), "report"), 0);
	fputs(text, o.f);
	assert_int_equal(outfile_commit(&o, "report"), 0);
}

static void test_new_file(void **state)
{
	struct outfile o;

	(void)state;
	assert_int_equal(outfile_open(&o, in_dir("new.json"), "report"), 0);
	fputs("{}\n", o.f);
	/* nothing under the name until the end */
	assert_null(get("new.json"));
	assert_int_equal(outfile_commit(&o, "report"), 0);
	assert_string_equal(get("new.json"), "{}\n");
	assert_string_equal(listing(), "new.json ");
}

/* issue #9: a failed run deleted or truncated the file named with --json */
static void test_abort_keeps_the_old_file(void **state)
{
	struct outfile o;

	(void)state;
	put("old.json", "old\n");
	assert_int_equal(outfile_open(&o, in_dir("old.json"), "report"), 0);
	fputs("half a rep", o.f);
	assert_string_equal(get("old.json"), "old\n");
	outfile_abort(&o);
	assert_string_equal(get("old.json"), "old\n");
	assert_string_equal(listing(), "old.json ");
}

static void test_abort_of_a_new_name_leaves_nothing(void **state)
{
	struct outfile o;

	(void)state;
	no_tmpfile(true);
	assert_int_equal(outfile_open(&o, in_dir("x.json"), "report"), 0);
	fputs("half", o.f);
	outfile_abort(&o);
	assert_string_equal(listing(), "");
}

static void test_replace_keeps_the_mode(void **state)
{
	struct stat st;

	(void)state;
	put("r.json", "old\n");
	assert_int_equal(chmod(in_dir("r.json"), 0640), 0);
	write_and_commit("r.json", "new\n");
	assert_string_equal(get("r.json"), "new\n");
	assert_int_equal(stat(in_dir("r.json"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
}

static void test_hidden_temporary_name(void **state)
{
	struct outfile o;

	(void)state;
	no_tmpfile(true);
	put("h.json", "old\n");
	assert_int_equal(outfile_open(&o, in_dir("h.json"), "report"), 0);
	fputs("new\n", o.f);
	assert_non_null(o.tmp);
	assert_non_null(strstr(o.tmp, "/.h.json.rtlens-"));
	assert_string_equal(get("h.json"), "old\n");
	assert_int_equal(outfile_commit(&o, "report"), 0);
	assert_string_equal(get("h.json"), "new\n");
	assert_string_equal(listing(), "h.json ");
}

static void test_symlink_target_is_replaced(void **state)
{
	char link[512];
	ssize_t n;

	(void)state;
	put("target.json", "old\n");
	assert_int_equal(symlink("target.json", in_dir("link.json")), 0);
	write_and_commit("link.json", "new\n");
	n = readlink(in_dir("link.json"), link, sizeof(link) - 1);
	assert_true(n > 0);
	link[n] = '\0';
	assert_string_equal(link, "target.json");
	assert_string_equal(get("target.json"), "new\n");
}

static void test_refusals(void **state)
{
	struct outfile o;

	(void)state;
	assert_int_equal(symlink("missing.json", in_dir("dangling.json")), 0);
	assert_int_equal(outfile_open(&o, in_dir("dangling.json"), "report"), -1);
	assert_int_equal(mkdir(in_dir("sub"), 0755), 0);
	assert_int_equal(outfile_open(&o, in_dir("sub"), "report"), -1);
	assert_int_equal(outfile_open(&o, in_dir("nodir/x.json"), "report"), -1);
	assert_string_equal(listing(), "dangling.json sub ");
}

/* issue #9: --json /dev/full unlinked the device node */
static void test_devices_are_written_in_place(void **state)
{
	struct outfile o;
	struct stat st;

	(void)state;
	assert_int_equal(outfile_open(&o, "/dev/null", "report"), 0);
	assert_true(o.direct);
	fputs("{}\n", o.f);
	assert_int_equal(outfile_commit(&o, "report"), 0);
	if (access("/dev/full", W_OK))
		return;
	assert_int_equal(outfile_open(&o, "/dev/full", "report"), 0);
	fputs("{}\n", o.f);
	assert_int_equal(outfile_commit(&o, "report"), -1);
	assert_int_equal(stat("/dev/full", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
}

static void test_write_text(void **state)
{
	(void)state;
	assert_int_equal(outfile_write_text(in_dir("trace.txt"), "a trace\n", "trace"), 0);
	assert_string_equal(get("trace.txt"), "a trace\n");
	assert_int_equal(outfile_write_text(in_dir("trace.txt"), "another\n", "trace"), 0);
	assert_string_equal(get("trace.txt"), "another\n");
}

/* a refusal names the path whole, escaped: directories of over 200 bytes that are missing */
static void test_refusal_names_the_path_whole(void **state)
{
	char missing[300], name[320], want[900];
	struct capture c;
	struct outfile o;
	int i, at = 0;

	(void)state;
	for (i = 0; i < 25; i++)
		at += snprintf(missing + at, sizeof(missing) - at, "missing %02d%s", i,
			       i % 5 == 4 ? "/" : " ");
	snprintf(name, sizeof(name), "%s\x1b[31m.json", missing);
	snprintf(want, sizeof(want), "cannot write the report to %s/%s\\x1b[31m.json: its "
		 "directory does not exist", dir, missing);
	capture_start(&c, 2);
	assert_int_equal(outfile_open(&o, in_dir(name), "report"), -1);
	capture_end_expect(&c, want);
}

/* a missing directory: the message says what to do */
static void test_missing_directory_says_what_to_do(void **state)
{
	struct capture c;
	struct outfile o;

	(void)state;
	capture_start(&c, 2);
	assert_int_equal(outfile_open(&o, in_dir("no/r.json"), "report"), -1);
	capture_end_expect(&c, "its directory does not exist (create it, or name a file in one "
			   "that does)");
}

/* outfile_finish: commits what was written, or drops it when writing it failed */
static void test_finish(void **state)
{
	struct capture c;
	struct outfile o;

	(void)state;
	put("r.json", "old");
	assert_int_equal(outfile_open(&o, in_dir("r.json"), "report"), 0);
	fputs("half", o.f);
	errno = ENOSPC;
	capture_start(&c, 2);
	assert_int_equal(outfile_finish(&o, "report", -1), -1);
	capture_end_expect(&c, "cannot write the report to ");
	assert_null(o.f);
	assert_string_equal(get("r.json"), "old");
	assert_string_equal(listing(), "r.json ");
	assert_int_equal(outfile_open(&o, in_dir("r.json"), "report"), 0);
	fputs("new", o.f);
	assert_int_equal(outfile_finish(&o, "report", 0), 0);
	assert_string_equal(get("r.json"), "new");
}

/*
 * A path past PATH_MAX, in directories that are there: refused by its
 * name, and nothing written in a directory of a part of it.
 */
static void test_path_past_path_max(void **state)
{
	char part[201], *deep = malloc(PATH_MAX + 512);
	struct capture c;
	struct outfile o;
	size_t at;
	int fd = open(dir, O_DIRECTORY), next, i;

	(void)state;
	assert_non_null(deep);
	assert_true(fd >= 0);
	memset(part, 'd', sizeof(part) - 1);
	part[sizeof(part) - 1] = '\0';
	at = snprintf(deep, PATH_MAX + 512, "%s", dir);
	while (at < PATH_MAX) {
		assert_int_equal(mkdirat(fd, part, 0755), 0);
		next = openat(fd, part, O_DIRECTORY);
		assert_true(next >= 0);
		close(fd);
		fd = next;
		at += snprintf(deep + at, PATH_MAX + 512 - at, "/%s", part);
	}
	close(fd);
	snprintf(deep + at, PATH_MAX + 512 - at, "/x.json");
	for (i = 0; i < 2; i++) {	/* an unnamed file, a hidden one */
		no_tmpfile(i);
		capture_start(&c, 2);
		assert_int_equal(outfile_open(&o, deep, "report"), -1);
		capture_end_expect(&c, "/x.json: File name too long");
	}
	free(deep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_new_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_abort_keeps_the_old_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_abort_of_a_new_name_leaves_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_replace_keeps_the_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hidden_temporary_name, setup, teardown),
		cmocka_unit_test_setup_teardown(test_symlink_target_is_replaced, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_devices_are_written_in_place, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_text, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refusal_names_the_path_whole, setup, teardown),
		cmocka_unit_test_setup_teardown(test_path_past_path_max, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_directory_says_what_to_do, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_finish, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
