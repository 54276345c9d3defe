/* SPDX-License-Identifier: GPL-2.0 */
/*
 * decode - raw ring-buffer records to typed records, with libtraceevent.
 * Events and fields are looked up once, at setup.
 */
#ifndef RTLENS_DECODE_H
#define RTLENS_DECODE_H

#include "records.h"

struct tep_handle;
struct tep_event;
struct tep_record;
struct decoder;

/* NULL with a message when the tep lacks the osnoise events. */
struct decoder *decoder_new(struct tep_handle *tep);
void decoder_free(struct decoder *d);
/* Fill @out; out->kind is RECORD_NONE for events it does not know. */
void decoder_decode(const struct decoder *d, struct tep_event *event,
		    struct tep_record *record, int cpu, struct rtl_record *out);

#endif
