/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_counts - timerlat's statistics and histograms kept in the kernel by a
 * BPF program on osnoise:timerlat_sample (bpf/timerlat.bpf.c); rtlens reads
 * the totals when it shows or reports them, not every sample. Private to
 * source/: the kernel engine uses it when the run needs no sample one by
 * one.
 */
#ifndef RTLENS_BPF_COUNTS_H
#define RTLENS_BPF_COUNTS_H

#include <stdbool.h>

#include "base/params.h"
#include "model/latency_model.h"

struct bpf_counts;

/*
 * This rtlens is built with the program and this kernel has its tracepoint;
 * false with *why saying what is missing. Changes nothing.
 */
bool bpf_counts_possible(const char **why);
/*
 * Load and attach the program, not counting yet (bpf_counts_restart()
 * starts it). NULL when this path cannot be had here, with *why saying why
 * (no message printed).
 */
struct bpf_counts *bpf_counts_open(const struct rtl_params *p, const char **why);
/* Where the program counts: "osnoise:timerlat_sample". */
const char *bpf_counts_hook(const struct bpf_counts *b);
/* Replace @m's statistics and histograms with the kernel's counts. */
void bpf_counts_load(const struct bpf_counts *b, struct latency_model *m);
/* Forget what was counted (after the warm-up, on a reset). */
void bpf_counts_clear(struct bpf_counts *b);
/* The program saw a latency over a stop threshold and stopped counting. */
bool bpf_counts_stopped(const struct bpf_counts *b);
/*
 * The sample that stopped it: false when none did. The tracer itself may
 * go on after it for a while: what comes after it is not the stop's story.
 */
bool bpf_counts_stop_sample(const struct bpf_counts *b, int *cpu, int *context,
			    unsigned int *seqnum);
/* Count: at the start, and again after a stop (threshold action "continue"). */
void bpf_counts_restart(struct bpf_counts *b);
/* Stop counting (the end of the run): later samples are not counted. */
void bpf_counts_pause(struct bpf_counts *b);
void bpf_counts_close(struct bpf_counts *b);

#endif
