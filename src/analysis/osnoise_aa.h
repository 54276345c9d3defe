/* SPDX-License-Identifier: GPL-2.0 */
/*
 * osnoise_aa - osnoise root-cause analysis: names what each noise sample was
 * made of, from the osnoise:sample_threshold samples and the
 * osnoise:{nmi,irq,softirq,thread}_noise events of the same CPU
 *
 * The kernel reports every interference when it ends, with its net duration
 * (nested interference subtracted), and the sample after the gap that holds
 * them ends: on one CPU the events of a sample arrive before the sample. An
 * event belongs to the sample its start lies in: sample start <= event start
 * < sample start + duration. The parts of a sample add up exactly:
 *
 *   duration = sum(causes) + vm + hardware
 *
 * hardware is what no event explains (rtla's HW noise: an SMI, or on a
 * virtual machine the vCPU not running). When the events overlap and their
 * times add up to more than the sample (a nested event also counted in the
 * one around it), the excess (overlap_ns) is taken from the outer causes
 * first (thread, softirq, IRQ, NMI): each moment counts once, in the
 * innermost, and hardware is never negative.
 *
 * A sample that includes a stop of rtlens's own measuring thread (self_ns,
 * user engine) is not noise of the machine: its stop (a cause of kind
 * OSNOISE_CAUSE_SELF) is counted in the CPU's table, the rest of it nowhere, and
 * it is never among the worst samples nor the threshold's.
 */
#ifndef RTLENS_OSNOISE_AA_H
#define RTLENS_OSNOISE_AA_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/kvm_exits.h"
#include "base/records.h"
#include "analysis/source_table.h"

#define OSNOISE_AA_MAX_EVENTS	512	/* pending noise events per CPU */
#define OSNOISE_AA_MAX_CAUSES	16	/* named causes per sample, then "other" */
#define OSNOISE_AA_MAX_SOURCES	64	/* named event sources per CPU, then "other" */
/* A full table: the named sources, "other", hardware, the VM split, rtlens. */
#define OSNOISE_AA_TABLE_LEN	(OSNOISE_AA_MAX_SOURCES + 4)
#define OSNOISE_AA_VM_NAME		"hypervisor (steal)"
#define OSNOISE_AA_VM_GRAIN_NS		1000000	/* the steal estimate: whole ms */

struct osnoise_aa;
struct json_writer;

enum osnoise_cause_kind {
	OSNOISE_CAUSE_NMI,
	OSNOISE_CAUSE_IRQ,
	OSNOISE_CAUSE_SOFTIRQ,
	OSNOISE_CAUSE_THREAD,
	OSNOISE_CAUSE_HARDWARE,	/* no event explains it: no OS event seen */
	OSNOISE_CAUSE_VM,		/* hardware time matched by steal (osnoise_aa_split_vm) */
	OSNOISE_CAUSE_OTHER,	/* the sources past the bound, of any kind */
	OSNOISE_CAUSE_SELF,		/* rtlens's own measuring thread stopped (NOISE_SELF) */
};

/*
 * What a source of the table rests on: its events, traced inside the
 * samples; hardware is inferred (by elimination: the time no event
 * covers); the hypervisor is estimated (from the steal time of
 * /proc/stat, over the whole run: no count, no longest, no samples).
 */
enum osnoise_evidence {
	OSNOISE_TRACED,
	OSNOISE_INFERRED,
	OSNOISE_ESTIMATED,
};

/* What ran during one noise sample: the events of one source, summed. */
struct osnoise_aa_cause {
	enum osnoise_cause_kind	kind;
	char			name[NOISE_NAME_LEN];	/* IRQ desc, softirq, comm */
	int			vector;			/* IRQ and softirq, else -1 */
	int			pid;			/* thread, else -1 */
	int			vcpu;			/* a KVM vCPU thread: its id, else -1 */
	uint64_t		count;			/* events */
	uint64_t		ns;			/* summed net durations */
};

struct osnoise_aa_sample {
	int			cpu;
	uint64_t		start_ns;		/* trace clock */
	uint64_t		duration_ns;
	uint64_t		interference;		/* events the kernel counted */
	uint64_t		nr_events;		/* events traced and attributed */
	int			nr_causes;		/* largest first, "other" last */
	struct osnoise_aa_cause	causes[OSNOISE_AA_MAX_CAUSES + 1];
	uint64_t		vm_ns;			/* 0 until osnoise_aa_sample_split_vm() */
	int64_t			hardware_ns;		/* duration - causes - vm, >= 0 */
	uint64_t		overlap_ns;		/* counted twice, taken from the causes */
	uint64_t		events_dropped;		/* lost to the per-CPU bound */
	struct kvm_exit_counts	kvm_exits;		/* on a KVM host: exits inside it */
};

