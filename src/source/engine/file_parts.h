/* SPDX-License-Identifier: GPL-2.0 */
/*
 * file_parts - the "file" engine's state and its readers, private to
 * source/file_*.c: file_read.c reads a kernel engine's recording (or
 * trace-cmd's), file_records.c the user engine's records
 */
#ifndef RTLENS_FILE_PARTS_H
#define RTLENS_FILE_PARTS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "decode/decode.h"
#include "model/stop_rule.h"
#include "source/engine/file_source.h"
#include "source/engine/page_reader.h"
#include "source/engine/source.h"

/*
 * The replay's stop thresholds (file_stop.c): a first pass over the records
 * finds the first one that reaches one, the replay hands out none after it
 */
struct file_stop {
	bool			scanning;	/* the first pass: nothing handed out */
	bool			hit;
	bool			passed;		/* the stopping record is out */
	int			cpu;
	uint64_t		ts;		/* of the stopping record */
	uint64_t		value_us;
	enum stop_limit		limit;
	uint64_t		first_ts;	/* of every record */
	uint64_t		min_sample_ns;	/* -T over the recorded threshold */
};

/*
 * The records of a trace.dat's CPUs in time order, as libtracecmd's
 * tracecmd_read_next_data() merges them (the earliest first; on a tie, the
 * lower CPU), each CPU read from its first record whatever read it before
 */
struct file_cursor {
	struct tracecmd_input	*h;
	const struct cpu_mask	*cpus;		/* those read; NULL: every one */
	struct tep_record	**head;		/* per CPU: its next record, NULL: none */
	int			nr;
};

/*
 * --live-replay (file_pace.c): each record handed out when the replay's
 * clock, which runs from the first poll at --speed, reaches its trace time
 * (from the first record's); the file read one record ahead
 */
struct file_pace {
	bool			on;
	double			speed;
	bool			started;
	struct timespec		start;		/* the first poll, CLOCK_MONOTONIC */
	bool			stopped;	/* source_stop(): the clock stays at stopped_ns */
	uint64_t		stopped_ns;
	bool			have_first;
	uint64_t		first_ts;	/* of the first record */
	bool			ahead;		/* next was read, not handed out */
	struct rtl_record	next;
	uint64_t		next_ts;
	bool			more;		/* the last poll stopped on its budget */
	uint64_t		stop_ns;	/* a stop threshold's: the rest at once from it; 0 */
	uint64_t		cut_ns;		/* -d: nothing recorded after it; 0: none */
	uint64_t		end_ns;		/* where the replay ends (engine.end_s) */
};

struct engine {
	struct tracecmd_input	*h;
	int			fd;		/* the file: rtlens's own pages read directly */
	int			page_size;
	void			*page;
	struct page_walk	walk;
	record_fn		fn;		/* where on_event() hands the records */
	void			*ctx;
	struct tracecmd_input	*records;	/* a user engine's recording: its records */
	struct tep_format_field	*raw_id, *raw_buf;	/* of ftrace:raw_data */
	int			raw_type;
	struct tep_handle	*tep;
	struct decoder		*decoder;
	const struct rtl_params	*p;
	uint64_t		lost;
	uint64_t		samples;	/* of the tool's tracer, handed out */
	bool			done;
	bool			merged;		/* CPUs read merged in time order (vCPU events) */
	char			data_path[16];	/* as recorded */
	const char		*name;		/* the file, as given (the params') */
	struct file_stop	stop;
	/* where the replay ends, in s of the recording: source_replayed_s() */
	double			end_s;
	struct file_cursor	cursor;		/* file_read_in_time()'s, file_pace's */
	struct event_lookup	events;		/* the cursor's records' events */
	struct file_pace	pace;
};


/* ---- file_cursor.c ---- */
/* on @h, reading @cpus (NULL: every CPU); -1 with a message */
int file_cursor_init(struct file_cursor *c, struct tracecmd_input *h,
		     const struct cpu_mask *cpus);
/* from each CPU's first record again */
void file_cursor_rewind(struct file_cursor *c);
/* the next record, to be freed, and its CPU in *cpu; NULL at the end */
struct tep_record *file_cursor_next(struct file_cursor *c, int *cpu);
void file_cursor_free(struct file_cursor *c);

/* ---- file_read.c ---- */
/* A record to e->fn, counted in e->samples when it is a sample of the tracer. */
void file_hand_out(struct engine *e, const struct rtl_record *rec);
/* rtlens's own v6 recordings: pages read from the file directly; false: not */
bool file_pages_direct(struct engine *e, const struct file_input *in);
/* every record of @cpu, in its order, decoded, to e->fn; their number */
int file_read_cpu(struct engine *e, int cpu);
/* file_next() from the first record again */
void file_rewind(struct engine *e);
/*
 * The next record in time order (the measured CPUs' events, or a user
 * engine's records), decoded, and its trace time in *ts; false at the end
 */
bool file_next(struct engine *e, struct rtl_record *out, uint64_t *ts);
/*
 * Every record from the first, in time order, to e->fn; their number: a
 * recording whose records are read merged (vCPU events, a user engine's)
 */
int file_read_in_time(struct engine *e);

/* ---- file_pace.c ---- */
/*
 * Every replay, once open: where it ends (e->end_s), the stop threshold's
 * record, else the recorded run's end; with --live-replay, also -d's
 * (@cut_s, 0: none), which makes @run a run of that duration, and the
 * pace, set from e->p.
 */
void file_pace_setup(struct engine *e, uint64_t cut_s, struct recorded_run *run);
/* the records due by now to e->fn, at most a budget's; e->done set at the end */
int file_pace_poll(struct engine *e);
/* ms until the next record is due or the replay ends, at most @longest_ms */
int file_pace_next_ms(const struct engine *e, int longest_ms);
/* the replay's clock in s of the recording, at most e->end_s */
double file_pace_replayed_s(const struct engine *e);
/* the clock stops: what is due now is the last handed out */
void file_pace_stop(struct engine *e);

/* ---- file_stop.c ---- */
/* Is @rec handed out? In the first pass, what it tells is noted instead. */
bool file_stop_keeps(struct engine *e, const struct rtl_record *rec);
/* After the first pass: where the replay stops, into @run; its reason and stop. */
void file_stop_found(struct engine *e, struct recorded_run *run);

/* ---- file_records.c ---- */
/* a user engine's recording: its buffer of records; -1 with a message */
int file_open_records(struct engine *e);
/* a record of its buffer, as the user engine handed it out, into @out; false: none */
bool file_own_record(const struct engine *e, const struct tep_record *r, struct rtl_record *out);

#endif
