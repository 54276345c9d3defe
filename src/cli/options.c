// SPDX-License-Identifier: GPL-2.0
/*
 * options - one table declares every option of the measuring commands: its
 * names, argument, help text, the commands it applies to and the function
 * that stores it; opt_parse.c parses with it
 */
#include <stdlib.h>
#include <string.h>

#include "base/actions.h"
#include "base/log.h"
#include "base/run_end.h"
#include "cli/options.h"
#include "session/metrics_server.h"

#define MAX_PERIOD_US		10000000ULL
#define MAX_TL_PERIOD_US	1000000ULL
#define MIN_RUNTIME_US		100ULL

static const char *default_trace(const struct rtl_params *p)
{
	return p->desc->trace_file;
}

static int set_u64(uint64_t *dst, const char *arg, const char **why)
{
	return parse_u64(arg, dst, why);
}

/* --input is among the options being parsed (options_parse() looks first) */
static bool parsing_replay;

static int set_auto(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->stop_us, why))
		return -1;
	/* a replay's noise is what was traced: -a takes the recorded threshold */
	if (!parsing_replay)
		p->threshold_us = 1;
	if (!p->trace_output)
		p->trace_output = default_trace(p);
	return 0;
}

static int set_period(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->period_us, why))
		return -1;
	if (p->period_us == 0 || p->period_us > MAX_PERIOD_US) {
		*why = "the period must be 1 us to 10 s (10000000 us)";
		return -1;
	}
	return 0;
}

static int set_runtime(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->runtime_us, why))
		return -1;
	if (p->runtime_us < MIN_RUNTIME_US) {
		*why = "the runtime must be at least 100 us";
		return -1;
	}
	return 0;
}

static int set_stop(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_u64(&p->stop_us, arg, why);
}

static int set_stop_total(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_u64(&p->stop_total_us, arg, why);
}

static int set_threshold(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (set_u64(&p->threshold_us, arg, why))
		return -1;
	if (!p->threshold_us) {
		*why = "the threshold must be at least 1 us";
		return -1;
	}
	return 0;
}

static int set_cpus(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (cpu_mask_parse(&p->cpus, arg, why))
		return -1;
	p->cpus_set = true;
	return 0;
}

static int set_house_keeping(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (cpu_mask_parse(&p->hk_cpus, arg, why))
		return -1;
	p->hk_set = true;
	return 0;
}

