/* SPDX-License-Identifier: GPL-2.0 */
/*
 * render - text tables and JSON reports, pure functions of the model
 */
#ifndef RTLENS_RENDER_H
#define RTLENS_RENDER_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "model/latency_model.h"
#include "model/noise_model.h"
#include "base/params.h"
#include "base/run_end.h"
#include "analysis/run_models.h"

enum threshold_kind {
	THRESHOLD_SINGLE,	/* -s: one sample */
	THRESHOLD_TOTAL,	/* -S: noise of one period */
};

/* the live screen's first line while it is paused (key p) */
#define RENDER_PAUSED	"[paused: p resumes, r resets, q quits]"

/* the top tables' colours on a terminal (rtla's) */
#define COLOR_TITLE	"\033[2;37;40m"
#define COLOR_HEADER	"\033[2;30;47m"
#define COLOR_ALERT	"\033[1;31m"
#define COLOR_RESET	"\033[0;0;0m"

/* The sorts of the live table's rows (key o); each tool cycles through its own */
enum live_sort {
	LIVE_SORT_CPU,
	LIVE_SORT_NOISE,	/* osnoise: Noise, largest first */
	LIVE_SORT_MAX_SINGLE,	/* osnoise: Max Single */
	LIVE_SORT_LATENCY,	/* timerlat: the largest latency (IRQ or thread) */
	NR_LIVE_SORTS,
};

/*
 * The live screen's choices, made with keys (the session's): what the
 * table and the sources pane show, and the terminal they fit.
 */
struct live_choice {
	int		rows, cols;	/* the terminal; 0: no limit */
	int		selected;	/* the CPU selected (j/k, arrows); -1: none */
	enum live_sort	sort;		/* o */
	int		window_s;	/* the pane's window (w); 0: the whole run */
	bool		pane;		/* s: the sources pane shown */
	bool		help;		/* ?: the keys explained */
};

/* What the renderers need besides the model. */
/* --input: what was replayed, and where the replay's stop thresholds stopped it */
struct replay_view {
	const char		*command;	/* "osnoise top"; "": another tool's recording */
	const char		*hostname;
	time_t			started;
	double			elapsed_s;	/* of the recorded run */
	const char		*version;	/* rtlens's that recorded; "": another tool */
	bool			stopped;	/* a sample reached a threshold given to the replay */
	int			stop_cpu;
	bool			stop_total;	/* its limit: -S, timerlat's -T; else -s, -i */
	uint64_t		stop_value_us;
	double			stop_at_s;	/* into the recorded run */
};

struct run_view {
	double			elapsed_s;	/* measurement time so far */
	time_t			started;	/* wall clock at the start */
	bool			pretty;		/* a terminal: colours */
	bool			paused;
	uint64_t		lost_events;
	const char		*data_path;	/* "bpf", "tracefs", "user" */
	const char		*data_path_detail; /* bpf: where; tracefs: why not BPF */
	enum stop_reason	reason;
	int			signal;		/* STOP_SIGNAL */
	enum threshold_kind	threshold_kind;	/* STOP_THRESHOLD */
	int			threshold_cpu;	/* -1: unknown */
	int			exit_status;
	uint64_t		threshold_hits;	/* stop thresholds hit so far */
	const char		*recorded_by;	/* --input: "rtlens" or "other"; else NULL */
	const char		*recorded_version; /* --input: rtlens's version that recorded */
	const struct replay_view *replay;	/* --input; NULL: a live run */
	long			*screen_body;	/* live screen: its rows' [start, end) in out, or NULL */
	const struct live_choice *live;	/* the live screen's choices; NULL: not live */
	int			wrap_cols;	/* the notes after the table wrap to it; 0: not */
};

/* screen_body's marks: the rows' start and end, the selected row's start */
enum { SCREEN_BODY_START, SCREEN_BODY_END, SCREEN_BODY_SELECTED, NR_SCREEN_BODY };

/*
 * The live screen's rows start (@which SCREEN_BODY_START) or end at out's
 * position (body_mark.c).
 */
void render_mark_body(FILE *out, const struct run_view *v, int which);

/*
 * "  0 00:00:10": days, then hh:mm:ss, @seconds rounded to the nearest
 * second; every table, the live screen's, the progress line and the plot
 */
void format_duration(double seconds, char *buf, size_t len);

