// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for sysstate on a fake tracefs: every file saved in the record
 * before it is written, every file put back in an order the kernel accepts,
 * restore done once, a killed session's record undone by the next, a
 * damaged or forged record refused and kept, the lock held by one session
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "capture.h"
#include "fake_tracefs.h"
#include "source/system/state_record.h"
#include "source/system/system.h"

struct fixture {
	struct fake_tracefs	*fake;
	struct sys_state	*st;
	char			*before;	/* the tree before the test changed it */
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	assert_non_null(fx);
	fx->fake = fake_tracefs_new(true);
	fx->st = sysstate_new();
	assert_non_null(fx->st);
	fx->before = fake_tracefs_snapshot(fx->fake, true);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	sysstate_free(fx->st);
	fake_tracefs_free(fx->fake);
	free(fx->before);
	free(fx);
	return 0;
}

/* the tree is as it was before the test */
static void expect_as_before(const struct fixture *fx)
{
	fake_tracefs_expect_snapshot(fx->fake, fx->before, true);
}

/* the record line of a saved file */
static char *file_line(enum restore_kind kind, const char *file, const char *content)
{
	char *line = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&line, &len);

	assert_non_null(out);
	fprintf(out, "file %d %s ", kind, file);
	state_record_put_hex(out, content);
	fputc('\n', out);
	fclose(out);
	return line;
}

static void expect_in_record(const struct fixture *fx, const char *line)
{
	char *record = fake_tracefs_record(fx->fake);

	assert_non_null(record);
	if (!strstr(record, line))
		fail_msg("the record lacks '%s':\n%s", line, record);
	free(record);
}

static void expect_saved(const struct fixture *fx, enum restore_kind kind, const char *file,
			 const char *content)
{
	char *line = file_line(kind, file, content);

	expect_in_record(fx, line);
	free(line);
}

static void expect_no_record(const struct fixture *fx)
{
	char *record = fake_tracefs_record(fx->fake);

	if (record)
		fail_msg("a record is left:\n%s", record);
}

static void test_saved_before_written(void **state)
{
	struct fixture *fx = *state;
	char pid_line[32];

	assert_int_equal(sysstate_write(fx->st, "osnoise/period_us", "2000000"), 0);
	fake_tracefs_expect(fx->fake, "osnoise/period_us", "2000000\n");
	expect_in_record(fx, STATE_MAGIC "\n");
	snprintf(pid_line, sizeof(pid_line), "\npid %d\n", (int)getpid());
	expect_in_record(fx, pid_line);
	expect_saved(fx, RESTORE_VALUE, "osnoise/period_us", "1000000\n");

	/* a second write keeps the first saved content */
	assert_int_equal(sysstate_write(fx->st, "osnoise/period_us", "3000000"), 0);
	fake_tracefs_expect(fx->fake, "osnoise/period_us", "3000000\n");
	expect_saved(fx, RESTORE_VALUE, "osnoise/period_us", "1000000\n");

	assert_int_equal(sysstate_restore(fx->st), 0);
	expect_as_before(fx);
	expect_no_record(fx);
}

static void test_every_file_restored(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(sysstate_write(fx->st, "osnoise/cpus", "1-2"), 0);
	assert_int_equal(sysstate_write(fx->st, "osnoise/stop_tracing_us", "10"), 0);
	assert_int_equal(sysstate_write(fx->st, "osnoise/stop_tracing_total_us", "20"), 0);
	assert_int_equal(sysstate_write(fx->st, "osnoise/timerlat_period_us", "500"), 0);
	assert_int_equal(sysstate_write(fx->st, "osnoise/print_stack", "30"), 0);
	assert_int_equal(sysstate_write(fx->st, "tracing_thresh", "5"), 0);
	assert_int_equal(sysstate_save(fx->st, "osnoise/options", RESTORE_OPTIONS), 0);
	assert_true(tracefs_instance_file_write(NULL, "osnoise/options",
						"OSNOISE_IRQ_DISABLE") > 0);
	assert_true(tracefs_instance_file_write(NULL, "osnoise/options",
						"NO_OSNOISE_WORKLOAD") > 0);
	fake_tracefs_expect(fx->fake, "osnoise/options", "DEFAULTS NO_OSNOISE_WORKLOAD "
			    "NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE OSNOISE_IRQ_DISABLE\n");
	expect_saved(fx, RESTORE_OPTIONS, "osnoise/options", "DEFAULTS OSNOISE_WORKLOAD "
		     "NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE\n");
	expect_saved(fx, RESTORE_VALUE, "osnoise/cpus", "0-3\n");
	expect_saved(fx, RESTORE_VALUE, "tracing_thresh", "0\n");

	fake_tracefs_forget_writes(fx->fake);
	assert_int_equal(sysstate_restore(fx->st), 0);
	expect_as_before(fx);
	expect_no_record(fx);
	/* the last saved first; the options one flag a write, DEFAULTS left out */
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "osnoise/options OSNOISE_WORKLOAD\n"
			    "osnoise/options NO_PANIC_ON_STOP\n"
			    "osnoise/options NO_OSNOISE_PREEMPT_DISABLE\n"
			    "osnoise/options NO_OSNOISE_IRQ_DISABLE\n"
			    "tracing_thresh 0\n"
			    "osnoise/print_stack 0\n"
			    "osnoise/timerlat_period_us 1000\n"
			    "osnoise/stop_tracing_total_us 0\n"
			    "osnoise/stop_tracing_us 0\n"
			    "osnoise/cpus 0-3\n");
}

