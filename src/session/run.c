// SPDX-License-Identifier: GPL-2.0
/*
 * run - the session driver shared by every tool and mode:
 * checks -> setup -> warm-up -> main loop -> drain -> report -> teardown
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "base/actions.h"
#include "base/log.h"
#include "source/machine/machine.h"
#include "base/outfile.h"
#include "source/system/system.h"
#include "source/recording/recording.h"
#include "render/recording_json.h"
#include "render/render.h"
#include "render/svg_plot.h"
#include "analysis/run_models.h"
#include "analysis/timerlat_models.h"
#include "analysis/tuning_judge.h"
#include "render/metrics.h"
#include "session/metrics_server.h"
#include "session/gate_clock.h"
#include "session/host_join.h"
#include "session/progress.h"
#include "session/run.h"
#include "session/live_keys.h"
#include "session/screen_fit.h"
#include "source/engine/source.h"
#include "session/tty.h"

#define POLL_MS		250
#define REFRESH_S	1.0
#define SYNC_EVERY_S	5.0	/* --host-sync: a round of round trips this often */

struct session {
	struct rtl_params	*p;
	struct sys_state	*st;
	struct source		*src;
	struct run_models	models;
	struct sys_facts	facts;		/* the machine, for the models and reports */
	struct steal_meter	steal;		/* over the measurement */
	bool			steal_on;
	struct smi_meter	smi;		/* over what the table counts */
	bool			smi_on;
	struct power_hold	power;
	struct run_view		view;
	struct tty_keys		keys;
	struct screen_window	win;		/* the live screen's scroll and page */
	struct live_choice	live;		/* what the keys chose it shows */
	bool			follow;		/* the selection moved: scroll to it */
	size_t			selected_at;	/* the selected row in frame; 0: none */
	char			*frame;		/* the live screen's last text, or NULL */
	size_t			frame_len;
	struct outfile		json;		/* the --json report, when json.f is set */
	struct outfile		plot;		/* the --plot picture, when plot.f is set */
	struct outfile		samples;	/* samples_path's list, when samples.f is set */
	record_fn		add;		/* what takes a record the session looked at first */
	struct recorder		*rec;		/* --record, or NULL */
	struct metrics_server	*metrics;	/* --listen, or NULL */
	struct progress		progress;
	struct gate_clock	gate;		/* --until-confident */
	struct tracefs_instance	*rec_inst;	/* the instance it records */
	struct host_sync	*hsync;		/* --host-sync, or NULL */
	double			last_sync;	/* its last round, since t0 */
	bool			replay;		/* --input */
	struct recorded_run	run;		/* --input: how the recorded run went */
	struct replay_view	replay_view;	/* --input: what the reports say of it */
	double			replay_counted;	/* --input: where in it the table counts from */
	bool			interactive;
	char			*action_failed;	/* said after the report; NULL none */
	struct timespec		t0;		/* start of the measurement */
	struct timespec		t_counted;	/* start of what the model holds */
	uint64_t		*aa_lost_base;	/* per CPU: the analysis' losses before it */
	sigset_t		stop_signals;
	sigset_t		old_mask;
};

/* the one piece of state a signal handler may touch */
static volatile sig_atomic_t pending_signal;

static void on_stop_signal(int sig)
{
	pending_signal = sig;
}

/*
 * Every signal whose default action ends the process, but for those the
 * process raises itself on a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL,
 * SIGABRT, SIGTRAP, SIGSYS): each ends the run as SIGTERM does, with the
 * tracefs state restored. SIGPIPE is ignored: a failed write is reported.
 */
static const int stop_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
	SIGPROF, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT,
};
#define NR_STOP_SIGNALS	(sizeof(stop_signals) / sizeof(stop_signals[0]))

static void stop_signal_set(sigset_t *set)
{
	size_t i;
	int sig;

	sigemptyset(set);
	for (i = 0; i < NR_STOP_SIGNALS; i++)
		sigaddset(set, stop_signals[i]);
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaddset(set, sig);
}

/* Stop signals stay blocked except while waiting, so none is missed. */
static void signals_install(struct session *s)
{
	struct sigaction sa;
	int sig;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	stop_signal_set(&s->stop_signals);
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&s->stop_signals, sig) == 1)
			sigaction(sig, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	sigprocmask(SIG_BLOCK, &s->stop_signals, &s->old_mask);
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) + (now.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Sleep up to @ms, waking for a key or a stop signal. */
static void wait_event(struct session *s, int ms)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	sigset_t waitmask = s->old_mask;
	int sig;

	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&s->stop_signals, sig) == 1)
			sigdelset(&waitmask, sig);
	ppoll(&pfd, s->keys.raw ? 1 : 0, &ts, &waitmask);
}

