/* SPDX-License-Identifier: GPL-2.0 */
/*
 * capture - what a test's code prints on stdout or stderr, kept from the
 * test's own output and handed back as a string
 */
#ifndef RTLENS_CAPTURE_H
#define RTLENS_CAPTURE_H

#include <stdio.h>

struct capture {
	int	fd;		/* the fd captured (1 or 2) */
	int	saved;		/* a copy of it, to put back */
	FILE	*file;		/* where it goes meanwhile */
};

void capture_start(struct capture *c, int fd);
/* Put the fd back; what was printed since capture_start(), to be freed. */
char *capture_end(struct capture *c);
/* Put the fd back, and assert that what was printed holds @part. */
void capture_end_expect(struct capture *c, const char *part);

#endif