/*
 * A CPU's table holds rows (struct source_row, source_table.h) of an
 * osnoise_cause_kind. For events: count = events, max = longest event,
 * samples = the samples with one of its events at least. For hardware:
 * count = samples = the samples with unexplained time, total and max of
 * that time (its positive part). Only time inside noise samples is
 * counted. The hardware row is not the tool's table's HW count: that
 * counts the samples in which the tracer saw no interference at all,
 * this one every sample with time no event covers, those with events too.
 */

/* top_n: how many worst samples to keep over the run (>= 0). NULL on error. */
struct osnoise_aa *osnoise_aa_new(int nr_cpus, int top_n);
void osnoise_aa_free(struct osnoise_aa *aa);
/*
 * Takes every record kind; keeps noise events and samples of CPUs < nr_cpus.
 * RECORD_HW_SAMPLES: samples without interference, counted, not sent one
 * by one: they go to the hardware sources only.
 */
void osnoise_aa_feed(struct osnoise_aa *aa, const struct rtl_record *rec);
/*
 * Starts the tables over, as the noise model's reset does (the live
 * screen's r): what the analysis reports is then since that moment.
 */
void osnoise_aa_reset(struct osnoise_aa *aa);
/*
 * The shortest sample without interference that may still change what
 * the analysis reports beyond the hardware sources: one that would enter
 * the top_n longest (UINT64_MAX without top_n). The threshold's sample
 * (osnoise_aa_last_over()) is the caller's to ask for.
 */
uint64_t osnoise_aa_samples_wanted_from(const struct osnoise_aa *aa);

/*
 * The last sample of cpu whose duration >= threshold_ns: 0, or -1 if none.
 * Exact unless one CPU saw more than 32 samples each shorter than all the
 * earlier ones: then an earlier sample, still over the threshold, may answer.
 */
int osnoise_aa_last_over(const struct osnoise_aa *aa, int cpu, uint64_t threshold_ns,
		     struct osnoise_aa_sample *out);
/* The top_n longest samples of every CPU, longest first; returns how many. */
int osnoise_aa_worst(const struct osnoise_aa *aa, struct osnoise_aa_sample *out, int max);
/*
 * The sources follow the tool's table of periods (before the first sample):
 * they then count the samples of the periods it counted, and only them.
 * Without it (a unit that has no such table), every sample counts at once.
 */
void osnoise_aa_follow_table(struct osnoise_aa *aa);
/*
 * The tool's table counted @cpu's period that ended at @ts (its summary,
 * ftrace:osnoise): the sources count the samples before it.
 */
void osnoise_aa_period_end(struct osnoise_aa *aa, int cpu, uint64_t ts);
/*
 * cpu's sources by total_ns, largest first; returns how many (at most max:
 * pass OSNOISE_AA_TABLE_LEN to get them all). Following a table, they
 * cover the samples of the periods it counts (osnoise_aa_period_end()):
 * not those of the period a stop cut short, nor those before a reset. The
 * samples without interference that BPF counts come without their time:
 * they count as of the latest sample or event seen on the CPU when they
 * are read, or of the end of the table's last period if later (some of a
 * period the table counts may then be left out with the cut period:
 * never more than the table).
 */
int osnoise_aa_sources(const struct osnoise_aa *aa, int cpu, struct source_row *out, int max);
/*
 * The noise samples osnoise_aa_sources() covers on @cpu (those of rtlens's
 * stops aside): what a row's samples are a share of.
 */
uint64_t osnoise_aa_samples(const struct osnoise_aa *aa, int cpu);

/*
 * A CPU's sources against the noise of the tool's table (the noise model's
 * sum over the periods it summarized): sources + not explained = noise +
 * rounding. rtlens's own stops are not noise, nor among the sources.
 *
 * The table's noise is the tracer's, whole microseconds per period, each
 * cut down from its nanoseconds: its true noise lies up to 999 ns a period
 * above it. rounding is what the sources hold of that band (the fractions
 * the table cut off), so that a run whose every sample was explained has
 * nothing left unexplained, and nothing below zero. Not explained is the
 * noise no analyzed sample held (filtered out, lost); below zero only
 * when the sources hold samples past the table's periods (unsure_ns: the
 * analysis ran further ahead of the table than the journal holds).
 */
