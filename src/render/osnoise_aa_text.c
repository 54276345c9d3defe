// SPDX-License-Identifier: GPL-2.0
/*
 * osnoise_aa_text - the osnoise root-cause analysis as text: one noise sample
 * cut into its causes, and a CPU's table of noise sources
 *
 * Times in microseconds with 2 decimals. In a sample, percentages are of the
 * sample's duration and every number starts at the same column; in a table,
 * the share is of the measured noise (the tool's table's) and the columns
 * are right-aligned under their header (the source column widens for a long
 * label, up to LABEL_MAX: a longer one has a line of its own, and the lines
 * stay within 100 columns). A table ends with what its sources do not
 * explain and the measured noise: the rows above the rule add up to it.
 *
 * Each row says what it rests on: its events, the samples it took part in
 * (and their share of the CPU's), and in a word whether it was traced,
 * inferred (hardware: the time no event covers) or estimated (the
 * hypervisor: from the steal time, "~" before its total and share, "-"
 * for what is not known). Notes under the table say so in words, and how
 * the hardware row differs from the HW column of the tool's table.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "analysis/osnoise_aa.h"
#include "base/safe_text.h"
#include "render/render.h"
#include "render/source_table_text.h"

#define AA_COL		48	/* numbers of a sample start at this column */
#define AA_RULE		"------------------------------------------------------------------------"
#define TABLE_LABEL	26	/* narrowest source column, past the indent */
#define LABEL_MAX	34	/* widest: a longer label has a line of its own */
#define RULE_NUMBERS	53	/* the rule under the rows: the numbers' columns */
#define LINE_COLS	100	/* a note is wrapped to it */
#define NOTE_INDENT	8	/* past "  note: " */
#define HARDWARE_LABEL	"hardware (no OS event seen)"
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

/*
 * a command's threads: "thread comm (N PIDs, top P)", "N+ PIDs" past the
 * table's pid cap; the hardware row says it is not the tool's HW count
 */
void noise_row_label(const struct source_row *src, char *buf, size_t size)
{
	if (src->kind == OSNOISE_CAUSE_HARDWARE)
		snprintf(buf, size, "%s", HARDWARE_LABEL);
	else if (src->kind != OSNOISE_CAUSE_THREAD || src->nr_pids < 2)
		cause_label(src->kind, src->name, src->vector, src->pid, src->vcpu, buf, size);
	else
		source_table_pids_label("thread", src, buf, size);
}

/* The source column: wide enough for every label up to LABEL_MAX. */
static int label_width(const struct source_row *table, int n)
{
	char label[LABEL_LEN];
	int i, len, width = TABLE_LABEL;

	for (i = 0; i < n; i++) {
		noise_row_label(&table[i], label, sizeof(label));
		len = (int)strlen(label);
		if (len > width && len <= LABEL_MAX)
			width = len;
	}
	return width;
}

/* "  label" padded to @width; a longer label has a line of its own (no newline) */
static void print_label(FILE *out, const char *label, int width)
{
	if ((int)strlen(label) > width) {
		fprintf(out, "  %s\n", label);
		label = "";
	}
	fprintf(out, "  %-*s", width, label);
}

/* A row's numbers as text; "-" where one is not known, "" where none belongs */
struct cells {
	char	events[24];
	char	samples[24];
	char	samples_pct[16];
	char	total[32];
	char	max[32];
	char	share[24];
};

static void print_cells(FILE *out, const char *label, int width, const struct cells *c)
{
	print_label(out, label, width);
	/* a space before each: a number wider than its column still stands apart */
	fprintf(out, " %6s %6s %5s %11s %10s %9s", c->events, c->samples, c->samples_pct,
		c->total, c->max, c->share);
}

/* the share of the measured noise, "-" when none was measured; "~": an estimate's */
static void share_cell(char *buf, size_t size, int64_t ns, uint64_t noise_ns, bool estimate)
{
	if (noise_ns)
		snprintf(buf, size, "%s%.2f %%", estimate ? "~" : "",
			 source_table_pct(ns, noise_ns));
	else
		snprintf(buf, size, "-");
}

/* the measured noise the shares are of: the table's, and the fractions it cut off */
static uint64_t balance_total(const struct osnoise_aa_balance *b)
{
	return b->noise_ns + b->rounding_ns;
}

/* a share of the samples, to what it tells: "100%", "15%", "8.8%", "<0.1%" */
static void pct_cell(char *buf, size_t size, double pct)
{
	if (pct >= 9.95)
		snprintf(buf, size, "%.0f%%", pct);
	else if (pct >= 0.05 || pct <= 0)
		snprintf(buf, size, "%.1f%%", pct);
	else
		snprintf(buf, size, "<0.1%%");
}

/* What a row rests on: its events, the samples it took part in */
static void evidence_cells(const struct source_row *src, const struct osnoise_aa_balance *b,
			   struct cells *c)
{
	enum osnoise_evidence e = osnoise_aa_evidence(src->kind);

