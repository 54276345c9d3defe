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
	int		pending;	/* a byte read past an Esc, or -1 */
};

/* Keys that come as escape sequences, past the byte values */
enum tty_key {
	KEY_ESC = 27,
	KEY_UP = 0x100,
	KEY_DOWN,
	KEY_PAGE_UP,
	KEY_PAGE_DOWN,
	KEY_HOME,
	KEY_END,
};

/* Switch stdin to unbuffered, no-echo mode when it is a terminal. */
void tty_keys_start(struct tty_keys *t);
/*
 * Next key pressed, or 0 when none is waiting: a byte, or a tty_key for the
 * arrows, PgUp, PgDn, Home and End (ESC [ or ESC O sequences; an unknown
 * sequence is read whole and dropped).
 */
int tty_keys_read(struct tty_keys *t);
void tty_keys_stop(struct tty_keys *t);

#endif
