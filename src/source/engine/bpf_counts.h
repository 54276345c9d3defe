/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_counts - the samples' statistics and histograms kept in the kernel by
 * a BPF program (bpf/counts.bpf.c): timerlat's on osnoise:timerlat_sample,
 * osnoise's on osnoise:sample_threshold; rtlens reads the totals when it
 * shows or reports them, not every sample. For the osnoise analysis, the
 * program also sends each sample through a BPF ring buffer. Private to
 * source/: the kernel engine uses it.
 */
#ifndef RTLENS_BPF_COUNTS_H
#define RTLENS_BPF_COUNTS_H

#include <stdbool.h>

#include <stdint.h>

#include "base/params.h"
#include "model/latency_model.h"
#include "model/noise_model.h"
#include "source/engine/bpf_layout.h"

struct bpf_counts;

/*
 * This rtlens is built with the program and this kernel has the tracepoint
 * osnoise:@event ("timerlat_sample", "sample_threshold"); false with *why
 * saying what is missing. Changes nothing.
 */
bool bpf_counts_possible(const char *event, const char **why);
/*
 * Load and attach the program of osnoise:@event, not counting yet
 * (bpf_counts_restart() starts it); @samples: send each sample on
 * (sample_threshold only, bpf_counts_read_samples()). NULL when this path
 * cannot be had here, with *why saying why (no message printed).
 */
struct bpf_counts *bpf_counts_open(const struct rtl_params *p, const char *event, bool samples,
				   const char **why);
/* Where the program counts: "osnoise:timerlat_sample". */
const char *bpf_counts_hook(const struct bpf_counts *b);
/* Replace @m's statistics and histograms with the kernel's counts. */
void bpf_counts_load(const struct bpf_counts *b, struct latency_model *m);
/* The same for osnoise: the samples' histograms and longest sample. */
void bpf_counts_load_noise(const struct bpf_counts *b, struct noise_model *m);

typedef void (*bpf_sample_fn)(const struct bpf_noise_sample *s, void *ctx);
/* Hand the samples sent so far to @fn, in order on each CPU; -1 on an error. */
int bpf_counts_read_samples(struct bpf_counts *b, bpf_sample_fn fn, void *ctx);
/* @cpu's samples the ring buffer had no room for, since the start. */
uint64_t bpf_counts_samples_lost(const struct bpf_counts *b, int cpu);
/* @cpu's samples without interference counted and not sent, since the start. */
void bpf_counts_hw(const struct bpf_counts *b, int cpu, struct bpf_hw_sum *sum);
/* Send the samples without interference from @ns on (UINT64_MAX: none). */
void bpf_counts_send_from(struct bpf_counts *b, uint64_t ns);
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