static void add_record(const struct rtl_record *rec, void *ctx)
{
	run_models_add(ctx, rec);
}

/* the analysis reads its own window at a stop: the stream feeds the models */
static void add_model_record(const struct rtl_record *rec, void *ctx)
{
	run_models_add_models(ctx, rec);
}

static void add_analysis_record(const struct rtl_record *rec, void *ctx)
{
	run_models_add_analysis(ctx, rec);
}

static void drop_record(const struct rtl_record *rec, void *ctx)
{
	(void)rec;
	(void)ctx;
}

/*
 * A record the session looks at first: a replay's --until-confident, which
 * hands out nothing after its decision; then the models, then --watch's
 * line
 */
static void add_session_record(const struct rtl_record *rec, void *ctx)
{
	struct session *s = ctx;

	if (s->replay && !gate_clock_record(&s->gate, rec))
		return;
	s->add(rec, &s->models);
	if (s->p->watch)
		render_record(stdout, rec, s->p);
}

/* the samples to the models; the analysis' events, where apart, to the analysis */
static int poll_into_model(struct session *s)
{
	bool apart = source_aa_feed(s->src) != AA_FEED_INLINE;
	record_fn add = apart ? add_model_record : add_record;
	int polled;

	if (s->p->watch || (s->replay && s->gate.gate)) {
		s->add = add;
		polled = source_poll(s->src, add_session_record, s);
	} else {
		polled = source_poll(s->src, add, &s->models);
	}
	if (polled < 0 ||
	    source_poll_analysis(s->src, add_analysis_record, &s->models) < 0)
		return -1;
	source_samples_wanted_from(s->src, run_models_samples_wanted_from(&s->models, s->p));
	return 0;
}

/* A stop: what the analysis' flight recorder holds, for the analysis. */
static int window_into_analysis(struct session *s)
{
	return source_read_window(s->src, add_analysis_record, &s->models) < 0 ? -1 : 0;
}

/* After the end: read until the buffers are empty, budget after budget. */
static int drain_into_model(struct session *s)
{
	do {
		if (poll_into_model(s))
			return -1;
	} while (source_has_more(s->src));
	return 0;
}

/* ---- setup and teardown ---- */

static int check_system(struct rtl_params *p)
{
	if (geteuid()) {
		err_msg("needs root: the %s tracer is driven through tracefs "
			"(run it with sudo, or as root)", p->desc->tracer);
		return -1;
	}
	return p->hk_set ? tasks_set_house_keeping(p) : tasks_auto_house_keeping(p);
}

/*
 * The --json report and the --plot picture, after the lock: a refused
 * session never touches the files of the one that runs.
 */
static int open_outfiles(struct session *s)
{
	if (s->p->plot_path && outfile_open(&s->plot, s->p->plot_path, "SVG plot"))
		return -1;
	if (s->p->samples_path && outfile_open(&s->samples, s->p->samples_path, "sample list"))
		return -1;
	return s->p->json_path ? outfile_open(&s->json, s->p->json_path, "JSON report") : 0;
}

static int open_recording(struct session *s)
{
	struct rtl_params *p = s->p;

	if (!p->record_path)
		return 0;
	s->rec = recorder_open(p->record_path, p->nr_cpus);
	return s->rec ? 0 : -1;
}

/* bound before tracefs is touched: a taken port refuses the run */
static int open_listen(struct session *s)
{
	if (!s->p->listen_addr)
		return 0;
	s->metrics = metrics_server_open(s->p->listen_addr);
	return s->metrics ? 0 : -1;
}

/* what was replayed, and where the replay's own thresholds stopped it */
static void set_replay_view(struct session *s)
{
	const struct recorded_run *r = &s->run;

	s->replay_view = (struct replay_view) {
		.command = r->command, .hostname = s->facts.hostname, .started = r->started,
		.elapsed_s = r->elapsed_s, .version = r->version, .stopped = r->stop.hit,
		.stop_cpu = r->stop.cpu, .stop_total = r->stop.total,
		.stop_value_us = r->stop.value_us, .stop_at_s = r->stop.at_s,
	};
	s->view.replay = &s->replay_view;
}

/* the run becomes the recording's; no root, no tracefs, nothing changed */
static int setup_replay(struct session *s)
{
	struct rtl_params *p = s->p;

	s->replay = true;
	s->src = source_open_input(p, &s->facts, &s->run);
	if (!s->src)
		return -1;
	if (run_models_init(&s->models, p, &s->facts)) {
		err_msg("out of memory");
		return -1;
	}
	if (host_join_load(p, &s->models))
		return -1;
	s->view.started = s->run.started;
	s->view.recorded_by = s->run.by_rtlens ? "rtlens" : "other";
	s->view.recorded_version = s->run.version;
	set_replay_view(s);
	s->view.data_path = source_data_path(s->src, &s->view.data_path_detail);
	return open_outfiles(s);
}

