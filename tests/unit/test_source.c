// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for both engines' setup and teardown on a fake tracefs
 * (source.c, kernel_source.c, own_source.c, instance.c): which engine a
 * run gets, the checks before anything is changed, the global files the
 * kernel engine writes and in which order, the instances and events each
 * engine sets up, and that closing the source and restoring sysstate
 * leaves the tree as it was. The kernel tracer's threads and the ring
 * buffers are out of reach: no record is read.
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

#include <tracefs.h>

#include "capture.h"
#include "cmdline.h"
#include "fake_tracefs.h"
#include "source/engine/source.h"
#include "source/system/system.h"

/* the kernel engine's runs: the fake's osnoise/cpus is 0-3 */
#define NR_CPUS		4

struct fixture {
	struct fake_tracefs	*fake;
	struct sys_state	*st;
	struct rtl_params	p;
	struct source		*src;		/* the run, closed by close_run() */
	char			*before;	/* the tree before the run */
	char			*globals;	/* the same without instances/ */
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	assert_non_null(fx);
	fx->fake = fake_tracefs_new(true);
	fx->st = sysstate_new();
	assert_non_null(fx->st);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	/* a test that failed with its run open: stop its threads, undo its changes */
	source_close(fx->src);
	sysstate_restore(fx->st);
	params_free(&fx->p);
	sysstate_free(fx->st);
	fake_tracefs_free(fx->fake);
	free(fx->before);
	free(fx->globals);
	free(fx);
	return 0;
}

/* A fake without the osnoise and timerlat tracers, for this test. */
static void without_tracers(struct fixture *fx)
{
	fake_tracefs_free(fx->fake);
	fx->fake = fake_tracefs_new(false);
}

/* source_choose() and source_check() of a command line; messages in *@msgs when not NULL */
static int check(struct fixture *fx, const char *command, int nr_cpus, char **argv, char **msgs)
{
	struct capture err;
	char *text;
	int ret;

	assert_int_equal(cmdline_parse(&fx->p, command, nr_cpus, argv), OPTS_OK);
	capture_start(&err, 2);
	source_choose(&fx->p);
	ret = source_check(&fx->p);
	text = capture_end(&err);
	if (msgs)
		*msgs = text;
	else
		free(text);
	return ret;
}

static void expect_check_fails(struct fixture *fx, const char *command, char **argv,
			       const char *why)
{
	char *msgs;

	assert_int_equal(check(fx, command, NR_CPUS, argv, &msgs), -1);
	if (!strstr(msgs, why))
		fail_msg("'%s' lacks '%s'", msgs, why);
	free(msgs);
}

/* Check and open a run of @engine; the tree before it in fx->before. */
static struct source *open_run(struct fixture *fx, const char *command, int nr_cpus,
			       char **argv, enum rtl_engine engine)
{
	struct source *src;

	assert_int_equal(check(fx, command, nr_cpus, argv, NULL), 0);
	assert_int_equal(fx->p.engine, engine);
	fx->before = fake_tracefs_snapshot(fx->fake, true);
	fx->globals = fake_tracefs_snapshot(fx->fake, false);
	fake_tracefs_forget_writes(fx->fake);
	assert_int_equal(sysstate_lock(fx->st), 0);
	src = source_open(&fx->p, fx->st);
	assert_non_null(src);
	fx->src = src;
	return src;
}

/* Close and restore: the tree is as before the run, no record left. */
static void close_run(struct fixture *fx, struct source *src)
{
	source_stop(src);
	source_close(src);
	fx->src = NULL;
	assert_int_equal(sysstate_restore(fx->st), 0);
	fake_tracefs_expect_snapshot(fx->fake, fx->before, true);
	assert_null(fake_tracefs_record(fx->fake));
}

/* FILE of this process's instance SUFFIX ("" or "-trace") */
static const char *inst_file(const char *suffix, const char *file)
{
	static char path[256];

	snprintf(path, sizeof(path), "instances/rtlens-%d%s/%s", (int)getpid(), suffix, file);
	return path;
}

