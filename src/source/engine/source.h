/* SPDX-License-Identifier: GPL-2.0 */
/*
 * source - where records come from: the kernel osnoise or timerlat tracer
 * ("kernel" engine), or rtlens's own measuring threads with the kernel's
 * standard tracepoints ("user" engine, where the tracer is missing), both
 * through a private tracefs instance
 */
#ifndef RTLENS_SOURCE_H
#define RTLENS_SOURCE_H

#include <stdbool.h>
#include <stdint.h>

#include "decode/hist_file.h"
#include "base/params.h"
#include "base/records.h"
#include "model/latency_model.h"
#include "model/noise_model.h"
#include "source/recording/recording.h"
#include "source/system/system.h"

struct source;
struct recorder;
struct tracefs_instance;

typedef void (*record_fn)(const struct rtl_record *rec, void *ctx);

/*
 * Pick the engine (p->engine: auto becomes kernel where the tracer exists,
 * else user), and what it chooses where the options leave it open
 * (timerlat's threads): before anything is set up from @p.
 */
void source_choose(struct rtl_params *p);
/*
 * The checks that need no change to the system: the tracer exists, no
 * other session uses it, every -e event exists, the options suit the
 * engine. -1 with a message.
 */
int source_check(const struct rtl_params *p);

/*
 * --input: the trace.dat @p->input_path replayed. @p and @f become the
 * recording's (its CPUs, settings and machine); *run says how the
 * recorded run went. NULL with a message.
 */
struct source *source_open_input(struct rtl_params *p, struct sys_facts *f,
				 struct recorded_run *run);
/* Configure and start the tracer; every change goes through @st. */
struct source *source_open(const struct rtl_params *p, struct sys_state *st);
/*
 * A replay: how much of the recording the records handed out cover, in s
 * from its first record, up to where the replay ends (a stop threshold,
 * --live-replay's -d, the recorded run's end). A --live-replay's clock,
 * which runs from the first poll at --speed; a plain replay, read at once,
 * is at its end from the start. 0 in a live run.
 */
double source_replayed_s(const struct source *src);
/* Read what the buffers hold now; returns the number of records or -1. */
int source_poll(struct source *src, record_fn fn, void *ctx);
/* osnoise hist: the kernel's counts, bucket by bucket (low bound in ns). */
int source_kernel_hist(struct source *src, hist_bucket_fn fn, void *ctx);
/* Forget what the kernel counted so far (after the warm-up). */
void source_discard_counts(struct source *src);
/* The last poll stopped on its time budget: the buffers hold more. */
bool source_has_more(const struct source *src);
/*
 * How long the session may wait before it reads again, in ms, at most
 * @longest_ms: sooner when the buffers fill fast (page_reader_next_read_ms()).
 */
int source_next_read_ms(const struct source *src, int longest_ms);
/* True once the kernel stopped tracing (a stop threshold was hit). */
bool source_tracing_stopped(struct source *src);
/* Record again after the kernel stopped on a threshold (action continue). */
void source_restart(struct source *src);
/* Stop recording; the buffers keep what they hold for a last poll. */
void source_stop(struct source *src);
/*
 * The samples counted in the kernel (BPF): replace the statistics and
 * histograms of @model, the session tool's count model (a struct
 * latency_model for timerlat; a struct noise_model for osnoise: its
 * samples, its periods stay the tracer's; NULL: none), with the kernel's
 * counts. Nothing otherwise.
 */
void source_load_counts(struct source *src, void *model);
/*
 * Where the analysis' events come from. The samples and summaries that
 * the tables, histograms and stop thresholds are made of never share a
 * ring buffer with them, except inline (--record, the user engine, a
 * replay): losing analysis events then only makes the analysis partial.
 */
enum aa_feed {
	AA_FEED_INLINE,		/* with the samples: poll() yields both */
	AA_FEED_WINDOW,		/* a flight recorder: source_read_window() at a stop */
	AA_FEED_STREAM,		/* an instance of their own: source_poll_analysis() */
};
enum aa_feed source_aa_feed(const struct source *src);
/* What the analysis' flight recorder holds (after a stop); records or -1. */
int source_read_window(struct source *src, record_fn fn, void *ctx);
/* AA_FEED_STREAM: the analysis' events the buffers hold now; records or -1. */
int source_poll_analysis(struct source *src, record_fn fn, void *ctx);
/*
 * AA_FEED_STREAM: the analysis' events lost on @cpu since the counting
 * started (its buffer overflowed); 0 otherwise.
 */
