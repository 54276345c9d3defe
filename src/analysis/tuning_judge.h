/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tuning_judge - turn the gathered tuning (base/tuning.h) into findings:
 * what, why it adds noise, how sure, and the fix (the kernel parameter,
 * the sysfs/procfs write, the tuned profile variable)
 */
#ifndef RTLENS_TUNING_JUDGE_H
#define RTLENS_TUNING_JUDGE_H

#include "base/tuning.h"

/* Fill t->findings (replacing any); breaks first, then warn, info, ok. */
void tuning_judge(struct tuning *t);

#endif
