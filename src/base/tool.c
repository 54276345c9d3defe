// SPDX-License-Identifier: GPL-2.0
/*
 * tool - the list of every tool's description, each in tool_NAME.c (a
 * unit's by base/tool_units.h), and the lookups by tool and by command
 */
#include <string.h>

#include "base/tool.h"

/* every tool, each plain one before its variants */
static const struct tool_desc *const all[] = {
	&tool_osnoise,
	&tool_timerlat,
	&tool_hwnoise,
#define TOOL_UNIT_ROW(name, NAME)	&tool_##name,
	RTL_TOOL_UNITS(TOOL_UNIT_ROW)
};

#define NR_ALL	(sizeof(all) / sizeof(all[0]))

const struct tool_desc *tool_desc_of(enum rtl_tool tool)
{
	size_t i;

	for (i = 0; i < NR_ALL; i++)
		if (all[i]->tool == tool)
			return all[i];
	return NULL;
}

const struct tool_desc *tool_desc_by_command(const char *command)
{
	static const char *const modes[NR_MODES] = { [MODE_TOP] = "top", [MODE_HIST] = "hist" };
	const struct tool_desc *d;
	size_t i, n;
	int m;

	for (i = 0; i < NR_ALL; i++) {
		d = all[i];
		n = strlen(d->name);
		if (strncmp(command, d->name, n))
			continue;
		if (d != tool_desc_of(d->tool)) {	/* a variant: its name alone */
			if (!command[n])
				return d;
			continue;
		}
		for (m = 0; m < NR_MODES; m++)
			if (command[n] == ' ' && !strcmp(command + n + 1, modes[m]))
				return d;
	}
	return NULL;
}