uint64_t source_analysis_lost(struct source *src, int cpu);
/*
 * The analysis needs the samples without interference one by one from
 * @ns on (run_models_samples_wanted_from()); an engine that counts the
 * shorter ones in the kernel hands them on as RECORD_HW_SAMPLES.
 */
void source_samples_wanted_from(struct source *src, uint64_t ns);
/*
 * How the samples reach rtlens: "bpf" (counted in the kernel), "tracefs"
 * (read one by one from the ring buffers) or "user" (the user engine).
 * *detail: with bpf, where it counts; with tracefs, why not BPF where the
 * run could have used it; else NULL.
 */
const char *source_data_path(const struct source *src, const char **detail);
/*
 * Events the ring buffers of the samples dropped (overrun), summed over
 * CPUs: what the tables miss. The analysis' own are source_analysis_lost().
 */
uint64_t source_lost_events(struct source *src);
/* The trace instance's text (needs -t), to be freed; NULL with errno set. */
char *source_trace_text(struct source *src);
/*
 * @pid's command as the trace itself kept it (a recording's saved
 * cmdlines), "" when it did not: a live run reads /proc instead.
 */
void source_task_comm(struct source *src, int pid, char *buf, size_t size);
/*
 * --record: the pages read from now on go to @rec too. Returns the
 * instance they come from (its events and clock go into the file), NULL
 * when the engine cannot record.
 */
struct tracefs_instance *source_record(struct source *src, struct recorder *rec);
/*
 * After source_record(): the instance whose trace markers, written from any
 * CPU, go into the recording (--host-sync's); NULL when there is none.
 */
struct tracefs_instance *source_marker_instance(struct source *src);
/* Free memory; the instances are removed by sysstate_restore(). */
void source_close(struct source *src);

/* The period and runtime in force (the kernel's when not set by -p/-r). */
void source_effective_period(const struct rtl_params *p, uint64_t *period_us,
			     uint64_t *runtime_us);

/* ---- virtualization: the guest-host join (host_file.c, host_sync.c) ---- */

#define SOURCE_HOST_CLOCK	"mono"		/* the host's answers, its recording */
#define SOURCE_SYNC_TAG		"rtlens-sync"	/* the guest's trace markers */

typedef void (*sync_trip_fn)(uint64_t guest_send, uint64_t guest_recv, uint64_t host,
			     void *ctx);

/*
 * --host-input: the host's trace.dat @path (its clock SOURCE_HOST_CLOCK):
 * @begin told its number of CPUs (non-zero: stop, its message said), then
 * the records of its vCPU threads (RECORD_KVM, RECORD_CTX) to @fn in time
 * order. -1 with a message.
 */
int source_read_host(const char *path, int (*begin)(int nr_cpus, void *ctx), record_fn fn,
		     void *ctx);
/* The round trips of --host-sync in the recording @path to @fn; how many, -1. */
int source_read_sync(const char *path, sync_trip_fn fn, void *ctx);

/*
 * --host-sync DEVICE in a guest: round trips with "rtlens timesync" on the
 * host, each noted in @inst's trace (--record keeps it) as trace markers
 * "rtlens-sync N send" and "rtlens-sync N recv HOST_NS". The device opens
 * at once (NULL with a message); a host that stops answering is warned of
 * once, and the run goes on without.
 */
struct host_sync;
struct host_sync *source_host_sync_open(const char *path);
void source_host_sync_round(struct host_sync *hs, struct tracefs_instance *inst);
void source_host_sync_close(struct host_sync *hs);
/*
 * rtlens timesync: answer a guest's round trips on @path (a unix socket,
 * QEMU's chardev, or a device) with CLOCK_MONOTONIC until the guest's end
 * closes it, or a signal; @stop is polled. The trips answered, -1.
 */
long source_sync_serve(const char *path, volatile int *stop);

#endif
