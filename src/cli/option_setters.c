// SPDX-License-Identifier: GPL-2.0
/*
 * option_setters - the measuring commands' options that compute: those
 * that set several fields, parse a value of their own syntax (-P, -e, an
 * action) or depend on what was given before; the table (options.c) names
 * them. Every other option is a typed row the parser stores by itself.
 */
#include <stdlib.h>
#include <string.h>

#include "base/actions.h"
#include "base/params.h"
#include "base/parse.h"
#include "cli/option_setters.h"
#include "session/metrics_server.h"

static const char *default_trace(const struct rtl_params *p)
{
	return p->desc->trace_file;
}

/* --input is among the options being parsed (options_parse_command() looks first) */
static bool parsing_replay;

void option_setters_replay(bool replay)
{
	parsing_replay = replay;
}

/* ---- what follows from a value, once stored ---- */

/* osnoise -a: -s, -T 1 and -t; a replay's noise is what was traced: its threshold */
int opts_auto_then(void *ctx, const char **why)
{
	struct rtl_params *p = ctx;

	(void)why;
	if (!parsing_replay)
		p->threshold_us = 1;
	if (!p->trace_output)
		p->trace_output = default_trace(p);
	return 0;
}

/* timerlat -a: -i, -T, -s of one latency, and -t */
int opts_tl_auto_then(void *ctx, const char **why)
{
	struct rtl_params *p = ctx;

	(void)why;
	p->stop_total_us = p->stop_us;
	p->stack_us = p->stop_us;
	if (!p->trace_output)
		p->trace_output = default_trace(p);
	return 0;
}

/* --aa-only: as -a, printing only the analysis */
int opts_aa_only_then(void *ctx, const char **why)
{
	struct rtl_params *p = ctx;

	(void)why;
	p->stop_total_us = p->stop_us;
	p->stack_us = p->stop_us;
	p->aa_only = true;
	return 0;
}

/* -T 1: count every gap of 1 us or more (hwlat -a, with the stop it stored) */
int opts_threshold_1us_then(void *ctx, const char **why)
{
	struct rtl_params *p = ctx;

	(void)why;
	p->threshold_us = 1;
	return 0;
}

/* --aa-floor implies --aa */
int opts_aa_floor_then(void *ctx, const char **why)
{
	struct rtl_params *p = ctx;

	(void)why;
	p->aa = true;
	return 0;
}

/* -b, -E: the buckets are the user's, --plot's range is not taken */
int opts_hist_then(void *ctx, const char **why)
{
	struct rtl_params *p = ctx;

	(void)why;
	p->hist_given = true;
	return 0;
}

/* ---- the options that compute ---- */

int opts_set_cpus(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (cpu_mask_parse(&p->cpus, arg, why))
		return -1;
	p->cpus_set = true;
	return 0;
}

int opts_set_house_keeping(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (cpu_mask_parse(&p->hk_cpus, arg, why))
		return -1;
	p->hk_set = true;
	return 0;
}

