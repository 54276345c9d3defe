/* SPDX-License-Identifier: GPL-2.0 */
/*
 * virt - are we a virtual machine guest, and on which hypervisor
 *
 * Three sources, asked in order: the CPUID hypervisor leaves (x86 only),
 * the DMI strings the firmware gives (/sys/class/dmi/id), then
 * /sys/hypervisor/type (Xen). The first that names a hypervisor wins.
 */
#ifndef RTLENS_VIRT_H
#define RTLENS_VIRT_H

#include <stdbool.h>

#include "base/facts.h"

/* Detect on this machine: virt_detect_at("", true, out). */
int virt_detect(struct virt_info *out);

/*
 * Detect with the sysfs files under @sysroot ("" = the real root, else a
 * directory holding sys/class/dmi/id/... and sys/hypervisor/type) and,
 * when @use_cpuid, the CPUID instruction. Files that are missing or
 * unreadable count as empty. Returns 0 (guest or not), -1 on NULL args.
 */
int virt_detect_at(const char *sysroot, bool use_cpuid, struct virt_info *out);

/*
 * Hypervisor name for the 12-byte vendor signature of CPUID leaf
 * 0x40000000 (EBX, ECX, EDX), e.g. "KVMKVMKVM\0\0\0" -> "KVM"; NULL when
 * unknown.
 */
const char *virt_cpuid_hypervisor(const char sig[12]);

/* Hypervisor name for DMI sys_vendor and product_name; NULL for none. */
const char *virt_dmi_hypervisor(const char *sys_vendor, const char *product_name);

#endif