static bool json_on_stdout(const struct session *s)
{
	return s->json.f == stdout;
}

static int setup(struct session *s)
{
	struct rtl_params *p = s->p;

	if (p->input_path)
		return setup_replay(s);
	if (check_system(p) || (p->vm_pid && vmm_threads(p->vm_pid, &p->vm_tids, &p->nr_vm_tids)))
		return -1;
	if (p->host_sync_path && !(s->hsync = source_host_sync_open(p->host_sync_path)))
		return -1;
	/* tracefs is read from here on: mounted first where it is not */
	s->st = sysstate_new();
	if (!s->st || sysstate_lock(s->st) || sysstate_mount_tracefs(s->st))
		return -1;
	source_choose(p);
	if (machine_gather(&s->facts, p->nr_cpus) ||
	    machine_gather_tuning(&s->facts, &p->cpus, TUNING_FOR_RUN) ||
	    run_models_init(&s->models, p, &s->facts)) {
		err_msg("out of memory");
		return -1;
	}
	tuning_judge(s->facts.tuning);
	if (open_outfiles(s) || open_listen(s) || open_recording(s) ||
	    sysstate_recover(s->st) || source_check(p))
		return -1;
	debug_msg("setup: checked, locked");
	s->src = source_open(p, s->st);
	if (!s->src || power_hold_start(&s->power, p, s->st))
		return -1;
	if (source_aa_feed(s->src) == AA_FEED_STREAM &&
	    !(s->aa_lost_base = calloc(p->nr_cpus, sizeof(*s->aa_lost_base)))) {
		err_msg("out of memory");
		return -1;
	}
	source_samples_wanted_from(s->src, run_models_samples_wanted_from(&s->models, p));
	if (s->rec && !(s->rec_inst = source_record(s->src, s->rec)))
		return -1;
	debug_msg("setup: measuring");
	s->view.data_path = source_data_path(s->src, &s->view.data_path_detail);
	source_effective_period(p, &p->period_us, &p->runtime_us);
	if (p->desc->has_runtime &&
	    (p->prio.kind == SCHED_KIND_FIFO || p->prio.kind == SCHED_KIND_RR) &&
	    p->runtime_us >= p->period_us)
		warn_msg("a real-time workload with runtime = period leaves no time to other tasks "
			 "on the measured cpus (they may starve): set -r below -p");
	return 0;
}

static int teardown(struct session *s)
{
	int ret = 0;

	debug_msg("teardown");
	gate_clock_stop(&s->gate);
	tty_keys_stop(&s->keys);
	free(s->frame);
	s->frame = NULL;
	progress_clear(&s->progress);
	metrics_server_close(s->metrics);
	s->metrics = NULL;
	power_hold_stop(&s->power);
	source_close(s->src);
	s->src = NULL;
	debug_msg("teardown: source closed");
	if (s->st && sysstate_restore(s->st))
		ret = -1;
	sysstate_free(s->st);
	s->st = NULL;
	run_models_free(&s->models);
	free(s->aa_lost_base);
	s->aa_lost_base = NULL;
	if (s->steal_on)
		steal_meter_free(&s->steal);
	s->steal_on = false;
	if (s->smi_on)
		smi_meter_free(&s->smi);
	s->smi_on = false;
	machine_free(&s->facts);
	/* no report: the named files stay as they were */
	outfile_abort(&s->json);
	outfile_abort(&s->plot);
	outfile_abort(&s->samples);
	recorder_abort(s->rec);
	s->rec = NULL;
	source_host_sync_close(s->hsync);
	s->hsync = NULL;
	return ret;
}

/* ---- the main loop ---- */

static void drop_polled(struct session *s)
{
	source_poll(s->src, drop_record, NULL);
	source_poll_analysis(s->src, drop_record, NULL);
}

static void warm_up(struct session *s)
{
	struct timespec t0;

	if (!s->p->warmup_s)
		return;
	debug_msg("warming up for %llu s", (unsigned long long)s->p->warmup_s);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!pending_signal && seconds_since(&t0) < s->p->warmup_s) {
		wait_event(s, source_next_read_ms(s->src, POLL_MS));
		drop_polled(s);
	}
	do
		drop_polled(s);
	while (source_has_more(s->src));
	source_discard_counts(s->src);
}

/*
 * The analysis' events lost on each measured CPU, where they have a buffer
 * of their own: at @start, what the warm-up lost; later, what was lost
 * since, told to the models (the analysis is then partial, the tables not).
 */