static int set_cgroup(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	p->cgroup = true;
	free(p->cgroup_name);
	p->cgroup_name = NULL;
	if (arg && *arg == '=')
		arg++;
	if (arg && !*arg) {
		*why = "the cgroup name is empty";
		return -1;
	}
	if (arg && !(p->cgroup_name = strdup(arg))) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

static int set_priority(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return parse_priority(arg, &p->prio, why);
}

static int set_duration(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return parse_duration(arg, &p->duration_s, why);
}

static int set_debug(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	(void)why;
	if (arg)		/* a value given: refused (opt_parse.h) */
		return -1;
	p->debug = true;
	log_set_debug(true);
	return 0;
}

static int set_trace(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (arg && *arg == '=')
		arg++;
	if (arg && !*arg) {
		*why = "the trace file name is empty";
		return -1;
	}
	p->trace_output = arg ? arg : default_trace(p);
	return 0;
}

static int set_event(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	struct event_spec *ev, *evs;
	const char *colon = strchr(arg, ':');

	if (!*arg || colon == arg || (colon && !colon[1]) ||
	    (colon && strchr(colon + 1, ':'))) {
		*why = "expected sys or sys:event, e.g. sched:sched_switch";
		return -1;
	}
	evs = realloc(p->events, (p->nr_events + 1) * sizeof(*evs));
	if (!evs) {
		*why = "out of memory";
		return -1;
	}
	p->events = evs;
	ev = &evs[p->nr_events];
	memset(ev, 0, sizeof(*ev));
	ev->system = colon ? strndup(arg, colon - arg) : strdup(arg);
	ev->event = colon ? strdup(colon + 1) : NULL;
	p->nr_events++;
	if (!ev->system || (colon && !ev->event)) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

static int set_event_attr(struct rtl_params *p, char **slot_of_last(struct event_spec *),
			  const char *arg, const char **why)
{
	char **slot;

	if (!p->nr_events) {
		*why = "it applies to the previous -e event, and there is none";
		return -1;
	}
	if (!*arg) {
		*why = "it is empty";
		return -1;
	}
	slot = slot_of_last(&p->events[p->nr_events - 1]);
	if (*slot) {
		*why = "the previous -e event already has one";
		return -1;
	}
	*slot = strdup(arg);
	if (!*slot) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

static char **filter_slot(struct event_spec *ev)
{
	return &ev->filter;
}

static char **trigger_slot(struct event_spec *ev)
{
	return &ev->trigger;
}

static int set_filter(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_event_attr(p, filter_slot, arg, why);
}

static int set_trigger(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_event_attr(p, trigger_slot, arg, why);
}

static int set_warmup(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return parse_duration(arg, &p->warmup_s, why);
}

static int set_buffer_size(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (set_u64(&p->buffer_kb, arg, why))
		return -1;
	if (!p->buffer_kb) {
		*why = "the buffer size must be at least 1 kB";
		return -1;
	}
	return 0;
}

/* a path option: *@path = @arg unless it is empty, then *why = @empty_why */
static int set_path(const char **path, const char *arg, const char *empty_why,
		    const char **why)
{
	if (!*arg) {
		*why = empty_why;
		return -1;
	}
	*path = arg;
	return 0;
}

static int set_json(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_path(&p->json_path, arg, "the file name is empty (use - for stdout)", why);
}

static int set_listen(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (metrics_addr_check(arg, why))
		return -1;
	p->listen_addr = arg;
	return 0;
}

static int set_plot(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (!strcmp(arg, "-")) {
		*why = "the picture would be mixed with the text histogram on stdout: name a "
		       "file (FILE.svg)";
		return -1;
	}
	return set_path(&p->plot_path, arg, "the file name is empty (name a FILE.svg)", why);
}

static int set_record(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (!strcmp(arg, "-")) {
		*why = "a trace.dat cannot go to stdout: name a file";
		return -1;
	}
	return set_path(&p->record_path, arg, "the file name is empty", why);
}

static int set_input(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (p->input_path) {
		*why = "one recording at a time: replaying a host's and a guest's recordings "
		       "together is not supported yet";
		return -1;
	}
	return set_path(&p->input_path, arg, "the file name is empty", why);
}

static int set_host_input(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_path(&p->host_input_path, arg, "the file name is empty", why);
}

static int set_host_sync(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_path(&p->host_sync_path, arg, "the device name is empty", why);
}

static int set_bucket_size(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	uint64_t v;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v < 1 || v >= 1000000) {
		*why = "the bucket size must be 1 to 999999";
		return -1;
	}
	p->bucket_size = v;
	return 0;
}

static int set_entries(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	uint64_t v;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v < 10 || v > 9999999) {
		*why = "the number of entries must be 10 to 9999999";
		return -1;
	}
	p->entries = v;
	return 0;
}

/* the index of @arg among @names, -1 if it is none of them */
static int name_index(const char *const *names, int n, const char *arg)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(arg, names[i]))
			return i;
	return -1;
}

static int set_engine(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	static const char *const names[] = {
		[ENGINE_AUTO] = "auto", [ENGINE_KERNEL] = "kernel", [ENGINE_OWN] = "user",
	};
	int i = name_index(names, sizeof(names) / sizeof(names[0]), arg);

	if (i < 0) {
		*why = "the engine is auto, kernel or user";
		return -1;
	}
	p->engine = i;
	return 0;
}

/* --vm PID: a process id (checked running at the start, session/run.c) */
static int set_vm(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	uint64_t v;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v < 1 || v > 0x3fffffff) {	/* PID_MAX_LIMIT */
		*why = "a process id, 1 or more";
		return -1;
	}
	p->vm_pid = (int)v;
	return 0;
}

/* ---- timerlat ---- */

static int set_tl_auto(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->stop_us, why))
		return -1;
	p->stop_total_us = p->stop_us;
	p->stack_us = p->stop_us;
	if (!p->trace_output)
		p->trace_output = default_trace(p);
	return 0;
}

static int set_aa_only(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->stop_us, why))
		return -1;
	p->stop_total_us = p->stop_us;
	p->stack_us = p->stop_us;
	p->aa_only = true;
	return 0;
}

static int set_tl_period(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->period_us, why))
		return -1;
	if (p->period_us < 100 || p->period_us > MAX_TL_PERIOD_US) {
		*why = "the timerlat period must be 100 us to 1 s (1000000 us)";
		return -1;
	}
	return 0;
}

/* hwlat -a: stop at a sample of <us>, and count every gap of 1 us or more */
static int set_hwl_auto(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->stop_us, why))
		return -1;
	p->threshold_us = 1;
	return 0;
}

/* hwlat's window and width are the period and runtime of its sampling */
static int set_hwl_window(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->period_us, why))
		return -1;
	if (p->period_us < 100 || p->period_us > MAX_PERIOD_US) {
		*why = "the window must be 100 us to 10 s (10000000 us)";
		return -1;
	}
	return 0;
}