/*
 * runtime saved before period: put back in reverse, the old period is
 * shorter than the runtime still in force and is refused, until the
 * runtime is back: the second pass
 */
static void test_period_runtime_second_pass(void **state)
{
	struct fixture *fx = *state;

	fake_tracefs_put(fx->fake, "osnoise/period_us", "1000\n");
	fake_tracefs_put(fx->fake, "osnoise/runtime_us", "500\n");
	free(fx->before);
	fx->before = fake_tracefs_snapshot(fx->fake, true);
	assert_int_equal(sysstate_write(fx->st, "osnoise/runtime_us", "200"), 0);
	assert_int_equal(sysstate_write(fx->st, "osnoise/period_us", "5000"), 0);
	assert_int_equal(sysstate_write(fx->st, "osnoise/runtime_us", "4000"), 0);

	fake_tracefs_forget_writes(fx->fake);
	assert_int_equal(sysstate_restore(fx->st), 0);
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "osnoise/period_us 1000 refused\n"
			    "osnoise/runtime_us 500\n"
			    "osnoise/period_us 1000\n");
	expect_as_before(fx);
	expect_no_record(fx);
}

/* a write the kernel refuses fails, naming the file; what was saved is put back */
static void test_refused_write(void **state)
{
	struct fixture *fx = *state;
	struct capture err;

	fake_tracefs_refuse(fx->fake, "osnoise/print_stack");
	capture_start(&err, 2);
	assert_int_equal(sysstate_write(fx->st, "osnoise/print_stack", "10"), -1);
	capture_end_expect(&err, "cannot write '10' to tracefs file osnoise/print_stack");
	fake_tracefs_refuse(fx->fake, NULL);
	expect_saved(fx, RESTORE_VALUE, "osnoise/print_stack", "0\n");
	assert_int_equal(sysstate_restore(fx->st), 0);
	expect_as_before(fx);
}

/* only the files a record may name are saved */
static void test_file_outside_allow_list(void **state)
{
	struct fixture *fx = *state;
	struct capture err;

	capture_start(&err, 2);
	assert_int_equal(sysstate_write(fx->st, "current_tracer", "osnoise"), -1);
	capture_end_expect(&err, "cannot save current_tracer: not a file the state record "
			   "may name");
	expect_as_before(fx);
	expect_no_record(fx);
}

static void test_restore_idempotent(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(sysstate_write(fx->st, "tracing_thresh", "9"), 0);
	assert_int_equal(sysstate_restore(fx->st), 0);
	fake_tracefs_forget_writes(fx->fake);
	assert_int_equal(sysstate_restore(fx->st), 0);
	assert_int_equal(sysstate_restore(NULL), 0);
	assert_string_equal(fake_tracefs_writes(fx->fake), "");
	expect_as_before(fx);
	expect_no_record(fx);
}

