// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for options_parse() on the struct it fills: for every command
 * (osnoise top and hist, timerlat top and hist, hwnoise), representative
 * command lines and the fields of struct rtl_params they set, the defaults,
 * and the combinations refused; repeated parses (getopt's hidden state) and
 * the words its messages name
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <signal.h>

#include "base/actions.h"
#include "capture.h"
#include "cmdline.h"
#include "long_text.h"
#include "base/log.h"
#include "source/system/system.h"

#define NR_CPUS		8

static int teardown(void **state)
{
	struct rtl_params *p = *state;

	params_free(p);
	free(p);
	log_set_debug(false);
	return 0;
}

static int setup(void **state)
{
	struct rtl_params *p = calloc(1, sizeof(*p));

	assert_non_null(p);
	*state = p;
	return 0;
}

/* parse @argv for @command; what it printed (stdout and stderr) in *@out if not NULL */
static enum opts_result parse_out(struct rtl_params *p, const char *command, char **argv,
				  char **out)
{
	struct capture o, e;
	enum opts_result ret;
	char *text_out, *text_err;

	params_free(p);
	capture_start(&o, 1);
	capture_start(&e, 2);
	ret = cmdline_parse(p, command, NR_CPUS, argv);
	text_err = capture_end(&e);
	text_out = capture_end(&o);
	if (out)
		assert_true(asprintf(out, "%s%s", text_out, text_err) >= 0);
	free(text_out);
	free(text_err);
	return ret;
}

static void parse_ok(struct rtl_params *p, const char *command, char **argv)
{
	char *out;

	if (parse_out(p, command, argv, &out) != OPTS_OK)
		fail_msg("%s %s: refused: %s", command, argv[1] ? argv[1] : "", out);
	free(out);
}

static void expect_refused(struct rtl_params *p, const char *command, char **argv,
			   const char *why)
{
	char *out;

	assert_int_equal(parse_out(p, command, argv, &out), OPTS_ERROR);
	if (!strstr(out, why))
		fail_msg("%s: '%s' lacks '%s'", command, out, why);
	free(out);
}

static void expect_cpus(const struct cpu_mask *mask, const char *list)
{
	char buf[256];

	assert_true(cpu_mask_format(mask, buf, sizeof(buf)) >= 0);
	assert_string_equal(buf, list);
}

static void expect_event(const struct event_spec *ev, const char *system, const char *event,
			 const char *filter, const char *trigger)
{
	assert_string_equal(ev->system, system);
	if (event)
		assert_string_equal(ev->event, event);
	else
		assert_null(ev->event);
	if (filter)
		assert_string_equal(ev->filter, filter);
	else
		assert_null(ev->filter);
	if (trigger)
		assert_string_equal(ev->trigger, trigger);
	else
		assert_null(ev->trigger);
}

/* ---- the defaults of each command ---- */

static void expect_common_defaults(const struct rtl_params *p)
{
	assert_int_equal(p->nr_cpus, NR_CPUS);
	expect_cpus(&p->cpus, "0-7");
	assert_false(p->cpus_set);
	assert_false(p->hk_set);
	assert_int_equal(p->engine, ENGINE_AUTO);
	assert_int_equal(p->prio.kind, SCHED_KIND_NONE);
	assert_int_equal(p->stop_us, 0);
	assert_int_equal(p->stop_total_us, 0);
	assert_int_equal(p->threshold_us, 0);
	assert_int_equal(p->duration_s, 0);
	assert_int_equal(p->buffer_kb, 0);
	assert_null(p->trace_output);
	assert_null(p->json_path);
	assert_int_equal(p->nr_events, 0);
	assert_int_equal(p->bucket_size, 1);
	assert_int_equal(p->entries, 256);
	assert_int_equal(p->dma_latency_us, -1);
	assert_int_equal(p->deepest_idle, -1);
	assert_null(p->on_threshold);
	assert_null(p->on_end);
}

static void test_defaults(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise top", ARGV("osnoise"));
	expect_common_defaults(p);
	assert_int_equal(p->tool, TOOL_OSNOISE);
	assert_int_equal(p->mode, MODE_TOP);
	assert_false(p->hwnoise);
	/* the tracer's defaults, written as rtla 7.3 does (its "apply default period") */
	assert_int_equal(p->period_us, 1000000);
	assert_int_equal(p->runtime_us, 1000000);
	assert_false(params_analysis_on(p));

	parse_ok(p, "osnoise hist", ARGV("osnoise"));
	expect_common_defaults(p);
	assert_int_equal(p->mode, MODE_HIST);

	parse_ok(p, "timerlat top", ARGV("timerlat"));
	expect_common_defaults(p);
	assert_int_equal(p->tool, TOOL_TIMERLAT);
	assert_int_equal(p->stack_us, 0);
	/* the timerlat analysis is on unless --no-aa */
	assert_true(params_analysis_on(p));
	assert_int_equal(params_divisor(p), 1000);

	parse_ok(p, "timerlat hist", ARGV("timerlat"));
	expect_common_defaults(p);
	assert_int_equal(p->mode, MODE_HIST);
}

/* hwnoise: a quarter of each period left with IRQs on, unless -p or -r says otherwise */
static void test_hwnoise(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "hwnoise", ARGV("hwnoise"));
	expect_common_defaults(p);
	assert_true(p->hwnoise);
	assert_int_equal(p->tool, TOOL_OSNOISE);
	assert_int_equal(p->mode, MODE_TOP);
	assert_int_equal(p->period_us, 1000000);
	assert_int_equal(p->runtime_us, 750000);

	parse_ok(p, "hwnoise", ARGV("hwnoise", "-p", "2000"));
	assert_int_equal(p->period_us, 2000);
	assert_int_equal(p->runtime_us, 0);

	parse_ok(p, "hwnoise", ARGV("hwnoise", "-r", "500", "-c", "3", "-q"));
	assert_int_equal(p->period_us, 0);
	assert_int_equal(p->runtime_us, 500);
	expect_cpus(&p->cpus, "3");
	assert_true(p->quiet);
	expect_refused(p, "hwnoise", ARGV("hwnoise", "-b", "2"), "unknown option '-b'");
}