static void expect_inst(const struct fixture *fx, const char *suffix, const char *file,
			const char *content)
{
	fake_tracefs_expect(fx->fake, inst_file(suffix, file), content);
}

static void expect_enabled(const struct fixture *fx, const char *suffix, const char *const *events,
			   const char *content)
{
	char file[128];

	for (; *events; events++) {
		snprintf(file, sizeof(file), "events/%s/enable", *events);
		expect_inst(fx, suffix, file, content);
	}
}

static void expect_recorded_instance(const struct fixture *fx, const char *suffix)
{
	char line[64], *record = fake_tracefs_record(fx->fake);

	assert_non_null(record);
	snprintf(line, sizeof(line), "\ninstance rtlens-%d%s\n", (int)getpid(), suffix);
	if (!strstr(record, line))
		fail_msg("the record lacks '%s':\n%s", line + 1, record);
	free(record);
}

static const char *const noise_events[] = {
	"osnoise/nmi_noise", "osnoise/irq_noise", "osnoise/softirq_noise", "osnoise/thread_noise",
	NULL
};

/* ---- which engine, and the checks before anything is changed ---- */

static void test_auto_picks_kernel(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(check(fx, "osnoise top", NR_CPUS, ARGV("osnoise"), NULL), 0);
	assert_int_equal(fx->p.engine, ENGINE_KERNEL);
}

static void test_auto_picks_user_without_tracer(void **state)
{
	struct fixture *fx = *state;
	char *msgs;

	without_tracers(fx);
	assert_int_equal(check(fx, "timerlat top", NR_CPUS, ARGV("timerlat"), &msgs), 0);
	assert_int_equal(fx->p.engine, ENGINE_OWN);
	assert_non_null(strstr(msgs, "this kernel has no timerlat tracer: measuring with "
			       "rtlens's own threads (--engine user)"));
	free(msgs);
}

static void test_kernel_engine_needs_tracer(void **state)
{
	struct fixture *fx = *state;

	without_tracers(fx);
	expect_check_fails(fx, "osnoise top", ARGV("osnoise", "--engine", "kernel"),
			   "osnoise tracer not available: this kernel was built without "
			   "CONFIG_OSNOISE_TRACER");
}

static void test_tracer_in_use(void **state)
{
	struct fixture *fx = *state;
	struct tracefs_instance *other;

	fake_tracefs_put(fx->fake, "current_tracer", "osnoise\n");
	expect_check_fails(fx, "osnoise top", ARGV("osnoise"),
			   "already in use by the top-level tracing directory");
	params_free(&fx->p);
	fake_tracefs_put(fx->fake, "current_tracer", "nop\n");
	other = tracefs_instance_create("other");
	assert_non_null(other);
	tracefs_instance_free(other);
	fake_tracefs_put(fx->fake, "instances/other/current_tracer", "timerlat\n");
	expect_check_fails(fx, "timerlat top", ARGV("timerlat"),
			   "already in use by instance 'other'");
}

static void test_features_checked(void **state)
{
	struct fixture *fx = *state;

	expect_check_fails(fx, "timerlat hist", ARGV("timerlat", "-u"),
			   "user-space threads (-u) need osnoise/per_cpu/cpu0/timerlat_fd");
	params_free(&fx->p);
	fake_tracefs_put(fx->fake, "osnoise/options", "DEFAULTS OSNOISE_WORKLOAD\n");
	expect_check_fails(fx, "hwnoise", ARGV("hwnoise"),
			   "hwnoise needs the OSNOISE_IRQ_DISABLE option");
}

