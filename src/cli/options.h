/* SPDX-License-Identifier: GPL-2.0 */
/*
 * options - the options of the measuring commands, declared once in a table
 * (opt_parse.h); the parser and the --help text are both generated from it
 */
#ifndef RTLENS_OPTIONS_H
#define RTLENS_OPTIONS_H

#include "base/params.h"
#include "cli/opt_parse.h"

/*
 * Parse argv (argv[0] is the command word) into @p, which params_init()
 * prepared. Checks combinations after parsing. Needs no root and no tracefs.
 */
enum opts_result options_parse(struct rtl_params *p, int argc, char **argv);
/* The same for @cmd, the measuring command of @p's tool and mode (NULL: none). */
enum opts_result options_parse_command(const struct command *cmd, struct rtl_params *p,
				       int argc, char **argv);

#endif
