// SPDX-License-Identifier: GPL-2.0
/*
 * file_pace - --live-replay: a recording replayed at the pace it was
 * recorded. The replay's clock starts at the first poll and runs --speed
 * times as fast as CLOCK_MONOTONIC; a record whose trace time is T after
 * the first record's is handed out once the clock reaches T, and the
 * session sleeps until then (file_pace_next_ms()). The records are those a
 * plain replay hands out, in time order across the CPUs (file_next()), so
 * the models end the same. Past a stop threshold's record the rest goes at
 * once (file_stop.c drops what the tracer would not have recorded).
 */
#include <math.h>
#include <string.h>

#include "base/run_end.h"
#include "source/engine/file_parts.h"

#define PACE_BUDGET	16384	/* records a poll hands out at most: the screen keeps time */
#define PACE_NAP_MS	10	/* the shortest sleep: records 1 ms apart wake it 100 times a s */
#define NS_PER_S	1e9
#define CLOCK_MAX_NS	1e19	/* under UINT64_MAX: a day at --speed 1000000 stays in it */

static uint64_t ns_of(double s)
{
	return s > 0 ? (uint64_t)(s * NS_PER_S) : 0;
}

/* -d before the end: the replay ends there, as a run of that duration would */
static void cut_run(struct engine *e, uint64_t cut_s, struct recorded_run *run)
{
	memset(&run->stop, 0, sizeof(run->stop));
	run->reason = STOP_DURATION;
	run->signal = 0;
	e->end_s = cut_s;
	e->pace.cut_ns = ns_of(cut_s);
}

void file_pace_setup(struct engine *e, uint64_t cut_s, struct recorded_run *run)
{
	struct file_pace *pc = &e->pace;

	e->end_s = run->stop.hit ? run->stop.at_s : run->elapsed_s;
	if (!e->p->live_replay)
		return;
	if (cut_s && cut_s < e->end_s)
		cut_run(e, cut_s, run);
	pc->on = true;
	pc->speed = e->p->speed > 0 ? e->p->speed : 1;
	pc->stop_ns = run->stop.hit ? ns_of(run->stop.at_s) : 0;
	pc->end_ns = ns_of(e->end_s);
	file_rewind(e);
}

/* the replay's clock: ns of the recording since its first record */
static uint64_t clock_ns(const struct file_pace *pc)
{
	struct timespec now;
	double wall_ns;

	if (pc->stopped)
		return pc->stopped_ns;
	if (!pc->started)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wall_ns = (now.tv_sec - pc->start.tv_sec) * NS_PER_S + (now.tv_nsec - pc->start.tv_nsec);
	return (uint64_t)fmin(wall_ns * pc->speed, CLOCK_MAX_NS);
}

static uint64_t since_first(const struct file_pace *pc, uint64_t ts)
{
	return ts > pc->first_ts ? ts - pc->first_ts : 0;
}

/* the record read ahead is one to hand out: not past -d */
static bool pending(const struct file_pace *pc)
{
	return pc->ahead && !(pc->cut_ns && since_first(pc, pc->next_ts) > pc->cut_ns);
}

/* the next record, read ahead; false at the end, or past -d */
static bool peek(struct engine *e)
{
	struct file_pace *pc = &e->pace;

	if (!pc->ahead)
		pc->ahead = file_next(e, &pc->next, &pc->next_ts);
	if (pc->ahead && !pc->have_first) {
		pc->first_ts = pc->next_ts;
		pc->have_first = true;
	}
	return pending(pc);
}

/* the record read ahead is due at @clock; past the stop threshold's, all are */
static bool due(const struct file_pace *pc, uint64_t clock)
{
	if (pc->stop_ns && clock >= pc->stop_ns)
		return true;
	return since_first(pc, pc->next_ts) <= clock;
}

int file_pace_poll(struct engine *e)
{
	struct file_pace *pc = &e->pace;
	uint64_t clock;
	int n = 0;

	if (!pc->started) {
		clock_gettime(CLOCK_MONOTONIC, &pc->start);
		pc->started = true;
	}
	clock = clock_ns(pc);
	while (n < PACE_BUDGET && peek(e) && due(pc, clock)) {
		pc->ahead = false;
		file_hand_out(e, &pc->next);
		n++;
	}
	pc->more = n == PACE_BUDGET;
	e->done = !pc->more && (pc->stopped || (!peek(e) && clock >= pc->end_ns));
	return n;
}

int file_pace_next_ms(const struct engine *e, int longest_ms)
{
	const struct file_pace *pc = &e->pace;
	uint64_t clock = clock_ns(pc), at = pc->end_ns;
	double ms;

	if (!pc->started || pc->more || e->done)
		return 0;
	/* the next record's time; none left, the end's */
	if (pending(pc))
		at = since_first(pc, pc->next_ts);
	if (pc->stop_ns && pc->stop_ns < at)
		at = pc->stop_ns;
	if (at <= clock)
		return 0;
	ms = fmax(ceil((at - clock) / pc->speed / 1e6), PACE_NAP_MS);
	return ms < longest_ms ? (int)ms : longest_ms;
}

double file_pace_replayed_s(const struct engine *e)
{
	uint64_t clock = clock_ns(&e->pace);

	return clock >= e->pace.end_ns ? e->end_s : clock / NS_PER_S;
}

void file_pace_stop(struct engine *e)
{
	struct file_pace *pc = &e->pace;

	if (!pc->on || pc->stopped)
		return;
	pc->stopped_ns = clock_ns(pc);
	pc->stopped = true;
}
