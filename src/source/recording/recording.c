// SPDX-License-Identifier: GPL-2.0
/*
 * recording - a --record file's metadata read back (json-c)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "base/log.h"
#include "base/tuning.h"
#include "source/recording/recording.h"
#include "source/recording/tuning_layout.h"

struct meta_reader {
	const char	*name;
	const char	*bad;		/* the first member missing or of the wrong type */
};

static json_object *member(struct meta_reader *m, json_object *o, const char *key,
			   json_type type)
{
	json_object *v = NULL;

	if (json_object_object_get_ex(o, key, &v) && json_object_is_type(v, type))
		return v;
	if (type == json_type_double && v && json_object_is_type(v, json_type_int))
		return v;
	if (!m->bad)
		m->bad = key;
	return NULL;
}

static uint64_t get_u64(struct meta_reader *m, json_object *o, const char *key)
{
	json_object *v = member(m, o, key, json_type_int);
	int64_t n = v ? json_object_get_int64(v) : 0;

	if (n < 0 && !m->bad)
		m->bad = key;
	return n < 0 ? 0 : (uint64_t)n;
}

/* a word of rtlens's own ("osnoise top"): one too long for @buf is damage */
static void get_str(struct meta_reader *m, json_object *o, const char *key, char *buf,
		    size_t len)
{
	json_object *v = member(m, o, key, json_type_string);

	if ((size_t)snprintf(buf, len, "%s", v ? json_object_get_string(v) : "") >= len &&
	    !m->bad)
		m->bad = key;
}

static bool get_bool(struct meta_reader *m, json_object *o, const char *key)
{
	json_object *v = member(m, o, key, json_type_boolean);

	return v && json_object_get_boolean(v);
}

static enum stop_reason reason_of(struct meta_reader *m, const char *name)
{
	enum stop_reason r;

	for (r = STOP_DURATION; r <= STOP_ERROR; r++)
		if (!strcmp(name, stop_reason_name(r)))
			return r;
	if (!m->bad)
		m->bad = "reason";
	return STOP_USER;
}

static void read_settings(struct meta_reader *m, json_object *o, struct recorded_settings *s)
{
	json_object *v;
	int64_t n;

	v = member(m, o, "cpus", json_type_string);
	s->cpus = strdup(v ? json_object_get_string(v) : "");	/* whole: a CPU list may be long */
	if (!s->cpus && !m->bad)
		m->bad = "cpus (out of memory)";
	n = get_u64(m, o, "nr_cpus");
	if ((n <= 0 || n > RECORDING_MAX_CPUS) && !m->bad)
		m->bad = "nr_cpus";
	s->nr_cpus = n > 0 && n <= RECORDING_MAX_CPUS ? (int)n : 1;
	s->period_us = get_u64(m, o, "period_us");
	s->runtime_us = get_u64(m, o, "runtime_us");
	s->stop_us = get_u64(m, o, "stop_us");
	s->stop_total_us = get_u64(m, o, "stop_total_us");
	s->threshold_us = get_u64(m, o, "threshold_us");
	s->duration_s = get_u64(m, o, "duration_s");
	s->stack_us = get_u64(m, o, "stack_us");
	s->user_threads = get_bool(m, o, "user_threads");
	s->user_load = get_bool(m, o, "user_load");
}

static void read_steal(struct meta_reader *m, json_object *run, struct sys_facts *f)
{
	json_object *arr = NULL;
	size_t i;

	if (!json_object_object_get_ex(run, "steal_ns", &arr) || !arr)
		return;
	if (!json_object_is_type(arr, json_type_array) ||
	    json_object_array_length(arr) != (size_t)f->nr_cpus) {
		m->bad = m->bad ?: "steal_ns";
		return;
	}
	for (i = 0; i < (size_t)f->nr_cpus; i++) {
		json_object *v = json_object_array_get_idx(arr, i);
		int64_t ns = json_object_is_type(v, json_type_int) ? json_object_get_int64(v) : -1;

		if (ns < 0) {
			m->bad = m->bad ?: "steal_ns";
			return;
		}
		f->steal_ns[i] = ns;
	}
	f->steal_ok = true;
}

/* The SMI counts (absent in the first recordings, or null: not read), unknown ones -1 */
static void read_smi(struct meta_reader *m, json_object *run, struct sys_facts *f)
{
	json_object *arr = NULL;
	size_t i;

	if (json_object_object_get_ex(run, "smi_why", NULL))
		get_str(m, run, "smi_why", f->smi_why, sizeof(f->smi_why));
	if (!json_object_object_get_ex(run, "smi_count", &arr) || !arr)
		return;
	if (!json_object_is_type(arr, json_type_array) ||
	    json_object_array_length(arr) != (size_t)f->nr_cpus ||
	    !(f->smi_count = calloc(f->nr_cpus, sizeof(*f->smi_count)))) {
		m->bad = m->bad ?: "smi_count";
		return;
	}
	for (i = 0; i < (size_t)f->nr_cpus; i++) {
		json_object *v = json_object_array_get_idx(arr, i);

		f->smi_count[i] = v && json_object_is_type(v, json_type_int) ?
				  json_object_get_int64(v) : -1;
		if (v && (!json_object_is_type(v, json_type_int) || f->smi_count[i] < 0)) {
			m->bad = m->bad ?: "smi_count";
			return;
		}
	}
}

