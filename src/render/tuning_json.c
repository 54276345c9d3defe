// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_json - the tuning as JSON: "system.tuning" in every report, and
 * the document of `rtlens check` (Documentation/json-check.md)
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "render/json_writer.h"
#include "render/tuning_render.h"

static void json_tri(struct json_writer *w, const char *key, enum tri v)
{
	if (v == TRI_UNKNOWN)
		json_null(w, key);
	else
		json_bool(w, key, v == TRI_YES);
}

static void json_int_known(struct json_writer *w, const char *key, long v, long unknown)
{
	if (v == unknown)
		json_null(w, key);
	else
		json_i64(w, key, v);
}

/* a CPU list: null when it could not be read */
static void json_list(struct json_writer *w, const char *key, const char *list)
{
	json_string(w, key, list[0] == '?' ? NULL : list);
}

/*
 * The command-line parameters by name, a dot a level of nesting:
 * "intel_idle.max_cstate" is "max_cstate" in the object "intel_idle", so
 * that no key holds a dot. No parameter rtlens reads is also the module
 * of another (tuning_cmdline.c), and none has two dots.
 */
static void json_params(struct json_writer *w, const char *key, const struct tuning *t)
{
	bool done[TUNING_MAX_PARAMS] = { false };
	char module[sizeof(t->params[0].name)];
	int i, j;

	json_begin_object(w, key);
	for (i = 0; i < t->nr_params; i++) {
		const char *name = t->params[i].name, *dot = strchr(name, '.');
		size_t len = dot ? (size_t)(dot - name) : 0;

		if (done[i])
			continue;
		if (!dot) {
			json_string(w, name, t->params[i].value);
			continue;
		}
		snprintf(module, sizeof(module), "%.*s", (int)len, name);
		json_begin_object(w, module);
		for (j = i; j < t->nr_params; j++) {
			if (done[j] || strncmp(t->params[j].name, name, len + 1))
				continue;
			json_string(w, t->params[j].name + len + 1, t->params[j].value);
			done[j] = true;
		}
		json_end_object(w);
	}
	json_end_object(w);
}

static void json_settings_config(struct json_writer *w, const struct tuning *t)
{
	json_begin_object(w, "config");
	json_int_known(w, "hz", t->config.hz, 0);
	json_string(w, "preempt", t->config.preempt);
	json_tri(w, "no_hz_full", t->config.no_hz_full);
	json_tri(w, "rcu_nocb_cpu", t->config.rcu_nocb_cpu);
	json_end_object(w);
}

/* "sysctl": {"kernel": {...}}, the path of the name under /proc/sys */
static void json_settings_sysctl(struct json_writer *w, const struct tuning *t)
{
	json_begin_object(w, "sysctl");
	json_begin_object(w, "kernel");
	json_int_known(w, "nmi_watchdog", t->nmi_watchdog, -1);
	json_int_known(w, "watchdog", t->watchdog, -1);
	json_int_known(w, "soft_watchdog", t->soft_watchdog, -1);
	json_int_known(w, "watchdog_thresh", t->watchdog_thresh, -1);
	json_int_known(w, "sched_rt_runtime_us", t->rt_runtime_us, LONG_MIN);
	json_int_known(w, "timer_migration", t->timer_migration, -1);
	json_end_object(w);
	json_end_object(w);
}

static void json_settings_cpu(struct json_writer *w, const struct tuning_cpu *c)
{
	const struct idle_state *deep = tuning_deepest_idle(c);
	char key[32];

	snprintf(key, sizeof(key), "cpu%d", c->cpu);
	json_begin_object(w, key);
	json_string(w, "governor", c->governor[0] ? c->governor : NULL);
	json_string(w, "deepest_idle", deep ? deep->name : NULL);
	json_tri(w, "tick_stopped", c->tick_stopped);
	json_end_object(w);
}

/*
 * What `rtlens compare` puts side by side, each setting at a path of
 * objects (sysctl.kernel.watchdog): the compare flattens it again
 */
