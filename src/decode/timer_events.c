// SPDX-License-Identifier: GPL-2.0
/*
 * timer_events - timer:hrtimer_start and timer:hrtimer_expire_entry, for
 * the user engine's timerlat: when a sleeper's timer was due, and when its
 * interrupt ran it
 */
#include <event-parse.h>

#include "decode/decode.h"

static void hrtimer_init_rec(const struct event_decoder *ed, struct tep_record *rec,
			     struct rtl_record *out, bool expire)
{
	out->kind = RECORD_HRTIMER;
	out->hrtimer.expire = expire;
	out->hrtimer.pid = decode_pid(ed, rec);
}

enum { HS_HRTIMER, HS_SOFTEXPIRES };

static void decode_start(const struct event_decoder *ed, struct tep_record *rec,
			 struct rtl_record *out)
{
	hrtimer_init_rec(ed, rec, out, false);
	out->hrtimer.hrtimer = decode_u64(ed, HS_HRTIMER, rec);
	out->hrtimer.time_ns = (int64_t)decode_u64(ed, HS_SOFTEXPIRES, rec);
}

enum { HE_HRTIMER, HE_NOW };

static void decode_expire(const struct event_decoder *ed, struct tep_record *rec,
			  struct rtl_record *out)
{
	hrtimer_init_rec(ed, rec, out, true);
	out->hrtimer.hrtimer = decode_u64(ed, HE_HRTIMER, rec);
	out->hrtimer.time_ns = (int64_t)decode_u64(ed, HE_NOW, rec);
}

const struct event_decoder hrtimer_decoders[] = {
	EVENT_DECODER("timer", "hrtimer_start", decode_start, "hrtimer", "softexpires"),
	EVENT_DECODER("timer", "hrtimer_expire_entry", decode_expire, "hrtimer", "now"),
};
const int nr_hrtimer_decoders = sizeof(hrtimer_decoders) / sizeof(hrtimer_decoders[0]);
