// SPDX-License-Identifier: GPL-2.0
/*
 * progress_text - the one line of a long run's progress: elapsed and
 * duration, the samples so far, the worst one (render_progress())
 */
#include "render/render.h"

/* samples so far and the worst one: osnoise's single noise, timerlat's thread latency */
static uint64_t noise_so_far(const struct noise_model *m, const struct rtl_params *p,
			     uint64_t *max)
{
	uint64_t n = 0;

	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		const struct cpu_noise *c = &m->cpu[cpu];

		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		n += c->hist.count;
		if (c->max_single_us > *max)
			*max = c->max_single_us;
	}
	return n;
}

static uint64_t latency_so_far(const struct latency_model *m, const struct rtl_params *p,
			       uint64_t *max)
{
	uint64_t n = 0;

	for (int cpu = 0; cpu < m->nr_cpus; cpu++) {
		const struct latency_stats *st = &m->cpu[cpu].stats[TIMERLAT_THREAD];

		if (!cpu_mask_test(&p->cpus, cpu))
			continue;
		n += st->count;
		if (st->count && st->max > *max)
			*max = st->max;
	}
	return n;
}

void render_progress(char *buf, size_t len, const struct run_models *m,
		     const struct rtl_params *p, const struct run_view *v)
{
	static const char *const noises[2] = { "noise sample", "noise samples" };
	char elapsed[32], duration[32] = "";
	uint64_t max = 0, n;
	bool timerlat = p->desc->latency;
	const char *const *what = timerlat ? p->desc->sample : noises;

	n = timerlat ? latency_so_far(&m->lat, p, &max) : noise_so_far(&m->noise, p, &max);
	format_duration(v->elapsed_s, elapsed, sizeof(elapsed));
	if (p->duration_s)
		format_duration(p->duration_s, duration, sizeof(duration));
	snprintf(buf, len, "rtlens %s:%s%s%s, %llu %s, max %llu %s", p->command, elapsed,
		 p->duration_s ? " of" : "", duration, (unsigned long long)n,
		 what[n != 1], (unsigned long long)max,
		 timerlat ? (p->nano ? "ns" : "us") : "us");
}
