// SPDX-License-Identifier: GPL-2.0
/*
 * hwlat_events - the hwlat tracer's records: ftrace:hwlat, one per window
 * in which a gap passed tracing_thresh (Linux 5.10 and later: "count")
 */
#include <event-parse.h>

#include "decode/decode.h"

enum { HF_INNER, HF_OUTER, HF_NMI_US, HF_SEC, HF_NSEC, HF_NMI_COUNT, HF_SEQNUM, HF_COUNT };

static void decode_hwlat(const struct event_decoder *ed, struct tep_record *rec,
			 struct rtl_record *out)
{
	struct hwlat_sample *h = &out->hwlat;

	out->kind = RECORD_HWLAT;
	h->inner_us = decode_u64(ed, HF_INNER, rec);
	h->outer_us = decode_u64(ed, HF_OUTER, rec);
	h->nmi_us = decode_u64(ed, HF_NMI_US, rec);
	h->wall_ns = decode_u64(ed, HF_SEC, rec) * 1000000000ULL + decode_u64(ed, HF_NSEC, rec);
	h->nmi_count = decode_u64(ed, HF_NMI_COUNT, rec);
	h->seqnum = decode_u64(ed, HF_SEQNUM, rec);
	h->gaps = decode_u64(ed, HF_COUNT, rec);	/* the field came in 5.10 */
}

const struct event_decoder hwlat_decoders[] = {
	EVENT_DECODER("ftrace", "hwlat", decode_hwlat, "duration", "outer_duration",
		      "nmi_total_ts", "tv_sec", "tv_nsec", "nmi_count", "seqnum", "count"),
};
const int nr_hwlat_decoders = sizeof(hwlat_decoders) / sizeof(hwlat_decoders[0]);