static int set_hwl_width(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->runtime_us, why))
		return -1;
	if (!p->runtime_us || p->runtime_us >= MAX_PERIOD_US) {
		*why = "the width must be 1 us or more, below the window (at most 10 s)";
		return -1;
	}
	return 0;
}

static int set_hwl_mode(void *ctx, const char *arg, const char **why)
{
	static const char *const modes[] = { "none", "round-robin", "per-cpu" };
	struct rtl_params *p = ctx;
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (!strcmp(arg, modes[i])) {
			p->hwlat_mode = modes[i];
			return 0;
		}
	}
	*why = "the mode is none, round-robin or per-cpu";
	return -1;
}

static int set_stack(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_u64(&p->stack_us, arg, why);
}

static int set_bpf_action(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_path(&p->bpf_action, arg, "the path of a BPF object (.o) is needed", why);
}

static int set_stack_format(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	int i = name_index(stack_format_names, NR_STACK_FORMATS, arg);

	if (i < 0) {
		*why = "the stack format is truncate, skip or full";
		return -1;
	}
	p->stack_format = i;
	return 0;
}

static int set_dma_latency(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	uint64_t v;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v > 10000000) {
		*why = "the DMA latency must be 0 to 10000000 us";
		return -1;
	}
	p->dma_latency_us = v;
	return 0;
}

static int set_deepest_idle(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	uint64_t v;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v > 64) {
		*why = "the idle state must be 0 to 64";
		return -1;
	}
	p->deepest_idle = v;
	return 0;
}

static int set_action(struct action_list **list, const struct rtl_params *p, const char *arg,
		      const char **why)
{
	return action_list_add(list, arg, default_trace(p), why);
}

static int set_on_threshold(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_action(&p->on_threshold, p, arg, why);
}

static int set_on_end(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return set_action(&p->on_end, p, arg, why);
}

static int set_aa_top(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	uint64_t v;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v < 1 || v > 1000) {
		*why = "N must be 1 to 1000";
		return -1;
	}
	p->aa_top = v;
	return 0;
}

/* --aa: the sources of the whole run; a value was meant as a stop threshold, as @meant says */
static int set_aa(struct rtl_params *p, const char *arg, const char **why, const char *meant)
{
	if (arg) {
		*why = meant;
		return -1;
	}
	p->aa = true;
	return 0;
}

static int set_osn_aa(void *ctx, const char *arg, const char **why)
{
	return set_aa(ctx, arg, why, "to stop at a noise sample use -a US or -s US");
}

static int set_tl_aa(void *ctx, const char *arg, const char **why)
{
	return set_aa(ctx, arg, why, "to stop at a latency use -a US or --aa-only US");
}

/* --aa-floor US: the latencies --aa counts, from US on; implies --aa */
static int set_aa_floor(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (parse_u64(arg, &p->aa_floor_us, why))
		return -1;
	if (p->aa_floor_us > MAX_TL_PERIOD_US * 10) {
		*why = "the floor must be 0 to 10 s (10000000 us)";
		return -1;
	}
	p->aa = true;
	return 0;
}

static int set_aligned(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	uint64_t v;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v > MAX_TL_PERIOD_US) {
		*why = "the alignment must be 0 to 1 s (1000000 us), within the period";
		return -1;
	}
	p->aligned_us = (int64_t)v;
	return 0;
}

#define DEFINE_FLAG_SETTER(field)	OPT_DEFINE_FLAG_SETTER(set_##field, struct rtl_params, field)

DEFINE_FLAG_SETTER(quiet)
DEFINE_FLAG_SETTER(no_header)
DEFINE_FLAG_SETTER(no_summary)
DEFINE_FLAG_SETTER(no_index)
DEFINE_FLAG_SETTER(with_zeros)
DEFINE_FLAG_SETTER(kernel_hist)
DEFINE_FLAG_SETTER(nano)
DEFINE_FLAG_SETTER(no_aa)
DEFINE_FLAG_SETTER(dump_tasks)
DEFINE_FLAG_SETTER(no_irq)
DEFINE_FLAG_SETTER(no_thread)
DEFINE_FLAG_SETTER(user_threads)
DEFINE_FLAG_SETTER(user_load)
DEFINE_FLAG_SETTER(kernel_threads)
DEFINE_FLAG_SETTER(no_bpf)

