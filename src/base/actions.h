/* SPDX-License-Identifier: GPL-2.0 */
/*
 * actions - what to do when a threshold is hit (--on-threshold) or the run
 * ends (--on-end): trace[,file=F], signal,num=N,pid=P|parent,
 * shell,command=C, continue. They run in order; the first failure stops them.
 */
#ifndef RTLENS_ACTIONS_H
#define RTLENS_ACTIONS_H

#include <stdbool.h>

enum action_kind {
	ACTION_TRACE,
	ACTION_SIGNAL,
	ACTION_SHELL,
	ACTION_CONTINUE,
};

struct action {
	enum action_kind	kind;
	char			*file;		/* trace */
	int			signal;		/* signal */
	int			pid;		/* signal; 0 with parent */
	bool			parent;		/* signal the parent process */
	char			*command;	/* shell */
};

struct action_list {
	struct action		*v;
	int			n;
};

/* Append the action @spec; -1 with *why set on a bad spec. */
int action_list_add(struct action_list **list, const char *spec, const char *default_trace,
		    const char **why);
void action_list_free(struct action_list *list);
bool action_list_has(const struct action_list *list, enum action_kind kind);

enum actions_result {
	ACTIONS_DONE,		/* every action ran */
	ACTIONS_CONTINUE,	/* a continue action ran: resume tracing */
	ACTIONS_FAILED,		/* one failed (see *failed); the rest were skipped */
};

/*
 * save_trace(ctx, file) writes the trace; 0 on success. On ACTIONS_FAILED,
 * *@failed (which must be NULL) says which action failed and why, the
 * user's command whole, for the caller to print when it suits and free:
 * after the table, so that the output of the actions that ran comes right
 * before it, as with rtla. It stays NULL when out of memory.
 */
enum actions_result actions_run(const struct action_list *list,
				int (*save_trace)(void *ctx, const char *file), void *ctx,
				char **failed);

#endif