/* a file that cannot be put back keeps the record for the next run */
static void test_failed_restore_keeps_record(void **state)
{
	struct fixture *fx = *state;
	struct capture err;
	char *text;

	assert_int_equal(sysstate_write(fx->st, "tracing_thresh", "9"), 0);
	assert_int_equal(sysstate_write(fx->st, "osnoise/cpus", "1"), 0);
	fake_tracefs_refuse(fx->fake, "tracing_thresh");
	capture_start(&err, 2);
	assert_int_equal(sysstate_restore(fx->st), -1);
	text = capture_end(&err);
	assert_non_null(strstr(text, "cannot restore tracefs file tracing_thresh"));
	assert_non_null(strstr(text, "the state record is kept"));
	free(text);
	fake_tracefs_expect(fx->fake, "osnoise/cpus", "0-3\n");
	expect_saved(fx, RESTORE_VALUE, "tracing_thresh", "0\n");

	/* once the kernel takes it, a retry finishes the job */
	fake_tracefs_refuse(fx->fake, NULL);
	assert_int_equal(sysstate_restore(fx->st), 0);
	expect_as_before(fx);
	expect_no_record(fx);
}

static void test_instances_recorded_and_removed(void **state)
{
	struct fixture *fx = *state;
	struct tracefs_instance *inst;

	assert_int_equal(sysstate_add_instance(fx->st, "rtlens-4242"), 0);
	expect_in_record(fx, "\ninstance rtlens-4242\n");
	inst = tracefs_instance_create("rtlens-4242");
	assert_non_null(inst);
	tracefs_instance_free(inst);
	assert_true(fake_tracefs_exists(fx->fake,
					"instances/rtlens-4242/events/irq/irq_handler_entry/enable"));
	assert_int_equal(sysstate_restore(fx->st), 0);
	expect_as_before(fx);
	expect_no_record(fx);
}

static void test_instance_name_refused(void **state)
{
	struct fixture *fx = *state;
	struct capture err;

	capture_start(&err, 2);
	assert_int_equal(sysstate_add_instance(fx->st, "../../x"), -1);
	capture_end_expect(&err, "cannot record the instance ../../x");
	expect_no_record(fx);
}

/* what a session killed half-way through its setup leaves behind */
static void leave_killed_session(const struct fixture *fx)
{
	struct tracefs_instance *inst = tracefs_instance_create("rtlens-999999");
	char *record = NULL, *line;
	size_t len = 0;
	FILE *out = open_memstream(&record, &len);

	assert_non_null(inst);
	tracefs_instance_free(inst);
	assert_non_null(out);
	fputs(STATE_MAGIC "\npid 999999\ninstance rtlens-999999\n", out);
	line = file_line(RESTORE_VALUE, "tracing_thresh", "0\n");
	fputs(line, out);
	free(line);
	line = file_line(RESTORE_OPTIONS, "osnoise/options", "DEFAULTS OSNOISE_WORKLOAD "
			 "NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE\n");
	fputs(line, out);
	free(line);
	fclose(out);
	fake_tracefs_put_record(fx->fake, record);
	free(record);
	fake_tracefs_put(fx->fake, "tracing_thresh", "7\n");
	fake_tracefs_put(fx->fake, "osnoise/options", "DEFAULTS NO_OSNOISE_WORKLOAD "
			 "PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE OSNOISE_IRQ_DISABLE\n");
}

static void test_recover_killed_session(void **state)
{
	struct fixture *fx = *state;
	struct capture err;

	leave_killed_session(fx);
	assert_int_equal(sysstate_lock(fx->st), 0);
	capture_start(&err, 2);
	assert_int_equal(sysstate_recover(fx->st), 0);
	capture_end_expect(&err, "restoring the tracefs state left by a killed session "
			   "(pid 999999)");
	expect_as_before(fx);
	expect_no_record(fx);

	/* nothing more to recover */
	assert_int_equal(sysstate_recover(fx->st), 0);
}

/* a record refused: kept as it is, and nothing in it used */
static void expect_record_refused(const struct fixture *fx, const char *record, const char *why)
{
	struct sys_state *st = sysstate_new();
	struct capture err;
	char *text, *kept;

	fake_tracefs_put_record(fx->fake, record);
	fake_tracefs_forget_writes(fx->fake);
	capture_start(&err, 2);
	assert_int_equal(sysstate_recover(st), -1);
	text = capture_end(&err);
	if (!strstr(text, "is damaged or was not written by rtlens") || !strstr(text, why))
		fail_msg("record '%s': '%s' lacks '%s'", record, text, why);
	free(text);
	assert_string_equal(fake_tracefs_writes(fx->fake), "");
	kept = fake_tracefs_record(fx->fake);
	assert_non_null(kept);
	assert_string_equal(kept, record);
	free(kept);
	/* what was read of it is forgotten: nothing to restore */
	assert_int_equal(sysstate_restore(st), 0);
	assert_string_equal(fake_tracefs_writes(fx->fake), "");
	sysstate_free(st);
}

