/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cmdline - a struct rtl_params filled from a command line, as main() does
 */
#ifndef RTLENS_CMDLINE_H
#define RTLENS_CMDLINE_H

#include "analysis/osnoise_models.h"
#include "analysis/timerlat_models.h"
#include "cli/options.h"
#include "base/params.h"

/* a session's models of its tool, writable: the tests fill them (run_models.data) */
#define OSNOISE_RUN(models)	((struct osnoise_run *)(models)->data)
#define TIMERLAT_RUN(models)	((struct timerlat_run *)(models)->data)

/* a command line as options_parse() takes it: ARGV("osnoise", "-c", "1") */
#define ARGV(...)	((char *[]){ __VA_ARGS__, NULL })

/*
 * params_init() for @command ("osnoise top", "osnoise hist", "timerlat top",
 * "timerlat hist", "hwnoise", "hwlat top" or "hwlat hist") on a system of
 * @nr_cpus CPUs, then options_parse() of @argv (NULL-terminated, argv[0] the command word).
 * params_free() after, whatever it returns.
 */
enum opts_result cmdline_parse(struct rtl_params *p, const char *command, int nr_cpus,
			       char **argv);

#endif