/* ---- osnoise ---- */

/* a value, an argument, an option of over 200 bytes: refused, named whole */
static void test_long_words_whole(void **state)
{
	struct rtl_params *p = *state;
	char value[300], word[320], want[400];

	(void)state;
	long_words(value, sizeof(value), "wrong", " ", 25);
	snprintf(want, sizeof(want), "invalid -c/--cpus value '%s'", value);
	expect_refused(p, "osnoise top", ARGV("osnoise", "-c", value), want);
	snprintf(want, sizeof(want), "unexpected argument '%s'", value);
	expect_refused(p, "osnoise top", ARGV("osnoise", "-d", "1", value), want);
	snprintf(word, sizeof(word), "--%s", value);
	snprintf(want, sizeof(want), "unknown option '%s'", word);
	expect_refused(p, "osnoise top", ARGV("osnoise", word), want);
	snprintf(word, sizeof(word), "trigger=%s", value);
	snprintf(want, sizeof(want), "is written --trigger '%s'", value);
	expect_refused(p, "hwnoise", ARGV("hwnoise", "-e", "osnoise:irq_noise", word), want);
}

static void test_osnoise_top(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise top",
		 ARGV("osnoise", "-c", "1-3", "-p", "1000", "-r", "500", "-s", "20", "-S", "30",
		      "-T", "3", "-d", "1m", "-H", "0", "-q", "-D", "--warm-up", "2",
		      "--trace-buffer-size", "512", "--json", "out.json", "--engine", "user",
		      "-P", "f:10"));
	expect_cpus(&p->cpus, "1-3");
	assert_true(p->cpus_set);
	expect_cpus(&p->hk_cpus, "0");
	assert_true(p->hk_set);
	assert_int_equal(p->period_us, 1000);
	assert_int_equal(p->runtime_us, 500);
	assert_int_equal(p->stop_us, 20);
	assert_int_equal(p->stop_total_us, 30);
	assert_int_equal(p->threshold_us, 3);
	assert_int_equal(p->duration_s, 60);
	assert_int_equal(p->warmup_s, 2);
	assert_int_equal(p->buffer_kb, 512);
	assert_true(p->quiet);
	assert_true(p->debug);
	assert_true(log_debug_on());
	assert_string_equal(p->json_path, "out.json");
	assert_int_equal(p->engine, ENGINE_OWN);
	assert_int_equal(p->prio.kind, SCHED_KIND_FIFO);
	assert_int_equal(p->prio.prio, 10);
	/* -s and -S turn the analysis on */
	assert_true(params_analysis_on(p));
	assert_null(p->trace_output);

	parse_ok(p, "osnoise top", ARGV("osnoise", "--engine", "kernel", "--json", "-"));
	assert_int_equal(p->engine, ENGINE_KERNEL);
	assert_string_equal(p->json_path, "-");
}

/* -a: stop on a sample, every sample a noise, the trace saved */
static void test_osnoise_auto(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise top", ARGV("osnoise", "-a", "30"));
	assert_int_equal(p->stop_us, 30);
	assert_int_equal(p->stop_total_us, 0);
	assert_int_equal(p->threshold_us, 1);
	assert_string_equal(p->trace_output, "osnoise_trace.txt");
	assert_true(params_analysis_on(p));

	/* a -t before -a keeps its file */
	parse_ok(p, "osnoise top", ARGV("osnoise", "-t", "mine.txt", "-a", "30"));
	assert_string_equal(p->trace_output, "mine.txt");
	parse_ok(p, "osnoise top", ARGV("osnoise", "-a", "30", "--no-aa"));
	assert_false(params_analysis_on(p));
}

static void test_trace_file(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise top", ARGV("osnoise", "-t"));
	assert_string_equal(p->trace_output, "osnoise_trace.txt");
	parse_ok(p, "osnoise hist", ARGV("osnoise", "-t", "out.txt"));
	assert_string_equal(p->trace_output, "out.txt");
	parse_ok(p, "osnoise top", ARGV("osnoise", "--trace=x.txt"));
	assert_string_equal(p->trace_output, "x.txt");
	/* the next word is the file only when it is not an option */
	parse_ok(p, "osnoise top", ARGV("osnoise", "-t", "-q"));
	assert_string_equal(p->trace_output, "osnoise_trace.txt");
	assert_true(p->quiet);
	parse_ok(p, "timerlat top", ARGV("timerlat", "-t"));
	assert_string_equal(p->trace_output, "timerlat_trace.txt");
	parse_ok(p, "timerlat hist", ARGV("timerlat", "--trace"));
	assert_string_equal(p->trace_output, "timerlat_trace.txt");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--trace="),
		       "the trace file name is empty");
}

static void test_events(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise top",
		 ARGV("osnoise", "-e", "sched:sched_switch", "--filter", "prev_pid == 1",
		      "--trigger", "traceoff", "-e", "irq", "-e", "timer:hrtimer_start",
		      "--trigger", "stacktrace"));
	assert_int_equal(p->nr_events, 3);
	expect_event(&p->events[0], "sched", "sched_switch", "prev_pid == 1", "traceoff");
	expect_event(&p->events[1], "irq", NULL, NULL, NULL);
	expect_event(&p->events[2], "timer", "hrtimer_start", NULL, "stacktrace");

	expect_refused(p, "osnoise top", ARGV("osnoise", "--filter", "x == 1"),
		       "it applies to the previous -e event, and there is none");
	expect_refused(p, "timerlat top",
		       ARGV("timerlat", "-e", "irq", "--filter", "a", "--filter", "b"),
		       "the previous -e event already has one");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-e", ":x"), "expected sys or sys:event");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-e", "x:"), "expected sys or sys:event");
}

