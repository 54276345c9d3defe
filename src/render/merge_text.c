// SPDX-License-Identifier: GPL-2.0
/*
 * merge_text - many nodes' reports together, for the terminal (see
 * render/merge_render.h): a row per node, the worst node and CPU named, and the
 * projection for a bulk-synchronous job on the CPUs measured
 */
#include <string.h>

#include "base/safe_text.h"
#include "render/json_writer.h"
#include "render/merge_render.h"

#define LABEL_MAX	32		/* bytes of a label shown */
#define NAME_MAX_SHOWN	48		/* of a source's name */
#define LABEL_BUF	(SAFE_TEXT_SIZE(LABEL_MAX) + 4)
#define NAME_BUF	(SAFE_TEXT_SIZE(NAME_MAX_SHOWN) + 4)
#define SOURCE_BUF	(2 * NAME_BUF + 64)
#define NUM_BUF		48

/* what the text says of a merge of one shape of reports */
struct node_words {
	int		report_width;	/* of the nodes' column of the report's command */
	/* the headings of a node's figures, and a node's: between its CPUs and top source */
	void		(*heads)(FILE *out);
	void		(*figures)(FILE *out, const struct merge_node *nd, const char *cpu);
	/* the worst node's sentence, up to its top source */
	void		(*worst)(FILE *out, const struct merge_node *nd, const char *label);
	void		(*projection)(FILE *out, const struct merge_projection *p);
	const char	*share_of;	/* after a top source's share: what it is of */
};

/* @s safe to print, cut to @max bytes ("..." marks the cut) */
static const char *show(const char *s, size_t max, char *buf, size_t size)
{
	char cut[NAME_MAX_SHOWN + 1];
	size_t n;

	if (max > NAME_MAX_SHOWN)
		max = NAME_MAX_SHOWN;
	snprintf(cut, max + 1, "%s", s ? s : "");
	n = safe_text(buf, size - 3, cut);
	if (s && strlen(s) > max)
		strcpy(buf + n, "...");
	return buf;
}

/* three significant digits, no exponent, no trailing zeros: "0.00338", "41", "4121" */
static const char *num3(double v, char *buf)
{
	double x = v < 0 ? -v : v;
	int d = 2;

	if (x == 0) {
		snprintf(buf, NUM_BUF, "0");
		return buf;
	}
	for (; x < 1 && d < 8; x *= 10)
		d++;
	for (; x >= 10 && d > 0; x /= 10)
		d--;
	snprintf(buf, NUM_BUF, "%.*f", d, v);
	json_trim_number(buf);
	return buf;
}

static int label_width(const struct merge *m)
{
	size_t i, w = 4;

	for (i = 0; i < m->nr_nodes; i++) {
		size_t n = strlen(m->nodes[i].label);

		if (n > w)
			w = n;
	}
	return (int)(w > LABEL_MAX + 3 ? LABEL_MAX + 3 : w);
}

static const char *source_text(const struct merge_source *s, const char *share_of, char *buf)
{
	char kind[NAME_BUF], name[NAME_BUF];

	if (!s->set) {
		snprintf(buf, SOURCE_BUF, "-");
		return buf;
	}
	show(s->kind, 16, kind, sizeof(kind));
	show(s->name, NAME_MAX_SHOWN, name, sizeof(name));
	if (!strcmp(s->kind, s->name) || !strcmp(s->kind, "part") || !strcmp(s->kind, "vm"))
		*kind = '\0';
	snprintf(buf, SOURCE_BUF, "%s%s%s (%s%.0f%%%s)", kind, *kind ? " " : "", name,
		 s->estimated ? "~" : "", s->share_pct, share_of);
	return buf;
}

/* ---- the nodes ---- */

static void noise_heads(FILE *out)
{
	fprintf(out, " %10s %9s %11s %14s", "noise %", "worst CPU", "its noise %", "max single");
}

static void noise_figures(FILE *out, const struct merge_node *nd, const char *cpu)
{
	char a[NUM_BUF], b[NUM_BUF], c[NUM_BUF];

	fprintf(out, " %10s %9s %11s %11s us", num3(nd->noise_pct, a), cpu,
		nd->has_worst ? num3(nd->worst_noise_pct, b) : "-", num3(nd->max_single_us, c));
}

static void noise_worst(FILE *out, const struct merge_node *nd, const char *label)
{
	char a[NUM_BUF], b[NUM_BUF];

	fprintf(out, "\nNoisiest: node %s, CPU %d: %s%% of its time lost to noise; the "
		"node's longest single noise %s us", label, nd->worst_cpu,
		num3(nd->worst_noise_pct, a), num3(nd->max_single_us, b));
}

static void latency_heads(FILE *out)
{
	fprintf(out, " %9s %13s %10s %10s", "worst CPU", "max thread us", "avg us", "p99 us");
}

static void latency_figures(FILE *out, const struct merge_node *nd, const char *cpu)
{
	char a[NUM_BUF], b[NUM_BUF], c[NUM_BUF];

	fprintf(out, " %9s %13s %10s %10s", cpu, nd->has_worst ? num3(nd->thread_max_us, a) : "-",
		nd->has_worst ? num3(nd->thread_avg_us, b) : "-",
		nd->has_p99 ? num3(nd->thread_p99_us, c) : "-");
}

static void latency_worst(FILE *out, const struct merge_node *nd, const char *label)
{
	char a[NUM_BUF];

	fprintf(out, "\nWorst: node %s, CPU %d: thread latency up to %s us", label,
		nd->worst_cpu, num3(nd->thread_max_us, a));
}