static void note_analysis_lost(struct session *s, bool start)
{
	int cpu;

	if (!s->aa_lost_base)
		return;
	for_each_cpu_in(cpu, &s->p->cpus) {
		uint64_t lost;

		if (cpu >= s->p->nr_cpus)
			continue;
		lost = source_analysis_lost(s->src, cpu);
		if (start)
			s->aa_lost_base[cpu] = lost;
		else if (lost > s->aa_lost_base[cpu])
			run_models_set_analysis_lost(&s->models, cpu, lost - s->aa_lost_base[cpu]);
	}
}

/* the time the table counts: a replay's, of the recording (--live-replay's so far) */
static double counted_s(struct session *s)
{
	if (s->replay)
		return source_replayed_s(s->src) - s->replay_counted;
	return seconds_since(&s->t_counted);
}

/* the figures so far, for the screen, the metrics and the progress line */
static void view_now(struct session *s)
{
	source_load_counts(s->src, run_models_counts(&s->models));
	note_analysis_lost(s, false);
	s->view.elapsed_s = counted_s(s);
}

/* the screen's text in @mem, and where its table's rows are */
static void render_window(struct session *s, FILE *mem)
{
	long body[NR_SCREEN_BODY] = { 0 };

	s->view.screen_body = body;
	render_screen(mem, &s->models, s->p, &s->view);
	s->view.screen_body = NULL;
	s->win.body_start = body[SCREEN_BODY_START] > 0 ? (size_t)body[SCREEN_BODY_START] : 0;
	s->win.body_end = body[SCREEN_BODY_END] > 0 ? (size_t)body[SCREEN_BODY_END] : 0;
	s->selected_at = body[SCREEN_BODY_SELECTED] > 0 ? (size_t)body[SCREEN_BODY_SELECTED] : 0;
}

/* the selection moved: the rows scroll as little as shows it */
static void follow_selection(struct session *s)
{
	int line = 0, page = s->win.page > 0 ? s->win.page : 1;

	if (!s->follow || !s->selected_at || s->selected_at < s->win.body_start)
		return;
	s->follow = false;
	for (size_t i = s->win.body_start; i < s->selected_at && i < s->frame_len; i++)
		line += s->frame[i] == '\n';
	if (line < s->win.scroll)
		s->win.scroll = line;
	else if (line >= s->win.scroll + page)
		s->win.scroll = line - page + 1;
}

/*
 * The last frame again, fitted to the terminal and the scroll as they are
 * now, in one write: stdout is line buffered on a terminal, and a write a
 * line costs the terminal's side as much as the frame (in a VM, most of
 * what the screen costs).
 */
static void fit_frame(struct session *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	FILE *out = mem ? mem : stdout;

	fputs("\033[H\033[2J", out);
	if (screen_size(STDOUT_FILENO, &s->win.rows, &s->win.cols))
		screen_fit(out, s->frame, s->frame_len, &s->win);
	else
		fwrite(s->frame, 1, s->frame_len, out);
	if (mem && !fclose(mem))
		fwrite(text, 1, len, stdout);
	free(text);
	fflush(stdout);
}

/* the live screen made anew, fitted to the terminal's size as it is now */
static void draw_screen(struct session *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!screen_size(STDOUT_FILENO, &s->live.rows, &s->live.cols))
		s->live.rows = s->live.cols = 0;
	if (!mem) {
		fputs("\033[H\033[2J", stdout);
		render_screen(stdout, &s->models, s->p, &s->view);
		fflush(stdout);
		return;
	}
	render_window(s, mem);
	if (fclose(mem)) {
		free(text);
		return;
	}
	free(s->frame);
	s->frame = text;
	s->frame_len = len;
	follow_selection(s);
	fit_frame(s);
}

static void show_screen(struct session *s)
{
	view_now(s);
	draw_screen(s);
}

/* PgUp, PgDn, space, b, g, G, Home, End: the table's rows scroll (j/k select) */
static bool scroll_key(struct session *s, int key)
{
	enum { PAGE = 1, ALL };
	static const int moves[][2] = {
		{ ' ', PAGE }, { KEY_PAGE_DOWN, PAGE }, { 'b', -PAGE }, { KEY_PAGE_UP, -PAGE },
		{ 'G', ALL }, { KEY_END, ALL }, { 'g', -ALL }, { KEY_HOME, -ALL },
	};
	int page = s->win.page > 1 ? s->win.page : 1;

	for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++) {
		int unit = abs(moves[i][1]), sign = moves[i][1] < 0 ? -1 : 1;

		if (moves[i][0] != key)
			continue;
		if (unit == ALL)
			s->win.scroll = sign > 0 ? INT_MAX / 2 : 0;
		else
			s->win.scroll += sign * page;
		return true;
	}
	return false;
}