/* the commands an option applies to; hwnoise takes osnoise top's (commands.h) */
#define OSN_TOP		CMD_BIT(CMD_OSNOISE_TOP)
#define OSN_HIST	CMD_BIT(CMD_OSNOISE_HIST)
#define TL_TOP		CMD_BIT(CMD_TIMERLAT_TOP)
#define TL_HIST		CMD_BIT(CMD_TIMERLAT_HIST)
#define HWL_TOP		CMD_BIT(CMD_HWLAT_TOP)
#define HWL_HIST	CMD_BIT(CMD_HWLAT_HIST)
#define OSN		(OSN_TOP | OSN_HIST)
#define TL		(TL_TOP | TL_HIST)
#define HWL		(HWL_TOP | HWL_HIST)
#define TOPS		(OSN_TOP | TL_TOP | HWL_TOP)
#define HISTS		(OSN_HIST | TL_HIST | HWL_HIST)
#define ALL		(OSN | TL)	/* the osnoise family's: a workload of threads */
#define ANY		(ALL | HWL)	/* every measuring command's */

static const struct opt_desc opt_table[] = {
	{ "auto", 'a', ARG_REQUIRED, "us",
	  "set automatic trace mode, stopping the session if argument in us sample is hit", OSN, set_auto },
	{ "period", 'p', ARG_REQUIRED, "us", "osnoise period in us", OSN, set_period },
	{ "runtime", 'r', ARG_REQUIRED, "us", "osnoise runtime in us", OSN, set_runtime },
	{ "stop", 's', ARG_REQUIRED, "us",
	  "stop trace if a single sample is higher than the argument in us", OSN, set_stop },
	{ "stop-total", 'S', ARG_REQUIRED, "us",
	  "stop trace if the total sample is higher than the argument in us", OSN, set_stop_total },
	{ "threshold", 'T', ARG_REQUIRED, "us",
	  "the minimum delta to be considered a noise", OSN, set_threshold },
	{ "cpus", 'c', ARG_REQUIRED, "cpu-list", "list of cpus to run the workload threads", ANY, set_cpus },
	{ "house-keeping", 'H', ARG_REQUIRED, "cpu-list",
	  "run rtlens control threads only on the given cpus", ANY, set_house_keeping },
	{ "cgroup", 'C', ARG_OPTIONAL, "cgroup_name",
	  "set cgroup, if no cgroup_name is passed, the rtlens's cgroup will be inherited", ALL, set_cgroup },
	{ "duration", 'd', ARG_REQUIRED, "time[s|m|h|d]", "duration of the session", ANY, set_duration },
	{ "debug", 'D', ARG_NONE, NULL, "print debug info", ANY, set_debug },
	{ "trace", 't', ARG_OPTIONAL_FILE, "file",
	  "save the stopped trace to [file|osnoise_trace.txt]", OSN, set_trace },
	{ "trace", 't', ARG_OPTIONAL_FILE, "file",
	  "save the stopped trace to [file|timerlat_trace.txt]", TL, set_trace },
	{ "event", 'e', ARG_REQUIRED, "sys[:event]",
	  "enable the <sys:event> in the trace instance, multiple -e are allowed", ANY, set_event },
	{ "filter", 0, ARG_REQUIRED, "<filter>",
	  "enable a trace event filter to the previous -e event", ANY, set_filter },
	{ "trigger", 0, ARG_REQUIRED, "<trigger>",
	  "enable a trace event trigger to the previous -e event", ANY, set_trigger },
	{ "quiet", 'q', ARG_NONE, NULL, "print only a summary at the end", TOPS, set_quiet },
	{ "priority", 'P', ARG_REQUIRED, "o:prio|r:prio|f:prio|d:runtime:period",
	  "set scheduling parameters of the workload threads\n"
	  "\t\to:prio - use SCHED_OTHER with prio\n"
	  "\t\tr:prio - use SCHED_RR with prio\n"
	  "\t\tf:prio - use SCHED_FIFO with prio\n"
	  "\t\td:runtime[us|ms|s]:period[us|ms|s] - use SCHED_DEADLINE with runtime and period\n"
	  "\t\t\t\t\t\t       in nanoseconds", ALL, set_priority },
	{ "bucket-size", 'b', ARG_REQUIRED, "N",
	  "set the histogram bucket size (default 1)", HISTS, set_bucket_size },
	{ "entries", 'E', ARG_REQUIRED, "N",
	  "set the number of entries of the histogram (default 256)", HISTS, set_entries },
	{ "no-header", 0, ARG_NONE, NULL, "do not print header", HISTS, set_no_header },
	{ "no-summary", 0, ARG_NONE, NULL, "do not print summary", HISTS, set_no_summary },
	{ "no-index", 0, ARG_NONE, NULL, "do not print index", HISTS, set_no_index },
	{ "with-zeros", 0, ARG_NONE, NULL, "print zero only entries", HISTS, set_with_zeros },
	{ "kernel-hist", 0, ARG_NONE, NULL,
	  "count the samples in a kernel hist trigger: no loss at any rate, less CPU "
	  "(without the analysis only; experimental: it froze Debian's 6.1-rt under QEMU TCG)",
	  OSN_HIST, set_kernel_hist },
	{ "engine", 0, ARG_REQUIRED, "auto|kernel|user",
	  "where the samples come from: the kernel tracer, or rtlens's own threads with the\n"
	  "\t\tstandard tracepoints (user, for kernels without the tracer); auto (default):\n"
	  "\t\tthe tracer if this kernel has it", ALL, set_engine },
	{ "vm", 0, ARG_REQUIRED, "PID",
	  "on a KVM host, show only the vCPU threads of the VMM process PID (QEMU's) in the\n"
	  "\t\tsection of the vCPU threads (default: every one seen on the measured cpus)",
	  ALL, set_vm },
	{ "warm-up", 0, ARG_REQUIRED, "s",
	  "let the workload run for s seconds before collecting data", ANY, set_warmup },
	{ "trace-buffer-size", 0, ARG_REQUIRED, "kB",
	  "set the per-cpu trace buffer size in kB", ANY, set_buffer_size },
	{ "json", 0, ARG_FILE, "file",
	  "write a JSON report of the run to file (- for stdout, then no text tables)", ANY, set_json },
	{ "listen", 0, ARG_REQUIRED, "addr:port",
	  "serve the run's metrics for Prometheus at http://addr:port/metrics while it lasts\n"
	  "\t\t(127.0.0.1:9473 this machine only, 0.0.0.0:9473 every interface)", ANY,
	  set_listen },
	{ "plot", 0, ARG_FILE, "file.svg",
	  "draw the histograms into file.svg, a picture for a browser: a panel per cpu,\n"
	  "\t\tcounts on a log scale, the stop thresholds marked", OSN_HIST | TL_HIST, set_plot },
	{ "record", 0, ARG_FILE, "file",
	  "save the run's trace to file in trace-cmd's trace.dat format (trace-cmd report and "
	  "KernelShark read it; --input replays it)", ANY, set_record },
	{ "input", 0, ARG_FILE, "file",
	  "replay a trace.dat (--record's, or trace-cmd record's with the osnoise or timerlat "
	  "tracer) instead of measuring: no root, no tracer needed", ANY, set_input },
	{ "host-input", 0, ARG_FILE, "file",
	  "with --input of a guest's recording made with --host-sync: the host's trace.dat of\n"
	  "\t\tthe same time (trace-cmd record -C mono); each noise sample and latency is\n"
	  "\t\tjoined with what the host did with its vCPU meanwhile", ALL, set_host_input },
	{ "host-sync", 0, ARG_FILE, "device",
	  "in a guest, with --record: time round trips with rtlens timesync on the host over\n"
	  "\t\tdevice (a serial or virtio port), kept in the recording for --host-input", ALL,
	  set_host_sync },
	{ "auto", 'a', ARG_REQUIRED, "us",
	  "set automatic trace mode, stopping the session if argument in us latency is hit", TL, set_tl_auto },
	{ "aa-only", 0, ARG_REQUIRED, "us",
	  "stop if <us> latency is hit, printing only the analysis of that latency (and --aa's)",
	  TL, set_aa_only },
	{ "period", 'p', ARG_REQUIRED, "us", "timerlat period in us", TL, set_tl_period },
	{ "irq", 'i', ARG_REQUIRED, "us",
	  "stop trace if the irq latency is higher than the argument in us", TL, set_stop },
	{ "thread", 'T', ARG_REQUIRED, "us",
	  "stop trace if the thread latency is higher than the argument in us", TL, set_stop_total },
	{ "stack", 's', ARG_REQUIRED, "us",
	  "save the stack trace at the IRQ if a thread latency is higher than the argument in us",
	  TL, set_stack },
	{ "nano", 'n', ARG_NONE, NULL, "display data in nanoseconds", TL, set_nano },
	{ "aa", 0, ARG_NONE, NULL,
	  "analyse every latency of the run: per cpu, the sources of latency (IRQs, softirqs,\n"
	  "\t\tthreads, NMIs, blocking) over the latencies of at least --aa-floor", TL, set_tl_aa },
	{ "aa-floor", 0, ARG_REQUIRED, "us",
	  "--aa counts the latencies of at least <us> (default 0: every latency); implies --aa",
	  TL, set_aa_floor },
	{ "no-aa", 0, ARG_NONE, NULL,
	  "disable the auto-analysis (of the stop's latency: -a, -i, -T), reducing rtlens cpu usage;\n"
	  "\t\tnot with --aa, --aa-floor, --aa-only or --dump-tasks", TL, set_no_aa },
	{ "aa", 0, ARG_NONE, NULL,
	  "analyse the causes of every noise sample (on with -a, -s, -S, --aa-top)", OSN, set_osn_aa },
	{ "no-aa", 0, ARG_NONE, NULL,
	  "disable the noise analysis, even with -a, -s or -S; not with --aa or --aa-top",
	  OSN, set_no_aa },
	{ "aa-top", 0, ARG_REQUIRED, "N",
	  "print the causes of the N worst noise samples of the run", OSN, set_aa_top },
	{ "dump-tasks", 0, ARG_NONE, NULL,
	  "print the last task seen running on each measured CPU when a threshold is hit "
	  "(needs the auto-analysis)", TL, set_dump_tasks },
	{ "bpf-action", 0, ARG_FILE, "program",
	  "load and execute BPF program when latency threshold is exceeded (in the kernel, "
	  "from the BPF counting: its program in section tp/timerlat_action)",
	  TL, set_bpf_action },
	{ "stack-format", 0, ARG_REQUIRED, "format",
	  "set the stack format (truncate, skip, full): what the analysis prints of a frame "
	  "without a kernel symbol", TL, set_stack_format },
	{ "no-irq", 0, ARG_NONE, NULL, "ignore IRQ latencies", TL_HIST, set_no_irq },
	{ "no-thread", 0, ARG_NONE, NULL, "ignore thread latencies", TL_HIST, set_no_thread },
	{ "dma-latency", 0, ARG_REQUIRED, "us",
	  "set /dev/cpu_dma_latency latency <us> to reduce exit from idle latency", TL, set_dma_latency },
	{ "deepest-idle-state", 0, ARG_REQUIRED, "n",
	  "only go down to idle state n on cpus used by timerlat to reduce exit from idle latency",
	  TL, set_deepest_idle },
	{ "user-threads", 'u', ARG_NONE, NULL,
	  "use rtlens user-space threads instead of kernel-space timerlat threads (the default "
	  "where the kernel has timerlat_fd)", TL, set_user_threads },
	{ "user-load", 'U', ARG_NONE, NULL,
	  "enable timerlat for a user-defined user-space workload: the tracer runs without "
	  "threads and measures the tasks that read osnoise/per_cpu/cpuN/timerlat_fd",
	  TL, set_user_load },
	{ "aligned", 'A', ARG_REQUIRED, "us",
	  "align the timerlat threads' wakeups to a specific offset (osnoise/timerlat_align_us)",
	  TL, set_aligned },
	{ "kernel-threads", 'k', ARG_NONE, NULL,
	  "use timerlat kernel-space threads instead of rtlens user-space threads (the default "
	  "before Linux 6.5)",
	  TL, set_kernel_threads },
	{ "no-bpf", 0, ARG_NONE, NULL,
	  "read every sample through tracefs instead of counting them in the kernel with BPF "
	  "(also RTLENS_NO_BPF=1)", ALL, set_no_bpf },
	{ "auto", 'a', ARG_REQUIRED, "us",
	  "set automatic mode: count every gap of 1 us or more (-T 1), stopping the session if a\n"
	  "\t\tsample of us is hit (-s us)", HWL, set_hwl_auto },
	{ "stop", 's', ARG_REQUIRED, "us",
	  "stop the session if a sample (the longest gap of a window) is at least us", HWL, set_stop },
	{ "threshold", 'T', ARG_REQUIRED, "us",
	  "the shortest gap counted, in us (tracing_thresh; the kernel's default: 10)", HWL,
	  set_threshold },
	{ "window", 0, ARG_REQUIRED, "us",
	  "one sample per window of us (hwlat_detector/window; the kernel's default: 1000000)",
	  HWL, set_hwl_window },
	{ "width", 0, ARG_REQUIRED, "us",
	  "the tracer spins us of each window with IRQs off (hwlat_detector/width; the kernel's\n"
	  "\t\tdefault: 500000)", HWL, set_hwl_width },
	{ "mode", 0, ARG_REQUIRED, "none|round-robin|per-cpu",
	  "where the tracer's thread runs: one thread moved to the next cpu each window\n"
	  "\t\t(round-robin, the kernel's default), a thread per cpu (per-cpu), or one the\n"
	  "\t\tscheduler places (none)", HWL, set_hwl_mode },
	{ "on-threshold", 0, ARG_REQUIRED, "<action>",
	  "define action to be executed at stop threshold, multiple are allowed\n"
	  "\t\ttrace[,file=F] | signal,num=N,pid=P|parent | shell,command=C | continue", ALL,
	  set_on_threshold },
	{ "on-end", 0, ARG_REQUIRED, "<action>",
	  "define action to be executed at measurement end, multiple are allowed", ALL, set_on_end },
};

