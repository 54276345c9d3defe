// SPDX-License-Identifier: GPL-2.0
/*
 * own_records - the user engine's records through trace_marker_raw
 */
#include <errno.h>
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

int own_records_open(struct own_records *o, struct sys_state *st, struct tep_handle *tep,
		     struct recorder *rec)
{
	o->inst = instance_make(st, "-rec", 0);
	if (!o->inst)
		return -1;
	if (sysstate_instance_write(o->inst, "trace_clock", "mono") < 0 ||
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
	if (write(o->fd, &raw, sizeof(raw)) == (ssize_t)sizeof(raw) || o->failed)
		return;
	o->failed = true;
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
	page_reader_close(o->reader);
	if (o->fd >= 0)
		close(o->fd);
	tracefs_instance_free(o->inst);
	memset(o, 0, sizeof(*o));
	o->fd = -1;
}
