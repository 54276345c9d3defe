#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/timerlat-hist.sh - CPU cost and lost samples of `timerlat hist`,
# rtlens against rtla 6.1, on the real timerlat tracer in the VM of
# tests/vm/run.sh (Debian's rt kernel under QEMU TCG).
#
#   bench/timerlat-hist.sh [RUNS]
#
# BENCH_TL_ARGS: hist options for both tools (-c 1-3 -p 1000 -d 20). The
# period is the shortest this TCG guest sustains on 2 host cores without
# starving itself: each timerlat period is an IRQ and a thread wake-up per
# CPU, and every one is an event rtlens reads (rtla 6.1 counts them in a
# kernel histogram instead). "samples" is the sum of the count: row, IRQ and
# thread; "expected" is 2 x cpus x duration / period: what falls short of it
# was lost (or not taken: TCG merges timer expiries).

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

runs=${1:-${BENCH_RUNS:-1}}
export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-timerlat}
export RTLENS_GUEST_BENCH_ARGS=${BENCH_TL_ARGS:--c 1-3 -p 1000 -d 20}
export RTLENS_GUEST_BENCH_RUNS=$runs

tests/vm/run.sh bench/guest/timerlat-hist.sh
status=$?
out=$RTLENS_VM_DIR/out/timerlat-hist

python3 - "$out" "$RTLENS_GUEST_BENCH_ARGS" <<'PY'
import glob, json, os, re, sys

out, args = sys.argv[1], sys.argv[2]
cpus = re.search(r"-c\s+(\S+)", args).group(1)
ncpu = sum(int(b) - int(a) + 1 if b else 1
	   for a, _, b in (p.partition("-") for p in cpus.split(",")))
period = int(re.search(r"-p\s+(\d+)", args).group(1))
duration = int(re.search(r"-d\s+(\d+)", args).group(1))
expected = 2 * ncpu * duration * 1000000 // period

rows = {}
for t in sorted(glob.glob(os.path.join(out, "*-[0-9]*.time"))):
	tool = os.path.basename(t).rsplit("-", 1)[0]
	kv = dict(x.split("=") for x in open(t).read().split()[1:])
	if kv["status"] != "0":
		continue
	text = open(t[:-5] + ".txt").read()
	count = sum(int(x) for x in re.search(r"^count:(.*)$", text, re.M).group(1).split())
	lost = "-"
	js = t[:-5] + ".json"
	if os.path.exists(js):
		lost = json.load(open(js))["lost_events"]
	r = rows.setdefault(tool, [])
	r.append((float(kv["user"]), float(kv["sys"]), float(kv["real"]), count, lost))

print("\ntimerlat hist %s: guest CPU seconds per run (TCG), %d expected samples"
      % (args, expected))
print("%-12s %8s %8s %8s %8s %10s %8s %10s  %s" % ("tool", "user s", "sys s", "total",
      "wall s", "samples", "of exp.", "lost ev.", "rtlens/rtla"))
ref = None
for tool in ("rtla", "rtlens", "rtlens_noaa"):
	if tool not in rows:
		print("%-12s (no successful run)" % tool)
		continue
	r = rows[tool]
	n = len(r)
	u = sum(x[0] for x in r) / n
	s = sum(x[1] for x in r) / n
	w = sum(x[2] for x in r) / n
	c = sum(x[3] for x in r) / n
	total = u + s
	if tool == "rtla":
		ref = total
	ratio = "%.2f" % (total / ref) if ref else "-"
	print("%-12s %8.2f %8.2f %8.2f %8.1f %10d %7.1f%% %10s  %s" % (tool, u, s, total, w, c,
	      100.0 * c / expected, r[-1][4], ratio if tool != "rtla" else "1.00"))
PY
exit $status
