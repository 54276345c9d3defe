// SPDX-License-Identifier: GPL-2.0
/*
 * report_json - one JSON document per run (Documentation/json-report.md)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/json_writer.h"
#include "render/tuning_render.h"
#include "render/render.h"

#define SCHEMA_VERSION	"2.5"

static const char *policy_name(enum sched_kind kind)
{
	static const char *const names[] = {
		[SCHED_KIND_OTHER] = "other", [SCHED_KIND_RR] = "rr",
		[SCHED_KIND_FIFO] = "fifo", [SCHED_KIND_DEADLINE] = "deadline",
	};

	return names[kind];
}

static void json_priority(struct json_writer *w, const struct sched_attr_req *prio)
{
	if (prio->kind == SCHED_KIND_NONE) {
		json_null(w, "priority");
		return;
	}
	json_begin_object(w, "priority");
	json_string(w, "policy", policy_name(prio->kind));
	json_i64(w, "priority", prio->kind == SCHED_KIND_DEADLINE ? 0 : prio->prio);
	if (prio->kind == SCHED_KIND_DEADLINE) {
		json_u64(w, "runtime_ns", prio->runtime_ns);
		json_u64(w, "period_ns", prio->period_ns);
	}
	json_end_object(w);
}

static void json_cpu_list(struct json_writer *w, const char *key, const struct cpu_mask *m,
			  bool set)
{
	char *list;

	if (!set) {
		json_null(w, key);
		return;
	}
	list = cpu_mask_list(m);
	json_string(w, key, list ? list : "");	/* out of memory: none */
	free(list);
}

static void json_events(struct json_writer *w, const struct rtl_params *p)
{
	int i;

	json_begin_array(w, "events");
	for (i = 0; i < p->nr_events; i++) {
		const struct event_spec *ev = &p->events[i];
		char *name;

		if (asprintf(&name, "%s%s%s", ev->system, ev->event ? ":" : "",
			     ev->event ? ev->event : "") < 0)
			name = NULL;
		json_begin_object(w, NULL);
		json_string(w, "event", name ? name : ev->system);	/* out of memory */
		free(name);
		json_string(w, "filter", ev->filter);
		json_string(w, "trigger", ev->trigger);
		json_end_object(w);
	}
	json_end_array(w);
}

/* no -c, and rtlens could run on only some CPUs: those were measured, and why */
static void json_cpus_allowed(struct json_writer *w, const struct rtl_params *p)
{
	if (!p->cpus_from)
		return;
	json_begin_object(w, "cpus_allowed");
	json_string(w, "by", p->cpus_from);
	json_string(w, "file", p->cpus_file);
	json_end_object(w);
}

static void json_config(struct json_writer *w, const struct rtl_params *p,
			const struct run_view *v)
{
	json_begin_object(w, "config");
	json_string(w, "data_path", v->data_path);
	json_cpu_list(w, "cpus", &p->cpus, true);
	json_cpus_allowed(w, p);
	json_cpu_list(w, "house_keeping", &p->hk_cpus, p->hk_set);
	if (p->cgroup) {
		json_begin_object(w, "cgroup");
		json_string(w, "name", p->cgroup_name);
		json_end_object(w);
	} else {
		json_null(w, "cgroup");
	}
	json_priority(w, &p->prio);
	json_u64(w, "period_us", p->period_us);
	tool_render_of(p)->json_config(w, p);
	json_u64_or_null(w, "duration_s", p->duration_s);
	json_u64(w, "warm_up_s", p->warmup_s);
	json_string(w, "trace_output", p->trace_output);
	json_u64_or_null(w, "trace_buffer_size_kb", p->buffer_kb);
	json_events(w, p);
	json_u64(w, "bucket_size", p->bucket_size);
	json_u64(w, "entries", p->entries);
	json_end_object(w);
}

/* a wall-clock time, UTC, as "2026-01-31T10:02:03Z" */
static void json_time(struct json_writer *w, const char *key, time_t t)
{
	char buf[32];
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_string(w, key, buf);
}

/* 1.10: what a replay replayed, and where its own thresholds stopped it; null in a live run */
static void json_replay(struct json_writer *w, const struct run_view *v)
{
	const struct replay_view *r = v->replay;

	if (!r) {
		json_null(w, "replay");
		return;
	}
	json_begin_object(w, "replay");
	json_string(w, "command", r->command[0] ? r->command : NULL);
	json_string(w, "hostname", r->hostname);
	json_time(w, "started_at", r->started);
	json_double(w, "duration_s", r->elapsed_s);
	json_string(w, "rtlens_version", r->version[0] ? r->version : NULL);
	if (r->stopped) {
		json_begin_object(w, "stopped_by");
		json_u64(w, "cpu", r->stop_cpu);
		json_string(w, "kind", r->stop_total ? "total" : "single");
		json_u64(w, "value_us", r->stop_value_us);
		json_double(w, "at_s", r->stop_at_s);
		json_end_object(w);
	} else {
		json_null(w, "stopped_by");
	}
	json_end_object(w);
}