/* the threads source_choose() gives a timerlat command line */
static bool user_threads_chosen(struct fixture *fx, const char *command, char **argv)
{
	bool user;

	assert_int_equal(cmdline_parse(&fx->p, command, NR_CPUS, argv), OPTS_OK);
	source_choose(&fx->p);
	assert_int_equal(fx->p.engine, ENGINE_KERNEL);
	user = fx->p.user_threads;
	params_free(&fx->p);
	return user;
}

/* timerlat's threads: user-space where the kernel has timerlat_fd, unless -k or -C */
static void test_threads_chosen(void **state)
{
	struct fixture *fx = *state;

	assert_false(user_threads_chosen(fx, "timerlat top", ARGV("timerlat")));
	fake_tracefs_put(fx->fake, "osnoise/per_cpu/cpu0/timerlat_fd", "");
	assert_true(user_threads_chosen(fx, "timerlat top", ARGV("timerlat")));
	assert_true(user_threads_chosen(fx, "timerlat hist", ARGV("timerlat", "-c", "1")));
	assert_false(user_threads_chosen(fx, "timerlat hist", ARGV("timerlat", "-k")));
	assert_false(user_threads_chosen(fx, "timerlat top", ARGV("timerlat", "-C")));
	assert_false(user_threads_chosen(fx, "osnoise top", ARGV("osnoise")));
	assert_int_equal(check(fx, "timerlat top", NR_CPUS, ARGV("timerlat"), NULL), 0);
	assert_true(fx->p.user_threads);
}

static void test_unknown_events(void **state)
{
	struct fixture *fx = *state;

	expect_check_fails(fx, "osnoise top", ARGV("osnoise", "-e", "nosuch:event"),
			   "unknown event system 'nosuch'");
	params_free(&fx->p);
	expect_check_fails(fx, "osnoise top",
			   ARGV("osnoise", "--engine", "user", "-e", "sched:nosuch"),
			   "unknown event 'sched:nosuch'");
}

/* ---- the kernel engine ---- */

static void test_kernel_osnoise(void **state)
{
	struct fixture *fx = *state;
	struct source *src;
	uint64_t period, runtime;

	src = open_run(fx, "osnoise top", NR_CPUS,
		       ARGV("osnoise", "-c", "1", "-p", "1000", "-r", "500", "-T", "3"),
		       ENGINE_KERNEL);
	/* the period is shorter than the runtime in force: the runtime first */
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "osnoise/cpus 1\n"
			    "osnoise/stop_tracing_us 0\n"
			    "osnoise/stop_tracing_total_us 0\n"
			    "osnoise/runtime_us 500\n"
			    "osnoise/period_us 1000\n"
			    "osnoise/runtime_us 500\n"
			    "tracing_thresh 3\n");
	source_effective_period(&fx->p, &period, &runtime);
	assert_int_equal(period, 1000);
	assert_int_equal(runtime, 500);
	expect_recorded_instance(fx, "");
	assert_false(fake_tracefs_exists(fx->fake, inst_file("-trace", "")));
	expect_inst(fx, "", "current_tracer", "osnoise");
	expect_inst(fx, "", "tracing_on", "1\n");
	/* top without analysis: the tracer's periodic summaries alone (issue #11) */
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "0\n");
	/* no analysis asked: no noise events */
	expect_enabled(fx, "", noise_events, "0\n");
	source_stop(src);
	expect_inst(fx, "", "tracing_on", "0\n");

	fake_tracefs_forget_writes(fx->fake);
	close_run(fx, src);
	/* put back in reverse: the period before the runtime it bounds */
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "tracing_thresh 0\n"
			    "osnoise/period_us 1000000\n"
			    "osnoise/runtime_us 1000000\n"
			    "osnoise/stop_tracing_total_us 0\n"
			    "osnoise/stop_tracing_us 0\n"
			    "osnoise/cpus 0-3\n");
}