static void print_row(FILE *out, const struct merge_node *nd, int width,
		      const struct node_words *w)
{
	char label[LABEL_BUF], src[SOURCE_BUF], cpu[16];

	snprintf(cpu, sizeof(cpu), nd->has_worst ? "%d" : "-", nd->worst_cpu);
	fprintf(out, "  %-*s %-*s %5zu", width, show(nd->label, LABEL_MAX, label, sizeof(label)),
		w->report_width, nd->r->command, nd->nr_cpus);
	w->figures(out, nd, cpu);
	fprintf(out, "  %s\n", source_text(&nd->top, w->share_of, src));
}

static void print_nodes(FILE *out, const struct merge *m, const struct node_words *w)
{
	int width = label_width(m);
	size_t i;

	fprintf(out, "  %-*s %-*s %5s", width, "node", w->report_width, "report", "CPUs");
	w->heads(out);
	fprintf(out, "  %s\n", "top source");
	for (i = 0; i < m->nr_nodes; i++)
		print_row(out, &m->nodes[i], width, w);
}

static void print_worst(FILE *out, const struct merge *m, const struct node_words *w)
{
	const struct merge_node *nd = &m->nodes[m->worst_node];
	char label[LABEL_BUF], src[SOURCE_BUF];

	if (!m->has_worst) {
		fprintf(out, "\nNo CPU measured anything: no worst node\n");
		return;
	}
	show(nd->label, LABEL_MAX, label, sizeof(label));
	w->worst(out, nd, label);
	if (nd->top.set)
		fprintf(out, "; top source %s", source_text(&nd->top, w->share_of, src));
	fprintf(out, "\n");
}

/* ---- the projection ---- */

static void phase_text(double us, char *buf)
{
	char n[NUM_BUF];

	if (us >= 1e6)
		snprintf(buf, NUM_BUF, "%s s", num3(us / 1e6, n));
	else if (us >= 1e3)
		snprintf(buf, NUM_BUF, "%s ms", num3(us / 1e3, n));
	else
		snprintf(buf, NUM_BUF, "%s us", num3(us, n));
}

static void row_name(const struct merge_row *row, char *buf)
{
	if (row->all)
		snprintf(buf, NUM_BUF, "all (%zu)", row->procs);
	else
		snprintf(buf, NUM_BUF, "%zu", row->procs);
}

static void print_laws(FILE *out, const struct merge_projection *p)
{
	if (p->from_hist && p->from_counts)
		fprintf(out, "  noise of %zu CPU%s from their histograms, of %zu from their counts, "
			"noise and max single noise (see rtlens-merge(1))\n", p->from_hist,
			p->from_hist == 1 ? "" : "s", p->from_counts);
	else
		fprintf(out, "  noise of each CPU from its %s (see rtlens-merge(1))\n",
			p->from_hist ? "histogram" : "counts, noise and max single noise");
}

static void print_slowdown(FILE *out, const struct merge_projection *p)
{
	char name[NUM_BUF], v[NUM_BUF];
	size_t i, col;

	fprintf(out, "\nProjected slowdown of a bulk-synchronous job on %s %zu CPU%s: the share "
		"of each\nphase lost waiting for the noisiest process (the processes placed at "
		"random;\nall: one on each CPU)\n  %-10s", p->nr_cpus == 1 ? "this" : "these",
		p->nr_cpus, p->nr_cpus == 1 ? "" : "s", "processes");
	for (col = 0; col < p->nr_phases; col++) {
		phase_text(p->phase_us[col], name);
		fprintf(out, " %11s", name);
	}
	fprintf(out, "\n");
	for (i = 0; i < p->nr_rows; i++) {
		row_name(&p->rows[i], name);
		fprintf(out, "  %-10s", name);
		for (col = 0; col < p->nr_phases; col++)
			fprintf(out, " %10s%%", num3(p->rows[i].slowdown_pct[col], v));
		fprintf(out, "\n");
	}
	print_laws(out, p);
}

static void print_latency(FILE *out, const struct merge_projection *p)
{
	char name[NUM_BUF], v[NUM_BUF];
	size_t i;

	fprintf(out, "\nProjected worst thread latency of one cycle among N CPUs (drawn at random "
		"from\nthe %zu measured; all: each one once)\n  %-10s %16s\n", p->nr_cpus, "CPUs",
		"expected max");
	for (i = 0; i < p->nr_rows; i++) {
		row_name(&p->rows[i], name);
		fprintf(out, "  %-10s %13s us\n", name, num3(p->rows[i].max_us[0], v));
	}
	fprintf(out, "  from each CPU's histogram of thread latency (see rtlens-merge(1))\n");
}

/* what the text says per shape of the reports */
static const struct node_words node_words[NR_SHAPES] = {
	[SHAPE_NOISE] = {
		.report_width = 12, .heads = noise_heads, .figures = noise_figures,
		.worst = noise_worst, .projection = print_slowdown, .share_of = "",
	},
	[SHAPE_LATENCY] = {
		.report_width = 13, .heads = latency_heads, .figures = latency_figures,
		.worst = latency_worst, .projection = print_latency,
		.share_of = " of the latency",
	},
};

void render_merge_text(FILE *out, const struct merge *m)
{
	const struct node_words *w = &node_words[m->tool->shape];
	size_t cpus = 0, i;

	for (i = 0; i < m->nr_nodes; i++)
		cpus += m->nodes[i].nr_cpus;
	fprintf(out, "rtlens merge: %zu %s report%s, %zu CPU%s\n\n", m->nr_nodes,
		m->tool->tracer, m->nr_nodes == 1 ? "" : "s", cpus, cpus == 1 ? "" : "s");
	print_nodes(out, m, w);
	print_worst(out, m, w);
	if (!m->proj.made)
		fprintf(out, "\nNo projection: %s\n", m->proj.why_not);
	else
		w->projection(out, &m->proj);
}