static void json_settings(struct json_writer *w, const struct tuning *t)
{
	int i;

	json_begin_object(w, "settings");
	json_string(w, "measured_cpus", t->measured_list);
	json_params(w, "cmdline", t);
	json_list(w, "isolated", t->isolated);
	json_list(w, "nohz_full", t->nohz_full);
	json_list(w, "rcu_nocb", t->rcu_nocb);
	json_list(w, "workqueue_cpumask", t->wq_cpumask);
	json_list(w, "watchdog_cpumask", t->watchdog_cpumask);
	json_settings_config(w, t);
	json_settings_sysctl(w, t);
	json_string(w, "clocksource", t->clocksource[0] ? t->clocksource : NULL);
	json_string(w, "transparent_hugepage", t->thp[0] == '?' ? NULL : t->thp);
	for (i = 0; i < t->nr_tuning_cpus; i++)
		json_settings_cpu(w, &t->cpus[i]);
	json_u64(w, "irqs_on_measured", t->nr_irqs + t->irqs_left_out);
	json_u64(w, "user_tasks_on_measured", t->task_counts[TASK_USER]);
	json_u64(w, "kthreads_on_measured", t->task_counts[TASK_KTHREAD]);
	json_end_object(w);
}

static void json_kernel_config(struct json_writer *w, const struct kernel_config *c)
{
	json_begin_object(w, "kernel_config");
	json_string(w, "source", c->source[0] ? c->source : NULL);
	json_int_known(w, "hz", c->hz, 0);
	json_string(w, "preempt", c->preempt);
	json_bool(w, "preempt_dynamic", c->preempt_dynamic);
	json_tri(w, "preempt_rt", c->preempt_rt);
	json_tri(w, "no_hz_full", c->no_hz_full);
	json_tri(w, "rcu_nocb_cpu", c->rcu_nocb_cpu);
	json_tri(w, "rcu_lazy", c->rcu_lazy);
	json_end_object(w);
}

static void json_cmdline(struct json_writer *w, const struct tuning *t)
{
	json_string(w, "cmdline", t->cmdline);
	json_params(w, "parameters", t);
}

