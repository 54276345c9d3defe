// SPDX-License-Identifier: GPL-2.0
/*
 * measure_parse - the options of a measuring command found from its tool
 * and mode: the command table (commands.c) above the options (options.c),
 * which know nothing of the table
 */
#include "cli/options.h"

enum opts_result options_parse(struct rtl_params *p, int argc, char **argv)
{
	return options_parse_command(command_of_desc(p->desc, p->mode), p, argc, argv);
}
