/* SPDX-License-Identifier: GPL-2.0 */
/*
 * long_text - long texts of a user's (a value, a word), for the tests
 * that a message or an output holds them whole
 */
#ifndef RTLENS_TEST_LONG_TEXT_H
#define RTLENS_TEST_LONG_TEXT_H

#include <stddef.h>

/* "@word 00@sep@word 01@sep..." of @n words in @buf: its length */
size_t long_words(char *buf, size_t size, const char *word, const char *sep, int n);

#endif
