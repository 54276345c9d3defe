// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for --on-threshold / --on-end actions
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "base/actions.h"
#include "long_text.h"

static void test_parse_good(void **state)
{
	struct action_list *l = NULL;
	const char *why = NULL;

	(void)state;
	assert_int_equal(action_list_add(&l, "trace", "default.txt", &why), 0);
	assert_int_equal(action_list_add(&l, "trace,file=x.txt", "default.txt", &why), 0);
	assert_int_equal(action_list_add(&l, "signal,num=10,pid=parent", "d", &why), 0);
	assert_int_equal(action_list_add(&l, "signal,pid=42,num=2", "d", &why), 0);
	assert_int_equal(action_list_add(&l, "shell,command=echo a,b > f", "d", &why), 0);
	assert_int_equal(action_list_add(&l, "continue", "d", &why), 0);
	assert_int_equal(l->n, 6);
	assert_string_equal(l->v[0].file, "default.txt");
	assert_string_equal(l->v[1].file, "x.txt");
	assert_true(l->v[2].parent);
	assert_int_equal(l->v[2].signal, 10);
	assert_int_equal(l->v[3].pid, 42);
	assert_int_equal(l->v[3].signal, 2);
	assert_string_equal(l->v[4].command, "echo a,b > f");
	assert_int_equal(l->v[5].kind, ACTION_CONTINUE);
	assert_true(action_list_has(l, ACTION_TRACE));
	action_list_free(l);
}

static void expect_bad(const char *spec, const char *reason)
{
	struct action_list *l = NULL;
	const char *why = NULL;

	assert_int_equal(action_list_add(&l, spec, "d", &why), -1);
	assert_non_null(why);
	assert_non_null(strstr(why, reason));
	assert_null(l);
}

static void test_parse_bad(void **state)
{
	(void)state;
	expect_bad("bogus", "unknown action");
	expect_bad("signal,num=10", "signal needs num=N and pid=P");
	expect_bad("trace,file=", "file= is empty");
	expect_bad("signal,pid=1", "signal needs num=N and pid=P");
	expect_bad("signal,num=999,pid=1", "num= must be a signal number");
	expect_bad("signal,num=1,pid=x", "pid= must be a process id");
	expect_bad("shell", "shell needs command=");
	expect_bad("shell,command=", "shell needs command=");
	expect_bad("continue,x=1", "continue takes no argument");
	expect_bad("trace,size=3", "unknown argument");
}

static int saved;

static int fake_save(void *ctx, const char *file)
{
	(void)ctx;
	(void)file;
	saved++;
	return 0;
}

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

static void test_run_order(void **state)
{
	struct action_list *l = NULL;
	const char *why;
	char spec[64], *failed = NULL;

	(void)state;
	signal(SIGUSR1, on_usr1);
	snprintf(spec, sizeof(spec), "signal,num=%d,pid=%d", SIGUSR1, (int)getpid());
	assert_int_equal(action_list_add(&l, "trace", "t", &why), 0);
	assert_int_equal(action_list_add(&l, spec, "t", &why), 0);
	assert_int_equal(action_list_add(&l, "continue", "t", &why), 0);
	assert_int_equal(action_list_add(&l, "trace", "t", &why), 0);
	saved = 0;
	assert_int_equal(actions_run(l, fake_save, NULL, &failed), ACTIONS_CONTINUE);
	assert_int_equal(saved, 1);	/* stops at continue */
	assert_true(got_usr1);
	action_list_free(l);

	l = NULL;
	assert_int_equal(action_list_add(&l, "shell,command=exit 3", "t", &why), 0);
	assert_int_equal(action_list_add(&l, "trace", "t", &why), 0);
	saved = 0;
	assert_int_equal(actions_run(l, fake_save, NULL, &failed), ACTIONS_FAILED);
	assert_int_equal(saved, 0);	/* the first failure stops them */
	assert_string_equal(failed, "action shell: 'exit 3' failed (status 3)");
	free(failed);
	failed = NULL;
	action_list_free(l);
	assert_int_equal(actions_run(NULL, fake_save, NULL, &failed), ACTIONS_DONE);
	assert_null(failed);
}

/* a failed shell action names its command whole, however long */
static void test_failed_command_whole(void **state)
{
	struct action_list *l = NULL;
	char spec[512], want[512], *failed = NULL;
	const char *why;
	int at;

	(void)state;
	at = snprintf(spec, sizeof(spec), "shell,command=exit 3 # ");
	long_words(spec + at, sizeof(spec) - at, "word", " ", 25);
	assert_true(strlen(spec + strlen("shell,command=")) > 200);
	snprintf(want, sizeof(want), "action shell: '%s' failed (status 3)",
		 spec + strlen("shell,command="));
	assert_int_equal(action_list_add(&l, spec, "t", &why), 0);
	assert_int_equal(actions_run(l, fake_save, NULL, &failed), ACTIONS_FAILED);
	assert_string_equal(failed, want);
	free(failed);
	action_list_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_good),
		cmocka_unit_test(test_failed_command_whole),
		cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_run_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
