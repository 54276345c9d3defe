// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat_aa_text - the timerlat auto-analysis block, in rtla's layout
 *
 * Times in microseconds with 2 decimals, percentages of the analyzed latency
 * (the thread latency, or the IRQ latency when the thread did not run). Every
 * number starts at the same column.
 */
#include <inttypes.h>

#include "base/safe_text.h"
#include "analysis/timerlat_aa.h"

#define AA_COL		48	/* numbers start at this column */
#define AA_RULE		"------------------------------------------------------------------------"
#define LABEL_LEN	(SAFE_TEXT_SIZE(NOISE_NAME_LEN) + 16)	/* escaped name:id */

static double ns_to_us(int64_t ns)
{
	return (double)ns / 1000.0;
}

static double ns_to_pct(int64_t ns, uint64_t total)
{
	return total ? 100.0 * (double)ns / (double)total : 0.0;
}

/* "  label  note" padded to the number column, then the time. */
static void print_label(FILE *out, const char *label, const char *note)
{
	char buf[128];

	snprintf(buf, sizeof(buf), "  %s%s%s", label, note ? "  " : "", note ? note : "");
	fprintf(out, "%-*s", AA_COL, buf);
}

static void print_part(FILE *out, const char *label, const char *note, int64_t ns,
		       uint64_t total)
{
	print_label(out, label, note);
	fprintf(out, "%9.2f us (%.2f %%)\n", ns_to_us(ns), ns_to_pct(ns, total));
}

static void print_time(FILE *out, const char *label, const char *note, int64_t ns)
{
	print_label(out, label, note);
	fprintf(out, "%9.2f us\n", ns_to_us(ns));
}

/*
 * IRQ "name:vector", softirq "name", thread "comm:pid", "nmi", "other"; the
 * name escaped.
 */
static void source_label(const struct source_row *s, char *buf, size_t size)
{
	char name[SAFE_TEXT_SIZE(NOISE_NAME_LEN)];

	safe_text(name, sizeof(name), s->name);
	if (s->kind == NOISE_IRQ && s->vector >= 0)
		snprintf(buf, size, "%s:%d", name, s->vector);
	else if (s->kind == NOISE_THREAD && s->pid >= 0)
		snprintf(buf, size, "%s:%d", name, s->pid);
	else
		snprintf(buf, size, "%s", name);
}

static void print_source(FILE *out, const struct source_row *s)
{
	char label[LABEL_LEN], buf[LABEL_LEN + 32];

	source_label(s, label, sizeof(label));
	snprintf(buf, sizeof(buf), "    %24s", label);
	fprintf(out, "%-*s%9.2f us", AA_COL, buf, ns_to_us(s->total_ns));
	if (s->count > 1)
		fprintf(out, "  (%" PRIu64 " events, max %.2f us)", s->count,
			ns_to_us(s->max_ns));
	fprintf(out, "\n");
}

static void print_group(FILE *out, const char *label, const struct timerlat_aa_group *g,
			uint64_t total)
{
	int i;

	if (!g->nr_sources)
		return;
	print_part(out, label, NULL, g->total_ns, total);
	for (i = 0; i < g->nr_sources; i++)
		print_source(out, &g->sources[i]);
}

/* --stack-format, as rtla: a frame without a symbol ends the stack, is skipped, or shown */
static void print_stack(FILE *out, const struct timerlat_aa_stack *st, enum stack_format fmt)
{
	char sym[SAFE_TEXT_SIZE(TIMERLAT_AA_SYM_LEN)];
	int i;

	if (!st->depth)
		return;
	fprintf(out, "    Blocking thread stack trace\n");
	for (i = 0; i < st->depth; i++) {
		if (!st->known[i] && fmt == STACK_TRUNCATE)
			break;
		if (!st->known[i] && fmt == STACK_SKIP)
			continue;
		safe_text(sym, sizeof(sym), st->sym[i]);
		fprintf(out, "                -> %s\n", sym);
	}
}

static void print_blocking(FILE *out, const struct timerlat_aa_result *r, enum stack_format fmt)
{
	struct source_row s = { .kind = NOISE_THREAD, .pid = r->blocking.pid, .count = 1 };

	if (!r->blocking.found) {
		if (r->thread_ran)
			fprintf(out, "  Blocking thread:  none traced\n");
		print_stack(out, &r->stack, fmt);
		return;
	}
	print_part(out, "Blocking thread:", NULL, r->blocking.ns, r->total_ns);
	snprintf(s.name, sizeof(s.name), "%s", r->blocking.name);
	s.total_ns = r->blocking.ns;
	print_source(out, &s);
	print_stack(out, &r->stack, fmt);
}

/*
 * Whom a late handler interrupted: the task that ran with interrupts off
 * (or whose section the IRQ waited for), by its record's pid
 */
static void print_irq_task(FILE *out, const struct timerlat_aa_result *r)
{
	char name[SAFE_TEXT_SIZE(NOISE_NAME_LEN)];

	if (r->irq_task.pid <= 0 || r->irq_handler_delay_ns <= 0 || r->exit_from_idle)
		return;
	safe_text(name, sizeof(name), r->irq_task.name[0] ? r->irq_task.name : "<unknown>");
	fprintf(out, "%-*s%s:%d\n", AA_COL, "    the IRQ interrupted:", name, r->irq_task.pid);
}

static void print_irq_side(FILE *out, const struct timerlat_aa_result *r)
{
	print_group(out, "Previous IRQ interference:", &r->previous_irq, r->total_ns);
	print_part(out, "IRQ handler delay:", r->exit_from_idle ? "(exit from idle)" : NULL,
		   r->irq_handler_delay_ns, r->total_ns);
	print_irq_task(out, r);
	if (!r->thread_ran)
		return;
	if (r->irq_seen)
		print_time(out, "IRQ latency:", NULL, r->irq_latency_ns);
	print_part(out, "Timerlat IRQ duration:", r->timerlat_irq_found ? NULL : "(not traced)",
		   r->timerlat_irq_ns, r->total_ns);
}

void timerlat_aa_print(FILE *out, const struct timerlat_aa_result *r, enum stack_format fmt)
{
	fprintf(out, "## CPU %d hit stop tracing, analyzing it ##\n", r->cpu);
	if (!r->thread_ran)
		fprintf(out, "  The timerlat thread did not run: analyzing the IRQ latency\n");
	print_irq_side(out, r);
	print_blocking(out, r, fmt);
	print_group(out, "IRQ interference:", &r->irq, r->total_ns);
	print_group(out, "Softirq interference:", &r->softirq, r->total_ns);
	print_group(out, "Thread interference:", &r->thread, r->total_ns);
	print_group(out, "NMI interference:", &r->nmi, r->total_ns);
	if (r->remainder_ns)
		print_part(out, "Remainder (not explained by any event):", NULL, r->remainder_ns,
			   r->total_ns);
	if (r->events_dropped)
		fprintf(out, "  Note: %" PRIu64 " events dropped (per-CPU bound of %d), "
			"counted in the remainder\n", r->events_dropped, TIMERLAT_AA_MAX_EVENTS);
	fprintf(out, "%s\n", AA_RULE);
	print_label(out, r->user_return ? "Ret user latency:" :
		    r->thread_ran ? "Thread latency:" : "IRQ latency:", NULL);
	fprintf(out, "%9.2f us (100%%)\n", ns_to_us(r->total_ns));
}
