/* SPDX-License-Identifier: GPL-2.0 */
/*
 * option_setters - the functions of the measuring commands' options that
 * compute (opt_desc.set), and what follows from a typed option's value
 * (opt_desc.then); options.c's table names them
 */
#ifndef RTLENS_OPTION_SETTERS_H
#define RTLENS_OPTION_SETTERS_H

#include <stdbool.h>

/* --input is among the options about to be parsed: -a keeps the recorded threshold */
void option_setters_replay(bool replay);

/* opt_desc.then, of -a (osnoise, timerlat, hwlat), --aa-only, --aa-floor, -b and -E */
int opts_auto_then(void *ctx, const char **why);
int opts_tl_auto_then(void *ctx, const char **why);
int opts_aa_only_then(void *ctx, const char **why);
int opts_threshold_1us_then(void *ctx, const char **why);
int opts_aa_floor_then(void *ctx, const char **why);
int opts_hist_then(void *ctx, const char **why);

/* opt_desc.set, on a struct rtl_params */
int opts_set_cpus(void *ctx, const char *arg, const char **why);
int opts_set_house_keeping(void *ctx, const char *arg, const char **why);
int opts_set_cgroup(void *ctx, const char *arg, const char **why);
int opts_set_tail(void *ctx, const char *arg, const char **why);
int opts_set_until_confident(void *ctx, const char *arg, const char **why);
int opts_set_priority(void *ctx, const char *arg, const char **why);
int opts_set_trace(void *ctx, const char *arg, const char **why);
int opts_set_event(void *ctx, const char *arg, const char **why);
int opts_set_filter(void *ctx, const char *arg, const char **why);
int opts_set_trigger(void *ctx, const char *arg, const char **why);
int opts_set_listen(void *ctx, const char *arg, const char **why);
int opts_set_input(void *ctx, const char *arg, const char **why);
int opts_set_on_threshold(void *ctx, const char *arg, const char **why);
int opts_set_on_end(void *ctx, const char *arg, const char **why);

#endif
