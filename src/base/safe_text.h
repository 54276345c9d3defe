/* SPDX-License-Identifier: GPL-2.0 */
/*
 * safe_text - text from outside (thread names, IRQ names, symbols, user
 * arguments) made safe to print on a terminal
 *
 * Valid, printable UTF-8 passes unchanged. Every other byte becomes "\xNN"
 * (lower-case hex): C0 controls (0x00-0x1f), DEL (0x7f), the C1 controls
 * (U+0080-U+009F: c2 80 to c2 9f) and every byte of a sequence that is not
 * valid UTF-8 (a stray continuation byte, an invalid lead byte, an overlong
 * form, a surrogate, a code point past U+10FFFF, a sequence cut short).
 *
 * Independent of the rest of rtlens: no other rtlens header is included.
 */
#ifndef RTLENS_SAFE_TEXT_H
#define RTLENS_SAFE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A dst size that holds the escaped form of any string of len bytes. */
#define SAFE_TEXT_SIZE(len)	(4 * (len) + 1)

/*
 * Copies src (NULL: "") into dst, escaped as above. The output is always
 * NUL-terminated (when size > 0) and ends before the first escape or UTF-8
 * sequence that does not fit whole. Returns its length (< size, 0 if size
 * is 0).
 */
size_t safe_text(char *dst, size_t size, const char *src);

/*
 * src (NULL: "") escaped as above, whole however long, in memory of its
 * own: to give to safe_text_free(), or to hold in a variable declared
 * __shown, which frees it when it goes out of scope. Never NULL: out of
 * memory, a fixed text that says so. errno is kept.
 */
char *safe_text_dup(const char *src);
void safe_text_free(char **text);
#define __shown	__attribute__((cleanup(safe_text_free)))

/*
 * The UTF-8 sequence at s: its length (1 to 4) with its code point in *cp,
 * or 0 when s[0] starts no valid sequence. A NUL is the 1-byte U+0000.
 */
int safe_text_decode(const char *s, uint32_t *cp);

/* U+0000-U+001F, U+007F, U+0080-U+009F */
bool safe_text_is_control(uint32_t cp);

#endif
