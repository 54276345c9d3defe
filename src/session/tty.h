/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tty - single keys from the terminal for the interactive top
 */
#ifndef RTLENS_TTY_H
#define RTLENS_TTY_H

#include <stdbool.h>
#include <termios.h>

struct tty_keys {
	bool		raw;		/* the terminal was switched: restore it */
	struct termios	saved;
};

/* Switch stdin to unbuffered, no-echo mode when it is a terminal. */
void tty_keys_start(struct tty_keys *t);
/* Next key pressed, or 0 when none is waiting. */
int tty_keys_read(struct tty_keys *t);
void tty_keys_stop(struct tty_keys *t);

#endif
