// SPDX-License-Identifier: GPL-2.0
/*
 * own_records - the user engine's records through trace_marker_raw
 */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "base/log.h"
#include "base/run_end.h"
#include "source/engine/instance.h"
#include "source/engine/own_records.h"

#define READ_BUDGET_NS	(1000LL * 1000 * 1000)
/*
 * The records go to the buffer of the CPU rtlens writes them on: those of
 * its affinity get room for seconds of them (a timerlat CPU hands out
 * ~2000 records of ~0.5 kB a second), within a budget for all of them
 */
#define REC_BUFFER_BUDGET_KB	(64 * 1024)
#define REC_BUFFER_MAX_KB	(16 * 1024)
#define REC_BUFFER_MIN_KB	1024

/* room on the CPUs rtlens may run on; the others keep the default */
static void size_buffers(struct tracefs_instance *inst)
{
	cpu_set_t set;
	int cpu, n;
	long kb;

	if (sched_getaffinity(0, sizeof(set), &set) || !(n = CPU_COUNT(&set)))
		return;
	kb = REC_BUFFER_BUDGET_KB / n;
	kb = kb > REC_BUFFER_MAX_KB ? REC_BUFFER_MAX_KB : kb < REC_BUFFER_MIN_KB ?
	     REC_BUFFER_MIN_KB : kb;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set) && tracefs_instance_set_buffer_size(inst, kb, cpu))
			debug_msg("recording: buffer of cpu %d left as it was: %s", cpu,
				  strerror(errno));
}

int own_records_open(struct own_records *o, struct sys_state *st, struct tep_handle *tep,
		     struct recorder *rec)
{
	o->inst = instance_make(st, "-rec", 0);
	if (!o->inst)
		return -1;
	size_buffers(o->inst);
	/* full, it refuses a record (counted, said) rather than drop old ones unseen */
	if (sysstate_instance_write(o->inst, "trace_clock", "mono") < 0 ||
	    sysstate_instance_write(o->inst, "options/overwrite", "0") < 0 ||
	    tracefs_trace_on(o->inst) < 0) {
		err_msg("cannot set up the instance of the recording's records: %s",
			strerror(errno));
		return -1;
	}
	/*
	 * trace_marker_raw takes data, the records themselves, not a
	 * setting: written here, not through sysstate (nothing to undo)
	 */
	o->fd = tracefs_instance_file_open(o->inst, "trace_marker_raw", O_WRONLY | O_CLOEXEC);
	if (o->fd < 0) {
		err_msg("cannot open trace_marker_raw of the recording's instance: %s",
			strerror(errno));
		return -1;
	}
	o->reader = page_reader_open(o->inst, tep);
	if (!o->reader)
		return -1;
	page_reader_tee(o->reader, recorder_records_page, rec);
	return 0;
}

void own_records_write(struct own_records *o, const struct rtl_record *rec)
{
	struct {
		uint32_t		id;
		struct rtl_record	rec;
	} __attribute__((packed)) raw;

	if (o->fd < 0 || rec->kind == RECORD_STACK)	/* the user engine has no stacks */
		return;
	raw.id = RECORDING_RAW_ID;
	memcpy(&raw.rec, rec, sizeof(*rec));
	if (write(o->fd, &raw, sizeof(raw)) == (ssize_t)sizeof(raw))
		return;
	if (!o->missed++)
		warn_msg("the recording misses records: trace_marker_raw: %s", strerror(errno));
}

static void ignore(struct tep_event *event, struct tep_record *record, int cpu, void *ctx)
{
	(void)event;
	(void)record;
	(void)cpu;
	(void)ctx;
}

void own_records_read(struct own_records *o)
{
	bool more = true;

	while (o->reader && more)
		if (page_reader_read(o->reader, ignore, NULL, READ_BUDGET_NS, &more) < 0)
			break;
}

void own_records_close(struct own_records *o)
{
	if (o->missed)
		warn_msg("the recording misses %llu records of the user engine: a replay of it "
			 "counts fewer samples than this run", (unsigned long long)o->missed);
	page_reader_close(o->reader);
	if (o->fd >= 0)
		close(o->fd);
	tracefs_instance_free(o->inst);
	memset(o, 0, sizeof(*o));
	o->fd = -1;
}