static void test_actions(void **state)
{
	struct rtl_params *p = *state;
	const struct action *a;

	parse_ok(p, "osnoise top",
		 ARGV("osnoise", "--on-threshold", "trace", "--on-threshold", "shell,command=ls",
		      "--on-end", "signal,num=10,pid=parent"));
	assert_non_null(p->on_threshold);
	assert_int_equal(p->on_threshold->n, 2);
	a = &p->on_threshold->v[0];
	assert_int_equal(a->kind, ACTION_TRACE);
	assert_string_equal(a->file, "osnoise_trace.txt");
	a = &p->on_threshold->v[1];
	assert_int_equal(a->kind, ACTION_SHELL);
	assert_string_equal(a->command, "ls");
	assert_int_equal(p->on_end->n, 1);
	a = &p->on_end->v[0];
	assert_int_equal(a->kind, ACTION_SIGNAL);
	assert_int_equal(a->signal, SIGUSR1);
	assert_true(a->parent);

	parse_ok(p, "timerlat hist",
		 ARGV("timerlat", "--on-end", "trace", "--on-threshold", "trace,file=t.txt",
		      "--on-threshold", "continue"));
	assert_string_equal(p->on_end->v[0].file, "timerlat_trace.txt");
	assert_string_equal(p->on_threshold->v[0].file, "t.txt");
	assert_int_equal(p->on_threshold->v[1].kind, ACTION_CONTINUE);
	/* an action saves the trace without -t */
	assert_null(p->trace_output);
}

static void test_cgroup(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise top", ARGV("osnoise", "-C"));
	assert_true(p->cgroup);
	assert_null(p->cgroup_name);
	parse_ok(p, "timerlat top", ARGV("timerlat", "-C", "rt"));
	assert_true(p->cgroup);
	assert_string_equal(p->cgroup_name, "rt");
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--cgroup=grp"));
	assert_string_equal(p->cgroup_name, "grp");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--cgroup="), "the cgroup name is empty");
}

/* a usage error's message is printed whole, however long */
static void test_usage_error_whole(void **state)
{
	struct opt_table t = { 0 };
	char word[700], want[800];
	struct capture e;

	(void)state;
	memset(word, 'w', sizeof(word) - 1);
	word[sizeof(word) - 1] = '\0';
	snprintf(want, sizeof(want), "no %s: end\nTry 'rtlens compare --help'", word);
	capture_start(&e, 2);
	assert_int_equal(opt_usage_error(&commands[CMD_COMPARE], &t, "no %s: %s", word, "end"),
			 OPTS_ERROR);
	capture_end_expect(&e, want);
}

/*
 * A cgroup refused is named whole and escaped: one of over 200 bytes with
 * spaces, then one past PATH_MAX (the kernel's refusal, not "cannot find
 * rtlens's own cgroup")
 */
static void test_cgroup_named_whole(void **state)
{
	struct rtl_params *p = *state;
	size_t size = PATH_MAX + 512, at = 0, at_shown = 0;
	char *name = malloc(size), *shown = malloc(size), *arg = malloc(size + 16);
	char *want = malloc(3 * size);
	struct capture e;
	int i;

	assert_true(name && shown && arg && want);
	for (i = 0; i < 15; i++) {
		at += snprintf(name + at, size - at, "%sa long group \x1b", i ? "/" : "");
		at_shown += snprintf(shown + at_shown, size - at_shown, "%sa long group \\x1b",
				     i ? "/" : "");
	}
	snprintf(arg, size + 16, "--cgroup=%s", name);
	parse_ok(p, "osnoise top", ARGV("osnoise", arg));
	snprintf(want, 3 * size, "cgroup '%s' not usable: /sys/fs/cgroup/%s/cgroup.procs: No such "
		 "file or directory", shown, shown);
	capture_start(&e, 2);
	assert_int_equal(tasks_check(p), -1);
	capture_end_expect(&e, want);

	while (at < PATH_MAX)
		at += snprintf(name + at, size - at, "/%s", "a group of a long name");
	snprintf(arg, size + 16, "--cgroup=%s", name);
	parse_ok(p, "osnoise top", ARGV("osnoise", arg));
	capture_start(&e, 2);
	assert_int_equal(tasks_check(p), -1);
	capture_end_expect(&e, "/cgroup.procs: File name too long");
	free(name);
	free(shown);
	free(arg);
	free(want);
}

static void test_osnoise_analysis(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise top", ARGV("osnoise", "--aa"));
	assert_true(p->aa);
	assert_true(params_analysis_on(p));
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--aa-top", "5"));
	assert_int_equal(p->aa_top, 5);
	assert_true(params_analysis_on(p));
}

static void test_osnoise_hist(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise hist",
		 ARGV("osnoise", "-b", "10", "-E", "100", "--no-header", "--no-summary",
		      "--no-index", "--with-zeros", "--kernel-hist"));
	assert_int_equal(p->bucket_size, 10);
	assert_int_equal(p->entries, 100);
	assert_true(p->no_header);
	assert_true(p->no_summary);
	assert_true(p->no_index);
	assert_true(p->with_zeros);
	assert_true(p->kernel_hist);
}

/* ---- timerlat ---- */

