// SPDX-License-Identifier: GPL-2.0
/*
 * recording_json - the metadata of a --record file, as JSON
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis/run_models.h"
#include "base/run_end.h"
#include "render/json_writer.h"
#include "render/recording_json.h"
#include "render/tuning_render.h"

static void json_argv(struct json_writer *w, const struct rtl_params *p)
{
	int i;

	json_begin_array(w, "argv");
	for (i = 0; i < p->argc; i++)
		json_string(w, NULL, p->argv[i]);
	json_end_array(w);
}

/* what the tracer ran with: a replay takes them as they were */
static void json_settings(struct json_writer *w, const struct rtl_params *p)
{
	char *cpus = cpu_mask_list(&p->cpus);

	json_begin_object(w, "settings");
	json_string(w, "cpus", cpus ? cpus : "");	/* out of memory: a damaged recording */
	free(cpus);
	json_u64(w, "nr_cpus", p->nr_cpus);
	json_u64(w, "period_us", p->period_us);
	json_u64(w, "runtime_us", p->runtime_us);
	json_u64(w, "stop_us", p->stop_us);
	json_u64(w, "stop_total_us", p->stop_total_us);
	json_u64(w, "threshold_us", p->threshold_us);
	json_u64(w, "duration_s", p->duration_s);
	json_u64(w, "warm_up_s", p->warmup_s);
	json_u64(w, "stack_us", p->stack_us);
	json_bool(w, "user_threads", p->user_threads);
	json_bool(w, "user_load", p->user_load);
	json_end_object(w);
}

/* the SMIs each CPU counted (null: unknown), null when none was read; why not */
static void json_smi(struct json_writer *w, const struct run_models *m, int nr_cpus)
{
	int cpu;

	if (m->facts && m->facts->smi_count) {
		json_begin_array(w, "smi_count");
		for (cpu = 0; cpu < nr_cpus; cpu++) {
			if (run_models_smi_count(m, cpu) >= 0)
				json_i64(w, NULL, run_models_smi_count(m, cpu));
			else
				json_null(w, NULL);
		}
		json_end_array(w);
	} else {
		json_null(w, "smi_count");
	}
	json_string(w, "smi_why", run_models_smi_why(m));
}

static void json_run(struct json_writer *w, const struct run_models *m,
		     const struct rtl_params *p, const struct run_view *v)
{
	int cpu;

	json_begin_object(w, "run");
	json_i64(w, "started", (int64_t)v->started);
	json_double(w, "elapsed_s", v->elapsed_s);
	json_string(w, "data_path", v->data_path);
	json_string(w, "reason", stop_reason_name(v->reason));
	json_i64(w, "signal", v->signal);
	json_u64(w, "lost_events", v->lost_events);
	json_i64(w, "self_pid", m->facts ? m->facts->self_pid : 0);	/* rtlens's main thread */
	if (run_models_steal_known(m)) {
		json_begin_array(w, "steal_ns");
		for (cpu = 0; cpu < p->nr_cpus; cpu++)
			json_u64(w, NULL, run_models_steal_ns(m, cpu));
		json_end_array(w);
	} else {
		json_null(w, "steal_ns");
	}
	json_u64(w, "steal_tick_ns", run_models_steal_known(m) ? m->facts->steal_tick_ns : 0);
	json_smi(w, m, p->nr_cpus);
	json_end_object(w);
}

static int write_meta(FILE *f, const struct run_models *m, const struct rtl_params *p,
		      const struct run_view *v)
{
	struct json_writer *w = json_writer_new(f, false);
	int ret;

	if (!w)
		return -1;
	fprintf(f, RECORDING_TAG "%s" RECORDING_LINE_END, RTLENS_VERSION);
	json_begin_object(w, NULL);
	json_string(w, "format_version", RECORDING_FORMAT);
	json_string(w, "command", p->command);
	json_argv(w, p);
	json_string(w, "engine", p->engine == ENGINE_OWN ? "user" : "kernel");
	/* the user engine's records are this build's structs (base/run_end.h) */
	json_u64(w, "record_size", sizeof(struct rtl_record));
	json_settings(w, p);
	json_run(w, m, p, v);
	json_system(w, p->nr_cpus, m->facts);
	json_end_object(w);
	ret = json_writer_finish(w);
	json_writer_free(w);
	return ret;
}

char *render_recording_meta(const struct run_models *m, const struct rtl_params *p,
			    const struct run_view *v)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	int ret;

	if (!f)
		return NULL;
	ret = write_meta(f, m, p, v);
	if (fclose(f) || ret) {
		free(text);
		return NULL;
	}
	return text;
}
