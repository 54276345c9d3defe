// SPDX-License-Identifier: GPL-2.0
/*
 * gate_clock - --until-confident's gate asked on the run's clock: a live
 * run's estimates by a thread, a replay's at the recorded times
 * (gate_clock.h)
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "base/log.h"
#include "session/gate_clock.h"

/* the estimates of one tick: the CPUs due, their series copied, their answers */
struct gate_job {
	pthread_t		thread;
	atomic_bool		done;
	const struct tail_gate	*gate;		/* its p and limit only: the main loop owns the rest */
	unsigned int		generation;	/* the gate's when copied: a reset drops the answers */
	double			at_s;
	int			nr;
	int			*index;		/* the gate's cpu[] of each */
	struct tail_store	*copy;
	struct gate_cpu		*out;
	int			ret;
};

static void job_free(struct gate_job *j)
{
	int i;

	for (i = 0; j->copy && i < j->nr; i++)
		tail_store_free(&j->copy[i]);
	free(j->index);
	free(j->copy);
	free(j->out);
	free(j);
}

static void *job_run(void *arg)
{
	struct gate_job *j = arg;
	int i;

	for (i = 0; i < j->nr && !j->ret; i++)
		j->ret = tail_gate_estimate(j->gate, &j->copy[i], &j->out[i]);
	atomic_store_explicit(&j->done, true, memory_order_release);
	return NULL;
}

/* the series of the CPUs due, copied; NULL when none is due or out of memory (*@failed) */
static struct gate_job *job_new(const struct gate_clock *c, double now_s, bool *failed)
{
	const struct tail_gate *g = c->gate;
	struct gate_job *j = calloc(1, sizeof(*j));
	int i;

	*failed = !j || !(j->index = calloc(g->nr, sizeof(*j->index))) ||
		  !(j->copy = calloc(g->nr, sizeof(*j->copy))) ||
		  !(j->out = calloc(g->nr, sizeof(*j->out)));
	for (i = 0; !*failed && i < g->nr; i++) {
		const struct tail_store *s = tail_set_series(c->set, g->cpu[i].cpu, g->context);

		if (!s || !tail_gate_due(g, i, s))
			continue;
		j->out[j->nr].cpu = g->cpu[i].cpu;
		j->index[j->nr] = i;
		*failed = tail_store_copy(&j->copy[j->nr++], s);
	}
	if (*failed || !j->nr) {
		if (j)
			job_free(j);
		return NULL;
	}
	j->gate = g;
	j->generation = g->generation;
	j->at_s = now_s;
	atomic_init(&j->done, false);
	return j;
}

/* the verdict of the gate as it is: the run stops on one */
static void decide(struct gate_clock *c, double at_s)
{
	if (tail_gate_decide(c->gate) == GATE_UNDECIDED)
		return;
	c->decided = true;
	c->at_s = at_s;
}

/* the answers of the job done, into the gate (unless it was reset since) */
static void job_take(struct gate_clock *c)
{
	struct gate_job *j = c->job;
	int i;

	pthread_join(j->thread, NULL);
	c->job = NULL;
	debug_msg("until-confident: %d CPUs estimated on the samples of %.1f s", j->nr, j->at_s);
	if (!j->ret && j->generation == c->gate->generation) {
		for (i = 0; i < j->nr; i++)
			tail_gate_take(c->gate, j->index[i], &j->out[i]);
		decide(c, j->at_s);
	}
	job_free(j);
}

/* the estimates of the CPUs due, by a thread; where none can start, here and now */
static void job_start(struct gate_clock *c, double now_s)
{
	bool failed;

	c->job = job_new(c, now_s, &failed);
	if (!c->job && !failed)
		return;		/* none due: the verdict stands */
	if (c->job && !pthread_create(&c->job->thread, NULL, job_run, c->job))
		return;
	if (c->job)
		job_free(c->job);
	c->job = NULL;
	debug_msg("until-confident: no thread for the estimates: made in the main loop");
	if (!tail_gate_update(c->gate, c->set, false))
		decide(c, now_s);
}

void gate_clock_start(struct gate_clock *c, struct run_models *m)
{
	*c = (struct gate_clock){ .gate = run_models_gate(m), .set = run_models_tail(m),
				  .next_s = GATE_EVERY_S };
}

bool gate_clock_tick(struct gate_clock *c, double now_s)
{
	if (!c->gate || c->decided)
		return c->decided;
	if (c->job) {
		if (!atomic_load_explicit(&c->job->done, memory_order_acquire))
			return false;
		job_take(c);
		if (c->decided)
			return true;
	}
	if (now_s < c->next_s)
		return false;
	c->next_s = now_s + GATE_EVERY_S;
	job_start(c, now_s);
	return c->decided;
}

bool gate_clock_record(struct gate_clock *c, const struct rtl_record *rec)
{
	uint64_t ts = rec->period.ts;	/* every kind starts with cpu and ts */
	double now_s, at_s;

	if (!c->gate)
		return true;
	if (!c->have_first) {
		c->have_first = true;
		c->first_ts = ts;
	}
	if (c->decided)
		return false;
	now_s = ts > c->first_ts ? (double)(ts - c->first_ts) / 1e9 : 0;
	if (now_s < c->next_s)
		return true;
	at_s = c->next_s;
	while (c->next_s <= now_s)
		c->next_s += GATE_EVERY_S;
	if (tail_gate_update(c->gate, c->set, false))
		return true;	/* out of memory: undecided, as the live run */
	decide(c, at_s);
	return !c->decided;
}

int gate_clock_finish(struct gate_clock *c)
{
	if (!c->gate)
		return 0;
	if (c->job)
		job_take(c);
	return c->decided ? 0 : tail_gate_update(c->gate, c->set, true);
}

void gate_clock_stop(struct gate_clock *c)
{
	if (!c->job)
		return;
	pthread_join(c->job->thread, NULL);
	job_free(c->job);
	c->job = NULL;
}
