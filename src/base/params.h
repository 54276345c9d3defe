/* SPDX-License-Identifier: GPL-2.0 */
/*
 * params - the configuration of one run, filled by the option parser
 */
#ifndef RTLENS_PARAMS_H
#define RTLENS_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/cpulist.h"
#include "base/parse.h"
#include "base/tool.h"

/*
 * The histogram of --plot without -b and -E: 1 us buckets up to 10 ms. The
 * picture has to hold the samples, and rtla's 256 us leave out the noise
 * of a thread that preempts the workload, often most of osnoise's.
 */
#define PLOT_ENTRIES		10000
#define PLOT_ENTRIES_TEXT	"10000"

/* Where the samples come from. */
/* --stack-format: what the analysis prints of a frame kallsyms does not name */
enum stack_format {
	STACK_TRUNCATE,		/* the stack ends before it (rtla's default) */
	STACK_SKIP,		/* the frame is left out */
	STACK_FULL,		/* the frame is printed as its address */
	NR_STACK_FORMATS,
};
extern const char *const stack_format_names[NR_STACK_FORMATS];

enum rtl_engine {
	ENGINE_AUTO,		/* the kernel tracer if this kernel has it, else user */
	ENGINE_KERNEL,		/* the osnoise/timerlat tracer */
	ENGINE_OWN,		/* rtlens's own threads and the standard tracepoints (--engine user) */
};

struct action_list;

struct event_spec {
	char	*system;
	char	*event;		/* NULL: every event of the system */
	char	*filter;
	char	*trigger;
};

#define RTL_TAIL_HORIZONS	8	/* --tail's horizons, at most */

struct rtl_params {
	const struct tool_desc	*desc;		/* the tool: what tells it from the others */
	enum rtl_tool		tool;		/* desc->tool: the index of per-tool tables */
	enum rtl_mode		mode;
	const char		*command;	/* "osnoise top" */
	bool			hwnoise;	/* desc->irqs_off: hwnoise */
	enum rtl_engine		engine;
	int			nr_cpus;	/* CPUs of the system */

	struct cpu_mask		cpus;		/* measured CPUs */
	bool			cpus_set;
	const char		*cpus_from;	/* no -c: "cpuset", "affinity" narrowed them */
	char			*cpus_file;	/* "cpuset": its cpuset.cpus.effective */
	struct cpu_mask		hk_cpus;	/* where rtlens itself runs */
	bool			hk_set;
	bool			cgroup;
	char			*cgroup_name;	/* NULL: rtlens's own cgroup */
	struct sched_attr_req	prio;

	uint64_t		period_us;	/* 0: leave the kernel's value */
	uint64_t		runtime_us;	/* 0: leave the kernel's value */
	uint64_t		stop_us;	/* 0: unset; timerlat: -i, IRQ latency */
	uint64_t		stop_total_us;	/* 0: unset; timerlat: -T, thread latency */
	uint64_t		threshold_us;	/* 0: unset */
	uint64_t		duration_s;	/* 0: until interrupted */
	uint64_t		warmup_s;
	uint64_t		buffer_kb;	/* 0: the kernel's default */
	const char		*trace_output;	/* NULL: no trace saved */

	struct event_spec	*events;
	int			nr_events;

	bool			debug;
	bool			quiet;
	const char		*json_path;	/* NULL: no JSON; "-": stdout */
	const char		*plot_path;	/* --plot: the SVG picture of a hist run, or NULL */
	const char		*listen_addr;	/* --listen: ADDR:PORT of /metrics, or NULL */
	const char		*bpf_action;	/* --bpf-action: a BPF object's path */
	const char		*record_path;	/* --record: the trace.dat written, or NULL */
	const char		*input_path;	/* --input: the trace.dat replayed, or NULL */
	bool			live_replay;	/* --live-replay: at the pace it was recorded */
	double			speed;		/* --speed: that pace times this; 0: unset (1) */
	const char		*host_input_path;	/* --host-input: the host's, joined */
	const char		*host_sync_path;	/* --host-sync: the channel to the host */
	char			**argv;		/* the command line, for the recording */
	int			argc;

	/* hist */
	unsigned int		bucket_size;
	unsigned int		entries;
	bool			hist_given;	/* -b or -E: --plot keeps the buckets */
	bool			no_header;
	bool			no_summary;
	bool			no_index;
	bool			with_zeros;
	bool			kernel_hist;	/* osnoise hist: count in a kernel hist trigger */