static bool handle_key(struct session *s, int key)
{
	/* the frame shown scrolls: paused, its values stay as they were */
	if (scroll_key(s, key)) {
		if (s->frame)
			fit_frame(s);
		return false;
	}
	if (live_keys_apply(&s->live, key, &s->models, s->p, &s->follow)) {
		show_screen(s);
		return false;
	}
	switch (key) {
	case 'q':
	case 'Q':
		s->view.reason = STOP_USER;
		return true;
	case 'p':
	case 'P':
		s->view.paused = !s->view.paused;
		show_screen(s);
		break;
	case 'r':
	case 'R':
		run_models_reset(&s->models);
		source_discard_counts(s->src);
		if (s->smi_on)
			smi_meter_restart(&s->smi);
		clock_gettime(CLOCK_MONOTONIC, &s->t_counted);
		s->replay_counted = s->replay ? source_replayed_s(s->src) : 0;
		show_screen(s);
		break;
	}
	return false;
}

/* a replay ends where the recording does, as the recorded run ended */
static bool replay_ended(struct session *s)
{
	if (!source_tracing_stopped(s->src))
		return false;
	s->view.reason = s->run.reason;
	s->view.signal = s->run.signal;
	return true;
}

static bool should_stop(struct session *s)
{
	int key;

	if (pending_signal) {
		s->view.reason = STOP_SIGNAL;
		s->view.signal = pending_signal;
		return true;
	}
	while ((key = tty_keys_read(&s->keys)))
		if (handle_key(s, key))
			return true;
	/*
	 * --until-confident decided: a stop the user asked for, as q is (a
	 * stop.reason of its own would be a major version of the report; its
	 * "tail" says how it decided)
	 */
	if (s->gate.decided) {
		s->view.reason = STOP_USER;
		return true;
	}
	if (s->replay)
		return replay_ended(s);
	if (source_tracing_stopped(s->src)) {
		/* without a threshold of ours, someone else turned tracing off */
		s->view.reason = s->p->stop_us || s->p->stop_total_us ? STOP_THRESHOLD : STOP_USER;
		if (s->view.reason == STOP_USER)
			warn_msg("tracing was turned off from outside rtlens (a traceoff trigger?): "
				 "ending the run");
		return true;
	}
	if (s->p->duration_s && seconds_since(&s->t0) >= s->p->duration_s) {
		s->view.reason = STOP_DURATION;
		return true;
	}
	return false;
}

/* the metrics in each format, to the endpoint */
static void publish_metrics(struct session *s)
{
	char *text[NR_METRICS_FORMATS] = { NULL };
	size_t len[NR_METRICS_FORMATS] = { 0 };

	for (int f = 0; f < NR_METRICS_FORMATS; f++) {
		FILE *out = open_memstream(&text[f], &len[f]);

		if (!out || render_metrics(out, f, &s->models, s->p, &s->view) || fclose(out)) {
			debug_msg("metrics: cannot render them: %s", strerror(errno));
			for (int i = 0; i <= f; i++)
				free(text[i]);
			return;		/* the clients keep the last ones */
		}
	}
	metrics_server_publish(s->metrics, text, len);
}

static void show_progress(struct session *s)
{
	char line[256];

	render_progress(line, sizeof(line), &s->models, s->p, &s->view);
	progress_show(&s->progress, line);
}

/* once a second: the live table, the metrics, the progress line */
static void refresh(struct session *s)
{
	bool screen = s->interactive && !s->view.paused;

	if (!screen && !s->metrics && !s->progress.on && !s->models.live_sources)
		return;
	view_now(s);
	run_models_live_tick(&s->models, s->p, (unsigned long)s->view.elapsed_s);
	if (screen)
		draw_screen(s);
	if (s->metrics) {
		s->view.lost_events = source_lost_events(s->src);
		publish_metrics(s);
	}
	show_progress(s);
}

/* --host-sync: a round of round trips, noted in the recorded trace */
static void sync_round(struct session *s)
{
	if (!s->hsync)
		return;
	source_host_sync_round(s->hsync, source_marker_instance(s->src));
	s->last_sync = seconds_since(&s->t0);
}

