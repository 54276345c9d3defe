#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# A recording of rtlens timerlat top on CPUs 0-1 long enough for the tail's
# estimates, written the way tests/fuzz/make_seeds.py writes its seeds: a
# period of 1 ms for SECONDS s, each an IRQ latency and a thread latency of
# 5 us plus an exponential of mean 2 us (drawn with a fixed seed), so that
# the level exceeded with probability 1e-9 is 5 + 2 ln(1e9) = 46.4 us.
# With --bursts, each thread latency comes four periods in a row: the
# largest samples come in bursts, which the checks refuse.
#
# usage: tests/host/tail_recording.py [--bursts] OUT.dat SECONDS
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
import make_seeds as seeds  # noqa: E402

PERIOD_NS = 1000000
BASE_NS = 5000
MEAN_NS = 2000
PAGE_BODY = seeds.TD_PAGE - 16	# the page's time stamp and commit count


def cpu_events(cpu, seconds, bursts):
    """(time, context, latency) of each period's IRQ and thread latencies on @cpu"""
    rng = random.Random(1000 + cpu)
    start = 5000000000000 + cpu * 1000
    lat = 0
    for seq in range(1, seconds * 1000 + 1):
        if not bursts or seq % 4 == 1:
            lat = int(BASE_NS + rng.expovariate(1 / MEAN_NS))
        t = start + (seq - 1) * PERIOD_NS
        yield t, seq, 0, int(1000 + rng.expovariate(1 / 500))
        yield t + lat, seq, 1, lat


def cpu_pages(cpu, seconds, bursts):
    """the pages of @cpu's events, in time order, each page's time its first event's"""
    pages, events, used, page_ts, last = [], [], 0, 0, 0
    for t, seq, context, value in cpu_events(cpu, seconds, bursts):
        payload = struct.pack("<IiQ", seq, context, value)
        ev = seeds.td_event("timerlat", payload, delta=t - last if events else 0)
        if used + len(ev) > PAGE_BODY:
            pages.append(seeds.td_page(events, 8, page_ts))
            events, used = [], 0
            ev = seeds.td_event("timerlat", payload, delta=0)
        if not events:
            page_ts = t
        events.append(ev)
        used += len(ev)
        last = t
    pages.append(seeds.td_page(events, 8, page_ts))
    return pages


def main():
    args = [a for a in sys.argv[1:] if a != "--bursts"]
    bursts = "--bursts" in sys.argv[1:]
    out, seconds = args[0], int(args[1])
    meta = seeds.recording_meta("timerlat top", ["timerlat", "top", "-c", "0-1", "-d",
                                                 str(seconds), "--record", "tail.dat"],
                                "0-1", 2, {"period_us": 1000, "runtime_us": 1000,
                                           "duration_s": seconds},
                                {"elapsed_s": seconds + 0.001})
    data = seeds.trace_dat(["timerlat"], {}, [cpu_pages(0, seconds, bursts),
                                              cpu_pages(1, seconds, bursts)],
                           seeds.rtlens_options(meta), clock="global")
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
