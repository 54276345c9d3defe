/* SPDX-License-Identifier: GPL-2.0 */
/*
 * host_join - the two ends of a guest-host join: in a guest, --host-sync's
 * rounds of time round trips during a recorded run; in a replay,
 * --host-input's host recording and the guest's round trips made into the
 * models' vm_join
 */
#ifndef RTLENS_HOST_JOIN_H
#define RTLENS_HOST_JOIN_H

#include "analysis/run_models.h"
#include "base/params.h"

struct host_sync;
struct tracefs_instance;

/* --input with --host-input: m->join from both files; -1 with a message. */
int host_join_load(const struct rtl_params *p, struct run_models *m);

#endif