static int main_loop(struct session *s)
{
	double last_screen = 0;

	while (!should_stop(s)) {
		/* the buffers still hold events: read on without sleeping */
		if (!source_has_more(s->src))
			wait_event(s, source_next_read_ms(s->src, POLL_MS));
		if (poll_into_model(s))
			return -1;
		debug_msg("%llu records so far",
			  (unsigned long long)run_models_records(&s->models));
		if (seconds_since(&s->t0) - last_screen >= REFRESH_S) {
			refresh(s);
			last_screen = seconds_since(&s->t0);
		}
		/* a replay's gate goes by the recorded time, record by record */
		if (!s->replay)
			gate_clock_tick(&s->gate, seconds_since(&s->t0));
		if (s->hsync && seconds_since(&s->t0) - s->last_sync >= SYNC_EVERY_S)
			sync_round(s);
	}
	return 0;
}

static int save_trace(struct session *s, const char *file)
{
	char *text = source_trace_text(s->src);
	int ret;

	if (!text) {
		err_msg("cannot read the trace to save it to %s: %s", file, strerror(errno));
		return -1;
	}
	ret = outfile_write_text(file, text, "trace");
	free(text);
	return ret;
}

static int save_trace_action(void *ctx, const char *file)
{
	return save_trace(ctx, file);
}

/* what actions_run() said failed, said and freed */
static void action_failure(char **failed)
{
	err_msg("%s: the actions after it were not run", *failed);
	free(*failed);
	*failed = NULL;
}

/*
 * Measure until a stop; on a threshold, run the --on-threshold actions,
 * and go on measuring when one of them is "continue".
 */
static int measure(struct session *s)
{
	s->steal_on = !s->replay && !steal_meter_start(&s->steal, s->p->nr_cpus);
	s->smi_on = !s->replay && !smi_meter_start(&s->smi, &s->p->cpus, s->p->nr_cpus);
	note_analysis_lost(s, true);
	clock_gettime(CLOCK_MONOTONIC, &s->t0);
	s->t_counted = s->t0;
	gate_clock_start(&s->gate, &s->models);
	sync_round(s);
	for (;;) {
		if (main_loop(s))
			return -1;
		if (s->view.reason == STOP_THRESHOLD)
			s->view.threshold_hits++;
		if (s->view.reason != STOP_THRESHOLD || !s->p->on_threshold)
			return 0;
		if (drain_into_model(s) || window_into_analysis(s))
			return -1;
		switch (actions_run(s->p->on_threshold, save_trace_action, s, &s->action_failed)) {
		case ACTIONS_CONTINUE:
			debug_msg("threshold hit: continuing as the actions say");
			source_restart(s->src);
			break;
		case ACTIONS_FAILED:	/* the rest skipped; still a threshold stop (rtla 7.3) */
		case ACTIONS_DONE:
			return 0;
		}
	}
	return 0;
}

/* ---- the end ---- */

static void find_threshold_cpu(struct session *s)
{
	bool total;

	s->view.threshold_cpu = run_models_threshold_cpu(&s->models, s->p, &total);
	/* no cpu over a limit (counters reset with r): name the limit that is set */
	if (s->view.threshold_cpu < 0)
		total = !s->p->stop_us;
	s->view.threshold_kind = total ? THRESHOLD_TOTAL : THRESHOLD_SINGLE;
}

/*
 * the task the stopping IRQ interrupted, by name where the trace did not
 * name it (no thread event of it in the window): from /proc while it
 * lives, else from the cmdlines the kernel saved (live) or the recording
 * kept (a replay)
 */
static void name_irq_task(struct session *s)
{
	struct timerlat_aa_result *r = timerlat_models_stop_result(&s->models);
	char comm[NOISE_NAME_LEN];

	if (!r || r->irq_task.pid <= 0 || r->irq_task.name[0])
		return;
	comm[0] = '\0';
	if (!s->replay)
		machine_task_comm(r->irq_task.pid, comm, sizeof(comm));
	if (!comm[0])
		source_task_comm(s->src, r->irq_task.pid, comm, sizeof(comm));
	timerlat_aa_name_irq_task(r, comm);
}