void render_top(FILE *out, const struct noise_model *m, const struct rtl_params *p,
		const struct run_view *v);
void render_hist(FILE *out, const struct noise_model *m, const struct rtl_params *p,
		 const struct run_view *v);
void render_timerlat_top(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			 const struct run_view *v);
void render_timerlat_hist(FILE *out, const struct latency_model *m, const struct rtl_params *p,
			  const struct run_view *v);

/*
 * The CPUs of the live table's rows (top), in the order shown for
 * @live->sort (NULL: by CPU), into @cpus (room for @max); how many.
 */
int render_row_order(const struct run_models *m, const struct rtl_params *p,
		     const struct live_choice *live, int *cpus, int max);
/* The sort after @sort in the cycle of the session's tool (key o). */
enum live_sort render_next_sort(const struct rtl_params *p, enum live_sort sort);
/* The sort's name on the status line: "CPU", "noise", "max single", "latency". */
const char *render_sort_name(enum live_sort sort);

/* The table of the session's tool and mode (top or hist). */
void render_screen(FILE *out, const struct run_models *m, const struct rtl_params *p,
		   const struct run_view *v);

/* Is the table of the session's mode redrawn while it measures (top)? */
bool render_screen_live(const struct rtl_params *p);
/* The tool's words before its measurement (struct tool_render's begin), if any. */
void render_begin(FILE *out, const struct rtl_params *p);
/*
 * One sample as it comes; every one at the end: 0, or -1 when writing @out
 * failed. A tool without such lines prints none.
 */
void render_record(FILE *out, const struct rtl_record *rec, const struct rtl_params *p);
int render_samples(FILE *out, const struct run_models *m, const struct rtl_params *p);

/* "rtlens osnoise hist:  0 00:00:12 of  0 00:01:00, 1234 samples, max 37 us" */
void render_progress(char *buf, size_t len, const struct run_models *m,
		     const struct rtl_params *p, const struct run_view *v);

/* The root-cause analysis and the guest note, after the table. */
void render_analysis(FILE *out, const struct run_models *m, const struct rtl_params *p,
		     const struct run_view *v);

/* --until-confident's verdict in one line (tail_gate_text.c); nothing without it */
void render_gate(FILE *out, const struct run_models *m, const struct rtl_params *p);
/* --tail: the estimates of the run's series in @unit, at the end of the text (tail_text.c) */
void render_tail(FILE *out, const struct run_models *m, const struct rtl_params *p,
		 const struct run_view *v, const char *unit);

/* --host-input: what the host did with the guest's vCPUs in its samples */
void render_vm_join(FILE *out, const struct run_models *m, const struct rtl_params *p,
		    const struct run_view *v);
/* The time guest CPU @cpu measured: what the join's shares of runtime are of. */
uint64_t vm_join_runtime_ns(const struct run_models *m, int cpu,
			    const struct run_view *v);
/* A sample's largest host cause in words, into @buf. */
void vm_join_main_cause(const struct vcpu_host_breakdown *b, char *buf, size_t len);
/*
 * A KVM host's vCPU threads (analysis/vcpu_threads.h), after the tables:
 * nothing where none were followed (and no --vm)
 */
void render_vcpu_threads(FILE *out, const struct run_models *m, const struct rtl_params *p);

/* 0, or -1 when the document could not be written completely. */
int render_json(FILE *out, const struct run_models *m, const struct rtl_params *p,
		const struct run_view *v);

/* ---- what the renderers do per tool and mode (screen.c) ---- */
struct json_writer;
struct metrics_writer;
struct live_rows;

/* the progress line's count: the samples so far, and the worst one */
struct so_far {
	uint64_t		n;
	uint64_t		max;
	const char *const	*what;		/* one, more; preset: the tool's samples */
	const char		*unit;		/* of max; preset: "us" */
};

struct plot_shape;