/* -a: the analysis' events, a trace instance with -e's event, filter and trigger */
static void test_kernel_osnoise_trace_instance(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	src = open_run(fx, "osnoise hist", NR_CPUS,
		       ARGV("osnoise", "-c", "0-1", "-a", "20", "-e", "sched:sched_switch",
			    "--filter", "prev_pid == 1", "--trigger", "traceoff",
			    "--trace-buffer-size", "512"), ENGINE_KERNEL);
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "osnoise/cpus 0-1\n"
			    "osnoise/stop_tracing_us 20\n"
			    "osnoise/stop_tracing_total_us 0\n"
			    "osnoise/period_us 1000000\n"
			    "osnoise/runtime_us 1000000\n"
			    "tracing_thresh 1\n");
	expect_recorded_instance(fx, "");
	expect_recorded_instance(fx, "-trace");
	expect_recorded_instance(fx, "-aa");
	/*
	 * issue #24: the histogram's samples in the instance read for the
	 * models, the analysis' events (and the samples it explains) in one
	 * of their own that runs the tracer too, read as they come
	 */
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "1");
	expect_enabled(fx, "", noise_events, "0\n");
	expect_enabled(fx, "-aa", (const char *const[]){ "osnoise/sample_threshold", NULL }, "1");
	expect_enabled(fx, "-aa", noise_events, "1");
	expect_inst(fx, "-aa", "current_tracer", "osnoise");
	expect_inst(fx, "-aa", "buffer_size_kb", "512");
	assert_int_equal(source_aa_feed(src), AA_FEED_STREAM);
	expect_inst(fx, "", "buffer_size_kb", "512");
	expect_inst(fx, "", "events/sched/sched_switch/enable", "0\n");
	expect_inst(fx, "-trace", "current_tracer", "osnoise");
	expect_inst(fx, "-trace", "tracing_on", "1\n");
	expect_inst(fx, "-trace", "buffer_size_kb", "512");
	expect_inst(fx, "-trace", "events/osnoise/enable", "1");
	expect_inst(fx, "-trace", "events/sched/sched_switch/enable", "1");
	expect_inst(fx, "-trace", "events/sched/sched_switch/filter", "prev_pid == 1");
	expect_inst(fx, "-trace", "events/sched/sched_switch/trigger", "traceoff");
	source_stop(src);
	expect_inst(fx, "", "tracing_on", "0\n");
	expect_inst(fx, "-trace", "tracing_on", "0\n");
	expect_inst(fx, "-aa", "tracing_on", "0\n");
	close_run(fx, src);
}

/*
 * issue #24: osnoise top with the analysis and -s: the instance of the
 * summaries gets the samples at -s or over only (the stop's), never the
 * flood below it; the analysis' instance gets them all
 */
static void test_kernel_osnoise_top_aa(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	src = open_run(fx, "osnoise top", NR_CPUS, ARGV("osnoise", "-c", "1", "-s", "300"),
		       ENGINE_KERNEL);
	expect_recorded_instance(fx, "-aa");
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "1");
	expect_inst(fx, "", "events/osnoise/sample_threshold/filter", "duration >= 300000");
	expect_enabled(fx, "", noise_events, "0\n");
	expect_enabled(fx, "-aa", (const char *const[]){ "osnoise/sample_threshold", NULL }, "1");
	expect_inst(fx, "-aa", "events/osnoise/sample_threshold/filter", "none\n");
	expect_enabled(fx, "-aa", noise_events, "1");
	assert_int_equal(source_aa_feed(src), AA_FEED_STREAM);
	close_run(fx, src);
}

/* osnoise top --aa without -s: the instance read for the table has the summaries alone */
static void test_kernel_osnoise_top_aa_summaries(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	src = open_run(fx, "osnoise top", NR_CPUS, ARGV("osnoise", "-c", "1", "--aa"),
		       ENGINE_KERNEL);
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "0\n");
	expect_enabled(fx, "", noise_events, "0\n");
	expect_enabled(fx, "-aa", noise_events, "1");
	close_run(fx, src);
}