static void test_damaged_or_forged_record(void **state)
{
	struct fixture *fx = *state;

	fake_tracefs_put(fx->fake, "tracing_thresh", "7\n");
	free(fx->before);
	fx->before = fake_tracefs_snapshot(fx->fake, true);
	expect_record_refused(fx, "garbage\n", "line 1: not a line of a state record");
	expect_record_refused(fx, "", "line 1: the record is empty");
	expect_record_refused(fx, "pid 12\n" STATE_MAGIC "\n", "line 1: a record starts with");
	/* a good line before a bad one is not used either */
	expect_record_refused(fx, STATE_MAGIC "\npid 12\nfile 0 tracing_thresh 300a\n"
			      "file 0 ../../../etc/passwd 41\n", "line 4: not a file rtlens saves");
	expect_record_refused(fx, STATE_MAGIC "\ninstance ../../x\n",
			      "line 2: not an instance rtlens creates");
	expect_record_refused(fx, STATE_MAGIC "\nfile 0 tracing_thresh zz\n",
			      "line 2: the saved content is not hex");
	expect_as_before(fx);
}

static void test_lock_one_holder(void **state)
{
	struct fixture *fx = *state;
	struct sys_state *second = sysstate_new();
	char lock[256], *pid, expected[64];
	struct capture err;
	FILE *f;

	assert_int_equal(sysstate_lock(fx->st), 0);
	snprintf(lock, sizeof(lock), "%s/lock", fake_tracefs_run_dir(fx->fake));
	f = fopen(lock, "r");
	assert_non_null(f);
	pid = fgets(expected, sizeof(expected), f);
	fclose(f);
	assert_non_null(pid);
	assert_int_equal(atoi(pid), getpid());

	snprintf(expected, sizeof(expected), "another rtlens session (pid %d) is running",
		 (int)getpid());
	capture_start(&err, 2);
	assert_int_equal(sysstate_lock(second), -1);
	capture_end_expect(&err, expected);

	/* the first session ends: its lock is free, and empty */
	sysstate_free(fx->st);
	fx->st = NULL;
	f = fopen(lock, "r");
	assert_non_null(f);
	assert_null(fgets(expected, sizeof(expected), f));
	fclose(f);
	assert_int_equal(sysstate_lock(second), 0);
	sysstate_free(second);
}

/* a $RTLENS_RUN_DIR of over 256 bytes with spaces: the lock is in it */
static void test_long_run_dir(void **state)
{
	struct fixture *fx = *state;
	char dir[512], lock[600];
	struct sys_state *st;
	int i, at;

	at = snprintf(dir, sizeof(dir), "%s", fake_tracefs_run_dir(fx->fake));
	for (i = 0; i < 5; i++) {
		if (i)		/* its parents; sysstate_lock() makes the directory */
			assert_int_equal(mkdir(dir, 0700), 0);
		at += snprintf(dir + at, sizeof(dir) - at, "/a run directory at a long path, "
			       "part %d of five", i);
	}
	assert_true(strlen(dir) > 256);
	assert_int_equal(setenv("RTLENS_RUN_DIR", dir, 1), 0);
	st = sysstate_new();
	assert_non_null(st);
	assert_int_equal(sysstate_lock(st), 0);
	snprintf(lock, sizeof(lock), "%s/lock", dir);
	assert_int_equal(access(lock, F_OK), 0);
	sysstate_free(st);
	assert_int_equal(setenv("RTLENS_RUN_DIR", fake_tracefs_run_dir(fx->fake), 1), 0);
}

#define FAKE_TEST(fn)	cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		FAKE_TEST(test_saved_before_written),
		FAKE_TEST(test_every_file_restored),
		FAKE_TEST(test_period_runtime_second_pass),
		FAKE_TEST(test_refused_write),
		FAKE_TEST(test_file_outside_allow_list),
		FAKE_TEST(test_restore_idempotent),
		FAKE_TEST(test_failed_restore_keeps_record),
		FAKE_TEST(test_instances_recorded_and_removed),
		FAKE_TEST(test_instance_name_refused),
		FAKE_TEST(test_recover_killed_session),
		FAKE_TEST(test_damaged_or_forged_record),
		FAKE_TEST(test_lock_one_holder),
		FAKE_TEST(test_long_run_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
