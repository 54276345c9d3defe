#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# A recording of rtlens timerlat hist with enough samples for --tail's
# estimates, written as tests/fuzz/make_seeds.py writes its seeds (rtlens's
# metadata, the tracer's pages per CPU): CPUs 0 and 1 with 20000 periods of
# 1 ms each, their latencies drawn from exponential tails (fixed seeds), the
# estimate of each series trusted; CPU 2 with 1000 periods, too few for a
# tail, whose refusal says how much longer to run. With --bursts, each
# thread latency comes four periods in a row: the largest samples come in
# bursts, which the checks refuse. With --long, CPUs 0 and 1 have 40000
# periods: room for --until-confident to decide before the end.
#
#   tests/host/tail_recording.py [--bursts] [--long] FILE

import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz"))
import make_seeds as seeds  # noqa: E402

PERIOD_NS = 1000000
PER_PAGE = (seeds.TD_PAGE - 16) // 28	# a timerlat event: 4 bytes of header, 24 of data
START_NS = 2000000000000
PERIODS = {0: 20000, 1: 20000, 2: 1000}


def latencies(rng):
    """an IRQ latency and the thread's after it, in ns: exponential tails"""
    irq = 1500 + int(-300 * math.log(1 - rng.random()))
    return irq, irq + 2000 + int(-800 * math.log(1 - rng.random()))


def cpu_pages(cpu, periods, bursts):
    rng = random.Random(1000 + cpu)
    pages, events, page_ts, last = [], [], 0, 0
    for seq in range(1, periods + 1):
        start = START_NS + cpu * 1000 + seq * PERIOD_NS
        if not bursts or seq % 4 == 1:
            pair = latencies(rng)
        for context, lat in enumerate(pair):
            when = start + lat
            if len(events) == PER_PAGE:
                pages.append(seeds.td_page(events, 8, page_ts))
                events = []
            if not events:
                page_ts = last = when
            events.append(seeds.td_event("timerlat", struct.pack("<IiQ", seq, context, lat),
                                         delta=when - last))
            last = when
    pages.append(seeds.td_page(events, 8, page_ts))
    return pages


def main(path, bursts, long):
    periods = {**PERIODS, **({0: 40000, 1: 40000} if long else {})}
    seconds = max(periods.values()) * PERIOD_NS // 1000000000
    cpus = "0-%d" % (len(periods) - 1)
    meta = seeds.recording_meta("timerlat hist", ["timerlat", "hist", "-c", cpus, "-d",
                                                  str(seconds), "--record", "tail.dat"],
                                cpus, len(periods), {"duration_s": seconds},
                                {"elapsed_s": float(seconds)})
    data = seeds.trace_dat(seeds.FTRACE_ALL, {"osnoise": seeds.TD_OSNOISE},
                           [cpu_pages(cpu, n, bursts) for cpu, n in sorted(periods.items())],
                           seeds.rtlens_options(meta), kallsyms=seeds.kallsyms(),
                           clock="global")
    with open(path, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main([a for a in sys.argv[1:] if not a.startswith("--")][0], "--bursts" in sys.argv[1:],
         "--long" in sys.argv[1:])
