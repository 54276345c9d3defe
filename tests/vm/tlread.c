// SPDX-License-Identifier: GPL-2.0
/*
 * tlread - the smallest timerlat_fd workload, for `rtlens timerlat -U`
 * tests (a task of the test's own, not sample/timerlat_load): one thread
 * per CPU given, each pinned, reading its CPU's timerlat_fd until SECONDS
 * have passed; prints the reads each made.
 *
 *   tlread SECONDS CPU...
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include "helper.h"

const char helper_name[] = "tlread";

struct reader {
	pthread_t	thread;
	int		cpu;
	long		reads;
	long long	until_ns;
};

static void *read_loop(void *arg)
{
	struct reader *r = arg;
	char path[128], buf[8];
	cpu_set_t set;
	int fd;

	CPU_ZERO(&set);
	CPU_SET(r->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return NULL;
	snprintf(path, sizeof(path), "/sys/kernel/tracing/osnoise/per_cpu/cpu%d/timerlat_fd",
		 r->cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		perror(path);
		return NULL;
	}
	while (now_ns() < r->until_ns && read(fd, buf, sizeof(buf)) >= 0)
		r->reads++;
	close(fd);
	return NULL;
}

int main(int argc, char **argv)
{
	struct reader r[16];
	int i, n = argc - 2;

	if (argc < 3 || n > 16) {
		fprintf(stderr, "usage: tlread SECONDS CPU...\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		memset(&r[i], 0, sizeof(r[i]));
		r[i].cpu = parse_long(argv[i + 2], "cpu", 0, CPU_SETSIZE - 1);
		r[i].until_ns = now_ns() + parse_seconds(argv[1]) * NSEC_PER_SEC;
		pthread_create(&r[i].thread, NULL, read_loop, &r[i]);
	}
	for (i = 0; i < n; i++) {
		pthread_join(r[i].thread, NULL);
		printf("cpu %d: %ld reads\n", r[i].cpu, r[i].reads);
	}
	return 0;
}
