// SPDX-License-Identifier: GPL-2.0
/*
 * file_stop - the stop thresholds of a replay (-s, -S, -i, -T given with
 * --input) on the recorded samples: the first record in time that reaches
 * one (model/stop_rule.h, as the tracer compares it) ends the replay as it
 * would have ended the run; osnoise's -T over the recorded threshold leaves
 * out the shorter samples (file_parts.h)
 */
#include "base/log.h"
#include "source/engine/file_parts.h"

/* the first pass: the first record in time, and the first that reaches a limit */
static void scan(struct file_stop *s, const struct rtl_params *p, const struct rtl_record *rec)
{
	uint64_t ts = rec->period.ts, value;	/* every kind starts with cpu and ts */
	enum stop_limit limit;

	if (!s->first_ts || ts < s->first_ts)
		s->first_ts = ts;
	if (!stop_record_over(rec, p->stop_us, p->stop_total_us, &value, &limit) ||
	    (s->hit && ts >= s->ts))
		return;
	s->hit = true;
	s->cpu = rec->period.cpu;
	s->ts = ts;
	s->value_us = value;
	s->limit = limit;
}

/* the replay: nothing after the stopping record, as the tracer stopped there */
static bool before_stop(struct file_stop *s, const struct rtl_params *p,
			const struct rtl_record *rec)
{
	uint64_t ts = rec->period.ts;

	if (!s->hit || ts < s->ts)
		return true;
	if (ts > s->ts || (rec->period.cpu == s->cpu && s->passed))
		return false;
	if (rec->period.cpu == s->cpu && stop_record_over(rec, p->stop_us, p->stop_total_us, NULL, NULL))
		s->passed = true;
	return true;
}

bool file_stop_keeps(struct engine *e, const struct rtl_record *rec)
{
	struct file_stop *s = &e->stop;

	if (rec->kind == RECORD_NOISE_SAMPLE && rec->sample.duration_ns < s->min_sample_ns)
		return false;
	if (!s->scanning)
		return before_stop(s, e->p, rec);
	scan(s, e->p, rec);
	return false;
}

void file_stop_found(struct engine *e, struct recorded_run *run)
{
	const struct file_stop *s = &e->stop;
	double at = (s->ts - s->first_ts) / 1e9;

	debug_msg("replay: the first record at %llu ns, the stop at %llu ns",
		  (unsigned long long)s->first_ts, (unsigned long long)s->ts);
	if (!s->hit && run->reason == STOP_THRESHOLD) {
		warn_msg("no %s of %s reaches the stop thresholds given, and it ends where its own "
			 "threshold stopped the run: what came after was never recorded",
			 e->p->desc->sample[0], e->name);
		run->reason = STOP_DURATION;
	}
	if (!s->hit)
		return;
	run->stop.hit = true;
	run->stop.cpu = s->cpu;
	run->stop.total = s->limit == STOP_LIMIT_TOTAL;
	run->stop.value_us = s->value_us;
	run->stop.at_s = at < run->elapsed_s ? at : run->elapsed_s;
	run->reason = STOP_THRESHOLD;
	run->signal = 0;
}