/*
 * --tail: top's instance gets every single noise, as a histogram's does,
 * with or without the analysis, whatever -s (the series must not be cut
 * at the stop)
 */
static void test_kernel_osnoise_top_tail(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	src = open_run(fx, "osnoise top", NR_CPUS, ARGV("osnoise", "-c", "1", "--tail"),
		       ENGINE_KERNEL);
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "1");
	expect_inst(fx, "", "events/osnoise/sample_threshold/filter", "none\n");
	expect_enabled(fx, "", noise_events, "0\n");
	close_run(fx, src);
}

static void test_kernel_osnoise_top_tail_stop(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	src = open_run(fx, "osnoise top", NR_CPUS,
		       ARGV("osnoise", "-c", "1", "-s", "300", "--tail"), ENGINE_KERNEL);
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "1");
	expect_inst(fx, "", "events/osnoise/sample_threshold/filter", "none\n");
	expect_enabled(fx, "-aa", noise_events, "1");
	close_run(fx, src);
}

static void test_kernel_timerlat(void **state)
{
	struct fixture *fx = *state;
	struct source *src;
	uint64_t period, runtime;

	src = open_run(fx, "timerlat top", NR_CPUS,
		       ARGV("timerlat", "-c", "1", "-p", "500", "-i", "40", "-T", "50", "-s", "30"),
		       ENGINE_KERNEL);
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "osnoise/cpus 1\n"
			    "osnoise/stop_tracing_us 40\n"
			    "osnoise/stop_tracing_total_us 50\n"
			    "osnoise/timerlat_period_us 500\n"
			    "osnoise/print_stack 30\n");
	source_effective_period(&fx->p, &period, &runtime);
	assert_int_equal(period, 500);
	assert_int_equal(runtime, 0);
	expect_recorded_instance(fx, "");
	expect_inst(fx, "", "current_tracer", "timerlat");
	expect_inst(fx, "", "tracing_on", "1\n");
	/*
	 * the analysis is on by default for timerlat: its events go to a
	 * flight recorder of their own, with the tracer, read at a stop only;
	 * the instance read during the run has the samples alone
	 */
	expect_recorded_instance(fx, "-aa");
	expect_inst(fx, "-aa", "current_tracer", "timerlat");
	expect_inst(fx, "-aa", "tracing_on", "1\n");
	expect_enabled(fx, "-aa", noise_events, "1");
	expect_enabled(fx, "", noise_events, "0\n");
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "0\n");
	assert_int_equal(source_aa_feed(src), AA_FEED_WINDOW);
	close_run(fx, src);
}

/* -A: refused without osnoise/timerlat_align_us; with it, written and restored */
static void test_kernel_timerlat_aligned(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	expect_check_fails(fx, "timerlat top", ARGV("timerlat", "-A", "300"),
			   "-A needs osnoise/timerlat_align_us, which this kernel lacks");
	params_free(&fx->p);
	fake_tracefs_put(fx->fake, "osnoise/timerlat_align_us", "0\n");
	src = open_run(fx, "timerlat top", NR_CPUS, ARGV("timerlat", "-c", "1", "-A", "300"),
		       ENGINE_KERNEL);
	assert_non_null(strstr(fake_tracefs_writes(fx->fake), "osnoise/timerlat_align_us 300\n"));
	close_run(fx, src);
	fake_tracefs_expect(fx->fake, "osnoise/timerlat_align_us", "0\n");
}

/* issue #11: timerlat without a threshold: its analysis cannot run, nothing traced for it */
static void test_kernel_timerlat_no_threshold(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	const char *why;

	/* BPF is on here (see main()): the fake kernel has no osnoise:timerlat_sample */
	unsetenv("RTLENS_NO_BPF");
	src = open_run(fx, "timerlat hist", NR_CPUS, ARGV("timerlat", "-c", "1", "-p", "200"),
		       ENGINE_KERNEL);
	setenv("RTLENS_NO_BPF", "1", 1);
	expect_enabled(fx, "", noise_events, "0\n");
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "0\n");
	assert_int_equal(source_aa_feed(src), AA_FEED_INLINE);
	/* BPF would count the samples, but this kernel has no osnoise:timerlat_sample */
	assert_string_equal(source_data_path(src, &why), "tracefs");
	assert_non_null(why);
	assert_non_null(strstr(why, "osnoise:timerlat_sample"));
	close_run(fx, src);
}