	snprintf(c->events, sizeof(c->events), "-");
	snprintf(c->samples, sizeof(c->samples), "-");
	snprintf(c->samples_pct, sizeof(c->samples_pct), "-");
	if (e == OSNOISE_TRACED)
		snprintf(c->events, sizeof(c->events), "%" PRIu64, src->count);
	if (e != OSNOISE_ESTIMATED)
		snprintf(c->samples, sizeof(c->samples), "%" PRIu64, src->samples);
	if (e != OSNOISE_ESTIMATED && src->kind != OSNOISE_CAUSE_SELF && b->samples)
		pct_cell(c->samples_pct, sizeof(c->samples_pct),
			 ns_to_pct((int64_t)src->samples, b->samples));
}

/*
 * A source's cells. An estimate (the hypervisor's) has its total in the
 * whole ms it was made of, "~", and no longest.
 */
static void source_cells(const struct source_row *src, const struct osnoise_aa_balance *b,
			 struct cells *c)
{
	bool estimate = osnoise_aa_evidence(src->kind) == OSNOISE_ESTIMATED;

	evidence_cells(src, b, c);
	if (estimate) {
		snprintf(c->total, sizeof(c->total), "~%" PRIu64, src->total_ns / 1000);
		snprintf(c->max, sizeof(c->max), "-");
	} else {
		snprintf(c->total, sizeof(c->total), "%.2f", ns_to_us((int64_t)src->total_ns));
		snprintf(c->max, sizeof(c->max), "%.2f", ns_to_us((int64_t)src->max_ns));
	}
	share_cell(c->share, sizeof(c->share), (int64_t)src->total_ns, balance_total(b), estimate);
}

/* "  label  events  samples  %  total  max  share  evidence" */
static void print_source(FILE *out, const struct source_row *src, int width,
			 const struct osnoise_aa_balance *b)
{
	char label[LABEL_LEN];
	struct cells c;

	noise_row_label(src, label, sizeof(label));
	source_cells(src, b, &c);
	print_cells(out, label, width, &c);
	fprintf(out, "  %s\n", osnoise_aa_evidence_name(osnoise_aa_evidence(src->kind)));
}

/* rtlens stopped: below the total, not in it */
static void print_self_rows(FILE *out, const struct source_row *table, int n, int width,
			    const struct osnoise_aa_balance *b)
{
	char label[LABEL_LEN];
	struct cells c;
	int i;

	for (i = 0; i < n; i++) {
		if (table[i].kind != OSNOISE_CAUSE_SELF)
			continue;
		noise_row_label(&table[i], label, sizeof(label));
		source_cells(&table[i], b, &c);
		c.share[0] = '\0';
		print_cells(out, label, width, &c);
		fprintf(out, "  %s\n", osnoise_aa_evidence_name(OSNOISE_TRACED));
	}
}

/* "  label  <no count>  us  <no max>  share" (no newline) */
static void print_sum_row(FILE *out, const char *label, int width, int64_t ns, uint64_t noise_ns)
{
	struct cells c;

	memset(&c, 0, sizeof(c));
	snprintf(c.total, sizeof(c.total), "%.2f", ns_to_us(ns));
	share_cell(c.share, sizeof(c.share), ns, noise_ns, false);
	print_cells(out, label, width, &c);
}

/*
 * "  note: text", wrapped at its spaces to LINE_COLS and at its newlines,
 * the next lines indented
 */
__attribute__((format(printf, 2, 3)))
static void print_note(FILE *out, const char *fmt, ...)
{
	char text[512];
	const char *p = text;
	size_t len, col = NOTE_INDENT - 1;
	bool brk = false;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	fputs("  note:", out);
	while (*p) {
		len = strcspn(p, " \n");
		if (brk || (col > NOTE_INDENT && col + 1 + len > LINE_COLS)) {
			fprintf(out, "\n%*s", NOTE_INDENT, "");
			col = NOTE_INDENT;
		} else {
			fputc(' ', out);
			col++;
		}
		fwrite(p, 1, len, out);
		col += len;
		p += len;
		brk = *p == '\n';
		p += strspn(p, " \n");
	}
	fputc('\n', out);
}

/* what the total is made of, why some of it is not explained */
static void balance_notes(FILE *out, const struct osnoise_aa_balance *b)
{
	if (b->rounding_ns)
		print_note(out, "the total: the table's %" PRIu64 " us (whole us per period), and\n"
			   "%.2f us of the fractions it cut off", b->noise_ns / 1000,
			   b->rounding_ns / 1000.0);
	if (b->not_explained_ns > 0)
		print_note(out, "not explained: noise in no analyzed sample (filtered out, or lost)");
	else if (b->not_explained_ns < 0)
		print_note(out, "not explained is below zero: the sources hold samples counted "
			   "before their period was");
	if (b->unsure_ns)
		print_note(out, "%.2f us of the sources may lie past the table's last period: the "
			   "analysis ran ahead of the table by more than it keeps",
			   b->unsure_ns / 1000.0);
}

/* The events of @kind's rows; -1 when an "other" row may hold some */
static int64_t kind_events(const struct source_row *table, int n, int kind)
{
	int64_t events = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (table[i].kind == OSNOISE_CAUSE_OTHER)
			return -1;
		if (table[i].kind == kind)
			events += (int64_t)table[i].count;
	}
	return events;
}