static int finish(struct session *s)
{
	debug_msg("stopping");
	progress_clear(&s->progress);
	sync_round(s);
	source_stop(s->src);
	/* a replay's, of the recording: up to the sample that stopped it, as a live run */
	s->view.elapsed_s = counted_s(s);
	/* or to the samples that decided --until-confident, as the live run stopped on them */
	if (s->replay && s->gate.decided)
		s->view.elapsed_s = s->gate.at_s - s->replay_counted;
	/* a live replay ended before its stop threshold's sample (q, a signal) */
	s->replay_view.stopped = s->replay_view.stopped && s->view.reason == STOP_THRESHOLD;
	if (drain_into_model(s) ||
	    source_kernel_hist(s->src, run_models_add_kernel_bucket, &s->models))
		return -1;
	source_load_counts(s->src, run_models_counts(&s->models));
	s->view.lost_events = source_lost_events(s->src);
	note_analysis_lost(s, false);
	if (s->view.reason == STOP_THRESHOLD) {
		if (window_into_analysis(s))
			return -1;
		find_threshold_cpu(s);
	}
	if (!s->replay)		/* a replay has the recording's */
		machine_take_steal(&s->facts,
				   s->steal_on && !steal_meter_stop(&s->steal) ? &s->steal : NULL);
	if (s->smi_on) {
		smi_meter_stop(&s->smi);
		machine_take_smi(&s->facts, &s->smi);
	}
	run_models_flush(&s->models);
	if (gate_clock_finish(&s->gate)) {
		err_msg("out of memory");
		return -1;
	}
	run_models_explain(&s->models, s->p,
			   s->view.reason == STOP_THRESHOLD ? s->view.threshold_cpu : -1);
	name_irq_task(s);
	/* resumed by "continue": the run ended as it was let (0), as rtla 7.3 */
	if (s->view.reason == STOP_THRESHOLD)
		s->view.exit_status = 2;
	/* hwlatdetect's --hardlimit: the run fails on a sample over it */
	else if (run_models_passed(&s->models, s->p, s->p->fail_over_us))
		s->view.exit_status = 1;
	/* --until-confident: "above" fails as a stop threshold does */
	else if (s->gate.gate && s->gate.gate->verdict == GATE_ABOVE)
		s->view.exit_status = 2;
	return 0;
}

/* "replay of osnoise top recorded on HOST at 2026-01-31 10:02:03 UTC (12.0 s, rtlens 0.1.0)" */
static void print_replay_head(const struct replay_view *r)
{
	char when[32];
	struct tm tm;

	gmtime_r(&r->started, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm);
	if (r->version[0])
		printf("replay of %s recorded on %s at %s (%.1f s, rtlens %s)\n", r->command,
		       r->hostname, when, r->elapsed_s, r->version);
	else
		printf("replay of another tool's recording on %s at %s (%.1f s)\n", r->hostname,
		       when, r->elapsed_s);
}

/* the sample that stopped a replay, after the line a live run prints */
static void print_replay_stop(const struct session *s)
{
	const struct replay_view *r = &s->replay_view;
	const struct rtl_params *p = s->p;
	static const char *const what[NR_SHAPES][2] = {	/* [shape][total] */
		[SHAPE_NOISE]	= { "noise sample", "period noise" },
		[SHAPE_LATENCY]	= { "IRQ latency", "thread latency" },
		[SHAPE_GAPS]	= { "sample", "sample" },
	};

	if (r->stopped)
		printf("replay: stopped at CPU %d's %s of %llu us (threshold %llu us), %.3f s into "
		       "the recording\n", r->stop_cpu, what[p->desc->shape][r->stop_total],
		       (unsigned long long)r->stop_value_us,
		       (unsigned long long)(r->stop_total ? p->stop_total_us : p->stop_us),
		       r->stop_at_s);
}

static void report_text(struct session *s)
{
	const struct rtl_params *p = s->p;

	s->view.live = NULL;	/* the report is rtla's table, fitted to nothing */
	if (json_on_stdout(s))
		return;
	if (s->interactive)
		fputs("\033[H\033[2J", stdout);
	if (s->replay)
		print_replay_head(&s->replay_view);
	render_screen(stdout, &s->models, p, &s->view);
	if (s->view.reason == STOP_THRESHOLD)
		printf("rtlens %s hit stop tracing\n", p->desc->tracer);
	if (s->replay && s->view.reason == STOP_THRESHOLD)
		print_replay_stop(s);
	render_analysis(stdout, &s->models, p, &s->view);
	render_gate(stdout, &s->models, p);
}

/* The user engine's measuring threads were stopped: rtlens caused that time. */
static void warn_self_stop(const struct session *s)
{
	const struct rtl_params *p = s->p;
	uint64_t ns = self_stop_longest_ns(&s->models.self, &p->cpus);
	unsigned long long n = self_stop_samples(&s->models.self, &p->cpus);
	const char *const *sample = p->desc->sample;	/* one, more */
	char took[32], which[96];

	if (!ns)
		return;
	if (ns >= 1000000000ULL)
		snprintf(took, sizeof(took), "%.1f s", ns / 1e9);
	else
		snprintf(took, sizeof(took), "%.1f ms", ns / 1e6);
	if (n)
		snprintf(which, sizeof(which), "%llu %s %s it, left out of the statistics", n,
			 sample[n != 1], n == 1 ? "includes" : "include");
	else
		snprintf(which, sizeof(which), "no %s includes it", sample[0]);
	warn_msg("rtlens's measuring threads were stopped for %s (SIGSTOP/SIGTSTP): that time "
		 "is not noise of the machine; %s", took, which);
}