static void test_timerlat_top(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "timerlat top",
		 ARGV("timerlat", "-c", "2,4", "-p", "500", "-i", "10", "-T", "20", "-s", "15",
		      "-n", "--dma-latency", "0", "--deepest-idle-state", "1", "-u",
		      "--dump-tasks", "-P", "d:100us:1ms"));
	expect_cpus(&p->cpus, "2,4");
	assert_int_equal(p->period_us, 500);
	assert_int_equal(p->stop_us, 10);
	assert_int_equal(p->stop_total_us, 20);
	assert_int_equal(p->stack_us, 15);
	assert_true(p->nano);
	assert_int_equal(params_divisor(p), 1);
	assert_int_equal(p->dma_latency_us, 0);
	assert_int_equal(p->deepest_idle, 1);
	assert_true(p->user_threads);
	assert_false(p->kernel_threads);
	assert_true(p->dump_tasks);
	assert_int_equal(p->prio.kind, SCHED_KIND_DEADLINE);
	assert_int_equal(p->prio.runtime_ns, 100000);
	assert_int_equal(p->prio.period_ns, 1000000);
	assert_int_equal(p->threshold_us, 0);

	parse_ok(p, "timerlat top", ARGV("timerlat", "-k", "--no-aa", "-P", "o:-5"));
	assert_true(p->kernel_threads);
	assert_true(p->no_aa);
	assert_false(params_analysis_on(p));
	assert_int_equal(p->prio.kind, SCHED_KIND_OTHER);
	assert_int_equal(p->prio.prio, -5);
	assert_int_equal(p->stack_format, STACK_TRUNCATE);	/* rtla's default */

	parse_ok(p, "timerlat hist", ARGV("timerlat", "-s", "10", "--stack-format", "full"));
	assert_int_equal(p->stack_format, STACK_FULL);
	parse_ok(p, "timerlat top", ARGV("timerlat", "--stack-format", "skip"));
	assert_int_equal(p->stack_format, STACK_SKIP);
	expect_refused(p, "timerlat top", ARGV("timerlat", "--stack-format", "short"),
		       "the stack format is truncate, skip or full");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--stack-format", "full"),
		       "--stack-format");

	/* -U: the tracer without threads, the user's workload measured */
	parse_ok(p, "timerlat top", ARGV("timerlat", "-U", "-A", "250"));
	assert_true(p->user_load);
	assert_true(p->user_threads);
	assert_int_equal(p->aligned_us, 250);
	parse_ok(p, "timerlat hist", ARGV("timerlat", "-A", "0"));
	assert_int_equal(p->aligned_us, 0);
	assert_false(p->user_load);
	parse_ok(p, "timerlat hist", ARGV("timerlat"));
	assert_int_equal(p->aligned_us, -1);
	expect_refused(p, "timerlat top", ARGV("timerlat", "-U", "-u"),
		       "-U measures your own workload");
	expect_refused(p, "timerlat top", ARGV("timerlat", "-U", "-k"),
		       "-U measures your own workload");
	expect_refused(p, "timerlat top", ARGV("timerlat", "-U", "-P", "f:95"),
		       "with -U they are yours");
	expect_refused(p, "timerlat hist", ARGV("timerlat", "-A", "2000000"),
		       "the alignment must be 0 to 1 s");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-A", "10"), "-A");

	/* --bpf-action: run by the BPF counting at a stop threshold */
	parse_ok(p, "timerlat top", ARGV("timerlat", "-T", "50", "--bpf-action", "a.bpf.o"));
	assert_string_equal(p->bpf_action, "a.bpf.o");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--bpf-action", "a.bpf.o"),
		       "--bpf-action runs when a stop threshold is crossed");
	expect_refused(p, "timerlat hist", ARGV("timerlat", "-i", "5", "--bpf-action", "a.bpf.o",
						"--no-bpf"), "which --no-bpf");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--bpf-action", "a.bpf.o"),
		       "--bpf-action");
}

/* -a and --aa-only: one value for the IRQ and thread stops and the stack */
static void test_timerlat_auto(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "timerlat top", ARGV("timerlat", "-a", "40"));
	assert_int_equal(p->stop_us, 40);
	assert_int_equal(p->stop_total_us, 40);
	assert_int_equal(p->stack_us, 40);
	assert_string_equal(p->trace_output, "timerlat_trace.txt");
	assert_int_equal(p->threshold_us, 0);
	assert_false(p->aa_only);

	parse_ok(p, "timerlat hist", ARGV("timerlat", "--aa-only", "30"));
	assert_int_equal(p->stop_us, 30);
	assert_int_equal(p->stop_total_us, 30);
	assert_int_equal(p->stack_us, 30);
	assert_true(p->aa_only);
	assert_null(p->trace_output);
}

static void test_timerlat_hist(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "timerlat hist",
		 ARGV("timerlat", "--no-irq", "-b", "5", "-E", "20", "--with-zeros",
		      "--no-summary"));
	assert_true(p->no_irq);
	assert_false(p->no_thread);
	assert_int_equal(p->bucket_size, 5);
	assert_int_equal(p->entries, 20);
	assert_true(p->with_zeros);
	assert_true(p->no_summary);
	parse_ok(p, "timerlat hist", ARGV("timerlat", "--no-thread"));
	assert_true(p->no_thread);
}

/* --no-bpf, and RTLENS_NO_BPF as rtla's RTLA_NO_BPF ("" and "0" leave BPF on) */
static void test_no_bpf(void **state)
{
	struct rtl_params *p = *state;

	unsetenv("RTLENS_NO_BPF");
	parse_ok(p, "timerlat hist", ARGV("timerlat"));
	assert_false(p->no_bpf);
	parse_ok(p, "timerlat top", ARGV("timerlat", "--no-bpf"));
	assert_true(p->no_bpf);
	/* osnoise counts its samples with BPF too (issue #24) */
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--no-bpf"));
	assert_true(p->no_bpf);
	parse_ok(p, "hwnoise", ARGV("hwnoise", "--no-bpf"));
	assert_true(p->no_bpf);
	setenv("RTLENS_NO_BPF", "1", 1);
	parse_ok(p, "timerlat hist", ARGV("timerlat"));
	assert_true(p->no_bpf);
	setenv("RTLENS_NO_BPF", "0", 1);
	parse_ok(p, "timerlat hist", ARGV("timerlat"));
	assert_false(p->no_bpf);
	setenv("RTLENS_NO_BPF", "", 1);
	parse_ok(p, "timerlat top", ARGV("timerlat"));
	assert_false(p->no_bpf);
	unsetenv("RTLENS_NO_BPF");
}

/* ---- refusals ---- */

