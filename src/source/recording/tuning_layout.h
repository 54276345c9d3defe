/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tuning_layout - a recorded system.tuning in today's layout: recordings
 * of rtlens before report schema 2.0 wrote the path of a setting as its
 * key ("sysctl.kernel.watchdog": 1), 2.x nests it ("sysctl": {"kernel":
 * {"watchdog": 1}}); a replay's report is 2.x
 */
#ifndef RTLENS_TUNING_LAYOUT_H
#define RTLENS_TUNING_LAYOUT_H

#include <json-c/json.h>

/*
 * The keys with dots of @tuning's "settings" and "parameters", nested, and
 * "settings" given the "cmdline" object 2.x always has.
 */
void tuning_nest_keys(json_object *tuning);

#endif
