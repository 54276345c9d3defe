/* SPDX-License-Identifier: GPL-2.0 */
/*
 * outfile - a file the user named for a report or a trace, written whole or
 * not at all
 *
 * A regular file (or a name that does not exist yet) is written to a
 * temporary file in the same directory (O_TMPFILE where the file system has
 * it, else a hidden ".NAME.rtlens-XXXXXX") and renamed over the name when
 * it is complete: until then the old file stays as it was, and a run that
 * fails or is killed never truncates, replaces or removes it. A symbolic
 * link is followed: its target is replaced, the link stays. A file that is
 * replaced keeps its mode and owner.
 *
 * What cannot be replaced (a device such as /dev/null, a FIFO, a socket, or
 * any name under /dev or /proc such as /dev/stdout) is opened as it is,
 * without truncating, in append mode, and written in place. "-" is stdout.
 */
#ifndef RTLENS_OUTFILE_H
#define RTLENS_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

struct outfile {
	const char	*path;		/* as the user named it */
	char		*target;	/* what is replaced: path, symlinks followed */
	char		*tmp;		/* the hidden temporary name, if not O_TMPFILE */
	FILE		*f;
	bool		direct;		/* written in place (device, FIFO, stdout) */
};

/* @path names standard output ("-"), which outfile_open() writes in place. */
bool outfile_is_stdout(const char *path);
/* Open for writing; -1 with a message saying why and what to do. */
int outfile_open(struct outfile *o, const char *path, const char *what);
/* Complete: flush, sync and put in place; -1 with a message. Closes. */
int outfile_commit(struct outfile *o, const char *what);
/*
 * Commit when @failed is 0; else drop what was written, with a message
 * saying why (errno): -1. Closes.
 */
int outfile_finish(struct outfile *o, const char *what, int failed);
/* Drop what was written; the named file stays as it was. Closes. */
void outfile_abort(struct outfile *o);

/* Flush stdout and check it took everything (a pipe closed, a full disk): 0, or -1 with a message. */
int outfile_check_stdout(void);

/* Write @text to @path whole (open, write, commit); -1 with a message. */
int outfile_write_text(const char *path, const char *text, const char *what);

#endif