#define NR_OPTS		(sizeof(opt_table) / sizeof(opt_table[0]))

_Static_assert(NR_OPTS <= OPT_MAX, "more options than getopt's tables hold");

const struct opt_table measuring_opts = {
	.opts		= opt_table,
	.nr_opts	= NR_OPTS,
	.exit_status	= "0 ok, 1 error, 2 a stop threshold was hit",
};

/* timerlat's options: only its commands take them, so no need to ask the tool */
static int check_timerlat(const struct rtl_params *p)
{
	if (p->user_threads && p->kernel_threads) {
		err_msg("-u and -k exclude each other: pick user-space or kernel threads");
		return -1;
	}
	if (p->no_irq && p->no_thread) {
		err_msg("--no-irq and --no-thread together leave nothing to show");
		return -1;
	}
	if (p->aa_only && p->no_aa) {
		err_msg("--aa-only and --no-aa exclude each other: --aa-only prints only the "
			"analysis");
		return -1;
	}
	if (p->aa && p->bpf_action) {
		err_msg("--bpf-action runs from the BPF counting, which --aa turns off (every latency "
			"is read with the events that explain it): drop one of them");
		return -1;
	}
	if (p->dump_tasks && p->no_aa) {
		err_msg("--dump-tasks needs the auto-analysis, which --no-aa turns off");
		return -1;
	}
	if (p->user_load && (p->user_threads || p->kernel_threads)) {
		err_msg("-U measures your own workload: -u (rtlens's threads) and -k (the kernel's) "
			"choose other ones");
		return -1;
	}
	if (p->bpf_action && !p->stop_us && !p->stop_total_us) {
		err_msg("--bpf-action runs when a stop threshold is crossed: set one (-i, -T, -a "
			"or --aa-only)");
		return -1;
	}
	if (p->bpf_action && p->no_bpf) {
		err_msg("--bpf-action runs from the BPF counting, which --no-bpf (or RTLENS_NO_BPF) "
			"turns off");
		return -1;
	}
	if (p->user_load && (p->prio.kind != SCHED_KIND_NONE || p->cgroup)) {
		err_msg("-P and -C set the measuring threads, and with -U they are yours: set their "
			"priority and cgroup where you start them");
		return -1;
	}
	return 0;
}

