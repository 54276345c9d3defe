/* SPDX-License-Identifier: GPL-2.0 */
/*
 * formats - the event formats a session decodes, read from tracefs into a
 * tep handle: the ring buffer's page header and the events of the systems
 * asked for, nothing else (no kallsyms, saved_cmdlines or printk formats,
 * which libtracefs's loader always reads); kernel symbols when a record
 * first needs one
 */
#ifndef RTLENS_FORMATS_H
#define RTLENS_FORMATS_H

#include <stdbool.h>

struct tep_handle;

/*
 * The formats of @systems' events, and kvm:kvm_exit's (that event alone:
 * the kvm system has ~150 more), kvm:kvm_entry's and kvm_userspace_exit's
 * with @kvm_vcpu; NULL with a message.
 */
struct tep_handle *formats_load(const char **systems, bool kvm_exit, bool kvm_vcpu);
/* kvm:kvm_exit is there and x86's: probed once, tracefs stays as it is */
bool formats_kvm_exit_decodable(void);
/* ... and kvm:kvm_entry and kvm_userspace_exit (a vCPU's way back) */
bool formats_kvm_vcpu_decodable(void);
/* @pid's command among the cmdlines @tep holds into @buf, "" when none */
void formats_comm(struct tep_handle *tep, int pid, char *buf, size_t size);
/* /proc/kallsyms into @tep; a warning when it cannot be read */
void formats_load_kallsyms(struct tep_handle *tep);
/*
 * The function that starts at @addr, from /proc/kallsyms read again: a
 * module loaded after the symbols were (an NMI handler's). Each address
 * looked up once, the answer kept (32 of them, then no more lookups);
 * NULL when none starts there. The name lives as long as the process.
 */
const char *formats_late_symbol(uint64_t addr);

#endif