	/* timerlat */
	uint64_t		stack_us;	/* -s: 0 unset */
	enum stack_format	stack_format;
	bool			nano;		/* -n: output in ns */
	int64_t			dma_latency_us;	/* -1: unset */
	int			deepest_idle;	/* -1: unset */
	bool			user_threads;	/* the tracer without its threads (-u, -U) */
	bool			kernel_threads;
	bool			user_load;	/* -U: the user's own workload reads timerlat_fd */
	int64_t			aligned_us;	/* -A: osnoise/timerlat_align_us; -1 unset */
	bool			aa_only;
	bool			no_aa;
	bool			dump_tasks;	/* timerlat: --dump-tasks */
	bool			aa;		/* --aa: the sources of the whole run */
	/*
	 * The run is shown on the live screen: the analysis -a, -s, -S or -T
	 * turn on reads its events as they come, as --aa's does, for the
	 * sources pane (the report's JSON still has --aa's table with --aa only)
	 */
	bool			live_screen;
	uint64_t		aa_floor_us;	/* timerlat --aa-floor: latencies counted from */
	unsigned int		aa_top;		/* osnoise: --aa-top N worst samples */
	/* --tail: the tail estimates, with the worst expected over these horizons */
	bool			tail;
	int			nr_tail_horizons;
	double			tail_horizons_s[RTL_TAIL_HORIZONS];
	/*
	 * --until-confident P:US (it implies --tail): on until the level a
	 * sample exceeds with probability gate_p is known to be under or over
	 * gate_us; gate_p 0: not asked
	 */
	double			gate_p;
	double			gate_us;
	/*
	 * --vm PID: the vCPU threads of that VMM process only (its thread
	 * ids, read from /proc at the start: vm_tids); 0: every one seen
	 */
	int			vm_pid;
	int			*vm_tids;
	int			nr_vm_tids;
	bool			no_bpf;		/* --no-bpf, RTLENS_NO_BPF */
	bool			no_irq;
	bool			no_thread;

	/*
	 * hwlat: hwlat_detector/mode (NULL: the kernel's); its window and
	 * width are period_us and runtime_us
	 */
	const char		*hwlat_mode;

	/* what rt-tests' scripts ask of a run (hwlatdetect) */
	bool			watch;		/* each sample printed as it comes */
	const char		*samples_path;	/* each sample, a line each, to this file */
	uint64_t		fail_over_us;	/* exit 1 when a sample passed it; 0: never */

	struct action_list	*on_threshold;
	struct action_list	*on_end;
};

/* Is the root-cause analysis on for this run? */
bool params_analysis_on(const struct rtl_params *p);
/*
 * What the run must trace, and no more (a meter that adds noise reads
 * wrong): the analysis' events (the tracer's *_noise) when the analysis can
 * run (timerlat's needs a threshold to explain, or --aa); every sample when the mode
 * shows them or the analysis explains them (osnoise top without analysis
 * reads the tracer's periodic summaries alone).
 */
bool params_trace_analysis(const struct rtl_params *p);
/* The analysis explains the whole run as it goes (--aa, or the live screen's pane). */
bool params_whole_run_analysis(const struct rtl_params *p);
/* Every sample is read one by one: a mode that shows each, the analysis, --tail. */
bool params_trace_samples(const struct rtl_params *p);
/*
 * The rule of osnoise's runtime: at most the period (-p, or the one in
 * force where -p leaves it open). -1 with the message.
 */
int params_check_runtime(uint64_t runtime_us, uint64_t period_us);
/* Output unit of latencies: 1 (ns, -n) or 1000 (us). */
unsigned int params_divisor(const struct rtl_params *p);

void params_init_tool(struct rtl_params *p, const struct tool_desc *desc, enum rtl_mode mode,
		      const char *command, int nr_cpus);
/* params_init_tool() for the plain tool running @tool */
void params_init(struct rtl_params *p, enum rtl_tool tool, enum rtl_mode mode,
		 const char *command, int nr_cpus);
void params_free(struct rtl_params *p);
/* the tool is hwnoise: osnoise with IRQs disabled */
void params_set_hwnoise(struct rtl_params *p);

#endif