static void test_combinations_refused(void **state)
{
	struct rtl_params *p = *state;

	expect_refused(p, "timerlat top", ARGV("timerlat", "-u", "-k"),
		       "-u and -k exclude each other");
	expect_refused(p, "timerlat hist", ARGV("timerlat", "--no-irq", "--no-thread"),
		       "--no-irq and --no-thread together leave nothing to show");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--aa-only", "10", "--no-aa"),
		       "--aa-only and --no-aa exclude each other");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--dump-tasks", "--no-aa"),
		       "--dump-tasks needs the auto-analysis");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--kernel-hist", "--aa"),
		       "--kernel-hist counts samples without reading them");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--kernel-hist", "-s", "10"),
		       "--kernel-hist counts samples without reading them");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--aa", "--no-aa"),
		       "--aa and --no-aa exclude each other: --aa asks for the analysis that "
		       "--no-aa turns off");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--aa-top", "3", "--no-aa"),
		       "--aa-top and --no-aa exclude each other");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--no-aa", "--aa"),
		       "--aa and --no-aa exclude each other: --aa asks for the analysis that "
		       "--no-aa turns off");
	expect_refused(p, "timerlat hist", ARGV("timerlat", "--aa-floor", "50", "--no-aa"),
		       "--aa-floor and --no-aa exclude each other");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--aa", "-T", "10", "--bpf-action",
					       "a.o"),
		       "--bpf-action runs from the BPF counting, which --aa turns off");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-p", "1000", "-r", "2000"),
		       "runtime 2000 us is longer than period 1000 us");
	expect_refused(p, "hwnoise", ARGV("hwnoise", "-p", "1000", "-r", "2000"),
		       "runtime 2000 us is longer than period 1000 us");
}

/*
 * --until-confident P:US: P a probability under 0.01, US a number of us
 * over 0, each refused with what to write; it implies --tail and keeps the
 * horizons --tail gives, before or after it; a replay takes it; it reads
 * every sample, as --tail, so --kernel-hist and --bpf-action are refused
 * naming it
 */
static void test_until_confident(void **state)
{
	struct rtl_params *p = *state;
	static const char *const p_bad = "P must be a probability over 0 and under 0.01, the rare "
					 "levels the tail estimates, written as 1e-9 or 0.000001 "
					 "(e.g. 1e-9:50)";
	static char *const bad[][2] = {
		{ "1e-9", "write P:US, the probability per sample of a level and the limit in us "
			  "it is compared with (e.g. 1e-9:50)" },
		{ "0.01:50", "" }, { "0:50", "" }, { "1:50", "" }, { "abc:50", "" }, { ":50", "" },
		{ "-1e-9:50", "" }, { "1e-9 :50", "" },
		{ "1e-9:", "US is not a number of microseconds: write it as 50 or 12.5, without a "
			   "unit (e.g. 1e-9:50)" },
		{ "1e-9:50us", "US is not a number of microseconds" },
		{ "1e-9:-5", "US is not a number of microseconds" },
		{ "1e-9:50:3", "US is not a number of microseconds" },
		{ "1e-9:0", "US must be over 0 us (e.g. 1e-9:50)" },
		{ "1e-9:0.0", "US must be over 0 us" },
	};
	char what[512];
	size_t i;

	parse_ok(p, "timerlat top", ARGV("timerlat", "--until-confident", "1e-9:50"));
	assert_true(p->tail);
	assert_float_equal(p->gate_p, 1e-9, 1e-21);
	assert_float_equal(p->gate_us, 50, 0);
	assert_int_equal(p->nr_tail_horizons, 2);
	assert_float_equal(p->tail_horizons_s[1], 86400, 0);
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--tail=20m", "--until-confident",
					 "0.000001:12.5"));
	assert_float_equal(p->gate_p, 1e-6, 1e-18);
	assert_float_equal(p->gate_us, 12.5, 0);
	assert_int_equal(p->nr_tail_horizons, 1);
	assert_float_equal(p->tail_horizons_s[0], 1200, 0);
	parse_ok(p, "osnoise top", ARGV("osnoise", "--until-confident=2.5E-7:5", "--tail=2h"));
	assert_float_equal(p->gate_p, 2.5e-7, 1e-19);
	assert_int_equal(p->nr_tail_horizons, 1);
	assert_float_equal(p->tail_horizons_s[0], 7200, 0);
	parse_ok(p, "timerlat hist", ARGV("timerlat", "--input", "a.dat", "--until-confident",
					  "1e-6:20"));
	assert_float_equal(p->gate_us, 20, 0);
	parse_ok(p, "timerlat top", ARGV("timerlat"));
	assert_false(p->tail);
	assert_true(p->gate_p == 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(what, sizeof(what), "invalid --until-confident value '%s': %s", bad[i][0],
			 bad[i][1][0] ? bad[i][1] : p_bad);
		expect_refused(p, "timerlat top", ARGV("timerlat", "--until-confident", bad[i][0]),
			       what);
	}
	expect_refused(p, "timerlat hist", ARGV("timerlat", "--until-confident"),
		       "option '--until-confident' needs a value");
	expect_refused(p, "hwlat top", ARGV("hwlat", "--until-confident", "1e-9:50"),
		       "unknown option '--until-confident'");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--kernel-hist", "--until-confident",
					       "1e-9:50"),
		       "--until-confident reads every sample in its order, and --kernel-hist counts "
		       "them in the kernel: choose one");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--kernel-hist", "--tail"),
		       "--tail reads every sample in its order");
	expect_refused(p, "timerlat top", ARGV("timerlat", "-T", "10", "--bpf-action", "a.o",
					       "--until-confident", "1e-9:50"),
		       "--bpf-action runs from the BPF counting, and --until-confident reads every "
		       "sample in its order instead: choose one");
}

/*
 * --input: the options that act on a live run, all named in one line; the
 * thresholds, the analysis, -c and the outputs apply to a replay; -a keeps
 * the recorded threshold (no -T 1); RTLENS_NO_BPF is no --no-bpf
 */
