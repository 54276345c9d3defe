// SPDX-License-Identifier: GPL-2.0
/*
 * options - one table declares every option of the measuring commands: its
 * names, value, help text and group, the commands it applies to, and the
 * field of struct rtl_params it sets with the range it takes (opt_parse.h);
 * a function only for the options that compute (option_setters.c).
 * opt_parse.c parses with it, option_checks.c checks the options together.
 */
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/run_end.h"
#include "cli/option_checks.h"
#include "cli/option_setters.h"
#include "cli/options.h"

#define MAX_PERIOD_US		10000000ULL
#define MAX_TL_PERIOD_US	1000000ULL
#define MIN_RUNTIME_US		100ULL
#define PID_MAX_LIMIT		0x3fffffffULL
#define MAX_SPEED		1000000ULL	/* --live-replay's: a day of recording in 0.1 s */

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

/* the headings of --help, in their order */
enum opt_group {
	G_MEASURE,
	G_STOPS,
	G_SCHED,
	G_ANALYSIS,
	G_HIST,
	G_OUTPUT,
	G_TRACE,
	G_RECORD,
	G_ACTIONS,
	NR_GROUPS,
};

static const char *const groups[NR_GROUPS] = {
	[G_MEASURE]	= "Measurement",
	[G_STOPS]	= "Thresholds and stops",
	[G_SCHED]	= "Scheduling",
	[G_ANALYSIS]	= "Analysis",
	[G_HIST]	= "Histogram",
	[G_OUTPUT]	= "Output",
	[G_TRACE]	= "Tracing",
	[G_RECORD]	= "Recording and replay",
	[G_ACTIONS]	= "Actions",
};

static const char *const engine_names[] = {
	[ENGINE_AUTO] = "auto", [ENGINE_KERNEL] = "kernel", [ENGINE_OWN] = "user",
};

static const char *const hwlat_modes[] = { "none", "round-robin", "per-cpu" };

#define NR_NAMES(a)	(sizeof(a) / sizeof((a)[0]))

/* a row of group @g: the option's long and short names, its value's name, help, commands */
#define ROW(g, l, s, a, h, c)	.group = (g), .name = (l), .short_name = (s), .arg_name = (a), \
				.help = (h), .cmds = (c)
/* what a typed row sets: a field of struct rtl_params */
#define FLAG(m)			OPT_FLAG(struct rtl_params, m)
#define UINT(m, lo, hi, w)	OPT_UINT_FIELD(struct rtl_params, m, lo, hi), .what = (w)
#define US(m, lo, hi, w)	UINT(m, lo, hi, w), .unit = OPT_UNIT_US
#define DURATION(m)		OPT_DURATION_FIELD(struct rtl_params, m)
#define PATH(m)			OPT_PATH_FIELD(struct rtl_params, m)
#define ENUM(m, list, w)	OPT_ENUM_FIELD(struct rtl_params, m, list, NR_NAMES(list)), .what = (w)
#define CHOICE(m, list, w)	OPT_CHOICE_FIELD(struct rtl_params, m, list, NR_NAMES(list)), .what = (w)

