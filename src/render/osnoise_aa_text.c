// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_aa_text - the osnoise root-cause analysis as text: one noise sample
 * cut into its causes, and a CPU's table of noise sources
 *
 * Times in microseconds with 2 decimals. In a sample, percentages are of the
 * sample's duration and every number starts at the same column; in a table,
 * the share is of the measured noise (the tool's table's) and the columns
 * are right-aligned under their header (the source column widens for a long
 * label). A table ends with what its sources do not explain and the
 * measured noise: the rows above the rule add up to it.
 */
#include <inttypes.h>
#include <string.h>

#include "analysis/osnoise_aa.h"
#include "base/safe_text.h"
#include "render/source_table_text.h"

#define AA_COL		48	/* numbers of a sample start at this column */
#define AA_RULE		"------------------------------------------------------------------------"
#define NAME_LEN	SOURCE_NAME_LEN		/* a name, escaped */
#define LABEL_LEN	SOURCE_LABEL_LEN

static double ns_to_us(int64_t ns)
{
	return (double)ns / 1000.0;
}

static double ns_to_pct(int64_t ns, uint64_t total)
{
	return total ? 100.0 * (double)ns / (double)total : 0.0;
}

/*
 * "irq name:vector", "softirq name", "thread comm:pid", "thread comm:pid
 * (vCPU n)" for a KVM vCPU thread, "rtlens stopped (SIGSTOP/SIGTSTP)",
 * "nmi handler" ("nmi" when the handler is not known), or the name; the
 * name escaped.
 */
static void cause_label(enum osnoise_cause_kind kind, const char *raw_name, int vector, int pid,
			int vcpu, char *buf, size_t size)
{
	char name[NAME_LEN];

	safe_text(name, sizeof(name), raw_name);
	switch (kind) {
	case OSNOISE_CAUSE_IRQ:
		if (vector >= 0)
			snprintf(buf, size, "irq %s:%d", name, vector);
		else
			snprintf(buf, size, "irq %s", name);
		break;
	case OSNOISE_CAUSE_SOFTIRQ:
		snprintf(buf, size, "softirq %s", name);
		break;
	case OSNOISE_CAUSE_THREAD:
		if (pid >= 0 && vcpu >= 0)
			snprintf(buf, size, "thread %s:%d (vCPU %d)", name, pid, vcpu);
		else if (pid >= 0)
			snprintf(buf, size, "thread %s:%d", name, pid);
		else
			snprintf(buf, size, "thread %s", name);
		break;
	case OSNOISE_CAUSE_SELF:
		snprintf(buf, size, "%s (SIGSTOP/SIGTSTP)", name);
		break;
	case OSNOISE_CAUSE_NMI:		/* by handler where nmi:nmi_handler told it */
		snprintf(buf, size, strcmp(name, "nmi") ? "nmi %s" : "%s", name);
		break;
	default:
		snprintf(buf, size, "%s", name);
		break;
	}
}

/* "  label" padded to the number column, then "X us (P %)". */
static void print_part(FILE *out, const char *label, int64_t ns, uint64_t total)
{
	char buf[LABEL_LEN + 4];

	snprintf(buf, sizeof(buf), "  %s", label);
	fprintf(out, "%-*s%9.2f us (%.2f %%)", AA_COL, buf, ns_to_us(ns), ns_to_pct(ns, total));
}

static void print_cause(FILE *out, const struct osnoise_aa_cause *k, uint64_t total)
{
	char label[LABEL_LEN];

	cause_label(k->kind, k->name, k->vector, k->pid, k->vcpu, label, sizeof(label));
	print_part(out, label, (int64_t)k->ns, total);
	if (k->count > 1)
		fprintf(out, "  (%" PRIu64 " events)", k->count);
	fprintf(out, "\n");
}

static void print_notes(FILE *out, const struct osnoise_aa_sample *s)
{
	if (s->overlap_ns)
		fprintf(out, "  Note: the events overlap by %.2f us (a nested event also counted in "
			"the one around it): counted once, in the innermost\n",
			s->overlap_ns / 1000.0);
	if (s->events_dropped)
		fprintf(out, "  Note: %" PRIu64 " events dropped (per-CPU bound of %d), "
			"counted as hardware\n", s->events_dropped, OSNOISE_AA_MAX_EVENTS);
	if (s->nr_events + s->events_dropped != s->interference)
		fprintf(out, "  Note: the kernel counted %" PRIu64 " interfering events, "
			"%" PRIu64 " were traced\n", s->interference, s->nr_events);
}

/* "  KVM exits <where>: N (reason n, ...; D dropped)", when there were any */
static void print_kvm_exits(FILE *out, const char *where, const struct kvm_exit_counts *x)
{
	char reason[SAFE_TEXT_SIZE(KVM_REASON_LEN)];
	int i;

	if (!x->total && !x->dropped)
		return;
	fprintf(out, "  KVM exits %s: %" PRIu64 " (", where, x->total);
	for (i = 0; i < x->nr; i++) {
		safe_text(reason, sizeof(reason), x->by_reason[i].reason);
		fprintf(out, "%s%s %" PRIu64, i ? ", " : "", reason, x->by_reason[i].count);
	}
	if (x->dropped)
		fprintf(out, "%s%" PRIu64 " dropped, reasons unknown", x->nr ? "; " : "",
			x->dropped);
	fprintf(out, ")\n");
}

