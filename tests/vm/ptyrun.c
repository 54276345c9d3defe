// SPDX-License-Identifier: GPL-2.0
/*
 * ptyrun - run a command on a pseudo-terminal, type keys at given times,
 * and keep what it printed: the VM tests' stand-in for a person at a
 * terminal.
 *
 *   ptyrun -o OUTPUT [-k KEY@SECONDS,...] -- COMMAND [ARGS...]
 *
 * Exits with the command's exit status (128+N when a signal N ended it).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_KEYS	32

struct key_at {
	char	key;
	double	at;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int parse_keys(char *spec, struct key_at *keys)
{
	char *tok, *save = NULL;
	int n = 0;

	for (tok = strtok_r(spec, ",", &save); tok && n < MAX_KEYS;
	     tok = strtok_r(NULL, ",", &save)) {
		if (strlen(tok) < 3 || tok[1] != '@')
			return -1;
		keys[n].key = tok[0];
		keys[n].at = atof(tok + 2);
		n++;
	}
	return n;
}

static int wait_status(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) < 0)
		return 127;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

static void pump(int master, FILE *out, struct key_at *keys, int nkeys)
{
	double t0 = now_s();
	int next = 0;
	char buf[4096];

	for (;;) {
		struct pollfd pfd = { .fd = master, .events = POLLIN };
		ssize_t n;

		while (next < nkeys && now_s() - t0 >= keys[next].at) {
			if (write(master, &keys[next].key, 1) != 1)
				perror("ptyrun: write");
			next++;
		}
		if (poll(&pfd, 1, 50) <= 0)
			continue;
		n = read(master, buf, sizeof(buf));
		if (n <= 0)
			break;	/* EIO: the child closed the terminal */
		fwrite(buf, 1, n, out);
	}
}

int main(int argc, char **argv)
{
	struct key_at keys[MAX_KEYS];
	const char *output = NULL;
	int nkeys = 0, c, master;
	FILE *out;
	pid_t pid;

	while ((c = getopt(argc, argv, "o:k:")) != -1) {
		if (c == 'o') {
			output = optarg;
		} else if (c == 'k') {
			nkeys = parse_keys(optarg, keys);
			if (nkeys < 0) {
				fprintf(stderr, "ptyrun: bad key list (KEY@SECONDS,...)\n");
				return 2;
			}
		} else {
			return 2;
		}
	}
	if (!output || optind >= argc) {
		fprintf(stderr, "usage: ptyrun -o OUTPUT [-k KEY@S,...] -- CMD [ARGS...]\n");
		return 2;
	}
	out = fopen(output, "w");
	if (!out) {
		perror("ptyrun: output");
		return 2;
	}
	pid = forkpty(&master, NULL, NULL, NULL);
	if (pid < 0) {
		perror("ptyrun: forkpty");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[optind], argv + optind);
		perror("ptyrun: exec");
		_exit(127);
	}
	pump(master, out, keys, nkeys);
	fclose(out);
	return wait_status(pid);
}