/* the trace.dat, with what the run says of itself */
static int commit_recording(struct session *s)
{
	char *meta = render_recording_meta(&s->models, s->p, &s->view);
	int ret;

	if (!meta) {
		err_msg("out of memory");
		return -1;
	}
	ret = recorder_commit(s->rec, s->rec_inst, meta);
	s->rec = NULL;		/* committed or aborted */
	free(meta);
	if (!ret && !json_on_stdout(s))
		printf("  Recording saved to %s\n", s->p->record_path);
	return ret;
}

/* --plot: the histograms as an SVG picture, in place when complete */
static int write_plot(struct session *s)
{
	if (outfile_finish(&s->plot, "SVG plot",
			   svg_plot_hist(s->plot.f, &s->models, s->p, &s->view)))
		return -1;
	if (!json_on_stdout(s))
		printf("  Plot saved to %s\n", s->p->plot_path);
	return 0;
}

static int report(struct session *s)
{
	int ret = 0;

	debug_msg("report");
	/* before the text, which says where the list went */
	if (s->samples.f && (render_samples(s->samples.f, &s->models, s->p) ||
			     outfile_commit(&s->samples, "sample list")))
		ret = -1;
	report_text(s);
	if (s->view.lost_events)
		warn_msg("%llu events were lost: the ring buffer overflowed "
			 "(use a larger --trace-buffer-size)",
			 (unsigned long long)s->view.lost_events);
	warn_self_stop(s);
	if (s->view.reason == STOP_THRESHOLD && s->p->trace_output) {
		if (!json_on_stdout(s))
			printf("  Saving trace to %s\n", s->p->trace_output);
		if (save_trace(s, s->p->trace_output))
			ret = -1;
	}
	if (s->rec && commit_recording(s))
		ret = -1;
	if (s->json.f && outfile_finish(&s->json, "JSON report",
					render_json(s->json.f, &s->models, s->p, &s->view)))
		ret = -1;
	if (s->plot.f && write_plot(s))
		ret = -1;
	return ret;
}

/* the live screen: keys read, the choices made, the pane's windows kept */
static void live_start(struct session *s)
{
	tty_keys_start(&s->keys);
	live_keys_init(&s->live);
	s->view.live = &s->live;
	if (params_analysis_on(s->p) && !run_models_live_on(&s->models))
		debug_msg("live screen: no sources to show as they come");
}

/* serving from the warm-up on: the run's metrics, zero until it measures */
static int start_listen(struct session *s)
{
	if (!s->metrics)
		return 0;
	publish_metrics(s);
	if (metrics_server_start(s->metrics))
		return -1;
	info_msg("serving the metrics at %s", metrics_server_url(s->metrics));
	return 0;
}

int run_session(struct rtl_params *p)
{
	struct session s = { .p = p, .power = { .dma_fd = -1 } };
	int status = 1;

	s.view.started = time(NULL);
	signals_install(&s);
	/* before the setup: the live screen's pane wants the analysis' events as they come */
	s.interactive = (!p->input_path || p->live_replay) && render_screen_live(p) && !p->quiet &&
			!p->aa_only && isatty(STDOUT_FILENO) &&
			!(p->json_path && outfile_is_stdout(p->json_path));
	p->live_screen = s.interactive;
	if (setup(&s))
		goto out;
	s.view.pretty = s.interactive;
	screen_size(STDOUT_FILENO, &(int){ 0 }, &s.view.wrap_cols);	/* 0: not a terminal */
	if (s.interactive)
		live_start(&s);
	/* --watch prints its samples on the terminal the line would share */
	progress_start(&s.progress, !s.interactive && (!s.replay || p->live_replay) && !p->watch);
	if (start_listen(&s))
		goto out;
	if (!json_on_stdout(&s))
		render_begin(stdout, p);
	warm_up(&s);
	recorder_set_on(s.rec, true);
	if (measure(&s) || finish(&s))
		goto out;
	tty_keys_stop(&s.keys);
	if (!report(&s))
		status = s.view.exit_status;
	/* a failed action says so; the status is the run's, as rtla 7.3's */
	if (s.action_failed) {
		fflush(stdout);		/* the table first, as printed */
		action_failure(&s.action_failed);
	}
	if (p->on_end && actions_run(p->on_end, save_trace_action, &s, &s.action_failed) ==
			 ACTIONS_FAILED)
		action_failure(&s.action_failed);
out:
	free(s.action_failed);
	if (teardown(&s))
		status = 1;
	if (outfile_check_stdout())
		status = 1;
	sigprocmask(SIG_SETMASK, &s.old_mask, NULL);
	return status;
}
