// SPDX-License-Identifier: GPL-2.0
/*
 * blkread - block I/O at a known rate: direct reads of a disk, for
 * rtlens's zoo of causes (tests/zoo/).
 *
 *   blkread -f DEVICE -d SECONDS -r RATE [-c CPU]
 *
 * From CPU (default 0), RATE times a second for SECONDS, reads 4 KiB of
 * DEVICE with O_DIRECT (past the page cache: each read reaches the disk
 * and completes by its interrupt), walking the first 16 MiB. Where the
 * completions run is the disk's IRQ affinity, set by the caller. On exit
 * it prints
 *
 *   blkread: reads=N failed=F
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

#include "../vm/helper.h"

const char helper_name[] = "blkread";

#define BLOCK		4096
#define SPAN		(16 << 20)

int main(int argc, char **argv)
{
	long rate = 0, cpu = 0, reads = 0, failed = 0;
	const char *dev = NULL;
	long long next, end;
	double seconds = 0;
	off_t off = 0;
	void *buf;
	int opt, fd;

	while ((opt = getopt(argc, argv, "f:d:r:c:")) != -1) {
		switch (opt) {
		case 'f': dev = optarg; break;
		case 'd': seconds = parse_seconds(optarg); break;
		case 'r': rate = parse_long(optarg, "rate", 1, 100000); break;
		case 'c': cpu = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1); break;
		default: dev = NULL; break;
		}
	}
	if (!dev || seconds <= 0 || !rate) {
		fprintf(stderr, "usage: blkread -f DEVICE -d SECONDS -r RATE [-c CPU]\n");
		return 2;
	}
	if (pin_to_cpu(cpu)) {
		fprintf(stderr, "blkread: cannot pin to CPU %ld: %s\n", cpu, strerror(errno));
		return 1;
	}
	fd = open(dev, O_RDONLY | O_DIRECT);
	if (fd < 0 || posix_memalign(&buf, BLOCK, BLOCK)) {
		fprintf(stderr, "blkread: %s: %s\n", dev, strerror(errno));
		return 1;
	}
	stop_on_signals();
	next = now_ns();
	end = next + (long long)(seconds * NSEC_PER_SEC);
	while (!stop && now_ns() < end) {
		if (pread(fd, buf, BLOCK, off) == BLOCK)
			reads++;
		else
			failed++;
		off = (off + BLOCK) % SPAN;
		next += NSEC_PER_SEC / rate;
		sleep_until(next);
	}
	close(fd);
	free(buf);
	printf("blkread: reads=%ld failed=%ld\n", reads, failed);
	return 0;
}