static void test_replay_options(void **state)
{
	struct rtl_params *p = *state;

	expect_refused(p, "timerlat top", ARGV("timerlat", "--input", "a.dat", "-P", "f:95",
					       "--dma-latency", "0", "-u", "-d", "10",
					       "--on-end", "trace", "--listen", "127.0.0.1:9473"),
		       "--input: these options act on a live run and do not apply to a replay, "
		       "which takes the recording's settings and runs no action: -d, -P, -u, "
		       "--dma-latency, --on-end, --listen");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-p", "1000", "--input", "a.dat",
					      "--warm-up", "1", "-t", "x.txt"),
		       "do not apply to a replay, which takes the recording's settings and runs "
		       "no action: -p, -t FILE, --warm-up\n");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--input", "a.dat", "--record", "b.dat"),
		       "--record and --input exclude each other");
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--input", "a.dat", "-s", "100", "-S", "500",
					 "-T", "10", "-c", "1", "--json", "-", "--aa"));
	assert_int_equal(p->stop_us, 100);
	assert_int_equal(p->threshold_us, 10);
	parse_ok(p, "osnoise top", ARGV("osnoise", "-a", "100", "--input", "a.dat"));
	assert_int_equal(p->stop_us, 100);
	assert_int_equal(p->threshold_us, 0);
	parse_ok(p, "osnoise top", ARGV("osnoise", "-a", "100"));
	assert_int_equal(p->threshold_us, 1);
	parse_ok(p, "timerlat top", ARGV("timerlat", "--input", "a.dat", "-a", "50", "-i", "5"));
	setenv("RTLENS_NO_BPF", "1", 1);
	parse_ok(p, "timerlat hist", ARGV("timerlat", "--input", "a.dat"));
	unsetenv("RTLENS_NO_BPF");
}

/*
 * --live-replay only with --input, --speed only with --live-replay, a speed
 * over 0; -d is a live replay's (its recorded time), refused on a plain one
 */
static void test_live_replay_options(void **state)
{
	struct rtl_params *p = *state;

	expect_refused(p, "osnoise top", ARGV("osnoise", "--live-replay"),
		       "--live-replay plays a recording at the pace it was recorded: name the "
		       "recording with --input FILE");
	expect_refused(p, "timerlat hist", ARGV("timerlat", "--live-replay", "--speed", "2"),
		       "--live-replay plays a recording at the pace it was recorded");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--input", "a.dat", "--speed", "2"),
		       "--speed sets the pace of --live-replay, which is not given: add "
		       "--live-replay");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--speed", "2"),
		       "--speed sets the pace of --live-replay");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--input", "a.dat", "--live-replay",
					      "--speed", "0"),
		       "invalid --speed value '0': the speed is a number over 0 up to 1000000");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--input", "a.dat", "--live-replay",
					       "--speed", "-1"),
		       "invalid --speed value '-1': not a decimal number");
	expect_refused(p, "hwnoise", ARGV("hwnoise", "--input", "a.dat", "--live-replay",
					  "--speed", "abc"),
		       "invalid --speed value 'abc': not a decimal number");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--input", "a.dat", "-d", "10"),
		       "do not apply to a replay, which takes the recording's settings and runs "
		       "no action: -d\n");
	parse_ok(p, "osnoise top", ARGV("osnoise", "--input", "a.dat", "--live-replay"));
	assert_true(p->live_replay);
	assert_float_equal(p->speed, 0, 0);
	parse_ok(p, "timerlat hist", ARGV("timerlat", "--input", "a.dat", "--live-replay", "-d",
					  "1m", "--speed", "0.25"));
	assert_float_equal(p->speed, 0.25, 0);
	assert_int_equal(p->duration_s, 60);
}

/* an option of another command, values out of range, words out of place */
static void test_usage_refused(void **state)
{
	struct rtl_params *p = *state;

	expect_refused(p, "osnoise top", ARGV("osnoise", "--no-header"),
		       "unknown option '--no-header'");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-i", "10"), "unknown option '-i'");
	expect_refused(p, "timerlat top", ARGV("timerlat", "-r", "100"), "unknown option '-r'");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--no-irq"),
		       "unknown option '--no-irq'");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--kernel-hist"),
		       "unknown option '--kernel-hist'");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-c"), "option '-c' needs a value");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-d", "1", "extra"),
		       "unexpected argument 'extra'");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-p", "0"),
		       "the period must be 1 us to 10 s");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-r", "99"), "at least 100 us");
	expect_refused(p, "timerlat top", ARGV("timerlat", "-p", "99"),
		       "the timerlat period must be 100 us to 1 s");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-T", "0"), "at least 1 us");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "-b", "0"), "1 to 999999");
	expect_refused(p, "timerlat hist", ARGV("timerlat", "-E", "9"), "10 to 9999999");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--engine", "gpu"),
		       "the engine is auto, kernel or user");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--json", ""), "the file name is empty");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--trace-buffer-size", "0"),
		       "at least 1 kB");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--deepest-idle-state", "65"),
		       "the idle state must be 0 to 64");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--aa-top", "1001"),
		       "N must be 1 to 1000");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-c", "8"), "out of range");
}

static void test_help_and_warning(void **state)
{
	struct rtl_params *p = *state;
	char *out;

	assert_int_equal(parse_out(p, "timerlat hist", ARGV("timerlat", "--help"), &out),
			 OPTS_HELP);
	assert_non_null(strstr(out, "usage: rtlens timerlat hist [options]"));
	assert_non_null(strstr(out, "--no-thread"));
	/* -P's units: each of runtime and period may have one, ns without */
	assert_non_null(strstr(out, "\t\td:runtime[ns|us|ms|s]:period[ns|us|ms|s] - use "
			       "SCHED_DEADLINE with runtime\n"));
	assert_non_null(strstr(out, "and period (a number without a unit is in ns)\n"));
	assert_null(strstr(out, "period\n\t\t\t\t\t\t       in nanoseconds"));
	free(out);

	/* measuring the house-keeping cpus is allowed, with a warning */
	assert_int_equal(parse_out(p, "osnoise top", ARGV("osnoise", "-c", "0-1", "-H", "1"), &out),
			 OPTS_OK);
	assert_non_null(strstr(out, "every house-keeping cpu is also measured"));
	free(out);
}

/*
 * --plot without -b and -E: 1 us buckets up to 10 ms, so that the picture
 * holds the samples; -b or -E keep the buckets as given (rtla's defaults
 * without --plot)
 */
