// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_action - load the user's --bpf-action program with libbpf and hand it
 * to the counting program's program array
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "source/engine/bpf_action.h"

#ifdef RTLENS_NO_BPF

struct bpf_action *bpf_action_load(const char *path, int prog_array_fd)
{
	(void)prog_array_fd;
	err_msg("--bpf-action %s: this rtlens was built without BPF (make found no clang or "
		"bpftool)", path);
	return NULL;
}

void bpf_action_close(struct bpf_action *a)
{
	(void)a;
}

#else

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

struct bpf_action {
	struct bpf_object	*obj;
};

/* the program of the action's section; every other one is left unloaded */
static struct bpf_program *pick_program(struct bpf_object *obj)
{
	struct bpf_program *prog, *found = NULL;

	bpf_object__for_each_program(prog, obj) {
		if (!found && !strcmp(bpf_program__section_name(prog), BPF_ACTION_SECTION))
			found = prog;
		else
			bpf_program__set_autoload(prog, false);
	}
	return found;
}

static int load(struct bpf_action *a, const char *path, int prog_array_fd)
{
	struct bpf_program *prog;
	__u32 slot = 0;
	int fd, err;

	a->obj = bpf_object__open_file(path, NULL);
	if (!a->obj) {
		err_msg("--bpf-action %s: cannot open it as a BPF object: %s", path,
			strerror(errno));
		return -1;
	}
	prog = pick_program(a->obj);
	if (!prog) {
		err_msg("--bpf-action %s: no program in section \"%s\" (write it as "
			"SEC(\"%s\"); see sample/timerlat_action.bpf.c)", path,
			BPF_ACTION_SECTION, BPF_ACTION_SECTION);
		return -1;
	}
	/* tail-called from a tracepoint program: the same type */
	bpf_program__set_type(prog, BPF_PROG_TYPE_TRACEPOINT);
	err = bpf_object__load(a->obj);
	if (err) {
		err_msg("--bpf-action %s: the kernel refused the program: %s (-D shows the "
			"verifier's log)", path, strerror(-err));
		return -1;
	}
	fd = bpf_program__fd(prog);
	if (bpf_map_update_elem(prog_array_fd, &slot, &fd, BPF_ANY)) {
		err_msg("--bpf-action %s: cannot hand it to the counting program: %s (its "
			"program type must be a tracepoint's)", path, strerror(errno));
		return -1;
	}
	debug_msg("BPF action %s loaded: run at a stop threshold", path);
	return 0;
}

struct bpf_action *bpf_action_load(const char *path, int prog_array_fd)
{
	struct bpf_action *a = calloc(1, sizeof(*a));

	if (!a) {
		err_msg("out of memory");
		return NULL;
	}
	if (load(a, path, prog_array_fd)) {
		bpf_action_close(a);
		return NULL;
	}
	return a;
}

void bpf_action_close(struct bpf_action *a)
{
	if (!a)
		return;
	bpf_object__close(a->obj);
	free(a);
}

#endif
