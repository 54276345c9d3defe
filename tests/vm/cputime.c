// SPDX-License-Identifier: GPL-2.0
/*
 * cputime - run a command and report the CPU time it (and the children it
 * waited for) used, with microsecond resolution.
 *
 *   cputime [-o FILE] [--] CMD [ARGS...]
 *
 * Writes one line to FILE (default stderr):
 *
 *   cputime: user=S.UUUUUU sys=S.UUUUUU real=S.UUUUUU status=N
 *
 * and exits with CMD's exit status (128 + signal if it was killed).
 * Kernel threads a tool drives (osnoise/N, timerlat/N) are not its
 * children and are not counted: this is the tool's own overhead.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double tv_sec(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

static double now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *out = NULL;
	struct rusage ru;
	double start;
	int status, code;
	FILE *f = stderr;
	pid_t pid;
	int c;

	while ((c = getopt(argc, argv, "+o:")) != -1) {
		if (c != 'o') {
			fprintf(stderr, "usage: cputime [-o FILE] [--] CMD [ARGS...]\n");
			return 2;
		}
		out = optarg;
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: cputime [-o FILE] [--] CMD [ARGS...]\n");
		return 2;
	}

	start = now_sec();
	pid = fork();
	if (pid < 0) {
		perror("cputime: fork");
		return 1;
	}
	if (!pid) {
		execvp(argv[optind], argv + optind);
		fprintf(stderr, "cputime: cannot run %s: %s\n",
			argv[optind], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("cputime: wait4");
			return 1;
		}
	}

	code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (out) {
		f = fopen(out, "w");
		if (!f) {
			fprintf(stderr, "cputime: cannot write %s: %s\n",
				out, strerror(errno));
			return 1;
		}
	}
	fprintf(f, "cputime: user=%.6f sys=%.6f real=%.6f status=%d\n",
		tv_sec(&ru.ru_utime), tv_sec(&ru.ru_stime),
		now_sec() - start, code);
	if (out && fclose(f)) {
		fprintf(stderr, "cputime: cannot write %s\n", out);
		return 1;
	}
	return code;
}
