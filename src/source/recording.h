/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recording - the metadata of a trace.dat that rtlens --record wrote (its
 * version option, render/recording_json.h), read back for --input: how the
 * tracer was set, how the run went, and the system it ran on
 */
#ifndef RTLENS_RECORDING_H
#define RTLENS_RECORDING_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "base/facts.h"
#include "base/params.h"
#include "base/run_end.h"

/* how the recorded run went: what the replay's report says of it */
struct recorded_run {
	bool		by_rtlens;	/* false: another tool (trace-cmd record) */
	char		version[32];	/* rtlens's version that recorded, or "" */
	char		command[32];	/* "osnoise top", or "" */
	time_t		started;
	double		elapsed_s;
	enum stop_reason reason;
	int		signal;
	uint64_t	lost_events;
	char		data_path[16];
	bool		user_engine;
	uint64_t	record_size;	/* sizeof(struct rtl_record) of the recorder */
};

/* what the run was set to, taken over by the replay */
struct recorded_settings {
	char		cpus[4096];
	int		nr_cpus;
	uint64_t	period_us, runtime_us, stop_us, stop_total_us, threshold_us;
	uint64_t	duration_s, stack_us;
	bool		user_threads, user_load;
};

struct recording {
	struct recorded_run		run;
	struct recorded_settings	set;
	struct sys_facts		facts;	/* steal_ns and tuning_json allocated */
};

/*
 * Parse @text, the version option of a trace.dat. 1 when rtlens wrote it
 * (@rec filled), 0 when another tool did (@rec untouched), -1 with a
 * message when it is rtlens's but damaged (@name names the file).
 */
int recording_parse(struct recording *rec, const char *text, const char *name);
/* The tool word of a command ("osnoise top" -> "osnoise"), into @buf. */
void recording_tool(const char *command, char *buf, size_t len);
void recording_free(struct recording *rec);

#endif