struct osnoise_aa_balance {
	uint64_t	noise_ns;		/* the table's */
	uint64_t	rounding_ns;		/* of the band above it, the sources hold */
	uint64_t	sources_ns;		/* the sources, rtlens's stops aside */
	int64_t		not_explained_ns;	/* noise_ns + rounding_ns - sources_ns */
	uint64_t	unsure_ns;		/* of the sources, may lie past the table */
	/* set by the caller, as unsure_ns; 0 by osnoise_aa_balance() */
	uint64_t	samples;		/* osnoise_aa_samples(): a row's share is of them */
	uint64_t	hw_count;		/* the table's HW: samples with no interference */
	/* the table's NMI, IRQ, Softirq and Thread: every event of its periods */
	bool		counts_known;
	uint64_t	nmi_count, irq_count, softirq_count, thread_count;
	uint64_t	steal_tick_ns;		/* the steal estimate's resolution, 0: unknown */
};

/* @periods: the table's, each of which may have cut up to 999 ns off its noise */
void osnoise_aa_balance(const struct source_row *table, int n, uint64_t noise_us,
			uint64_t periods, struct osnoise_aa_balance *out);
/*
 * The time of @cpu's sources that may lie past the table's last period:
 * changes made final before their period was counted, past the journal's
 * bound (source_journal.h); 0 when the analysis kept up.
 */
uint64_t osnoise_aa_unsure_ns(const struct osnoise_aa *aa, int cpu);

/*
 * On a KVM host (kvm:kvm_exit traced): cpu's KVM exits inside
 * its noise samples over the run, and how many vCPU threads were seen.
 */
void osnoise_aa_kvm_exits(const struct osnoise_aa *aa, int cpu, struct kvm_exit_counts *out);
int osnoise_aa_nr_vcpus(const struct osnoise_aa *aa);

/*
 * Moves up to steal_ns of the hardware source, in whole
 * OSNOISE_AA_VM_GRAIN_NS, into a VM source named OSNOISE_AA_VM_NAME: an
 * estimate (osnoise_aa_evidence()), whose count, max_ns and samples are 0:
 * not known (which samples the steal hit is unknown). The hardware row
 * keeps its count and samples, its max_ns capped by its total; it goes
 * when nothing is left of it. The table stays sorted, its total the same.
 * 0, or -1 when a new row was needed and *n == max (table unchanged).
 */
int osnoise_aa_split_vm(struct source_row *table, int *n, int max, uint64_t steal_ns);
/* Moves up to steal_ns of a positive hardware_ns into vm_ns. */
void osnoise_aa_sample_split_vm(struct osnoise_aa_sample *s, uint64_t steal_ns);

/* sum(causes) + vm_ns + hardware_ns: always duration_ns. */
int64_t osnoise_aa_parts_sum(const struct osnoise_aa_sample *s);
/* "nmi", "irq", "softirq", "thread", "hardware", "vm", "other", "rtlens". */
const char *osnoise_aa_kind_name(enum osnoise_cause_kind kind);
/* What a row of @kind rests on; "traced", "inferred", "estimated". */
enum osnoise_evidence osnoise_aa_evidence(int kind);
const char *osnoise_aa_evidence_name(enum osnoise_evidence e);

/* "## CPU n <title> ##" and one line per part (title NULL: "noise sample"). */
void osnoise_aa_print_sample(FILE *out, const struct osnoise_aa_sample *s, const char *title);
/*
 * The table, then "not explained" and the total, the table's noise (b);
 * exits: the CPU's KVM exits inside its samples, or NULL.
 */
void osnoise_aa_print_sources(FILE *out, int cpu, const struct source_row *table, int n,
			  const struct osnoise_aa_balance *b, const struct kvm_exit_counts *exits);
/* See src/render/osnoise_aa_json.c for the shapes. */
void osnoise_aa_json_sample(struct json_writer *w, const char *key, const struct osnoise_aa_sample *s);
void osnoise_aa_json_sources(struct json_writer *w, const char *key,
			 const struct source_row *table, int n, const struct osnoise_aa_balance *b);
/* "noise_us", "rounding_us", "sources_us", "not_explained_us", "unsure_us", "samples" */
void osnoise_aa_json_balance(struct json_writer *w, const struct osnoise_aa_balance *b);
/* {"total", "dropped", "by_reason": [{"reason", "count"}]} */
void osnoise_aa_json_kvm_exits(struct json_writer *w, const char *key,
			   const struct kvm_exit_counts *x);

#endif
