// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_pane - what timerlat's live pane adds under its sources: the
 * worst latency of the window, cut into its parts as the analysis counts
 * them (the parts and "not explained" add up to it)
 */
#include "analysis/timerlat_models.h"
#include "render/render.h"
#include "render/source_table_text.h"

/* the worst latency of the window, on the CPUs the pane covers */
static bool worst_latency(const struct run_models *m, const int *cpus, int nr, int window_s,
			  struct timerlat_breakdown *worst)
{
	const struct timerlat_window *live = timerlat_models_of(m)->live_worst;
	unsigned long now = source_window_now(m->live_sources);
	struct timerlat_breakdown b;
	bool found = false;

	for (int i = 0; i < nr; i++) {
		if (!timerlat_window_worst(live, cpus[i], now, window_s, &b))
			continue;
		if (!found || b.total_ns > worst->total_ns)
			*worst = b;
		found = true;
	}
	return found;
}

void timerlat_pane_worst(FILE *out, const struct run_models *m, const int *cpus, int nr,
			 const struct live_choice *live, int nr_rows)
{
	struct timerlat_breakdown w;
	char label[SOURCE_LABEL_LEN];

	if (!timerlat_models_of(m)->live_worst || !worst_latency(m, cpus, nr, live->window_s, &w))
		return;
	fprintf(out, "Worst %s: %.2f us, CPU %d (IRQ %.2f, thread %.2f%s)\n",
		live->window_s > 0 ? "in the window" : "of the run", w.total_ns / 1000.0, w.cpu,
		w.irq_latency_ns / 1000.0, w.thread_latency_ns / 1000.0,
		w.user_return ? ", the rest to user space" : " us");
	for (int i = 0; i < w.nr_parts && i < nr_rows; i++) {
		latency_row_label(&w.parts[i], label, sizeof(label));
		fprintf(out, "  %-34.34s %10.2f us %5.1f %%\n", label,
			w.parts[i].total_ns / 1000.0,
			source_table_pct((int64_t)w.parts[i].total_ns, w.total_ns));
	}
	fprintf(out, "  %-34s %10.2f us %5.1f %%\n", "not explained",
		w.not_explained_ns / 1000.0,
		source_table_pct((int64_t)w.not_explained_ns, w.total_ns));
}

