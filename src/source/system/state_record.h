/* SPDX-License-Identifier: GPL-2.0 */
/*
 * state_record - the on-disk form of what a session changed, and what a
 * record may name
 *
 * One item a line:
 *
 *   rtlens-state 1                  the first line
 *   pid PID                         the session that wrote it
 *   instance NAME                   a tracefs instance it created
 *   file KIND FILE HEX              a file and its saved content, in hex
 *                                   ("-" for empty)
 *
 * A record is read by a root process that writes what it says: it may name
 * only what rtlens itself saves. A FILE is one of the tracefs files on the
 * allow-list (relative to the tracing directory) for a value or the osnoise
 * options, or "cpuN/stateM" for an idle state's disable flag (0 or 1); an
 * instance is "rtlens-PID" or "rtlens-PID-suffix". Anything else refuses
 * the line, saying why.
 */
#ifndef RTLENS_STATE_RECORD_H
#define RTLENS_STATE_RECORD_H

#include <stdbool.h>
#include <stdio.h>

#include "source/system/system.h"

#define STATE_MAGIC		"rtlens-state 1"
#define STATE_FILE_MAX		64	/* longest FILE name */
#define STATE_CONTENT_MAX	4096	/* longest saved content, in bytes */
/* a buffer for the longest line: "file KIND FILE HEX\n" and its NUL */
#define STATE_LINE_MAX		(2 * STATE_CONTENT_MAX + STATE_FILE_MAX + 32)

enum state_line_kind {
	STATE_LINE_MAGIC,
	STATE_LINE_PID,
	STATE_LINE_INSTANCE,
	STATE_LINE_FILE,
};

struct state_line {
	enum state_line_kind	kind;
	int			pid;
	enum restore_kind	restore;
	const char		*name;		/* instance or FILE: points into the line */
	char			*content;	/* FILE's content, allocated; caller frees */
};

/*
 * Parse one line (its newline, if any, is cut off in place); -1 with
 * *why set when it is not a line rtlens writes or names something rtlens
 * does not save.
 */
int state_record_parse_line(char *line, struct state_line *out, const char **why);

/* True when a record may name @file for @kind, and @name as an instance. */
bool state_record_file_allowed(enum restore_kind kind, const char *file);
bool state_record_instance_allowed(const char *name);

/* Write @str as the record's HEX field. */
void state_record_put_hex(FILE *f, const char *str);

#endif