static void test_plot_range(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "osnoise hist", ARGV("osnoise", "-d", "1"));
	assert_int_equal(p->bucket_size, 1);
	assert_int_equal(p->entries, 256);
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--plot", "h.svg"));
	assert_int_equal(p->bucket_size, 1);
	assert_int_equal(p->entries, PLOT_ENTRIES);
	assert_int_equal(PLOT_ENTRIES, 10000);
	parse_ok(p, "timerlat hist", ARGV("timerlat", "--plot", "h.svg"));
	assert_int_equal(p->entries, PLOT_ENTRIES);
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--plot", "h.svg", "-E", "300"));
	assert_int_equal(p->entries, 300);
	parse_ok(p, "osnoise hist", ARGV("osnoise", "-b", "4", "--plot", "h.svg"));
	assert_int_equal(p->bucket_size, 4);
	assert_int_equal(p->entries, 256);
	parse_ok(p, "osnoise hist", ARGV("osnoise", "-E", "256", "--plot", "h.svg"));
	assert_int_equal(p->entries, 256);
}

/* ---- repeated parses: getopt's hidden state ---- */

/* @first is refused, then @second, parsed after it, is taken */
static void parse_after_refused(struct rtl_params *p, char **first, char **second)
{
	assert_int_equal(parse_out(p, "osnoise top", first, NULL), OPTS_ERROR);
	parse_ok(p, "osnoise top", second);
}

static void test_parse_after_a_cluster_half_read(void **state)
{
	struct rtl_params *p = *state;

	/* getopt stops at x, inside the word, with "D" still to read (the word lives on) */
	parse_after_refused(p, ARGV("top", "-xD"), ARGV("top", "-q"));
	/* the new parse did not go on with the old word */
	assert_true(p->quiet);
	assert_false(p->debug);
	assert_false(log_debug_on());
}

static void test_parse_after_non_options(void **state)
{
	struct rtl_params *p = *state;

	parse_after_refused(p, ARGV("top", "a", "b", "-q", "c"), ARGV("top", "-D", "-c", "1"));
	assert_true(p->debug);
	expect_cpus(&p->cpus, "1");
}

static void test_unknown_letter_named(void **state)
{
	struct rtl_params *p = *state;

	expect_refused(p, "osnoise top", ARGV("top", "-xq"), "unknown option '-x'");
	expect_refused(p, "osnoise top", ARGV("top", "-qx"), "unknown option '-x'");
	expect_refused(p, "osnoise top", ARGV("top", "--nope"), "unknown option '--nope'");
}

/* a long option is written whole: a prefix is refused, naming what it could be */
static void test_no_abbreviations(void **state)
{
	struct rtl_params *p = *state;

	expect_refused(p, "osnoise top", ARGV("top", "--cp", "1"),
		       "unknown option '--cp': long options are written whole (--cpus?)");
	expect_refused(p, "osnoise top", ARGV("top", "--dur=5"),
		       "unknown option '--dur=5': long options are written whole (--duration?)");
	/* timerlat has --aa and --aa-only: a prefix of both is neither */
	expect_refused(p, "timerlat hist", ARGV("hist", "--aa-o", "10"),
		       "unknown option '--aa-o': long options are written whole (--aa-only?)");
	parse_ok(p, "timerlat hist", ARGV("hist", "--aa", "--input", "t.dat"));
	assert_true(p->aa);
	assert_int_equal(p->stop_us, 0);
	expect_refused(p, "osnoise top", ARGV("top", "--no"),
		       "unknown option '--no': it could be --no-aa or --no-bpf");
	parse_ok(p, "osnoise top", ARGV("top", "--cpus=1", "--duration", "5"));
	expect_cpus(&p->cpus, "1");
	assert_int_equal(p->duration_s, 5);
}

/*
 * timerlat --aa: the run's sources, no value; --aa-floor sets where they
 * count from and implies --aa; neither stops the run nor turns -a on
 */
static void test_timerlat_run_analysis(void **state)
{
	struct rtl_params *p = *state;

	parse_ok(p, "timerlat top", ARGV("timerlat", "--aa"));
	assert_true(p->aa);
	assert_int_equal(p->aa_floor_us, 0);
	assert_int_equal(p->stop_us, 0);
	assert_int_equal(p->stop_total_us, 0);
	assert_false(p->aa_only);
	assert_true(params_trace_analysis(p));	/* the events, without a threshold */
	parse_ok(p, "timerlat hist", ARGV("timerlat", "--aa-floor", "100"));
	assert_true(p->aa);
	assert_int_equal(p->aa_floor_us, 100);
	parse_ok(p, "timerlat top", ARGV("timerlat", "--aa", "--aa-only", "30"));
	assert_true(p->aa && p->aa_only);
	assert_int_equal(p->stop_total_us, 30);
	/* without --aa nor a threshold, timerlat traces no analysis events */
	parse_ok(p, "timerlat top", ARGV("timerlat", "-d", "1"));
	assert_false(p->aa);
	assert_false(params_trace_analysis(p));
	expect_refused(p, "timerlat hist", ARGV("timerlat", "--aa-floor", "x"),
		       "invalid --aa-floor value 'x'");
}

/* a value given to an option that takes none: refused as such, with what was meant */
static void test_flag_with_value(void **state)
{
	struct rtl_params *p = *state;

	expect_refused(p, "timerlat top", ARGV("timerlat", "--aa", "100"),
		       "error: --aa takes no value; to stop at a latency use -a US or "
		       "--aa-only US\n");
	expect_refused(p, "timerlat hist", ARGV("timerlat", "--aa=100"),
		       "error: --aa takes no value; to stop at a latency use -a US or "
		       "--aa-only US\n");
	expect_refused(p, "osnoise top", ARGV("osnoise", "--aa", "30"),
		       "error: --aa takes no value; to stop at a noise sample use -a US or -s US\n");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--no-aa=1"),
		       "error: --no-aa takes no value\n");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-q", "5"),
		       "error: -q/--quiet takes no value\n");
	expect_refused(p, "osnoise top", ARGV("osnoise", "-D", "5"),
		       "error: -D/--debug takes no value\n");
	/* a word that is no option's value is still a stray word */
	expect_refused(p, "osnoise top", ARGV("osnoise", "-d", "1", "extra"),
		       "unexpected argument 'extra'");
}

/*
 * The typed rows of the measuring table: --no-NAME after --NAME, the ranges
 * and names in the messages, and the --help's headings in their order
 */