/* RTLENS_NO_BPF set to anything but "" or "0" is --no-bpf (as rtla's RTLA_NO_BPF) */
static void env_options(struct rtl_params *p)
{
	const char *no_bpf = getenv("RTLENS_NO_BPF");

	if (no_bpf && *no_bpf && strcmp(no_bpf, "0"))
		p->no_bpf = true;
}

/*
 * The options that act on a live run, as the parse leaves them: the
 * tracer's settings and threads, the system, the engine, the actions, the
 * trace saved, the metrics served. A replay takes the recording's settings
 * and changes nothing. Read before the defaults are filled in (-p, -r) and
 * before RTLENS_NO_BPF is (--no-bpf).
 */
static void live_options(const struct rtl_params *p, char *buf, size_t len)
{
	const struct {
		const char	*name;
		bool		given;
	} opts[] = {
		{ "-p", p->period_us },
		{ "-r", p->runtime_us },
		{ "-d", p->duration_s },
		{ "-P", p->prio.kind != SCHED_KIND_NONE },
		{ "-C", p->cgroup },
		{ "-H", p->hk_set },
		{ "-e", p->nr_events },
		{ "-t FILE", p->trace_output && p->trace_output != p->desc->trace_file },
		{ "-u", p->user_threads },
		{ "-k", p->kernel_threads },
		{ "-U", p->user_load },
		{ "-A", p->aligned_us >= 0 },
		{ "--engine", p->engine != ENGINE_AUTO },
		{ "--warm-up", p->warmup_s },
		{ "--trace-buffer-size", p->buffer_kb },
		{ "--kernel-hist", p->kernel_hist },
		{ "--no-bpf", p->no_bpf },
		{ "--bpf-action", p->bpf_action },
		{ "--dma-latency", p->dma_latency_us >= 0 },
		{ "--deepest-idle-state", p->deepest_idle >= 0 },
		{ "--on-threshold", p->on_threshold },
		{ "--on-end", p->on_end },
		{ "--listen", p->listen_addr },
		{ "--host-sync", p->host_sync_path },
		{ "--vm", p->vm_pid },
	};
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]) && used < len; i++)
		if (opts[i].given)
			used += snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
					 opts[i].name);
}

