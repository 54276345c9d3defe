/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz - what the libFuzzer targets share: a quiet stdio, a reader that
 * takes values from the input, and the abort that reports a broken rule
 */
#ifndef RTLENS_FUZZ_H
#define RTLENS_FUZZ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Every target is quiet (fuzz.c): messages and --help would dominate the
 * time of a run, so stdout and stdio's stderr go to /dev/null. File
 * descriptor 2 stays open, for the sanitizers' and libFuzzer's reports.
 */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A rule of the code under test does not hold: stop, for libFuzzer to report. */
#define fuzz_assert(cond)							\
	do {									\
		if (!(cond)) {							\
			dprintf(2, "%s:%d: broken: %s\n", __FILE__, __LINE__, #cond); \
			abort();						\
		}								\
	} while (0)

/* Well-formed UTF-8: no stray or missing continuation, overlong form or surrogate. */
bool fuzz_utf8_valid(const unsigned char *s, size_t len);
/* No control byte but '\n', and no DEL. */
bool fuzz_printable(const unsigned char *s, size_t len);

struct rtl_record;
/* The strings of a decoded record end inside it; a stack is 0 to 32 deep. */
void fuzz_check_record_strings(const struct rtl_record *r);

/* The input, read from the front; past its end every value is 0. */
struct fuzz_in {
	const uint8_t	*p;
	size_t		left;
};

static inline uint64_t fuzz_uint(struct fuzz_in *in, size_t bytes)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < bytes && in->left; i++, in->p++, in->left--)
		v |= (uint64_t)*in->p << (8 * i);
	return v;
}

static inline uint8_t fuzz_u8(struct fuzz_in *in)
{
	return fuzz_uint(in, 1);
}

/* A string of up to @len - 1 bytes (a length byte, then the bytes), NUL-terminated. */
static inline char *fuzz_str(struct fuzz_in *in, char *buf, size_t len)
{
	size_t n = fuzz_u8(in);

	if (n > len - 1)
		n = len - 1;
	if (n > in->left)
		n = in->left;
	memcpy(buf, in->p, n);
	buf[n] = '\0';
	in->p += n;
	in->left -= n;
	return buf;
}

#endif