static void json_idle(struct json_writer *w, const struct tuning_cpu *c)
{
	int i;

	json_begin_array(w, "idle_states");
	for (i = 0; i < c->nr_idle; i++) {
		json_begin_object(w, NULL);
		json_string(w, "name", c->idle[i].name);
		json_u64(w, "latency_us", c->idle[i].latency_us);
		json_bool(w, "disabled", c->idle[i].disabled);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_cpus(struct json_writer *w, const struct tuning *t)
{
	int i;

	json_begin_array(w, "cpus");
	for (i = 0; i < t->nr_tuning_cpus; i++) {
		const struct tuning_cpu *c = &t->cpus[i];

		json_begin_object(w, NULL);
		json_u64(w, "cpu", c->cpu);
		json_bool(w, "isolated", c->isolated);
		json_bool(w, "nohz_full", c->nohz_full);
		json_bool(w, "rcu_nocb", c->rcu_nocb);
		json_bool(w, "workqueues", c->in_wq_mask);
		json_bool(w, "watchdog", c->in_watchdog_mask);
		json_tri(w, "tick_stopped", c->tick_stopped);
		json_tri(w, "timer_list_tick_stopped", c->timer_list_stopped);
		if (c->loc_per_s < 0)
			json_null(w, "local_timer_per_s");
		else
			json_double(w, "local_timer_per_s", c->loc_per_s);
		json_int_known(w, "runnable", c->runnable, -1);
		json_int_known(w, "nmi", c->nmi, -1);
		json_string(w, "governor", c->governor[0] ? c->governor : NULL);
		json_idle(w, c);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_irqs(struct json_writer *w, const struct tuning *t)
{
	int i;

	json_begin_array(w, "irqs");
	for (i = 0; i < t->nr_irqs; i++) {
		const struct tuning_irq *q = &t->irqs[i];

		json_begin_object(w, NULL);
		json_u64(w, "irq", q->irq);
		json_string(w, "name", q->name);
		json_string(w, "affinity", q->affinity);
		json_string(w, "effective_affinity", q->effective[0] ? q->effective : NULL);
		json_bool(w, "effective_on_measured", q->effective_measured);
		json_u64(w, "count", q->count);
		json_end_object(w);
	}
	json_end_array(w);
	json_u64(w, "irqs_left_out", t->irqs_left_out);
}

static void json_tasks(struct json_writer *w, const struct tuning *t)
{
	int i;

	json_begin_object(w, "task_counts");
	for (i = 0; i < NR_TASK_KINDS; i++)
		json_u64(w, task_kind_name(i), t->task_counts[i]);
	json_end_object(w);
	json_begin_array(w, "tasks");
	for (i = 0; i < t->nr_tasks; i++) {
		json_begin_object(w, NULL);
		json_u64(w, "pid", t->tasks[i].pid);
		json_string(w, "comm", t->tasks[i].comm);
		json_string(w, "kind", task_kind_name(t->tasks[i].kind));
		json_bool(w, "runnable", t->tasks[i].runnable);
		json_string(w, "allowed", t->tasks[i].allowed);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_findings(struct json_writer *w, const struct tuning *t)
{
	int i;

	json_begin_array(w, "findings");
	for (i = 0; i < t->nr_findings; i++) {
		const struct finding *f = &t->findings[i];

		json_begin_object(w, NULL);
		json_string(w, "id", f->id);
		json_string(w, "status", finding_status_name(f->status));
		json_string(w, "certainty", finding_certainty_name(f->certainty));
		json_string(w, "cpus", f->cpus);
		json_string(w, "what", f->what);
		json_string(w, "why", f->why[0] ? f->why : NULL);
		json_begin_object(w, "fix");
		json_string(w, "cmdline", f->fix_cmdline[0] ? f->fix_cmdline : NULL);
		json_string(w, "runtime", f->fix_runtime[0] ? f->fix_runtime : NULL);
		json_string(w, "tuned", f->tuned[0] ? f->tuned : NULL);
		json_end_object(w);
		json_int_or_null(w, "irq", f->irq);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_tuning(struct json_writer *w, const struct tuning *t)
{
	json_begin_object(w, "tuning");
	json_string(w, "measured_cpus", t->measured_list);
	json_string(w, "measured_cpus_from", t->measured_why);
	json_bool(w, "isolation_ok", !tuning_breaks(t));
	json_settings(w, t);
	json_cmdline(w, t);
	json_list(w, "online", t->online);
	json_list(w, "isolated", t->isolated);
	json_list(w, "nohz_full", t->nohz_full);
	json_list(w, "cpuset_isolated", t->cpuset_isolated);
	json_kernel_config(w, &t->config);
	json_cpus(w, t);
	json_irqs(w, t);
	json_tasks(w, t);
	json_findings(w, t);
	json_end_object(w);
}

static void json_virt(struct json_writer *w, const struct virt_info *v)
{
	json_begin_object(w, "virtualization");
	json_bool(w, "guest", v->guest);
	json_string(w, "hypervisor", v->guest ? v->hypervisor : NULL);
	json_string(w, "source", v->guest ? v->source : NULL);
	json_end_object(w);
}

void json_system(struct json_writer *w, int nr_cpus, const struct sys_facts *f)
{
	static const struct sys_facts none = {
		.kernel_release = "unknown", .hostname = "unknown",
	};

	if (!f)
		f = &none;
	json_begin_object(w, "system");
	json_string(w, "kernel_release", f->kernel_release);
	json_string(w, "hostname", f->hostname);
	json_u64(w, "nr_cpus", nr_cpus);
	json_virt(w, &f->virt);
	if (f->tuning_json)	/* a replay: the recording's, whole */
		json_raw(w, "tuning", f->tuning_json);
	else if (f->tuning)
		json_tuning(w, f->tuning);
	json_end_object(w);
}

int render_check_json(FILE *out, const struct tuning *t, const struct sys_facts *f,
		      int exit_status)
{
	struct json_writer *w = json_writer_new(out, true);
	int counts[NR_FINDING_STATUS] = { 0 }, i, ret;

	if (!w)
		return -1;
	for (i = 0; i < t->nr_findings; i++)
		counts[t->findings[i].status]++;
	json_begin_object(w, NULL);
	json_rtlens_head(w, CHECK_SCHEMA_VERSION, "check");
	json_system(w, t->nr_cpus, f);
	json_begin_object(w, "counts");
	for (i = 0; i < NR_FINDING_STATUS; i++)
		json_u64(w, finding_status_name(i), counts[i]);
	json_end_object(w);
	json_u64(w, "exit_status", exit_status);
	json_end_object(w);
	ret = json_writer_finish(w);
	json_writer_free(w);
	return ret;
}