/* what a replay cannot do: it measures nothing and changes nothing */
static int check_input(const struct rtl_params *p)
{
	char live[256];

	if (p->host_input_path && !p->input_path) {
		err_msg("--host-input joins a guest's recording with its host's: give the guest's "
			"with --input");
		return -1;
	}
	if (p->host_sync_path && !p->input_path && !p->record_path) {
		err_msg("--host-sync keeps its round trips in the recording: add --record FILE");
		return -1;
	}
	if (!p->input_path)
		return 0;
	if (p->record_path) {
		err_msg("--record and --input exclude each other: the file is already recorded "
			"(copy it to keep it)");
		return -1;
	}
	live_options(p, live, sizeof(live));
	if (!live[0])
		return 0;
	err_msg("--input: these options act on a live run and do not apply to a replay, which "
		"takes the recording's settings and runs no action: %s", live);
	return -1;
}

/* a recording needs every event: nothing counted in the kernel */
static int check_record(const struct rtl_params *p)
{
	if (!p->record_path)
		return 0;
	if (p->kernel_hist) {
		err_msg("--kernel-hist counts in the kernel, without events to record: drop it "
			"to --record");
		return -1;
	}
	if (p->bpf_action) {
		err_msg("--bpf-action runs from the BPF counting, which --record turns off (the "
			"recording needs every sample): drop one of them");
		return -1;
	}
	return 0;
}

