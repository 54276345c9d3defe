// SPDX-License-Identifier: GPL-2.0
/*
 * smi - raise System Management Interrupts in a QEMU guest and count them,
 * for rtlens's zoo of causes (tests/zoo/).
 *
 *   smi [-c CPU] [-n COUNT] [-r RATE] [-m CPULIST]
 *
 * On CPU (default 0), COUNT times (default 0: none), RATE a second (default
 * 100), writes to the APM control port 0xB2: with SMM on, QEMU's PIIX4 and
 * ICH9 raise an SMI there, which the firmware (SeaBIOS) handles and
 * returns from. Before and after, it reads the SMI counter, MSR 0x34
 * (MSR_SMI_COUNT), of every CPU of CPULIST (default: every online CPU)
 * through /dev/cpu/N/msr (the msr module), and prints:
 *
 *   smi: cpu=C raised=N out_ns=NS max_out_ns=NS
 *   smi: msr34 cpu=N before=B after=A            (one line a CPU)
 *   smi: msr34 cpu=N unreadable: REASON          (when it cannot be read)
 *
 * out_ns is the summed wall time of the port writes, max_out_ns the
 * longest: the time the SMIs took, when they are taken by CPU itself.
 * Needs root (ioperm, the msr device).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <sys/io.h>
#include <unistd.h>

#include "../vm/helper.h"

const char helper_name[] = "smi";

#define APM_CNT		0xb2
#define MSR_SMI_COUNT	0x34
#define MAX_CPUS	64

static int read_smi_count(int cpu, uint64_t *val, const char **why)
{
	char path[64];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/dev/cpu/%d/msr", cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	n = pread(fd, val, sizeof(*val), MSR_SMI_COUNT);
	if (n != sizeof(*val))
		*why = n < 0 ? strerror(errno) : "short read";
	close(fd);
	return n == sizeof(*val) ? 0 : -1;
}

static void read_all(const int *cpus, int nr, uint64_t *vals, int *ok)
{
	const char *why;
	int i;

	for (i = 0; i < nr; i++) {
		ok[i] = !read_smi_count(cpus[i], &vals[i], &why);
		if (!ok[i])
			printf("smi: msr34 cpu=%d unreadable: %s\n", cpus[i], why);
	}
}

static int parse_cpus(const char *list, int *cpus)
{
	int nr = 0, a, b, n;

	while (list && *list && nr < MAX_CPUS) {
		if (sscanf(list, "%d-%d%n", &a, &b, &n) == 2 ||
		    (sscanf(list, "%d%n", &a, &n) == 1 && ((b = a), 1))) {
			for (; a <= b && nr < MAX_CPUS; a++)
				cpus[nr++] = a;
		} else {
			return -1;
		}
		list += n;
		if (*list == ',')
			list++;
	}
	return nr;
}

static long long raise_smis(long count, long rate, long long *max_ns)
{
	long long gap = NSEC_PER_SEC / rate, next = now_ns(), sum = 0, t0, d;
	long i;

	*max_ns = 0;
	for (i = 0; i < count && !stop; i++) {
		t0 = now_ns();
		outb(0x5a, APM_CNT);
		d = now_ns() - t0;
		sum += d;
		if (d > *max_ns)
			*max_ns = d;
		next += gap;
		sleep_until(next);
	}
	return sum;
}

int main(int argc, char **argv)
{
	int cpu = 0, cpus[MAX_CPUS], nr, ok0[MAX_CPUS], ok1[MAX_CPUS], opt, i;
	uint64_t before[MAX_CPUS], after[MAX_CPUS];
	long count = 0, rate = 100;
	long long sum, max_ns;
	const char *list = NULL;
	char all[32];

	while ((opt = getopt(argc, argv, "c:n:r:m:")) != -1) {
		switch (opt) {
		case 'c': cpu = atoi(optarg); break;
		case 'n': count = atol(optarg); break;
		case 'r': rate = atol(optarg); break;
		case 'm': list = optarg; break;
		default:
			fprintf(stderr, "usage: smi [-c CPU] [-n COUNT] [-r RATE] [-m CPULIST]\n");
			return 2;
		}
	}
	if (!list) {
		snprintf(all, sizeof(all), "0-%ld", sysconf(_SC_NPROCESSORS_ONLN) - 1);
		list = all;
	}
	nr = parse_cpus(list, cpus);
	if (nr <= 0 || rate <= 0 || count < 0) {
		fprintf(stderr, "smi: bad -m, -r or -n\n");
		return 2;
	}
	if (pin_to_cpu(cpu)) {
		fprintf(stderr, "smi: cannot pin to CPU %d: %s\n", cpu, strerror(errno));
		return 1;
	}
	if (ioperm(APM_CNT, 1, 1)) {
		fprintf(stderr, "smi: ioperm(0xb2): %s\n", strerror(errno));
		return 1;
	}
	stop_on_signals();
	read_all(cpus, nr, before, ok0);
	sum = raise_smis(count, rate, &max_ns);
	read_all(cpus, nr, after, ok1);
	printf("smi: cpu=%d raised=%ld out_ns=%lld max_out_ns=%lld\n", cpu, count, sum, max_ns);
	for (i = 0; i < nr; i++)
		if (ok0[i] && ok1[i])
			printf("smi: msr34 cpu=%d before=%llu after=%llu\n", cpus[i],
			       (unsigned long long)before[i], (unsigned long long)after[i]);
	return 0;
}
