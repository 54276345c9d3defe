/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_end - how a run ended, as reports and recordings name it, and the
 * frame of a recording's metadata (render/recording_json.c writes it,
 * source/recording.c reads it back; Documentation/rtlens-record.md)
 */
#ifndef RTLENS_RUN_END_H
#define RTLENS_RUN_END_H

enum stop_reason {
	STOP_DURATION,
	STOP_SIGNAL,
	STOP_USER,
	STOP_THRESHOLD,
	STOP_ERROR,
};

/* "duration", "signal", "user", "threshold", "error" */
const char *stop_reason_name(enum stop_reason r);

/* a recording's version option: "rtlens VERSION recording\n" then one JSON object */
#define RECORDING_TAG		"rtlens "
#define RECORDING_LINE_END	" recording\n"
#define RECORDING_FORMAT	"1.1"
#define RECORDING_MAX_CPUS	65536
/*
 * The user engine's records, written as they are handed out to the
 * trace_marker_raw of an instance of their own: the file's buffer of that
 * name, each an ftrace:raw_data event whose id is RECORDING_RAW_ID and
 * whose data is a struct rtl_record of this build (RECORDING_RAW_SIZE
 * bytes; another layout is refused on replay).
 */
#define RECORDING_RECORDS_BUFFER	"rtlens-records"
#define RECORDING_RAW_ID	0x72746c31u	/* "rtl1" */

#endif