/* where BPF does not apply, or is refused, nothing is said about it */
static void test_kernel_timerlat_no_bpf_why(void **state)
{
	struct fixture *fx = *state;
	struct source *src;
	const char *why;

	src = open_run(fx, "timerlat hist", NR_CPUS, ARGV("timerlat", "-c", "1", "--no-bpf"),
		       ENGINE_KERNEL);
	assert_string_equal(source_data_path(src, &why), "tracefs");
	assert_null(why);
	close_run(fx, src);
}

static void test_kernel_osnoise_no_bpf_why(void **state)
{
	struct fixture *fx = *state;
	struct source *src;
	const char *why;

	src = open_run(fx, "osnoise top", NR_CPUS, ARGV("osnoise", "-c", "1", "--no-bpf"),
		       ENGINE_KERNEL);
	assert_string_equal(source_data_path(src, &why), "tracefs");
	assert_null(why);
	assert_int_equal(source_aa_feed(src), AA_FEED_INLINE);
	close_run(fx, src);
}

/* osnoise hist counts every sample, without analysis too */
static void test_kernel_osnoise_hist_samples(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	src = open_run(fx, "osnoise hist", NR_CPUS, ARGV("osnoise", "-c", "1"), ENGINE_KERNEL);
	expect_enabled(fx, "", (const char *const[]){ "osnoise/sample_threshold", NULL }, "1");
	expect_enabled(fx, "", noise_events, "0\n");
	close_run(fx, src);
}

/* hwnoise: runtime 75 % of the period, the workload with IRQs disabled */
static void test_kernel_hwnoise(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	src = open_run(fx, "hwnoise", NR_CPUS, ARGV("hwnoise", "-c", "1"), ENGINE_KERNEL);
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "osnoise/cpus 1\n"
			    "osnoise/stop_tracing_us 0\n"
			    "osnoise/stop_tracing_total_us 0\n"
			    "osnoise/period_us 1000000\n"
			    "osnoise/runtime_us 750000\n"
			    "osnoise/options OSNOISE_IRQ_DISABLE\n");
	fake_tracefs_expect(fx->fake, "osnoise/options", "DEFAULTS OSNOISE_WORKLOAD "
			    "NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE OSNOISE_IRQ_DISABLE\n");
	expect_inst(fx, "", "current_tracer", "osnoise");
	close_run(fx, src);
}

/* the tracer's own threads switched on for the run, and off again after it */
static void test_kernel_workload_option(void **state)
{
	struct fixture *fx = *state;
	struct source *src;

	fake_tracefs_put(fx->fake, "osnoise/options", "DEFAULTS NO_OSNOISE_WORKLOAD "
			 "NO_PANIC_ON_STOP NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE\n");
	src = open_run(fx, "timerlat hist", NR_CPUS, ARGV("timerlat", "-c", "2"), ENGINE_KERNEL);
	assert_string_equal(fake_tracefs_writes(fx->fake),
			    "osnoise/cpus 2\n"
			    "osnoise/stop_tracing_us 0\n"
			    "osnoise/stop_tracing_total_us 0\n"
			    "osnoise/options OSNOISE_WORKLOAD\n"
			    "osnoise/timerlat_period_us 1000\n"
			    "osnoise/print_stack 0\n");
	close_run(fx, src);
}