struct tool_render {
	/* the table of each mode; NULL: none */
	void	(*screen[NR_MODES])(FILE *out, const struct run_models *m,
				    const struct rtl_params *p, const struct run_view *v);
	/* the tool's keys of "config", after period_us */
	void	(*json_config)(struct json_writer *w, const struct rtl_params *p);
	/* the measurements of each mode, after "config" */
	void	(*json_sections[NR_MODES])(struct json_writer *w, const struct run_models *m,
					   const struct rtl_params *p);
	/* the tool's metrics of --listen, after rtlens's own */
	void	(*metrics)(struct metrics_writer *w, const struct run_models *m,
			   const struct rtl_params *p);
	/* what the run is about to do, once set up; NULL: nothing is said */
	void	(*begin)(FILE *out, const struct rtl_params *p);
	/* one sample as it comes (--watch), and every one at the end (samples_path) */
	void	(*record)(FILE *out, const struct rtl_record *rec, const struct rtl_params *p);
	void	(*samples)(FILE *out, const struct run_models *m, const struct rtl_params *p);
	/* what --plot draws of hist (svg_plot.h); NULL: no plot */
	const struct plot_shape	*plot;
	/* the progress line's samples so far and the worst one (@f preset); NULL: none */
	void	(*so_far)(const struct run_models *m, const struct rtl_params *p, struct so_far *f);
	/* after the table: what the tool's analysis found; NULL: none */
	void	(*analysis)(FILE *out, const struct run_models *m, const struct rtl_params *p,
			    const struct run_view *v);
	/* the unit of its values as the table shows them, "us" or "ns"; NULL: no --tail */
	const char *(*unit)(const struct rtl_params *p);
	/* true: no analysis and no notes after the table (NULL: they are printed) */
	bool	(*notes_off)(const struct rtl_params *p);
	/* the live table's rows and sorts */
	const struct live_rows *live_rows;
	/* the live pane: its rows' labels, the kind of "other", what follows them */
	void	(*pane_label)(const struct source_row *row, char *buf, size_t size);
	int	pane_other_kind;
	void	(*pane_more)(FILE *out, const struct run_models *m, const int *cpus, int nr,
			     const struct live_choice *live, int nr_rows);
};

const struct tool_render *tool_render_of(const struct rtl_params *p);
/* the tools' renderers, in files of their own (NAME_render.c) */
extern const struct tool_render osnoise_render, timerlat_render;
#define RENDER_UNIT_OPS(name, NAME)	extern const struct tool_render name##_render;
RTL_TOOL_UNITS(RENDER_UNIT_OPS)

/* the worst latency of the pane's window, on its CPUs (timerlat_pane.c) */
void timerlat_pane_worst(FILE *out, const struct run_models *m, const int *cpus, int nr,
			 const struct live_choice *live, int nr_rows);
/* a row of each analysis' sources named (osnoise_aa_text.c, timerlat_sources_text.c) */
void noise_row_label(const struct source_row *src, char *buf, size_t size);
void latency_row_label(const struct source_row *row, char *buf, size_t size);

/* ---- JSON sections, for screen.c ---- */
/* osnoise_json.c */
void json_osnoise_config(struct json_writer *w, const struct rtl_params *p);
void json_osnoise_top(struct json_writer *w, const struct run_models *m,
		      const struct rtl_params *p);
void json_osnoise_hist(struct json_writer *w, const struct run_models *m,
		       const struct rtl_params *p);
/* timerlat_json.c */
void json_timerlat_config(struct json_writer *w, const struct rtl_params *p);
void json_timerlat_top(struct json_writer *w, const struct run_models *m,
		       const struct rtl_params *p);
void json_timerlat_hist(struct json_writer *w, const struct run_models *m,
			const struct rtl_params *p);
/* "vcpu_threads": a KVM host's vCPU threads (vcpu_json.c), null where none were followed */
void json_vcpu_threads(struct json_writer *w, const struct run_models *m,
		       const struct rtl_params *p);
/* count, min, avg, max, over, buckets of one histogram (hist_json.c) */
void json_hist_fields(struct json_writer *w, const struct histogram *h);
/* "histogram" of a tool with one per CPU, in us: @hist_of(@model, cpu) (hist_json.c) */
void json_cpu_histograms(struct json_writer *w, const struct rtl_params *p, const void *model,
			 int nr_cpus, const struct histogram *(*hist_of)(const void *model, int cpu));
/* --tail: "tail", the estimates of the run's series in @unit (tail_json.c) */
void json_tail(struct json_writer *w, const struct run_models *m, const struct rtl_params *p,
	       const char *unit);
/* --host-input: "host_join" (vm_join_json.c) */
void json_vm_join(struct json_writer *w, const struct run_models *m, const struct rtl_params *p,
		  const struct run_view *v);

#endif
