// SPDX-License-Identifier: GPL-2.0
/*
 * report_noise - the results of a report of noise read back (osnoise,
 * hwnoise): each CPU's noise within its runtime, one histogram per CPU,
 * the analysis' sources per CPU (see report_shape.h)
 */
#include "source/reports/report_parts.h"
#include "source/reports/report_shape.h"

#define NOISE_FIELD(key, field)	{ key, offsetof(struct report_cpu, field) }

static const struct {
	const char	*key;
	size_t		offset;
} noise_fields[] = {
	NOISE_FIELD("runtime_us", runtime_us),
	NOISE_FIELD("noise_us", noise_us),
	NOISE_FIELD("cpu_available_pct", avail_pct),
	NOISE_FIELD("max_noise_us", max_noise_us),
	NOISE_FIELD("max_single_us", max_single_us),
	NOISE_FIELD("hw_count", counts[COUNT_HW]),
	NOISE_FIELD("nmi_count", counts[COUNT_NMI]),
	NOISE_FIELD("irq_count", counts[COUNT_IRQ]),
	NOISE_FIELD("softirq_count", counts[COUNT_SOFTIRQ]),
	NOISE_FIELD("thread_count", counts[COUNT_THREAD]),
};

/* @to_us: unused, the fields are in us */
static int load_noise_cpu(struct loader *l, json_object *o, double to_us, struct report_cpu *c)
{
	size_t i;

	(void)to_us;
	for (i = 0; i < sizeof(noise_fields) / sizeof(noise_fields[0]); i++)
		if (report_get_num(l, o, noise_fields[i].key,
			    (double *)((char *)c + noise_fields[i].offset)))
			return -1;
	return 0;
}

static int load_noise_hist(struct loader *l, json_object *o, const struct report_hist *proto,
			   struct report_cpu *c)
{
	return report_load_hist(l, o, proto, &c->hist);
}

static int load_noise_analysis(struct loader *l, json_object *aa)
{
	json_object *cpus, *o;
	int cpu;
	size_t i;

	if (report_get(l, aa, "cpus", WANT_ARR, &cpus))
		return -1;
	for (i = 0; i < json_object_array_length(cpus); i++) {
		report_where(l, "analysis.cpus[%zu]", i);
		o = json_object_array_get_idx(cpus, i);
		if (!report_is(o, WANT_OBJ))
			return report_damaged(l, "cpu", "is missing");
		if (report_get_cpu(l, o, &cpu) || report_load_sources(l, o, cpu))
			return -1;
	}
	return 0;
}

const struct report_shape report_noise = {
	.config_unit	= false,
	.load_cpu	= load_noise_cpu,
	.load_hist	= load_noise_hist,
	.load_analysis	= load_noise_analysis,
	.tail_context	= "noise",
};
