/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli_args - what the argument parsers of the commands that measure
 * nothing (compare, merge) share: their result and their usage errors
 */
#ifndef RTLENS_CLI_ARGS_H
#define RTLENS_CLI_ARGS_H

enum args_result {
	ARGS_OK,
	ARGS_HELP,
	ARGS_ERROR,
};

/* The message, then "Try 'rtlens @command --help' for the usage."; ARGS_ERROR. */
__attribute__((format(printf, 2, 3)))
enum args_result cli_usage_error(const char *command, const char *fmt, ...);

#endif