/* the option that turned the analysis of the whole run on */
static const char *analysis_asked(const struct rtl_params *p)
{
	if (p->aa_top)
		return "--aa-top";
	return p->aa_floor_us ? "--aa-floor" : "--aa";
}

static int check_combinations(struct rtl_params *p)
{
	env_options(p);
	if (check_timerlat(p) || check_record(p))
		return -1;
	/* -U: as -u, the tracer without its threads, the return to user measured */
	if (p->user_load)
		p->user_threads = true;
	if (p->kernel_hist && params_analysis_on(p)) {
		err_msg("--kernel-hist counts samples without reading them: it cannot be used with "
			"the analysis (-a, -s, -S, --aa, --aa-top)");
		return -1;
	}
	if ((p->aa || p->aa_top) && p->no_aa) {
		err_msg("%s and --no-aa exclude each other: %s asks for the analysis that --no-aa "
			"turns off", analysis_asked(p), analysis_asked(p));
		return -1;
	}
	if (p->desc->has_runtime && p->period_us && p->runtime_us &&
	    params_check_runtime(p->runtime_us, p->period_us))
		return -1;
	if (p->cpus_set && p->hk_set) {
		int cpu, overlap = 0;

		for_each_cpu_in(cpu, &p->cpus)
			overlap += cpu_mask_test(&p->hk_cpus, cpu);
		if (overlap == cpu_mask_count(&p->hk_cpus))
			warn_msg("every house-keeping cpu is also measured: rtlens will disturb the measurement");
	}
	return 0;
}

static int opts_alloc_masks(struct rtl_params *p)
{
	if (cpu_mask_init(&p->cpus, p->nr_cpus) || cpu_mask_init(&p->hk_cpus, p->nr_cpus)) {
		err_msg("out of memory");
		return -1;
	}
	return 0;
}

/*
 * --input: the CPUs are the recording's, of a machine that may have more
 * than this one; -c is checked against the recording (file_input.c)
 */
static bool has_input(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--input") || !strncmp(argv[i], "--input=", 8))
			return true;
	return false;
}

enum opts_result options_parse_command(const struct command *cmd, struct rtl_params *p,
				       int argc, char **argv)
{
	enum opts_result ret;

	if (!cmd) {
		err_msg("%s measures in no such mode", p->desc->name);
		return OPTS_ERROR;
	}
	parsing_replay = has_input(argc, argv);
	if (parsing_replay)
		p->nr_cpus = RECORDING_MAX_CPUS;
	if (opts_alloc_masks(p))
		return OPTS_ERROR;
	ret = opt_parse(cmd, &measuring_opts, p, argc, argv);
	if (ret != OPTS_OK)
		return ret;
	if (check_input(p))
		return OPTS_ERROR;
	if (!p->period_us && !p->runtime_us) {
		p->period_us = p->desc->default_period_us;
		p->runtime_us = p->desc->default_runtime_us;
	}
	if (check_combinations(p))
		return OPTS_ERROR;
	if (!p->cpus_set)
		cpu_mask_fill(&p->cpus);
	return OPTS_OK;
}
