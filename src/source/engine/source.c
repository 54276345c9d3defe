// SPDX-License-Identifier: GPL-2.0
/*
 * source - pick the engine of a run and forward every call to it
 */
#include <stdlib.h>

#include "source/engine/engine.h"
#include "base/log.h"
#include "source/engine/file_source.h"
#include "source/recording/recording.h"
#include "source/engine/source.h"

struct source {
	const struct engine_ops	*ops;
	struct engine		*e;
};

static const struct engine_ops *engine_of(const struct rtl_params *p)
{
	if (p->input_path)
		return &file_engine;
	return p->engine == ENGINE_USER ? &user_engine : &kernel_engine;
}

void source_choose(struct rtl_params *p)
{
	if (p->engine == ENGINE_AUTO) {
		p->engine = kernel_engine.available(p) ? ENGINE_KERNEL : ENGINE_USER;
		if (p->engine == ENGINE_USER)
			info_msg("this kernel has no %s tracer: measuring with rtlens's own "
				 "threads (--engine user)", p->desc->tracer);
	}
	if (engine_of(p)->choose)
		engine_of(p)->choose(p);
}

int source_check(const struct rtl_params *p)
{
	return engine_of(p)->check(p);
}

struct source *source_open(const struct rtl_params *p, struct sys_state *st)
{
	struct source *src = calloc(1, sizeof(*src));

	if (!src) {
		err_msg("out of memory");
		return NULL;
	}
	src->ops = engine_of(p);
	src->e = src->ops->open(p, st);
	if (!src->e) {
		free(src);
		return NULL;
	}
	return src;
}

struct source *source_open_input(struct rtl_params *p, struct sys_facts *f,
				 struct recorded_run *run)
{
	struct source *src = calloc(1, sizeof(*src));
	struct file_input in;

	if (!src) {
		err_msg("out of memory");
		return NULL;
	}
	src->ops = &file_engine;
	if (file_input_open(&in, p->input_path))
		goto fail;
	if (file_input_apply(&in, p, f)) {
		file_input_free(&in);
		goto fail;
	}
	*run = in.rec.run;
	src->e = file_engine_open(&in, p);
	file_input_free(&in);
	if (src->e)
		return src;
fail:
	free(src);
	return NULL;
}

int source_poll(struct source *src, record_fn fn, void *ctx)
{
	return src->ops->poll(src->e, fn, ctx);
}

int source_kernel_hist(struct source *src, hist_bucket_fn fn, void *ctx)
{
	return src->ops->kernel_hist ? src->ops->kernel_hist(src->e, fn, ctx) : 0;
}

void source_load_counts(struct source *src, struct noise_model *nm, struct latency_model *lm)
{
	if (src->ops->load_counts)
		src->ops->load_counts(src->e, nm, lm);
}

enum aa_feed source_aa_feed(const struct source *src)
{
	return src->ops->aa_feed ? src->ops->aa_feed(src->e) : AA_FEED_INLINE;
}

int source_read_window(struct source *src, record_fn fn, void *ctx)
{
	return src->ops->read_window ? src->ops->read_window(src->e, fn, ctx) : 0;
}

int source_poll_analysis(struct source *src, record_fn fn, void *ctx)
{
	return src->ops->poll_analysis ? src->ops->poll_analysis(src->e, fn, ctx) : 0;
}

uint64_t source_analysis_lost(struct source *src, int cpu)
{
	return src->ops->analysis_lost ? src->ops->analysis_lost(src->e, cpu) : 0;
}

void source_samples_wanted_from(struct source *src, uint64_t ns)
{
	if (src->ops->samples_wanted_from)
		src->ops->samples_wanted_from(src->e, ns);
}

const char *source_data_path(const struct source *src, const char **detail)
{
	*detail = NULL;
	return src->ops->data_path ? src->ops->data_path(src->e, detail) : src->ops->name;
}

void source_discard_counts(struct source *src)
{
	if (src->ops->discard_counts)
		src->ops->discard_counts(src->e);
}

bool source_has_more(const struct source *src)
{
	return src->ops->has_more(src->e);
}

int source_next_read_ms(const struct source *src, int longest_ms)
{
	return src->ops->next_read_ms ? src->ops->next_read_ms(src->e, longest_ms) : longest_ms;
}

bool source_tracing_stopped(struct source *src)
{
	return src->ops->tracing_stopped(src->e);
}

void source_restart(struct source *src)
{
	src->ops->restart(src->e);
}

void source_stop(struct source *src)
{
	src->ops->stop(src->e);
}

uint64_t source_lost_events(struct source *src)
{
	return src->ops->lost_events(src->e);
}

char *source_trace_text(struct source *src)
{
	return src->ops->trace_text(src->e);
}

struct tracefs_instance *source_record(struct source *src, struct recorder *rec)
{
	return src->ops->record ? src->ops->record(src->e, rec) : NULL;
}

void source_close(struct source *src)
{
	if (!src)
		return;
	src->ops->close(src->e);
	free(src);
}

void source_effective_period(const struct rtl_params *p, uint64_t *period_us,
			     uint64_t *runtime_us)
{
	engine_of(p)->effective_period(p, period_us, runtime_us);
}
