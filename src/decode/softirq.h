/* SPDX-License-Identifier: GPL-2.0 */
/*
 * softirq - the names of the softirq vectors, as the kernel's
 * softirq_to_name[] gives them (and osnoise:softirq_noise shows them)
 */
#ifndef RTLENS_SOFTIRQ_H
#define RTLENS_SOFTIRQ_H

#include <stddef.h>

/* "HI", "TIMER", ... "RCU"; NULL for an unknown vector. */
const char *softirq_name(int vec);
/* The name of @vec into @buf, "softirq-<vec>" when it is unknown. */
void softirq_format(int vec, char *buf, size_t len);

#endif
