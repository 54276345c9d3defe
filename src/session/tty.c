// SPDX-License-Identifier: GPL-2.0
/*
 * tty - read single key presses without waiting for Enter
 */
#include <poll.h>
#include <unistd.h>

#include "session/tty.h"

void tty_keys_start(struct tty_keys *t)
{
	struct termios raw;

	t->raw = false;
	t->pending = -1;
	if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &t->saved))
		return;
	raw = t->saved;
	raw.c_lflag &= ~(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (!tcsetattr(STDIN_FILENO, TCSANOW, &raw))
		t->raw = true;
}

/* The next byte within @wait_ms, or -1 */
static int next_byte(int wait_ms)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	unsigned char c;

	if (poll(&pfd, 1, wait_ms) <= 0 || read(STDIN_FILENO, &c, 1) != 1)
		return -1;
	return c;
}

/* The key of the sequence whose final byte is @fin, after ESC [ @num or ESC O */
static int sequence_key(int num, int fin)
{
	static const int letters[][2] = {
		{ 'A', KEY_UP }, { 'B', KEY_DOWN }, { 'H', KEY_HOME }, { 'F', KEY_END },
	};
	static const int tildes[][2] = {
		{ 1, KEY_HOME }, { 4, KEY_END }, { 5, KEY_PAGE_UP }, { 6, KEY_PAGE_DOWN },
		{ 7, KEY_HOME }, { 8, KEY_END },
	};

	for (size_t i = 0; fin != '~' && i < sizeof(letters) / sizeof(letters[0]); i++)
		if (letters[i][0] == fin)
			return letters[i][1];
	for (size_t i = 0; fin == '~' && i < sizeof(tildes) / sizeof(tildes[0]); i++)
		if (tildes[i][0] == num)
			return tildes[i][1];
	return 0;
}

/* After ESC: a sequence's key, Esc alone, or 0 for a sequence not known */
static int escape_key(struct tty_keys *t)
{
	int c = next_byte(25), num = 0;

	if (c != '[' && c != 'O') {
		t->pending = c;		/* a key pressed right after Esc */
		return KEY_ESC;
	}
	while ((c = next_byte(25)) >= '0' && c <= '9')
		num = num < 1000 ? num * 10 + (c - '0') : num;
	/* parameters and intermediates up to the final byte (0x40-0x7e) */
	while (c >= 0x20 && c < 0x40)
		c = next_byte(25);
	return c < 0 ? 0 : sequence_key(num, c);
}

int tty_keys_read(struct tty_keys *t)
{
	int c;

	if (!t->raw)
		return 0;
	c = t->pending >= 0 ? t->pending : next_byte(0);
	t->pending = -1;
	if (c < 0)
		return 0;
	return c == KEY_ESC ? escape_key(t) : c;
}

void tty_keys_stop(struct tty_keys *t)
{
	if (t->raw)
		tcsetattr(STDIN_FILENO, TCSANOW, &t->saved);
	t->raw = false;
}
