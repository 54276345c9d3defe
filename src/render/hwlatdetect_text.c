// SPDX-License-Identifier: GPL-2.0
/*
 * hwlatdetect_text - hwlat in the words of rt-tests' hwlatdetect: the
 * parameters before the test, the summary after it, and a sample a line
 * ("ts: S.N, inner:X, outer:Y, cpu:C, count:K"), so that scripts reading
 * that tool's output read rtlens's. --quiet keeps what the script prints
 * even then: the SMIs per CPU, where the report went, the samples.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "analysis/hwlat_models.h"
#include "base/tool_hwlat.h"
#include "render/hwlatdetect_text.h"

static void parameters(FILE *out, const struct rtl_params *p)
{
	char *list = p->cpus_set ? cpu_mask_list(&p->cpus) : NULL;

	fprintf(out, "hwlatdetect:  test duration %" PRIu64 " seconds\n", p->duration_s);
	fprintf(out, "   detector: tracer\n   parameters:\n");
	fprintf(out, "        CPU list:          %s\n", list ? list : "None");
	fprintf(out, "        Latency threshold: %" PRIu64 "us\n", p->threshold_us);
	fprintf(out, "        Sample window:     %" PRIu64 "us\n", p->period_us);
	fprintf(out, "        Sample width:      %" PRIu64 "us\n", p->runtime_us);
	fprintf(out, "     Non-sampling period:  %" PRIu64 "us\n", p->period_us - p->runtime_us);
	fprintf(out, "        Output File:       %s\n", p->samples_path ? p->samples_path : "None");
	fprintf(out, "\nStarting test\n");
	free(list);
}

void hwlatdetect_begin(FILE *out, const struct rtl_params *p)
{
	if (p->desc == &tool_hwlatdetect && !p->quiet)
		parameters(out, p);
	fflush(out);
}

static void sample_line(FILE *out, const struct hwlat_sample *s)
{
	fprintf(out, "ts: %" PRIu64 ".%09" PRIu64 ", inner:%" PRIu64 ", outer:%" PRIu64
		", cpu:%d, count:%" PRIu64 "\n", s->wall_ns / 1000000000, s->wall_ns % 1000000000,
		s->inner_us, s->outer_us, s->cpu, hwlat_sample_gaps(s));
}

void hwlatdetect_record(FILE *out, const struct rtl_record *rec,
			       const struct rtl_params *p)
{
	(void)p;
	if (rec->kind != RECORD_HWLAT)
		return;
	sample_line(out, &rec->hwlat);
	fflush(out);
}

void hwlatdetect_samples(FILE *out, const struct run_models *m,
				const struct rtl_params *p)
{
	const struct hwlat_model *hm = hwlat_models_of(m);
	size_t i;

	(void)p;
	for (i = 0; i < hm->nr_log; i++)
		sample_line(out, &hm->log[i]);
}

bool hwlatdetect_quiet(const struct rtl_params *p)
{
	return p->desc == &tool_hwlatdetect && p->quiet;
}

/* "N SMIs occured on cpu C" for each that had some, then their sum, where MSR 0x34 reads */
static void smis(FILE *out, const struct run_models *m, const struct rtl_params *p)
{
	int64_t n, total = 0;
	bool known = false;
	int cpu;

	for_each_cpu_in(cpu, &p->cpus) {
		n = run_models_smi_count(m, cpu);
		if (n < 0)
			continue;
		known = true;
		total += n;
		if (n)
			fprintf(out, "%" PRId64 " SMIs occured on cpu %d\n", n, cpu);
	}
	if (known && !p->quiet)
		fprintf(out, "SMIs during run: %" PRId64 "\n", total);
}

/* the longest gap of all, the samples, and the gaps over the threshold in them */
static void summary(FILE *out, const struct hwlat_model *hm, const struct rtl_params *p)
{
	uint64_t max = 0, samples = 0, exceeding = 0;
	int cpu;

	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= hm->nr_cpus)
			continue;
		samples += hm->cpu[cpu].samples;
		exceeding += hm->cpu[cpu].gaps;
		if (hm->cpu[cpu].hist.max > max)
			max = hm->cpu[cpu].hist.max;
	}
	fprintf(out, "test finished\n");
	if (max)
		fprintf(out, "Max Latency: %" PRIu64 "us\n", max);
	else
		fprintf(out, "Max Latency: Below threshold\n");
	fprintf(out, "Samples recorded: %" PRIu64 "\n", samples);
	fprintf(out, "Samples exceeding threshold: %" PRIu64 "\n", exceeding);
}

void hwlatdetect_screen(FILE *out, const struct run_models *m, const struct rtl_params *p,
			const struct run_view *v)
{
	const struct hwlat_model *hm = hwlat_models_of(m);

	(void)v;
	if (!p->quiet)
		summary(out, hm, p);
	smis(out, m, p);
	if (hm->log_lost)
		fprintf(out, "%" PRIu64 " samples were not kept (out of memory): the list below "
			"misses them\n", hm->log_lost);
	if (p->samples_path)
		fprintf(out, "report saved to %s (%zu samples)\n", p->samples_path, hm->nr_log);
	if (!p->watch)
		hwlatdetect_samples(out, m, p);
}