static void read_run(struct meta_reader *m, json_object *o, struct recording *rec)
{
	struct recorded_run *r = &rec->run;
	json_object *v;
	char reason[16];

	r->started = (time_t)get_u64(m, o, "started");
	v = member(m, o, "elapsed_s", json_type_double);
	r->elapsed_s = v ? json_object_get_double(v) : 0;
	get_str(m, o, "data_path", r->data_path, sizeof(r->data_path));
	get_str(m, o, "reason", reason, sizeof(reason));
	r->reason = reason_of(m, reason);
	r->signal = (int)get_u64(m, o, "signal");
	r->lost_events = get_u64(m, o, "lost_events");
	if (json_object_object_get_ex(o, "self_pid", NULL))	/* since 0.1's first */
		rec->facts.self_pid = (int)get_u64(m, o, "self_pid");
	read_steal(m, o, &rec->facts);
	/* the steal's resolution; the first recordings lack it: USER_HZ's tick, 1/100 s on Linux */
	if (json_object_object_get_ex(o, "steal_tick_ns", NULL))
		rec->facts.steal_tick_ns = get_u64(m, o, "steal_tick_ns");
	else if (rec->facts.steal_ok)
		rec->facts.steal_tick_ns = 10 * 1000 * 1000;
	read_smi(m, o, &rec->facts);
}

/* ---- system.tuning: what the setup notes need of it ---- */

/* a string member into @buf; "" when it is missing or null */
static void opt_str(json_object *o, const char *key, char *buf, size_t len)
{
	json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	snprintf(buf, len, "%s", json_object_is_type(v, json_type_string) ?
		 json_object_get_string(v) : "");
}

static int opt_int(json_object *o, const char *key, int none)
{
	json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return json_object_is_type(v, json_type_int) ? json_object_get_int(v) : none;
}

/* the array @key of @o, or NULL */
static json_object *array_of(json_object *o, const char *key)
{
	json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return json_object_is_type(v, json_type_array) ? v : NULL;
}

static void read_finding(json_object *o, struct finding *f)
{
	json_object *fix = NULL;
	char name[16];

	opt_str(o, "id", f->id, sizeof(f->id));
	opt_str(o, "status", name, sizeof(name));
	for (f->status = FINDING_OK; f->status < FINDING_BREAKS; f->status++)
		if (!strcmp(name, finding_status_name(f->status)))
			break;
	opt_str(o, "certainty", name, sizeof(name));
	for (f->certainty = CERTAIN; f->certainty < POSSIBLE; f->certainty++)
		if (!strcmp(name, finding_certainty_name(f->certainty)))
			break;
	opt_str(o, "cpus", f->cpus, sizeof(f->cpus));
	opt_str(o, "what", f->what, sizeof(f->what));
	opt_str(o, "why", f->why, sizeof(f->why));
	json_object_object_get_ex(o, "fix", &fix);
	opt_str(fix, "cmdline", f->fix_cmdline, sizeof(f->fix_cmdline));
	opt_str(fix, "runtime", f->fix_runtime, sizeof(f->fix_runtime));
	opt_str(fix, "tuned", f->tuned, sizeof(f->tuned));
	f->irq = opt_int(o, "irq", -1);
}

static void read_irq(json_object *o, struct tuning_irq *q)
{
	q->irq = opt_int(o, "irq", -1);
	opt_str(o, "name", q->name, sizeof(q->name));
	opt_str(o, "affinity", q->affinity, sizeof(q->affinity));
	opt_str(o, "effective_affinity", q->effective, sizeof(q->effective));
}

/*
 * The findings of the recorded run's tuning, as its rtlens judged them, and
 * the IRQs they name: the replay's setup notes are the live run's. The rest
 * of the tuning stays JSON (tuning_json), reported as recorded. NULL when
 * there is none, or no memory (the notes are then left out).
 */
static struct tuning *read_tuning(json_object *o, int nr_cpus)
{
	json_object *findings = array_of(o, "findings"), *irqs = array_of(o, "irqs");
	struct tuning *t = findings ? calloc(1, sizeof(*t)) : NULL;
	size_t i;

