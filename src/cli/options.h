/* SPDX-License-Identifier: GPL-2.0 */
/*
 * options - command-line options, declared once in a table; the parser and
 * the --help text are both generated from it
 */
#ifndef RTLENS_OPTIONS_H
#define RTLENS_OPTIONS_H

#include <stdio.h>

#include "base/params.h"

enum opts_result {
	OPTS_OK,	/* run the tool */
	OPTS_HELP,	/* --help was printed: exit 0 */
	OPTS_ERROR,	/* a message was printed: exit 1 */
};

/*
 * Parse argv (argv[0] is the command word) into @p, which params_init()
 * prepared. Checks combinations after parsing. Needs no root and no tracefs.
 */
enum opts_result options_parse(struct rtl_params *p, int argc, char **argv);


/* Print the usage of the command that @p describes. */
void options_usage(const struct rtl_params *p, FILE *out);

#endif
