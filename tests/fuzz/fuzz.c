// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz - the setup every target shares (see fuzz.h)
 */
#include "fuzz.h"
#include "base/records.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *null = fopen("/dev/null", "w");

	(void)argc;
	(void)argv;
	if (!freopen("/dev/null", "w", stdout) || !null)
		abort();
	stderr = null;
	return 0;
}

/* Well-formed UTF-8: no stray or missing continuation, overlong form or surrogate. */
bool fuzz_utf8_valid(const unsigned char *s, size_t len)
{
	size_t i = 0, n, k;
	uint32_t cp;

	while (i < len) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if (s[i] >= 0xc2 && s[i] <= 0xdf)
			n = 1, cp = s[i] & 0x1f;
		else if (s[i] >= 0xe0 && s[i] <= 0xef)
			n = 2, cp = s[i] & 0x0f;
		else if (s[i] >= 0xf0 && s[i] <= 0xf4)
			n = 3, cp = s[i] & 0x07;
		else
			return false;
		if (len - i <= n)
			return false;
		for (k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += n + 1;
	}
	return true;
}

/* No control byte but '\n', and no DEL. */
bool fuzz_printable(const unsigned char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((s[i] < 0x20 && s[i] != '\n') || s[i] == 0x7f)
			return false;
	return true;
}

static bool terminated(const char *s, size_t len)
{
	return strnlen(s, len) < len;
}

void fuzz_check_record_strings(const struct rtl_record *r)
{
	switch (r->kind) {
	case RECORD_NOISE_EVENT:
		fuzz_assert(terminated(r->noise.name, sizeof(r->noise.name)));
		break;
	case RECORD_STACK:
		fuzz_assert(r->stack.depth >= 0 && r->stack.depth <= STACK_MAX_DEPTH);
		break;
	case RECORD_CTX:
		fuzz_assert(terminated(r->edge.name, sizeof(r->edge.name)));
		fuzz_assert(terminated(r->edge.prev_comm, sizeof(r->edge.prev_comm)));
		fuzz_assert(terminated(r->edge.next_comm, sizeof(r->edge.next_comm)));
		break;
	case RECORD_KVM:
		fuzz_assert(terminated(r->kvm.reason, sizeof(r->kvm.reason)));
		break;
	default:
		break;
	}
}