void osnoise_aa_print_sample(FILE *out, const struct osnoise_aa_sample *s, const char *title)
{
	int i;

	fprintf(out, "## CPU %d %s ##\n", s->cpu, title ? title : "noise sample");
	fprintf(out, "  start: %" PRIu64 ".%09" PRIu64 "  duration: %.2f us  interference: %"
		PRIu64 "\n", s->start_ns / 1000000000, s->start_ns % 1000000000,
		ns_to_us((int64_t)s->duration_ns), s->interference);
	for (i = 0; i < s->nr_causes; i++)
		print_cause(out, &s->causes[i], s->duration_ns);
	if (s->vm_ns) {
		print_part(out, OSNOISE_AA_VM_NAME, (int64_t)s->vm_ns, s->duration_ns);
		fprintf(out, "\n");
	}
	print_part(out, "hardware (no event explains it)", s->hardware_ns, s->duration_ns);
	fprintf(out, "\n");
	print_notes(out, s);
	fprintf(out, "%s\n", AA_RULE);
	fprintf(out, "%-*s%9.2f us (100%%)\n", AA_COL, "  total",
		ns_to_us((int64_t)s->duration_ns));
	print_kvm_exits(out, "inside it", &s->kvm_exits);
}

/* a command's threads: "thread comm (N PIDs, top P)", "N+ PIDs" past the table's pid cap */
static void source_label(const struct source_row *src, char *buf, size_t size)
{
	if (src->kind != OSNOISE_CAUSE_THREAD || src->nr_pids < 2)
		cause_label(src->kind, src->name, src->vector, src->pid, src->vcpu, buf, size);
	else
		source_table_pids_label("thread", src, buf, size);
}

/* rtlens stopped: below the total, not in it */
static void print_self_rows(FILE *out, const struct source_row *table, int n, int width)
{
	int i;

	for (i = 0; i < n; i++) {
		if (table[i].kind != OSNOISE_CAUSE_SELF)
			continue;
		source_table_print_row(out, &table[i], width, source_label);
		fprintf(out, "  (rtlens itself, not in the total)\n");
	}
}

/* the measured noise the shares are of: the table's, and the fractions it cut off */
static uint64_t balance_total(const struct osnoise_aa_balance *b)
{
	return b->noise_ns + b->rounding_ns;
}

/* what the sources leave of the measured noise, and why */
static void print_not_explained(FILE *out, const struct osnoise_aa_balance *b, int width)
{
	source_table_sum_row(out, "not explained", width, b->not_explained_ns, balance_total(b));
	if (b->not_explained_ns < 0)
		fprintf(out, "  (sources over the table: samples counted before their period was)");
	else if (b->not_explained_ns > 0)
		fprintf(out, "  (noise in no analyzed sample: filtered out, or lost)");
	fprintf(out, "\n");
}

/* the total, and where it is more than the table's whole microseconds */
static void print_total(FILE *out, const struct osnoise_aa_balance *b, int width)
{
	source_table_sum_row(out, "total: the measured noise", width, (int64_t)balance_total(b),
		      balance_total(b));
	if (b->rounding_ns)
		fprintf(out, "  (the table's %" PRIu64 " us, whole us per period, and %.2f us "
			"of the fractions it cut off)", b->noise_ns / 1000, b->rounding_ns / 1000.0);
	fprintf(out, "\n");
	if (b->unsure_ns)
		fprintf(out, "  %.2f us of the sources may lie past the table's last period: the "
			"analysis ran ahead of the table by more than it keeps\n",
			b->unsure_ns / 1000.0);
}

void osnoise_aa_print_sources(FILE *out, int cpu, const struct source_row *table, int n,
			  const struct osnoise_aa_balance *b, const struct kvm_exit_counts *exits)
{
	int i, width = source_table_width(table, n, source_label);

	fprintf(out, "CPU %d noise sources (time inside noise samples)\n", cpu);
	source_table_header(out, width);
	if (!n) {
		fprintf(out, "  no noise sample\n");
		return;
	}
	for (i = 0; i < n; i++) {
		if (table[i].kind == OSNOISE_CAUSE_SELF)
			continue;
		source_table_print_row(out, &table[i], width, source_label);
		source_table_share(out, (int64_t)table[i].total_ns, balance_total(b));
		fprintf(out, "\n");
	}
	print_not_explained(out, b, width);
	source_table_rule(out, width);
	print_total(out, b, width);
	print_self_rows(out, table, n, width);
	if (exits)
		print_kvm_exits(out, "inside the noise samples", exits);
}
