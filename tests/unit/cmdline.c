// SPDX-License-Identifier: GPL-2.0
/*
 * cmdline - params_init() and options_parse() as main() calls them
 */
#include <string.h>

#include "cmdline.h"

enum opts_result cmdline_parse(struct rtl_params *p, const char *command, int nr_cpus,
			       char **argv)
{
	int argc = 0;

	enum rtl_tool tool = !strncmp(command, "timerlat", 8) ? TOOL_TIMERLAT :
			     !strncmp(command, "hwlat", 5) ? TOOL_HWLAT : TOOL_OSNOISE;

	params_init(p, tool, strstr(command, "hist") ? MODE_HIST : MODE_TOP, command, nr_cpus);
	if (!strcmp(command, "hwnoise"))
		params_set_hwnoise(p);
	while (argv[argc])
		argc++;
	return options_parse(p, argc, argv);
}