/* an error half-way through the setup: what was written is put back */
static void test_kernel_setup_fails_halfway(void **state)
{
	struct fixture *fx = *state;
	struct capture err;

	assert_int_equal(check(fx, "osnoise top", NR_CPUS,
			       ARGV("osnoise", "-c", "1", "-p", "2000000", "-S", "9"), NULL), 0);
	fx->before = fake_tracefs_snapshot(fx->fake, true);
	fake_tracefs_refuse(fx->fake, "osnoise/period_us");
	capture_start(&err, 2);
	assert_null(source_open(&fx->p, fx->st));
	capture_end_expect(&err, "cannot write '2000000' to tracefs file osnoise/period_us");
	fake_tracefs_expect(fx->fake, "osnoise/stop_tracing_total_us", "9\n");
	fake_tracefs_refuse(fx->fake, NULL);
	assert_int_equal(sysstate_restore(fx->st), 0);
	fake_tracefs_expect_snapshot(fx->fake, fx->before, true);
	assert_null(fake_tracefs_record(fx->fake));
}

/* ---- the user engine: its own threads, the standard tracepoints ---- */

static const char *const std_events[] = {
	"irq/irq_handler_entry", "irq/irq_handler_exit", "irq/softirq_entry", "irq/softirq_exit",
	"sched/sched_switch", "sched/sched_wakeup", "nmi/nmi_handler",
	"irq_vectors/local_timer_entry", "irq_vectors/local_timer_exit", NULL
};

static const char *const timer_events[] = {
	"timer/hrtimer_start", "timer/hrtimer_expire_entry", NULL
};

static int nr_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n > 0 ? n : 1;
}

/* what the user engine sets in each of its instances */
static void expect_user_instance(const struct fixture *fx, const char *suffix, bool timers)
{
	expect_recorded_instance(fx, suffix);
	expect_inst(fx, suffix, "trace_clock", "mono");
	expect_inst(fx, suffix, "tracing_cpumask", "00000001");
	expect_inst(fx, suffix, "tracing_on", "1\n");
	expect_inst(fx, suffix, "current_tracer", "nop\n");
	expect_enabled(fx, suffix, std_events, "1");
	expect_enabled(fx, suffix, timer_events, timers ? "1" : "0\n");
}

/* the user engine leaves every global file alone */
static void expect_globals_untouched(const struct fixture *fx)
{
	assert_string_equal(fake_tracefs_writes(fx->fake), "");
	fake_tracefs_expect_snapshot(fx->fake, fx->globals, false);
}

static void test_user_osnoise(void **state)
{
	struct fixture *fx = *state;
	struct source *src;
	uint64_t period, runtime;

	src = open_run(fx, "osnoise top", nr_cpus(),
		       ARGV("osnoise", "--engine", "user", "-c", "0", "-p", "1000", "-r", "100"),
		       ENGINE_OWN);
	expect_globals_untouched(fx);
	source_effective_period(&fx->p, &period, &runtime);
	assert_int_equal(period, 1000);
	assert_int_equal(runtime, 100);
	expect_user_instance(fx, "", false);
	assert_false(fake_tracefs_exists(fx->fake, inst_file("-trace", "")));
	source_stop(src);
	expect_inst(fx, "", "tracing_on", "0\n");
	close_run(fx, src);
	assert_string_equal(fake_tracefs_writes(fx->fake), "");
}

/* timerlat (SCHED_OTHER: no root needed), -t and an -e event with its filter */
static void test_user_timerlat_trace_instance(void **state)
{
	struct fixture *fx = *state;
	struct source *src;
	char *filter;

	src = open_run(fx, "timerlat top", nr_cpus(),
		       ARGV("timerlat", "--engine", "user", "-c", "0", "-P", "o:0", "-t",
			    "-e", "sched:sched_wakeup", "--filter", "pid == 1"), ENGINE_OWN);
	expect_globals_untouched(fx);
	expect_user_instance(fx, "", true);
	expect_user_instance(fx, "-trace", true);
	/* the timers of sleepers only, where /proc/kallsyms names hrtimer_wakeup */
	filter = fake_tracefs_read(fx->fake, inst_file("", "events/timer/hrtimer_start/filter"));
	assert_non_null(filter);
	if (strcmp(filter, "none\n") && strncmp(filter, "function == 0x", 14))
		fail_msg("hrtimer_start's filter: '%s'", filter);
	free(filter);
	/* -e goes to the trace instance */
	expect_inst(fx, "-trace", "events/sched/sched_wakeup/filter", "pid == 1");
	expect_inst(fx, "", "events/sched/sched_wakeup/filter", "none\n");
	close_run(fx, src);
}