/*
 * The table's NMI, IRQ, Softirq and Thread columns count every event of
 * its periods; the rows, those in noise samples: where they differ, both.
 * More softirqs in the rows: PREEMPT_RT's, which the tracer counts as
 * the noise of the threads that ran them.
 */
static void count_notes(FILE *out, const struct source_row *table, int n,
			const struct osnoise_aa_balance *b)
{
	const struct { const char *column; enum osnoise_cause_kind kind; uint64_t count; } col[] = {
		{ "NMI", OSNOISE_CAUSE_NMI, b->nmi_count },
		{ "IRQ", OSNOISE_CAUSE_IRQ, b->irq_count },
		{ "Softirq", OSNOISE_CAUSE_SOFTIRQ, b->softirq_count },
		{ "Thread", OSNOISE_CAUSE_THREAD, b->thread_count },
	};
	char text[256] = "";
	size_t i, at = 0;
	bool rt = false;

	if (!b->counts_known)
		return;
	for (i = 0; i < sizeof(col) / sizeof(col[0]) && at < sizeof(text); i++) {
		int64_t events = kind_events(table, n, col[i].kind);

		if (events < 0)
			return;
		if ((uint64_t)events != col[i].count)
			at += snprintf(text + at, sizeof(text) - at, "%s%s %" PRIu64 ", %" PRId64
				       " in samples", at ? "; " : "", col[i].column, col[i].count,
				       events);
		rt |= col[i].kind == OSNOISE_CAUSE_SOFTIRQ && (uint64_t)events > col[i].count;
	}
	if (at)
		print_note(out, "the table's columns count every event of its periods, the "
			   "sources those in noise samples: %s%s", text, rt ?
			   "\n(softirqs in threads, PREEMPT_RT's: the table counts them as "
			   "Thread)" : "");
}

/* What the rows not traced rest on, how hardware differs from HW; rtlens's stops */
static void row_notes(FILE *out, const struct source_row *table, int n,
		      const struct osnoise_aa_balance *b)
{
	bool hardware = false, vm = false, self = false;
	char tick[32] = "";
	int i;

	for (i = 0; i < n; i++) {
		hardware |= table[i].kind == OSNOISE_CAUSE_HARDWARE;
		vm |= table[i].kind == OSNOISE_CAUSE_VM;
		self |= table[i].kind == OSNOISE_CAUSE_SELF;
	}
	if (hardware)
		print_note(out, "%s is inferred: the time no traced event covers, in any sample;\n"
			   "the tracer's HW count is another thing: the %" PRIu64 " samples with no "
			   "interference at all", HARDWARE_LABEL, b->hw_count);
	if (b->steal_tick_ns)
		snprintf(tick, sizeof(tick), ", ticks of %" PRIu64 " ms",
			 b->steal_tick_ns / 1000000);
	if (vm)
		print_note(out, "%s is estimated from the CPU's steal time over the run\n"
			   "(/proc/stat%s), in whole ms: its events, samples and longest are not known",
			   OSNOISE_AA_VM_NAME, tick);
	if (self)
		print_note(out, "%s (SIGSTOP/SIGTSTP) is rtlens itself, not in the total",
			   NOISE_SELF_NAME);
}

/* "  label" and what the sources leave of the measured noise */
static void print_not_explained(FILE *out, const struct osnoise_aa_balance *b, int width)
{
	print_sum_row(out, "not explained", width, b->not_explained_ns, balance_total(b));
	fprintf(out, "\n");
}

/* the total, all that the rows above it add up to */
static void print_total(FILE *out, const struct osnoise_aa_balance *b, int width)
{
	print_sum_row(out, "total: the measured noise", width, (int64_t)balance_total(b),
		      balance_total(b));
	fprintf(out, "\n");
}

void osnoise_aa_print_sources(FILE *out, int cpu, const struct source_row *table, int n,
			  const struct osnoise_aa_balance *b, const struct kvm_exit_counts *exits)
{
	int i, width = label_width(table, n);

	fprintf(out, "CPU %d noise sources (time inside noise samples)\n", cpu);
	fprintf(out, "  %-*s %6s %12s %11s %10s %9s  %s\n", width, "source", "events", "in samples",
		"total us", "max us", "share", "evidence");
	if (!n) {
		fprintf(out, "  no noise sample\n");
		return;
	}
	for (i = 0; i < n; i++)
		if (table[i].kind != OSNOISE_CAUSE_SELF)
			print_source(out, &table[i], width, b);
	print_not_explained(out, b, width);
	fprintf(out, "  ");
	for (i = 0; i < width + RULE_NUMBERS; i++)
		fputc('-', out);
	fprintf(out, "\n");
	print_total(out, b, width);
	print_self_rows(out, table, n, width, b);
	balance_notes(out, b);
	row_notes(out, table, n, b);
	count_notes(out, table, n, b);
	if (exits)
		print_kvm_exits(out, "inside the noise samples", exits);
}
