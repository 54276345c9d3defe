// SPDX-License-Identifier: GPL-2.0
/*
 * option_checks - what the measuring commands' options are checked for once
 * all are parsed: the combinations refused, the options a replay (--input)
 * does not take, and the defaults that depend on them
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "cli/option_checks.h"

/* the option that turned the tail's series on: --until-confident implies --tail */
static const char *tail_asked(const struct rtl_params *p)
{
	return p->gate_p > 0 ? "--until-confident" : "--tail";
}

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
	if (p->tail && p->bpf_action) {
		err_msg("--bpf-action runs from the BPF counting, and %s reads every sample in its "
			"order instead: choose one", tail_asked(p));
		return -1;
	}
	if (p->tail && p->kernel_hist) {
		err_msg("%s reads every sample in its order, and --kernel-hist counts them in the "
			"kernel: choose one", tail_asked(p));
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
		{ "-d", p->duration_s && !p->live_replay },	/* a live replay's: recorded time */
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

/* --live-replay paces a replay; --speed sets its pace */
static int check_live_replay(const struct rtl_params *p)
{
	if (p->live_replay && !p->input_path) {
		err_msg("--live-replay plays a recording at the pace it was recorded: name the "
			"recording with --input FILE (a live run is live already)");
		return -1;
	}
	if (p->speed && !p->live_replay) {
		err_msg("--speed sets the pace of --live-replay, which is not given: add "
			"--live-replay (a plain --input replay reads as fast as it can)");
		return -1;
	}
	return 0;
}

/* what a replay cannot do: it measures nothing and changes nothing */
static int check_input(const struct rtl_params *p)
{
	char live[256];

	if (check_live_replay(p))
		return -1;
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

int options_check(struct rtl_params *p)
{
	_Static_assert(PLOT_ENTRIES == 10000, "PLOT_ENTRIES_TEXT says 10000");

	if (check_input(p))
		return -1;
	if (p->plot_path && !p->hist_given)
		p->entries = PLOT_ENTRIES;
	if (!p->period_us && !p->runtime_us) {
		p->period_us = p->desc->default_period_us;
		p->runtime_us = p->desc->default_runtime_us;
	}
	if (check_combinations(p))
		return -1;
	if (!p->cpus_set)
		cpu_mask_fill(&p->cpus);
	return 0;
}