int opts_set_cgroup(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	p->cgroup = true;
	free(p->cgroup_name);
	p->cgroup_name = NULL;
	if (arg && *arg == '=')
		arg++;
	if (arg && !*arg) {
		*why = "the cgroup name is empty";
		return -1;
	}
	if (arg && !(p->cgroup_name = strdup(arg))) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

static int by_seconds(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * --tail[=LIST]: the horizons, durations apart by commas (default 1h,24h),
 * shortest first: the worst expected over each grows along the line
 */
int opts_set_tail(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	double got[RTL_TAIL_HORIZONS];
	char *list, *item, *save = NULL;
	int n = 0;

	if (arg && *arg == '=')
		arg++;
	if (!(list = strdup(arg && *arg ? arg : "1h,24h"))) {
		*why = "out of memory";
		return -1;
	}
	for (item = strtok_r(list, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		uint64_t s;

		if (n == RTL_TAIL_HORIZONS) {
			*why = "more than 8 horizons";
			break;
		}
		if (parse_duration(item, &s, why))
			break;
		got[n++] = (double)s;
	}
	free(list);
	if (item || !n) {
		if (!n && !item)
			*why = "no horizon: name durations apart by commas (e.g. 20m,1h,24h)";
		return -1;
	}
	qsort(got, n, sizeof(*got), by_seconds);
	p->tail = true;
	p->nr_tail_horizons = n;
	memcpy(p->tail_horizons_s, got, sizeof(got));
	return 0;
}

#define GATE_P_MAX	0.01	/* --until-confident's P: a rare level, under it */

/* --until-confident's US: a number of us over 0, without a unit */
static int parse_gate_us(const char *arg, double *us, const char **why)
{
	if (parse_decimal(arg, us, NULL)) {
		*why = "US is not a number of microseconds: write it as 50 or 12.5, without a unit "
		       "(e.g. 1e-9:50)";
		return -1;
	}
	if (!(*us > 0)) {
		*why = "US must be over 0 us (e.g. 1e-9:50)";
		return -1;
	}
	return 0;
}

/* --until-confident P:US: the gate's probability and limit; it implies --tail */
int opts_set_until_confident(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	const char *colon = strchr(arg, ':');
	double prob, us;
	char *p_text;
	int bad;

	if (!colon) {
		*why = "write P:US, the probability per sample of a level and the limit in us it "
		       "is compared with (e.g. 1e-9:50)";
		return -1;
	}
	if (!(p_text = strndup(arg, (size_t)(colon - arg)))) {
		*why = "out of memory";
		return -1;
	}
	bad = parse_probability(p_text, &prob, NULL);
	free(p_text);
	if (bad || !(prob < GATE_P_MAX)) {
		*why = "P must be a probability over 0 and under 0.01, the rare levels the tail "
		       "estimates, written as 1e-9 or 0.000001 (e.g. 1e-9:50)";
		return -1;
	}
	if (parse_gate_us(colon + 1, &us, why))
		return -1;
	if (!p->tail && opts_set_tail(ctx, NULL, why))
		return -1;
	p->gate_p = prob;
	p->gate_us = us;
	return 0;
}

int opts_set_priority(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return parse_priority(arg, &p->prio, why);
}

/* -t [FILE]: without a name, the tool's */
int opts_set_trace(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (arg && *arg == '=')
		arg++;
	if (arg && !*arg) {
		*why = "the trace file name is empty";
		return -1;
	}
	p->trace_output = arg ? arg : default_trace(p);
	return 0;
}

int opts_set_event(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	struct event_spec *ev, *evs;
	const char *colon = strchr(arg, ':');

	if (!*arg || colon == arg || (colon && !colon[1]) ||
	    (colon && strchr(colon + 1, ':'))) {
		*why = "expected sys or sys:event, e.g. sched:sched_switch";
		return -1;
	}
	evs = realloc(p->events, (p->nr_events + 1) * sizeof(*evs));
	if (!evs) {
		*why = "out of memory";
		return -1;
	}
	p->events = evs;
	ev = &evs[p->nr_events];
	memset(ev, 0, sizeof(*ev));
	ev->system = colon ? strndup(arg, colon - arg) : strdup(arg);
	ev->event = colon ? strdup(colon + 1) : NULL;
	p->nr_events++;
	if (!ev->system || (colon && !ev->event)) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

/* --filter, --trigger: *@slot of the last -e event becomes @arg */
static int set_event_attr(struct rtl_params *p, size_t slot, const char *arg, const char **why)
{
	char **attr;

	if (!p->nr_events) {
		*why = "it applies to the previous -e event, and there is none";
		return -1;
	}
	if (!*arg) {
		*why = "it is empty";
		return -1;
	}
	attr = (char **)((char *)&p->events[p->nr_events - 1] + slot);
	if (*attr) {
		*why = "the previous -e event already has one";
		return -1;
	}
	*attr = strdup(arg);
	if (!*attr) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

int opts_set_filter(void *ctx, const char *arg, const char **why)
{
	return set_event_attr(ctx, offsetof(struct event_spec, filter), arg, why);
}

int opts_set_trigger(void *ctx, const char *arg, const char **why)
{
	return set_event_attr(ctx, offsetof(struct event_spec, trigger), arg, why);
}

int opts_set_listen(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (metrics_addr_check(arg, why))
		return -1;
	p->listen_addr = arg;
	return 0;
}

int opts_set_input(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (p->input_path) {
		*why = "one recording at a time: replaying a host's and a guest's recordings "
		       "together is not supported yet";
		return -1;
	}
	if (!*arg) {
		*why = "the file name is empty";
		return -1;
	}
	p->input_path = arg;
	return 0;
}

int opts_set_on_threshold(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return action_list_add(&p->on_threshold, arg, default_trace(p), why);
}

int opts_set_on_end(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	return action_list_add(&p->on_end, arg, default_trace(p), why);
}
