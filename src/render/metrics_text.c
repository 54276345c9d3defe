// SPDX-License-Identifier: GPL-2.0
/*
 * metrics_text - the exposition writer of render_metrics(): families
 * (HELP, TYPE, UNIT), samples with escaped labels, histograms with
 * cumulative buckets, the run's own series; the tools' series are in
 * metrics_tools.c
 */
#include <inttypes.h>
#include <string.h>

#include "base/safe_text.h"
#include "render/metrics.h"
#include "render/metrics_parts.h"

const char *const metrics_content_type[NR_METRICS_FORMATS] = {
	[METRICS_PROMETHEUS]	= "text/plain; version=0.0.4; charset=utf-8",
	[METRICS_OPENMETRICS]	= "application/openmetrics-text; version=1.0.0; charset=utf-8",
};

static const char *const type_names[NR_MTYPES] = {
	[MTYPE_GAUGE]		= "gauge",
	[MTYPE_COUNTER]		= "counter",
	[MTYPE_HISTOGRAM]	= "histogram",
	[MTYPE_INFO]		= "info",
};

/*
 * A label value: \, " and newline escaped; control characters and bytes
 * that are no UTF-8 (task names are the kernel's bytes) become '?'.
 */
void metrics_escape(char *dst, size_t len, const char *src)
{
	size_t o = 0;

	while (*src && o + 4 < len) {		/* room for 4 bytes and the NUL */
		uint32_t cp = 0;
		int n = safe_text_decode(src, &cp);

		if (n == 1 && cp == '\n') {
			dst[o++] = '\\';
			dst[o++] = 'n';
		} else if (n <= 0 || safe_text_is_control(cp)) {
			dst[o++] = '?';
			n = 1;
		} else {
			if (cp == '\\' || cp == '"')
				dst[o++] = '\\';
			memcpy(dst + o, src, n);
			o += n;
		}
		src += n;
	}
	dst[o] = '\0';
}

/*
 * Prometheus 0.0.4 names a counter's and an info's family as its samples
 * (_total, _info); OpenMetrics names the family without the suffix.
 */
static const char *family_suffix(const struct metrics_writer *w, enum metrics_type t)
{
	if (w->fmt == METRICS_OPENMETRICS)
		return "";
	return t == MTYPE_COUNTER ? "_total" : t == MTYPE_INFO ? "_info" : "";
}

void metrics_family(struct metrics_writer *w, const char *name, enum metrics_type t,
		    const char *unit, const char *help)
{
	const char *suffix = family_suffix(w, t);
	bool om = w->fmt == METRICS_OPENMETRICS;

	fprintf(w->out, "# HELP %s%s %s\n", name, suffix, help);
	fprintf(w->out, "# TYPE %s%s %s\n", name, suffix,
		!om && t == MTYPE_INFO ? "gauge" : type_names[t]);
	if (om && unit)
		fprintf(w->out, "# UNIT %s %s\n", name, unit);
}

/* name{host="..",labels} value; labels: "" or `cpu="1",...` */
static void sample_head(struct metrics_writer *w, const char *name, const char *suffix,
			const char *labels)
{
	fprintf(w->out, "%s%s{host=\"%s\"%s%s} ", name, suffix, w->host, *labels ? "," : "",
		labels);
}

void metrics_value(struct metrics_writer *w, const char *name, const char *suffix,
		   const char *labels, double value)
{
	sample_head(w, name, suffix, labels);
	fprintf(w->out, "%.12g\n", value);
}

void metrics_count(struct metrics_writer *w, const char *name, const char *suffix,
		   const char *labels, uint64_t count)
{
	sample_head(w, name, suffix, labels);
	fprintf(w->out, "%" PRIu64 "\n", count);
}

/*
 * The upper bounds of the exposed buckets, in the histogram's unit: 1, 2,
 * 5, 10, 20, 50 us... each rounded down to a bucket edge, up to the last
 * edge. A bucket holds truncated values: bucket i is [i*b, (i+1)*b) of
 * the real value, so the buckets below an edge hold exactly the values
 * <= it.
 */
