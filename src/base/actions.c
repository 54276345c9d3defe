// SPDX-License-Identifier: GPL-2.0
/*
 * actions - parse and run --on-threshold / --on-end actions
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/actions.h"
#include "base/log.h"
#include "base/parse.h"

static void action_clear(struct action *a)
{
	free(a->file);
	free(a->command);
}

void action_list_free(struct action_list *list)
{
	int i;

	if (!list)
		return;
	for (i = 0; i < list->n; i++)
		action_clear(&list->v[i]);
	free(list->v);
	free(list);
}

bool action_list_has(const struct action_list *list, enum action_kind kind)
{
	int i;

	for (i = 0; list && i < list->n; i++)
		if (list->v[i].kind == kind)
			return true;
	return false;
}

/* "key=value" -> value when the key matches */
static const char *arg_value(const char *arg, const char *key)
{
	size_t n = strlen(key);

	return !strncmp(arg, key, n) && arg[n] == '=' ? arg + n + 1 : NULL;
}

static int parse_signal_arg(struct action *a, const char *arg, const char **why)
{
	const char *v;
	uint64_t n;

	if ((v = arg_value(arg, "num"))) {
		if (parse_u64(v, &n, why) || n < 1 || n >= (uint64_t)NSIG) {
			*why = "num= must be a signal number";
			return -1;
		}
		a->signal = n;
	} else if ((v = arg_value(arg, "pid"))) {
		if (!strcmp(v, "parent")) {
			a->parent = true;
		} else if (parse_u64(v, &n, why) || n < 1 || n > 4194304) {
			*why = "pid= must be a process id or 'parent'";
			return -1;
		} else {
			a->pid = n;
		}
	} else {
		*why = "signal takes num=N and pid=P|parent";
		return -1;
	}
	return 0;
}

static int parse_args(struct action *a, char *args, const char **why)
{
	char *arg, *save = NULL;
	const char *v;

	for (arg = strtok_r(args, ",", &save); arg; arg = strtok_r(NULL, ",", &save)) {
		if (a->kind == ACTION_TRACE && (v = arg_value(arg, "file"))) {
			if (!*v) {
				*why = "file= is empty (name the file, or leave file= out for the default)";
				return -1;
			}
			free(a->file);
			a->file = strdup(v);
		} else if (a->kind == ACTION_SIGNAL) {
			if (parse_signal_arg(a, arg, why))
				return -1;
		} else {
			*why = "unknown argument (trace takes file=, signal num= and pid=, shell command=)";
			return -1;
		}
	}
	if (a->kind == ACTION_SIGNAL && (!a->signal || (!a->pid && !a->parent))) {
		*why = "signal needs num=N and pid=P|parent";
		return -1;
	}
	return 0;
}

static int parse_action(struct action *a, const char *spec, const char *default_trace,
			const char **why)
{
	const char *comma = strchr(spec, ',');
	size_t len = comma ? (size_t)(comma - spec) : strlen(spec);
	char *args;
	int ret;

	if (len == 5 && !strncmp(spec, "trace", 5))
		a->kind = ACTION_TRACE;
	else if (len == 6 && !strncmp(spec, "signal", 6))
		a->kind = ACTION_SIGNAL;
	else if (len == 5 && !strncmp(spec, "shell", 5))
		a->kind = ACTION_SHELL;
	else if (len == 8 && !strncmp(spec, "continue", 8))
		a->kind = ACTION_CONTINUE;
	else {
		*why = "unknown action (trace, signal, shell or continue)";
		return -1;
	}
	if (a->kind == ACTION_SHELL) {
		/* the command may hold commas: take the rest whole */
		if (!comma || strncmp(comma + 1, "command=", 8) || !comma[9]) {
			*why = "shell needs command=COMMAND";
			return -1;
		}
		a->command = strdup(comma + 9);
		return 0;
	}
	if (a->kind == ACTION_CONTINUE && comma) {
		*why = "continue takes no argument";
		return -1;
	}
	args = strdup(comma ? comma + 1 : "");
	ret = parse_args(a, args, why);
	free(args);
	if (!ret && a->kind == ACTION_TRACE && !a->file)
		a->file = strdup(default_trace);
	return ret;
}

int action_list_add(struct action_list **list, const char *spec, const char *default_trace,
		    const char **why)
{
	struct action a = { 0 }, *v;

	if (parse_action(&a, spec, default_trace, why)) {
		action_clear(&a);
		return -1;
	}
	if (!*list && !(*list = calloc(1, sizeof(**list))))
		goto nomem;
	v = realloc((*list)->v, ((*list)->n + 1) * sizeof(*v));
	if (!v)
		goto nomem;
	(*list)->v = v;
	v[(*list)->n++] = a;
	return 0;
nomem:
	action_clear(&a);
	*why = "out of memory";
	return -1;
}

/* *@failed, as printf would write it: -1 */
__attribute__((format(printf, 2, 3)))
static int action_failed(char **failed, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(failed, fmt, ap) < 0)
		*failed = NULL;
	va_end(ap);
	return -1;
}

static int run_signal(const struct action *a, char **failed)
{
	pid_t pid = a->parent ? getppid() : a->pid;

	if (!kill(pid, a->signal))
		return 0;
	return action_failed(failed, "action signal: cannot send signal %d to pid %d: %s",
			     a->signal, (int)pid, strerror(errno));
}

static int run_shell(const struct action *a, char **failed)
{
	char *shown __shown = NULL;
	int status;

	fflush(stdout);
	status = system(a->command);
	if (status == 0)
		return 0;
	shown = log_arg(a->command);
	return action_failed(failed, "action shell: '%s' failed (status %d)", shown,
			     WIFEXITED(status) ? WEXITSTATUS(status) : status);
}

static int run_trace(const struct action *a, int (*save_trace)(void *ctx, const char *file),
		     void *ctx, char **failed)
{
	char *shown __shown = log_arg(a->file);

	printf("  Saving trace to %s\n", shown);
	if (!save_trace(ctx, a->file))
		return 0;
	return action_failed(failed, "action trace: the trace was not saved (see above)");
}

enum actions_result actions_run(const struct action_list *list,
				int (*save_trace)(void *ctx, const char *file), void *ctx,
				char **failed)
{
	int i;

	for (i = 0; list && i < list->n; i++) {
		const struct action *a = &list->v[i];
		int ret = 0;

		switch (a->kind) {
		case ACTION_TRACE:
			ret = run_trace(a, save_trace, ctx, failed);
			break;
		case ACTION_SIGNAL:
			ret = run_signal(a, failed);
			break;
		case ACTION_SHELL:
			ret = run_shell(a, failed);
			break;
		case ACTION_CONTINUE:
			return ACTIONS_CONTINUE;
		}
		if (ret)
			return ACTIONS_FAILED;
	}
	return ACTIONS_DONE;
}