	if (!t)
		return NULL;
	t->nr_cpus = nr_cpus;
	opt_str(o, "measured_cpus", t->measured_list, sizeof(t->measured_list));
	t->measured_why = "run";
	for (i = 0; i < json_object_array_length(findings) && i < TUNING_MAX_FINDINGS; i++)
		read_finding(json_object_array_get_idx(findings, i), &t->findings[t->nr_findings++]);
	for (i = 0; irqs && i < json_object_array_length(irqs) && i < TUNING_MAX_IRQS; i++)
		read_irq(json_object_array_get_idx(irqs, i), &t->irqs[t->nr_irqs++]);
	return t;
}

static void read_system(struct meta_reader *m, json_object *o, struct sys_facts *f)
{
	json_object *virt = member(m, o, "virtualization", json_type_object), *tuning;

	get_str(m, o, "kernel_release", f->kernel_release, sizeof(f->kernel_release));
	get_str(m, o, "hostname", f->hostname, sizeof(f->hostname));
	if (virt) {
		f->virt.guest = get_bool(m, virt, "guest");
		if (f->virt.guest) {
			get_str(m, virt, "hypervisor", f->virt.hypervisor, sizeof(f->virt.hypervisor));
			get_str(m, virt, "source", f->virt.source, sizeof(f->virt.source));
		} else {
			snprintf(f->virt.hypervisor, sizeof(f->virt.hypervisor), "none");
			snprintf(f->virt.source, sizeof(f->virt.source), "none");
		}
	}
	if (json_object_object_get_ex(o, "tuning", &tuning) &&
	    json_object_is_type(tuning, json_type_object))
	{
		tuning_nest_keys(tuning);
		f->tuning_json = strdup(json_object_to_json_string_ext(tuning, JSON_C_TO_STRING_PLAIN));
		f->tuning = read_tuning(tuning, f->nr_cpus);
	}
}

static int read_doc(struct meta_reader *m, json_object *doc, struct recording *rec)
{
	json_object *set = member(m, doc, "settings", json_type_object);
	json_object *run = member(m, doc, "run", json_type_object);
	json_object *sys = member(m, doc, "system", json_type_object);
	char engine[16];

	if (m->bad)
		return -1;
	get_str(m, doc, "command", rec->run.command, sizeof(rec->run.command));
	get_str(m, doc, "engine", engine, sizeof(engine));
	rec->run.own_engine = !strcmp(engine, "user");
	/* the user engine's records' layout; rtlens 0.1's first recordings lack it */
	if (json_object_object_get_ex(doc, "record_size", NULL))
		rec->run.record_size = get_u64(m, doc, "record_size");
	read_settings(m, set, &rec->set);
	rec->facts.nr_cpus = rec->set.nr_cpus;
	rec->facts.steal_ns = calloc(rec->set.nr_cpus, sizeof(*rec->facts.steal_ns));
	if (!rec->facts.steal_ns) {
		err_msg("out of memory");
		return -1;
	}
	read_run(m, run, rec);
	read_system(m, sys, &rec->facts);
	return m->bad ? -1 : 0;
}

int recording_parse(struct recording *rec, const char *text, const char *name)
{
	struct meta_reader m = { .name = name };
	const char *json = text ? strchr(text, '\n') : NULL;
	const char *end = text ? strstr(text, RECORDING_LINE_END) : NULL;
	json_object *doc;
	int ret;

	/* "rtlens VERSION recording\n{...}": anything else is another tool's */
	if (!text || strncmp(text, RECORDING_TAG, strlen(RECORDING_TAG)) || !json || !end ||
	    end + strlen(RECORDING_LINE_END) != json + 1)
		return 0;
	memset(rec, 0, sizeof(*rec));
	rec->run.by_rtlens = true;
	sscanf(text + strlen(RECORDING_TAG), "%31s", rec->run.version);
	doc = json_tokener_parse(json + 1);
	ret = doc && json_object_is_type(doc, json_type_object) ? read_doc(&m, doc, rec) : -1;
	json_object_put(doc);
	if (!ret)
		return 1;
	err_msg("%s: rtlens's description of the run (the file's version option) is damaged%s%s: "
		"the file was cut short or edited (trace-cmd report still reads its events)",
		name, m.bad ? " at " : "", m.bad ? m.bad : "");
	recording_free(rec);
	return -1;
}

void recording_tool(const char *command, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s", (int)strcspn(command, " "), command);
}

void recording_free(struct recording *rec)
{
	if (rec->facts.tuning)
		tuning_free(rec->facts.tuning);
	free(rec->facts.tuning);
	free(rec->facts.steal_ns);
	free(rec->facts.smi_count);
	free(rec->facts.tuning_json);
	free(rec->set.cpus);
	memset(rec, 0, sizeof(*rec));
}