static const struct opt_desc opt_table[] = {
	/* Measurement */
	{ ROW(G_MEASURE, "cpus", 'c', "cpu-list", "list of cpus to run the workload threads", ANY),
	  OPT_CALL(ARG_REQUIRED, opts_set_cpus) },
	{ ROW(G_MEASURE, "period", 'p', "us", "osnoise period in us", OSN),
	  US(period_us, 1, MAX_PERIOD_US, "the period") },
	{ ROW(G_MEASURE, "runtime", 'r', "us", "osnoise runtime in us", OSN),
	  US(runtime_us, MIN_RUNTIME_US, 0, "the runtime") },
	{ ROW(G_MEASURE, "period", 'p', "us", "timerlat period in us", TL),
	  US(period_us, 100, MAX_TL_PERIOD_US, "the timerlat period") },
	{ ROW(G_MEASURE, "window", 0, "us",
	      "one sample per window of us (hwlat_detector/window; the kernel's default: 1000000)",
	      HWL),
	  US(period_us, 100, MAX_PERIOD_US, "the window") },
	{ ROW(G_MEASURE, "width", 0, "us",
	      "the tracer spins us of each window with IRQs off (hwlat_detector/width; the kernel's\n"
	      "\t\tdefault: 500000)", HWL),
	  US(runtime_us, 1, MAX_PERIOD_US - 1, "the width"), .note = "below the window" },
	{ ROW(G_MEASURE, "mode", 0, "none|round-robin|per-cpu",
	      "where the tracer's thread runs: one thread moved to the next cpu each window\n"
	      "\t\t(round-robin, the kernel's default), a thread per cpu (per-cpu), or one the\n"
	      "\t\tscheduler places (none)", HWL),
	  CHOICE(hwlat_mode, hwlat_modes, "the mode") },
	{ ROW(G_MEASURE, "duration", 'd', "time[s|m|h|d]", "duration of the session", ANY),
	  DURATION(duration_s) },
	{ ROW(G_MEASURE, "warm-up", 0, "s",
	      "let the workload run for s seconds before collecting data", ANY),
	  DURATION(warmup_s) },
	{ ROW(G_MEASURE, "engine", 0, "auto|kernel|user",
	      "where the samples come from: the kernel tracer, or rtlens's own threads with the\n"
	      "\t\tstandard tracepoints (user, for kernels without the tracer); auto (default):\n"
	      "\t\tthe tracer if this kernel has it", ALL),
	  ENUM(engine, engine_names, "the engine") },
	{ ROW(G_MEASURE, "user-threads", 'u', NULL,
	      "use rtlens user-space threads instead of kernel-space timerlat threads (the default "
	      "where the kernel has timerlat_fd)", TL),
	  FLAG(user_threads) },
	{ ROW(G_MEASURE, "kernel-threads", 'k', NULL,
	      "use timerlat kernel-space threads instead of rtlens user-space threads (the default "
	      "before Linux 6.5)", TL),
	  FLAG(kernel_threads) },
	{ ROW(G_MEASURE, "user-load", 'U', NULL,
	      "enable timerlat for a user-defined user-space workload: the tracer runs without "
	      "threads and measures the tasks that read osnoise/per_cpu/cpuN/timerlat_fd", TL),
	  FLAG(user_load) },
	{ ROW(G_MEASURE, "aligned", 'A', "us",
	      "align the timerlat threads' wakeups to a specific offset (osnoise/timerlat_align_us)",
	      TL),
	  US(aligned_us, 0, MAX_TL_PERIOD_US, "the alignment"), .note = "within the period" },
	/* Thresholds and stops */
	{ ROW(G_STOPS, "auto", 'a', "us",
	      "set automatic trace mode, stopping the session if argument in us sample is hit", OSN),
	  UINT(stop_us, 0, 0, NULL), .then = opts_auto_then },
	{ ROW(G_STOPS, "auto", 'a', "us",
	      "set automatic trace mode, stopping the session if argument in us latency is hit", TL),
	  UINT(stop_us, 0, 0, NULL), .then = opts_tl_auto_then },
	{ ROW(G_STOPS, "auto", 'a', "us",
	      "set automatic mode: count every gap of 1 us or more (-T 1), stopping the session if a\n"
	      "\t\tsample of us is hit (-s us)", HWL),
	  UINT(stop_us, 0, 0, NULL), .then = opts_threshold_1us_then },
	{ ROW(G_STOPS, "stop", 's', "us",
	      "stop trace if a single sample is higher than the argument in us", OSN),
	  UINT(stop_us, 0, 0, NULL) },
	{ ROW(G_STOPS, "stop", 's', "us",
	      "stop the session if a sample (the longest gap of a window) is at least us", HWL),
	  UINT(stop_us, 0, 0, NULL) },
	{ ROW(G_STOPS, "stop-total", 'S', "us",
	      "stop trace if the total sample is higher than the argument in us", OSN),
	  UINT(stop_total_us, 0, 0, NULL) },
	{ ROW(G_STOPS, "threshold", 'T', "us", "the minimum delta to be considered a noise", OSN),
	  US(threshold_us, 1, 0, "the threshold") },
	{ ROW(G_STOPS, "threshold", 'T', "us",
	      "the shortest gap counted, in us (tracing_thresh; the kernel's default: 10)", HWL),
	  US(threshold_us, 1, 0, "the threshold") },
	{ ROW(G_STOPS, "irq", 'i', "us",
	      "stop trace if the irq latency is higher than the argument in us", TL),
	  UINT(stop_us, 0, 0, NULL) },
	{ ROW(G_STOPS, "thread", 'T', "us",
	      "stop trace if the thread latency is higher than the argument in us", TL),
	  UINT(stop_total_us, 0, 0, NULL) },
	{ ROW(G_STOPS, "aa-only", 0, "us",
	      "stop if <us> latency is hit, printing only the analysis of that latency (and --aa's)",
	      TL),
	  UINT(stop_us, 0, 0, NULL), .then = opts_aa_only_then },
	{ ROW(G_STOPS, "until-confident", 0, "P:US",
	      "run until the level a sample exceeds with probability P (1e-9) is known,\n"
	      "\t\tat 90%, to be under US microseconds (exit status 0) or over it (2); implies --tail",
	      OSN | TL),
	  OPT_CALL(ARG_REQUIRED, opts_set_until_confident) },

	/* Scheduling */
	{ ROW(G_SCHED, "house-keeping", 'H', "cpu-list",
	      "run rtlens control threads only on the given cpus", ANY),
	  OPT_CALL(ARG_REQUIRED, opts_set_house_keeping) },
	{ ROW(G_SCHED, "priority", 'P', "o:prio|r:prio|f:prio|d:runtime:period",
	      "set scheduling parameters of the workload threads\n"
	      "\t\to:prio - use SCHED_OTHER with prio\n"
	      "\t\tr:prio - use SCHED_RR with prio\n"
	      "\t\tf:prio - use SCHED_FIFO with prio\n"
	      "\t\td:runtime[ns|us|ms|s]:period[ns|us|ms|s] - use SCHED_DEADLINE with runtime\n"
	      "\t\t\t\t\t\t\t   and period (a number without a unit is in ns)", ALL),
	  OPT_CALL(ARG_REQUIRED, opts_set_priority) },
	{ ROW(G_SCHED, "cgroup", 'C', "cgroup_name",
	      "set cgroup, if no cgroup_name is passed, the rtlens's cgroup will be inherited", ALL),
	  OPT_CALL(ARG_OPTIONAL, opts_set_cgroup) },
	{ ROW(G_SCHED, "dma-latency", 0, "us",
	      "set /dev/cpu_dma_latency latency <us> to reduce exit from idle latency", TL),
	  US(dma_latency_us, 0, 10000000, "the DMA latency") },
	{ ROW(G_SCHED, "deepest-idle-state", 0, "n",
	      "only go down to idle state n on cpus used by timerlat to reduce exit from idle latency",
	      TL),
	  UINT(deepest_idle, 0, 64, "the idle state") },

	/* Analysis */
	{ ROW(G_ANALYSIS, "aa", 0, NULL,
	      "analyse every latency of the run: per cpu, the sources of latency (IRQs, softirqs,\n"
	      "\t\tthreads, NMIs, blocking) over the latencies of at least --aa-floor", TL),
	  FLAG(aa), .hint = "to stop at a latency use -a US or --aa-only US" },
	{ ROW(G_ANALYSIS, "aa-floor", 0, "us",
	      "--aa counts the latencies of at least <us> (default 0: every latency); implies --aa",
	      TL),
	  US(aa_floor_us, 0, MAX_TL_PERIOD_US * 10, "the floor"), .then = opts_aa_floor_then },
	{ ROW(G_ANALYSIS, "no-aa", 0, NULL,
	      "disable the auto-analysis (of the stop's latency: -a, -i, -T), reducing rtlens cpu "
	      "usage;\n\t\tnot with --aa, --aa-floor, --aa-only or --dump-tasks", TL),
	  FLAG(no_aa) },
	{ ROW(G_ANALYSIS, "aa", 0, NULL,
	      "analyse the causes of every noise sample (on with -a, -s, -S, --aa-top)", OSN),
	  FLAG(aa), .hint = "to stop at a noise sample use -a US or -s US" },
	{ ROW(G_ANALYSIS, "no-aa", 0, NULL,
	      "disable the noise analysis, even with -a, -s or -S; not with --aa or --aa-top", OSN),
	  FLAG(no_aa) },
	{ ROW(G_ANALYSIS, "aa-top", 0, "N", "print the causes of the N worst noise samples of the run",
	      OSN),
	  UINT(aa_top, 1, 1000, "N") },
	{ ROW(G_ANALYSIS, "tail", 0, "horizons",
	      "estimate what a longer run would see: the levels exceeded with probability 1e-6\n"
	      "\t\tand 1e-9 per sample and the worst over the horizons (default 1h,24h), with\n"
	      "\t\ttheir 90% intervals, when the checks of the fit pass; reads every sample", OSN | TL),
	  OPT_CALL(ARG_OPTIONAL, opts_set_tail) },
	{ ROW(G_ANALYSIS, "dump-tasks", 0, NULL,
	      "print the last task seen running on each measured CPU when a threshold is hit "
	      "(needs the auto-analysis)", TL),
	  FLAG(dump_tasks) },
	{ ROW(G_ANALYSIS, "stack", 's', "us",
	      "save the stack trace at the IRQ if a thread latency is higher than the argument in us",
	      TL),
	  UINT(stack_us, 0, 0, NULL) },
	{ ROW(G_ANALYSIS, "stack-format", 0, "format",
	      "set the stack format (truncate, skip, full): what the analysis prints of a frame "
	      "without a kernel symbol", TL),
	  OPT_ENUM_FIELD(struct rtl_params, stack_format, stack_format_names, NR_STACK_FORMATS),
	  .what = "the stack format" },
	{ ROW(G_ANALYSIS, "vm", 0, "PID",
	      "on a KVM host, show only the vCPU threads of the VMM process PID (QEMU's) in the\n"
	      "\t\tsection of the vCPU threads (default: every one seen on the measured cpus)", ALL),
	  UINT(vm_pid, 1, PID_MAX_LIMIT, "the process id") },

	/* Histogram */
	{ ROW(G_HIST, "bucket-size", 'b', "N", "set the histogram bucket size (default 1)", HISTS),
	  UINT(bucket_size, 1, 999999, "the bucket size"), .then = opts_hist_then },
	{ ROW(G_HIST, "entries", 'E', "N",
	      "set the number of entries of the histogram (default 256; with --plot, "
	      PLOT_ENTRIES_TEXT ")", HISTS),
	  UINT(entries, 10, 9999999, "the number of entries"), .then = opts_hist_then },
	{ ROW(G_HIST, "no-header", 0, NULL, "do not print header", HISTS), FLAG(no_header) },
	{ ROW(G_HIST, "no-summary", 0, NULL, "do not print summary", HISTS), FLAG(no_summary) },
	{ ROW(G_HIST, "no-index", 0, NULL, "do not print index", HISTS), FLAG(no_index) },
	{ ROW(G_HIST, "with-zeros", 0, NULL, "print zero only entries", HISTS), FLAG(with_zeros) },
	{ ROW(G_HIST, "no-irq", 0, NULL, "ignore IRQ latencies", TL_HIST), FLAG(no_irq) },
	{ ROW(G_HIST, "no-thread", 0, NULL, "ignore thread latencies", TL_HIST), FLAG(no_thread) },
	{ ROW(G_HIST, "kernel-hist", 0, NULL,
	      "count the samples in a kernel hist trigger: no loss at any rate, less CPU "
	      "(without the analysis only; experimental: it froze Debian's 6.1-rt under QEMU TCG)",
	      OSN_HIST),
	  FLAG(kernel_hist) },

	/* Output */
	{ ROW(G_OUTPUT, "quiet", 'q', NULL, "print only a summary at the end", TOPS), FLAG(quiet) },
	{ ROW(G_OUTPUT, "nano", 'n', NULL, "display data in nanoseconds", TL), FLAG(nano) },
	{ ROW(G_OUTPUT, "json", 0, "file",
	      "write a JSON report of the run to file (- for stdout, then no text tables)", ANY),
	  PATH(json_path), .empty = "the file name is empty (use - for stdout)" },
	{ ROW(G_OUTPUT, "plot", 0, "file.svg",
	      "draw the histograms into file.svg, a picture for a browser: a panel per cpu,\n"
	      "\t\tcounts on a log scale, the stop thresholds marked", OSN_HIST | TL_HIST),
	  PATH(plot_path), .empty = "the file name is empty (name a FILE.svg)",
	  .dash = "the picture would be mixed with the text histogram on stdout: name a file "
		  "(FILE.svg)" },
	{ ROW(G_OUTPUT, "listen", 0, "addr:port",
	      "serve the run's metrics for Prometheus at http://addr:port/metrics while it lasts\n"
	      "\t\t(127.0.0.1:9473 this machine only, 0.0.0.0:9473 every interface)", ANY),
	  OPT_CALL(ARG_REQUIRED, opts_set_listen) },
	{ ROW(G_OUTPUT, "debug", 'D', NULL, "print debug info", ANY), FLAG(debug) },

	/* Tracing */
	{ ROW(G_TRACE, "trace", 't', "file",
	      "save the stopped trace to file, or to the tool's osnoise_trace.txt or "
	      "timerlat_trace.txt", ALL),
	  OPT_CALL(ARG_OPTIONAL_FILE, opts_set_trace) },
	{ ROW(G_TRACE, "event", 'e', "sys[:event]",
	      "enable the <sys:event> in the trace instance, multiple -e are allowed", ANY),
	  OPT_CALL(ARG_REQUIRED, opts_set_event) },
	{ ROW(G_TRACE, "filter", 0, "<filter>",
	      "enable a trace event filter to the previous -e event", ANY),
	  OPT_CALL(ARG_REQUIRED, opts_set_filter) },
	{ ROW(G_TRACE, "trigger", 0, "<trigger>",
	      "enable a trace event trigger to the previous -e event", ANY),
	  OPT_CALL(ARG_REQUIRED, opts_set_trigger) },
	{ ROW(G_TRACE, "no-bpf", 0, NULL,
	      "read every sample through tracefs instead of counting them in the kernel with BPF "
	      "(also RTLENS_NO_BPF=1)", ALL),
	  FLAG(no_bpf) },
	{ ROW(G_TRACE, "trace-buffer-size", 0, "kB", "set the per-cpu trace buffer size in kB", ANY),
	  UINT(buffer_kb, 1, 0, "the buffer size"), .unit = OPT_UNIT_KB },

	/* Recording and replay */
	{ ROW(G_RECORD, "record", 0, "file",
	      "save the run's trace to file in trace-cmd's trace.dat format (trace-cmd report and "
	      "KernelShark read it; --input replays it)", ANY),
	  PATH(record_path), .dash = "a trace.dat cannot go to stdout: name a file" },
	{ ROW(G_RECORD, "input", 0, "file",
	      "replay a trace.dat (--record's, or trace-cmd record's with the osnoise or timerlat "
	      "tracer) instead of measuring: no root, no tracer needed", ANY),
	  OPT_CALL(ARG_FILE, opts_set_input) },
	{ ROW(G_RECORD, "live-replay", 0, NULL,
	      "with --input: replay at the pace it was recorded, the live table (top) or the\n"
	      "\t\tprogress line redrawn each second, the keys working; -d: that much recorded time",
	      ANY),
	  FLAG(live_replay) },
	{ ROW(G_RECORD, "speed", 0, "N",
	      "with --live-replay: play N times faster (0.5: half as fast; default 1)", ANY),
	  OPT_FACTOR_FIELD(struct rtl_params, speed, MAX_SPEED), .what = "the speed" },
	{ ROW(G_RECORD, "host-input", 0, "file",
	      "with --input of a guest's recording made with --host-sync: the host's trace.dat of\n"
	      "\t\tthe same time (trace-cmd record -C mono); each noise sample and latency is\n"
	      "\t\tjoined with what the host did with its vCPU meanwhile", ALL),
	  PATH(host_input_path) },
	{ ROW(G_RECORD, "host-sync", 0, "device",
	      "in a guest, with --record: time round trips with rtlens timesync on the host over\n"
	      "\t\tdevice (a serial or virtio port), kept in the recording for --host-input", ALL),
	  PATH(host_sync_path), .empty = "the device name is empty" },

	/* Actions */
	{ ROW(G_ACTIONS, "on-threshold", 0, "<action>",
	      "define action to be executed at stop threshold, multiple are allowed\n"
	      "\t\ttrace[,file=F] | signal,num=N,pid=P|parent | shell,command=C | continue", ALL),
	  OPT_CALL(ARG_REQUIRED, opts_set_on_threshold) },
	{ ROW(G_ACTIONS, "on-end", 0, "<action>",
	      "define action to be executed at measurement end, multiple are allowed", ALL),
	  OPT_CALL(ARG_REQUIRED, opts_set_on_end) },
	{ ROW(G_ACTIONS, "bpf-action", 0, "program",
	      "load and execute BPF program when latency threshold is exceeded (in the kernel, "
	      "from the BPF counting: its program in section tp/timerlat_action)", TL),
	  PATH(bpf_action), .empty = "the path of a BPF object (.o) is needed" },
};

#define NR_OPTS		(sizeof(opt_table) / sizeof(opt_table[0]))

_Static_assert(NR_OPTS <= OPT_MAX, "more options than getopt's tables hold");

const struct opt_table measuring_opts = {
	.opts		= opt_table,
	.nr_opts	= NR_OPTS,
	.exit_status	= "0 ok, 1 error, 2 a stop threshold was hit",
	.groups		= groups,
	.nr_groups	= NR_GROUPS,
};

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
	bool replay;

	if (!cmd) {
		err_msg("%s measures in no such mode", p->desc->name);
		return OPTS_ERROR;
	}
	replay = has_input(argc, argv);
	option_setters_replay(replay);
	if (replay)
		p->nr_cpus = RECORDING_MAX_CPUS;
	if (opts_alloc_masks(p))
		return OPTS_ERROR;
	ret = opt_parse(cmd, &measuring_opts, p, argc, argv);
	log_set_debug(p->debug);
	if (ret != OPTS_OK)
		return ret;
	return options_check(p) ? OPTS_ERROR : OPTS_OK;
}
