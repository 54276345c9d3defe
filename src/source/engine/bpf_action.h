/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_action - --bpf-action PROG.o: the user's BPF program that timerlat's
 * counting program (bpf/counts.bpf.c) tail-calls when a sample crosses a
 * stop threshold, in the kernel, as rtla 7.3 does. The program is the one
 * in section "tp/timerlat_action" of the object; it gets the
 * osnoise:timerlat_sample record that crossed the threshold.
 */
#ifndef RTLENS_BPF_ACTION_H
#define RTLENS_BPF_ACTION_H

#define BPF_ACTION_SECTION	"tp/timerlat_action"

struct bpf_action;

/*
 * Load the program of @path and put it in the program array @prog_array_fd
 * (slot 0); NULL with a message (the file, the section, or the verifier).
 */
struct bpf_action *bpf_action_load(const char *path, int prog_array_fd);
void bpf_action_close(struct bpf_action *a);

#endif
