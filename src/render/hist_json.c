// SPDX-License-Identifier: GPL-2.0
/*
 * hist_json - one histogram's keys in the JSON report, for each tool's
 * sections: count, min, avg, max, over and its buckets; and the
 * "histogram" section of the tools with one histogram per CPU, in us
 */
#include "render/json_writer.h"
#include "render/render.h"

void json_hist_fields(struct json_writer *w, const struct histogram *h)
{
	unsigned int i;

	json_u64(w, "count", h->count);
	if (h->count) {
		json_u64(w, "min", h->min);
		json_double(w, "avg", histogram_avg(h));
		json_u64(w, "max", h->max);
	} else {
		json_null(w, "min");
		json_null(w, "avg");
		json_null(w, "max");
	}
	json_u64(w, "over", histogram_over(h));
	json_begin_array(w, "buckets");
	for (i = 0; i < h->entries; i++) {
		if (histogram_bucket_is_empty(h, i))
			continue;
		json_begin_object(w, NULL);
		json_u64(w, "index", i);
		json_u64(w, "count", h->buckets[i]);
		json_end_object(w);
	}
	json_end_array(w);
}

void json_cpu_histograms(struct json_writer *w, const struct rtl_params *p, const void *model,
			 int nr_cpus, const struct histogram *(*hist_of)(const void *model, int cpu))
{
	int cpu;

	json_begin_object(w, "histogram");
	json_string(w, "unit", "us");
	json_u64(w, "bucket_size", p->bucket_size);
	json_u64(w, "entries", p->entries);
	json_begin_array(w, "cpus");
	for_each_cpu_in(cpu, &p->cpus) {
		if (cpu >= nr_cpus)
			continue;
		json_begin_object(w, NULL);
		json_u64(w, "cpu", cpu);
		json_hist_fields(w, hist_of(model, cpu));
		json_end_object(w);
	}
	json_end_array(w);
	json_end_object(w);
}
