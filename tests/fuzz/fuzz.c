// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz - the setup every target shares (see fuzz.h)
 */
#include "fuzz.h"

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
