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
	if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &t->saved))
		return;
	raw = t->saved;
	raw.c_lflag &= ~(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (!tcsetattr(STDIN_FILENO, TCSANOW, &raw))
		t->raw = true;
}

int tty_keys_read(struct tty_keys *t)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	unsigned char c;

	if (!t->raw || poll(&pfd, 1, 0) <= 0)
		return 0;
	if (read(STDIN_FILENO, &c, 1) != 1)
		return 0;
	return c;
}

void tty_keys_stop(struct tty_keys *t)
{
	if (t->raw)
		tcsetattr(STDIN_FILENO, TCSANOW, &t->saved);
	t->raw = false;
}
