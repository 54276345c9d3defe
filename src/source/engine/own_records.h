/* SPDX-License-Identifier: GPL-2.0 */
/*
 * own_records - the user engine's records, kept for --record: each record
 * handed out is written to the trace_marker_raw of an instance of rtlens's
 * own ("rtlens-PID-rec", every CPU, nothing else traced in it), whose pages
 * go to the recording's buffer RECORDING_RECORDS_BUFFER (base/run_end.h).
 * One write per record, on rtlens's main thread (a house-keeping CPU),
 * nothing on the measured CPUs.
 */
#ifndef RTLENS_OWN_RECORDS_H
#define RTLENS_OWN_RECORDS_H

#include <stdbool.h>

#include "base/records.h"
#include "source/engine/page_reader.h"
#include "source/recording/recording.h"
#include "source/system/system.h"

struct tep_handle;
struct tracefs_instance;

struct own_records {
	int			fd;		/* trace_marker_raw; -1: not recording */
	struct tracefs_instance	*inst;
	struct page_reader	*reader;
	uint64_t		missed;		/* records the instance refused (full) */
};

/* Make the instance (recorded in @st) and keep its pages in @rec; -1 with a message. */
int own_records_open(struct own_records *o, struct sys_state *st, struct tep_handle *tep,
		     struct recorder *rec);
/* One record handed out; nothing when not recording. */
void own_records_write(struct own_records *o, const struct rtl_record *rec);
/* Read the instance's pages (into the recording) after a flush. */
void own_records_read(struct own_records *o);
void own_records_close(struct own_records *o);

#endif
