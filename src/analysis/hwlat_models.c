// SPDX-License-Identifier: GPL-2.0
/*
 * hwlat_models - what a session of hwlat computes from its records: the
 * per-CPU model of its samples, kept behind run_models.data
 */
#include "analysis/hwlat_models.h"
#include "base/tool_hwlat.h"

const struct hwlat_model *hwlat_models_of(const struct run_models *m)
{
	return m->ops == &hwlat_models ? m->data : NULL;
}

static struct hwlat_model *model_of(const struct run_models *m)
{
	return m->data;
}

static int init_hwlat(struct run_models *m, const struct rtl_params *p)
{
	m->data = hwlat_model_new(p->nr_cpus, p->bucket_size, p->entries);
	if (!m->data)
		return -1;
	/* hwlatdetect lists every sample at the end, or in its report */
	if (p->desc == &tool_hwlatdetect || p->samples_path)
		hwlat_model_keep(m->data);
	return 0;
}

static void free_hwlat(struct run_models *m)
{
	hwlat_model_free(model_of(m));
}

static void reset_hwlat(struct run_models *m)
{
	hwlat_model_reset(model_of(m));
}

static void add_hwlat(struct run_models *m, const struct rtl_record *rec)
{
	hwlat_model_add(model_of(m), rec);
}

/* hwlat has no analysis: the tracer's thread is alone on its CPU, IRQs off */
static void analyse_nothing(struct run_models *m, const struct rtl_record *rec)
{
	(void)m;
	(void)rec;
}

static uint64_t records_hwlat(const struct run_models *m)
{
	return model_of(m)->records;
}

/* -s: a CPU's longest sample (its longest gap); hwlat has no total limit */
static uint64_t stop_value_hwlat(const struct run_models *m, int cpu, enum stop_limit limit)
{
	return limit == STOP_LIMIT_SINGLE ? model_of(m)->cpu[cpu].hist.max : 0;
}

const struct models_ops hwlat_models = {
	.init		= init_hwlat,
	.free		= free_hwlat,
	.reset		= reset_hwlat,
	.add		= add_hwlat,
	.analyse	= analyse_nothing,
	.records	= records_hwlat,
	.stop_value	= stop_value_hwlat,
};