static int le_bounds(const struct histogram *h, unsigned int ns_per_unit, uint64_t *le,
		     int max)
{
	static const unsigned int steps[] = { 1, 2, 5 };
	uint64_t top = (uint64_t)h->bucket_size * h->entries;
	uint64_t decade;
	int n = 0;

	for (decade = 1000; n < max - 1; decade *= 10) {
		for (size_t i = 0; i < 3 && n < max - 1; i++) {
			uint64_t edge = decade * steps[i] / ns_per_unit;

			if (edge > top)
				goto last;
			edge -= edge % h->bucket_size;
			if (edge && (!n || le[n - 1] != edge))
				le[n++] = edge;
		}
	}
last:
	if (!n || le[n - 1] != top)
		le[n++] = top;
	return n;
}

void metrics_histogram(struct metrics_writer *w, const char *name, const char *labels,
		       const struct histogram *h, unsigned int ns_per_unit, uint64_t sum)
{
	double unit_s = ns_per_unit / 1e9;
	uint64_t le[64], below = 0, total;
	unsigned int bucket = 0;
	char lab[METRICS_LABELS_LEN];
	int n = le_bounds(h, ns_per_unit, le, 64);

	for (int i = 0; i < n; i++) {
		for (; (uint64_t)(bucket + 1) * h->bucket_size <= le[i] && bucket < h->entries;
		     bucket++)
			below += h->buckets[bucket];
		snprintf(lab, sizeof(lab), "%s%sle=\"%.12g\"", labels, *labels ? "," : "",
			 le[i] * unit_s);
		metrics_count(w, name, "_bucket", lab, below);
	}
	for (total = below; bucket <= h->entries; bucket++)	/* the rest, "over" included */
		total += h->buckets[bucket];
	snprintf(lab, sizeof(lab), "%s%sle=\"+Inf\"", labels, *labels ? "," : "");
	metrics_count(w, name, "_bucket", lab, total);
	metrics_count(w, name, "_count", labels, total);
	metrics_value(w, name, "_sum", labels, sum * unit_s);
}

static void run_metrics(struct metrics_writer *w, const struct run_models *m,
			const struct rtl_params *p, const struct run_view *v)
{
	char kernel[METRICS_LABEL_LEN], labels[METRICS_LABELS_LEN];

	metrics_escape(kernel, sizeof(kernel), m->facts ? m->facts->kernel_release : "unknown");
	snprintf(labels, sizeof(labels),
		 "version=\"%s\",command=\"%s\",engine=\"%s\",kernel=\"%s\"", RTLENS_VERSION,
		 p->command, p->engine == ENGINE_OWN ? "user" : "kernel", kernel);
	metrics_family(w, "rtlens", MTYPE_INFO, NULL, "what measures: rtlens's version, the "
		       "command, the engine and the kernel");
	metrics_count(w, "rtlens", "_info", labels, 1);
	metrics_family(w, "rtlens_elapsed_seconds", MTYPE_GAUGE, "seconds",
		       "time the figures cover (since the start or the last reset)");
	metrics_value(w, "rtlens_elapsed_seconds", "", "", v->elapsed_s);
	metrics_family(w, "rtlens_events_lost", MTYPE_COUNTER, NULL,
		       "events the ring buffers dropped (use a larger --trace-buffer-size)");
	metrics_count(w, "rtlens_events_lost", "_total", "", v->lost_events);
	metrics_family(w, "rtlens_threshold_hits", MTYPE_COUNTER, NULL,
		       "stop thresholds hit (more than one with --on-threshold continue)");
	metrics_count(w, "rtlens_threshold_hits", "_total", "", v->threshold_hits);
}

int render_metrics(FILE *out, enum metrics_format fmt, const struct run_models *m,
		   const struct rtl_params *p, const struct run_view *v)
{
	struct metrics_writer w = { .out = out, .fmt = fmt };

	metrics_escape(w.host, sizeof(w.host), m->facts ? m->facts->hostname : "unknown");
	run_metrics(&w, m, p, v);
	tool_render_of(p)->metrics(&w, m, p);
	if (fmt == METRICS_OPENMETRICS)
		fputs("# EOF\n", out);
	return ferror(out) ? -1 : 0;
}