static void test_user_refuses_kernel_options(void **state)
{
	struct fixture *fx = *state;

	expect_check_fails(fx, "hwnoise", ARGV("hwnoise", "--engine", "user"),
			   "not with the user engine: hwnoise");
	params_free(&fx->p);
	expect_check_fails(fx, "timerlat top", ARGV("timerlat", "--engine", "user", "-k"),
			   "not with the user engine: -u and -k");
}

/* runtime <= period, where -p leaves the period to the engine: checked before any write */
static void test_runtime_over_period(void **state)
{
	struct fixture *fx = *state;

	fake_tracefs_put(fx->fake, "osnoise/period_us", "1000\n");
	fake_tracefs_forget_writes(fx->fake);
	expect_check_fails(fx, "osnoise top", ARGV("osnoise", "-c", "1", "-r", "2000"),
			   "runtime 2000 us is longer than period 1000 us");
	params_free(&fx->p);
	/* the user engine's default period is 1 s */
	expect_check_fails(fx, "osnoise top", ARGV("osnoise", "--engine", "user", "-r", "2000000"),
			   "runtime 2000000 us is longer than period 1000000 us");
	assert_string_equal(fake_tracefs_writes(fx->fake), "");
}

#define FAKE_TEST(fn)	cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	/*
	 * The fake kernel has osnoise:sample_threshold, but BPF would load into
	 * the running one, which differs from machine to machine: these tests
	 * are of the tracefs path (the VM tests run the BPF path on real tracers).
	 */
	setenv("RTLENS_NO_BPF", "1", 1);
	const struct CMUnitTest tests[] = {
		FAKE_TEST(test_auto_picks_kernel),
		FAKE_TEST(test_auto_picks_user_without_tracer),
		FAKE_TEST(test_kernel_engine_needs_tracer),
		FAKE_TEST(test_tracer_in_use),
		FAKE_TEST(test_features_checked),
		FAKE_TEST(test_threads_chosen),
		FAKE_TEST(test_unknown_events),
		FAKE_TEST(test_kernel_osnoise),
		FAKE_TEST(test_kernel_osnoise_trace_instance),
		FAKE_TEST(test_kernel_osnoise_top_aa),
		FAKE_TEST(test_kernel_osnoise_top_aa_summaries),
		FAKE_TEST(test_kernel_osnoise_top_tail),
		FAKE_TEST(test_kernel_osnoise_top_tail_stop),
		FAKE_TEST(test_kernel_timerlat),
		FAKE_TEST(test_kernel_timerlat_aligned),
		FAKE_TEST(test_kernel_timerlat_no_threshold),
		FAKE_TEST(test_kernel_timerlat_no_bpf_why),
		FAKE_TEST(test_kernel_osnoise_no_bpf_why),
		FAKE_TEST(test_kernel_osnoise_hist_samples),
		FAKE_TEST(test_kernel_hwnoise),
		FAKE_TEST(test_kernel_workload_option),
		FAKE_TEST(test_kernel_setup_fails_halfway),
		FAKE_TEST(test_user_osnoise),
		FAKE_TEST(test_user_timerlat_trace_instance),
		FAKE_TEST(test_user_refuses_kernel_options),
		FAKE_TEST(test_runtime_over_period),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