static void test_typed_rows(void **state)
{
	struct rtl_params *p = *state;
	static const char *const headings[] = {
		"Measurement:", "Thresholds and stops:", "Scheduling:", "Analysis:", "Histogram:",
		"Output:", "Tracing:", "Recording and replay:", "Actions:",
	};
	const char *at, *next;
	char *out;
	size_t i;

	parse_ok(p, "timerlat top", ARGV("timerlat", "-q", "-n", "--no-quiet", "-u", "--no-nano"));
	assert_false(p->quiet);
	assert_false(p->nano);
	assert_true(p->user_threads);
	parse_ok(p, "osnoise hist", ARGV("osnoise", "--with-zeros", "--no-with-zeros", "-D",
					 "--no-debug", "--no-header"));
	assert_false(p->with_zeros);
	assert_false(p->debug);
	assert_false(log_debug_on());
	assert_true(p->no_header);
	/* no --no-no-header, no --header; --aa's negation is --no-aa, its own option */
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--no-no-header"),
		       "unknown option '--no-no-header'");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--header"), "unknown option '--header'");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--aa", "--no-aa"),
		       "--aa and --no-aa exclude each other");
	expect_refused(p, "osnoise hist", ARGV("osnoise", "--no-quiet"),
		       "unknown option '--no-quiet': only osnoise top, timerlat top and hwlat top "
		       "take it");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--dma-latency", "10000001"),
		       "the DMA latency must be 0 to 10 s (10000000 us)");
	expect_refused(p, "hwlat top", ARGV("hwlat", "--window", "99"),
		       "invalid --window value '99': the window must be 100 us to 10 s "
		       "(10000000 us)\n");
	expect_refused(p, "timerlat top", ARGV("timerlat", "--stack-format", "all"),
		       "invalid --stack-format value 'all': the stack format is truncate, skip "
		       "or full\n");
	expect_refused(p, "hwlat hist", ARGV("hwlat", "--mode", "rr"),
		       "the mode is none, round-robin or per-cpu");
	parse_ok(p, "hwlat hist", ARGV("hwlat", "--mode", "per-cpu", "--width", "400",
				       "--window", "1000"));
	assert_string_equal(p->hwlat_mode, "per-cpu");
	assert_int_equal(p->runtime_us, 400);
	assert_int_equal(p->period_us, 1000);
	parse_ok(p, "timerlat top", ARGV("timerlat", "--stack-format", "full", "-A", "0",
					 "--dma-latency", "0", "--deepest-idle-state", "3"));
	assert_int_equal(p->stack_format, STACK_FULL);
	assert_int_equal(p->aligned_us, 0);
	assert_int_equal(p->dma_latency_us, 0);
	assert_int_equal(p->deepest_idle, 3);

	assert_int_equal(parse_out(p, "osnoise hist", ARGV("osnoise", "--help"), &out), OPTS_HELP);
	for (i = 0, at = out; i < sizeof(headings) / sizeof(headings[0]); i++, at = next) {
		next = strstr(out, headings[i]);
		if (!next || next < at)
			fail_msg("'%s' missing or out of order in %s", headings[i], out);
	}
	assert_non_null(strstr(out, "\t  -D/--[no-]debug: print debug info\n"));
	assert_non_null(strstr(out, "\t     --no-header: do not print header\n"));
	assert_null(strstr(out, "[no-]no-"));
	assert_null(strstr(out, "[no-]aa"));
	free(out);
}

/* the command table and the reports' names of commands agree; hwnoise takes osnoise top's options */
static void test_command_table(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NR_COMMANDS; i++) {
		assert_ptr_equal(tool_desc_by_command(commands[i].name), commands[i].desc);
		assert_true(!commands[i].desc != !commands[i].main);
		if (commands[i].desc)
			assert_ptr_equal(command_of_desc(commands[i].desc, commands[i].mode),
					 &commands[i]);
		else
			assert_ptr_equal(command_offline(commands[i].name), &commands[i]);
	}
	assert_null(tool_desc_by_command("hwnoise top"));
	assert_null(tool_desc_by_command("osnoise"));
	assert_null(tool_desc_by_command("timerlat hist "));
	assert_int_equal(command_opt_bit(&commands[CMD_HWNOISE]), CMD_BIT(CMD_OSNOISE_TOP));
	assert_int_equal(command_opt_bit(&commands[CMD_TIMERLAT_HIST]), CMD_BIT(CMD_TIMERLAT_HIST));
	assert_int_equal(command_opt_bit(&commands[CMD_MERGE]), CMD_BIT(CMD_MERGE));
}

#define OPT_TEST(fn)	cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		OPT_TEST(test_defaults),
		OPT_TEST(test_hwnoise),
		OPT_TEST(test_osnoise_top),
		OPT_TEST(test_long_words_whole),
		OPT_TEST(test_cgroup_named_whole),
		OPT_TEST(test_usage_error_whole),
		OPT_TEST(test_osnoise_auto),
		OPT_TEST(test_trace_file),
		OPT_TEST(test_events),
		OPT_TEST(test_actions),
		OPT_TEST(test_cgroup),
		OPT_TEST(test_osnoise_analysis),
		OPT_TEST(test_osnoise_hist),
		OPT_TEST(test_timerlat_top),
		OPT_TEST(test_timerlat_auto),
		OPT_TEST(test_timerlat_hist),
		OPT_TEST(test_no_bpf),
		OPT_TEST(test_combinations_refused),
		OPT_TEST(test_until_confident),
		OPT_TEST(test_replay_options),
		OPT_TEST(test_live_replay_options),
		OPT_TEST(test_usage_refused),
		OPT_TEST(test_help_and_warning),
		OPT_TEST(test_plot_range),
		OPT_TEST(test_parse_after_a_cluster_half_read),
		OPT_TEST(test_parse_after_non_options),
		OPT_TEST(test_unknown_letter_named),
		OPT_TEST(test_no_abbreviations),
		OPT_TEST(test_timerlat_run_analysis),
		OPT_TEST(test_flag_with_value),
		OPT_TEST(test_typed_rows),
		OPT_TEST(test_command_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
