/* SPDX-License-Identifier: GPL-2.0 */
/*
 * decode_parts - what the decoder (decoder.c) and the field readers
 * (fields.c) share: the kernel symbols a decoder names addresses with
 */
#ifndef RTLENS_DECODE_PARTS_H
#define RTLENS_DECODE_PARTS_H

#include <stdbool.h>
#include <stdint.h>

struct tep_handle;

/* set by decoder_set_symbols(), read by decode_function() */
struct decode_symbols {
	void			(*load)(struct tep_handle *tep);
	const char		*(*late)(uint64_t addr);
	bool			loaded;
};

#endif