/* 1.8: the trace.dat a replay read (--input); null in a live run */
static void json_input(struct json_writer *w, const struct rtl_params *p,
		       const struct run_view *v)
{
	bool rtlens = v->recorded_by && !strcmp(v->recorded_by, "rtlens");

	if (!p->input_path) {
		json_null(w, "input");
		return;
	}
	json_begin_object(w, "input");
	json_string(w, "file", p->input_path);
	json_string(w, "recorded_by", rtlens ? "rtlens" : "other");
	json_string(w, "recorded_version", rtlens ? v->recorded_version : NULL);
	json_end_object(w);
}

static void json_stop(struct json_writer *w, const struct rtl_params *p,
		      const struct run_view *v)
{
	char sig[32];

	json_begin_object(w, "stop");
	json_string(w, "reason", stop_reason_name(v->reason));
	if (v->reason == STOP_SIGNAL) {
		if (v->signal >= SIGRTMIN && v->signal <= SIGRTMAX)
			snprintf(sig, sizeof(sig), "SIGRTMIN+%d", v->signal - SIGRTMIN);
		else
			snprintf(sig, sizeof(sig), "SIG%s", sigabbrev_np(v->signal) ?: "UNKNOWN");
		json_string(w, "signal", sig);
	} else {
		json_null(w, "signal");
	}
	if (v->reason == STOP_THRESHOLD) {
		bool single = v->threshold_kind == THRESHOLD_SINGLE;

		json_begin_object(w, "threshold");
		json_string(w, "kind", single ? "single" : "total");
		json_u64(w, "limit_us", single ? p->stop_us : p->stop_total_us);
		if (v->threshold_cpu >= 0)
			json_u64(w, "cpu", v->threshold_cpu);
		else
			json_null(w, "cpu");
		json_end_object(w);
	} else {
		json_null(w, "threshold");
	}
	json_end_object(w);
}

/* 1.4: the stops of rtlens's own measuring threads; null on the kernel engine */
static void json_self_stop(struct json_writer *w, const struct self_stop *s,
			   const struct rtl_params *p)
{
	int cpu;

	if (p->engine != ENGINE_OWN) {
		json_null(w, "self_stop");
		return;
	}
	json_begin_object(w, "self_stop");
	json_double(w, "stopped_us", self_stop_longest_ns(s, &p->cpus) / 1000.0);
	json_u64(w, "samples", self_stop_samples(s, &p->cpus));
	json_begin_array(w, "cpus");
	for_each_cpu_in(cpu, &p->cpus) {
		struct self_stop_cpu c = self_stop_of(s, cpu);

		json_begin_object(w, NULL);
		json_u64(w, "cpu", cpu);
		json_u64(w, "stops", c.stops);
		json_double(w, "stopped_us", c.ns / 1000.0);
		json_u64(w, "samples", c.samples);
		json_end_object(w);
	}
	json_end_array(w);
	json_end_object(w);
}

int render_json(FILE *out, const struct run_models *m, const struct rtl_params *p,
		const struct run_view *v)
{
	struct json_writer *w = json_writer_new(out, true);
	struct setup_notes notes;
	int ret;

	if (!w)
		return -1;
	setup_notes_collect(&notes, m, p);
	json_begin_object(w, NULL);
	/* what it is, then the results, how the run was set, the system last */
	json_rtlens_head(w, SCHEMA_VERSION, p->command);
	json_string(w, "engine", p->engine == ENGINE_OWN ? "user" : "kernel");
	json_time(w, "started_at", v->started);
	json_double(w, "duration_s", v->elapsed_s);
	json_replay(w, v);
	json_i64(w, "exit_status", v->exit_status);
	json_stop(w, p, v);
	json_u64(w, "lost_events", v->lost_events);
	tool_render_of(p)->json_sections[p->mode](w, m, p);
	if (tool_render_of(p)->unit)
		json_tail(w, m, p, tool_render_of(p)->unit(p));
	json_vcpu_threads(w, m, p);
	json_setup_notes(w, &notes);
	json_self_stop(w, &m->self, p);
	json_vm_join(w, m, p, v);
	json_input(w, p, v);
	json_config(w, p, v);
	json_system(w, p->nr_cpus, m->facts);
	json_end_object(w);
	ret = json_writer_finish(w);
	json_writer_free(w);
	return ret;
}
