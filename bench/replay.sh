#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/replay.sh - offline speed: how fast `rtlens ... --input` replays a
# trace.dat, against `trace-cmd report` on the same file.  The target: the
# replay decodes at least 10x as many events per second of CPU.
#
#   bench/replay.sh [RUNS]                (`make bench`)
#
# 1. Boots the VM of tests/vm/run.sh (Debian's rt kernel under QEMU TCG)
#    with bench/guest/replay.sh, which makes one large recording,
#    `rtlens osnoise hist -c 1-3 -d 60 -T 1 --aa --record big.dat`, and
#    sends it to the host: $RTLENS_VM_DIR/out/replay/big.dat.  With
#    BENCH_REUSE=1 a big.dat left by an earlier run with the same
#    BENCH_ARGS is replayed again without a boot.
# 2. On the host, runs each, alternating, RUNS times, output to /dev/null:
#        trace-cmd report big.dat
#        rtlens osnoise hist --input big.dat --aa     (how it was recorded)
#        rtlens osnoise hist --input big.dat --no-aa  (for information: the
#                                                      analysis's share)
#    and takes the CPU time (user + sys, getrusage of the child) of each
#    run; the table shows the median run of each tool (and the fastest),
#    and the ratio of trace-cmd's median CPU time to each; the target is
#    judged on the --aa replay.
#
# Events: the records in the file, counted as the lines of `trace-cmd
# report` that start a record ("COMM-PID [CPU] SECONDS: EVENT: ...");
# both tools read every one of them (rtlens reads each CPU's pages of its
# own recording straight from the file and decodes every record; its -D
# count of "records" covers only the ones that feed its models: the
# samples, not the analysis's *_noise events, and it is printed as a
# cross-check).  events/s per core
# = events / CPU seconds.  Both tools pay their setup in the figures (the
# file's 3.9 MB of kallsyms parsed, among others).
#
# Prints "ok: replay is Nx faster than trace-cmd report" or "below target:
# ..."; exits 0 either way, 1 when the boot, the recording or a tool failed.
#
# Environment:
#   BENCH_ARGS   hist options of the recording (-c 1-3 -d 60 -T 1): 15,000
#                to 27,000 events a second over CPUs 1-3 under TCG, ~50
#                bytes each (bench/guest/replay.sh)
#   BENCH_RUNS   runs per tool (5); RUNS on the command line wins
#   BENCH_REUSE  1: replay an earlier run's big.dat if its BENCH_ARGS match
#   RTLENS_BIN   the rtlens recording and replaying (./rtlens), copied to
#                $RTLENS_VM_DIR/rtlens first: one build for the whole run
#   RTLENS_VM_*  as for tests/vm/run.sh (RTLENS_VM_DIR defaults to
#                build/bench-replay here, RTLENS_VM_SCRIPT_TIMEOUT to 600)

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

t_start=$(date +%s.%N)
runs=${1:-${BENCH_RUNS:-5}}
case $runs in ""|*[!0-9]*|0) echo "usage: $0 [RUNS >= 1]" >&2; exit 1 ;; esac
export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-replay}
export RTLENS_VM_SCRIPT_TIMEOUT=${RTLENS_VM_SCRIPT_TIMEOUT:-600}
export RTLENS_GUEST_BENCH_ARGS=${BENCH_ARGS:--c 1-3 -d 60 -T 1}
out=$RTLENS_VM_DIR/out/replay
file=$out/big.dat
stamp=$RTLENS_VM_DIR/replay.args	# the BENCH_ARGS of a complete big.dat
status=0

for t in trace-cmd python3; do
	command -v $t > /dev/null || { echo "replay: needs $t" >&2; exit 1; }
done
# one rtlens for the recording and the replays, whatever rebuilds ./rtlens
# meanwhile
src_bin=${RTLENS_BIN:-./rtlens}
[ -x "$src_bin" ] || { echo "replay: $src_bin not built (make rtlens)" >&2; exit 1; }
mkdir -p "$RTLENS_VM_DIR" && cp "$src_bin" "$RTLENS_VM_DIR/rtlens.new" &&
	mv "$RTLENS_VM_DIR/rtlens.new" "$RTLENS_VM_DIR/rtlens" || exit 1
export RTLENS_BIN=$RTLENS_VM_DIR/rtlens
rtlens=$RTLENS_BIN

boot=1
if [ "${BENCH_REUSE:-0}" = 1 ] && [ -s "$file" ] && [ -f "$stamp" ] &&
   [ "$(cat "$stamp")" = "$RTLENS_GUEST_BENCH_ARGS" ]; then
	if "$rtlens" osnoise hist --input "$file" --aa > /dev/null 2>&1; then
		echo "# BENCH_REUSE=1: replaying the big.dat of an earlier boot ($file)"
		boot=0
	else
		echo "# BENCH_REUSE=1: this rtlens does not replay the earlier big.dat: booting again"
	fi
fi
if [ $boot = 1 ]; then
	rm -f "$stamp"
	t0=$(date +%s)
	tests/vm/run.sh bench/guest/replay.sh
	status=$?
	echo "# boot and recording: $(($(date +%s) - t0)) s of wall time"
	if [ $status -eq 0 ] && [ -s "$file" ]; then
		echo "$RTLENS_GUEST_BENCH_ARGS" > "$stamp"
	fi
fi
if [ ! -s "$file" ]; then
	echo "replay: no recording ($file): the boot failed" >&2
	exit 1
fi

python3 - "$file" "$runs" "$rtlens" <<'PY' || status=1
import os, re, statistics, subprocess, sys, time

path, runs, rtlens = sys.argv[1], int(sys.argv[2]), sys.argv[3]
cmds = {
	"trace-cmd": ["trace-cmd", "report", path],
	"rtlens": [rtlens, "osnoise", "hist", "--input", path, "--aa"],
	# not the target: what the replay costs without the analysis
	"rtlens --no-aa": [rtlens, "osnoise", "hist", "--input", path, "--no-aa"],
}

def run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE):
	"""one run: (cpu s, wall s, status, stderr) of the child alone"""
	t0 = time.monotonic()
	p = subprocess.Popen(argv, stdout=stdout, stderr=stderr)
	err = p.stderr.read() if stderr == subprocess.PIPE else b""
	_, st, ru = os.wait4(p.pid, 0)
	wall = time.monotonic() - t0
	p.returncode = os.waitstatus_to_exitcode(st)
	return ru.ru_utime + ru.ru_stime, wall, p.returncode, err

failed = False
# the events of the file: the record lines of trace-cmd report
rec = re.compile(rb"\[\d+\]\s+\d+\.\d+: ")
p = subprocess.Popen(["trace-cmd", "report", path], stdout=subprocess.PIPE,
		     stderr=subprocess.DEVNULL)
events = sum(1 for line in p.stdout if rec.search(line))
if p.wait() != 0 or not events:
	print("replay: trace-cmd report %s failed (status %d, %d events)" %
	      (path, p.returncode, events), file=sys.stderr)
	sys.exit(1)
# rtlens's own count of the records feeding its models (-D), a cross-check
_, _, st, err = run(cmds["rtlens"] + ["-D"])
m = re.findall(rb"(\d+) records so far", err)
samples = int(m[-1]) if m else None
if st != 0:
	print("replay: %s exited %d:\n%s" % (" ".join(cmds["rtlens"]), st,
	      err.decode(errors="replace")[-2000:]), file=sys.stderr)
	sys.exit(1)

times = {t: [] for t in cmds}
for i in range(runs):
	for tool, argv in cmds.items():
		cpu, wall, st, err = run(argv)
		if st != 0:
			print("replay: %s exited %d: %s" % (" ".join(argv), st,
			      err.decode(errors="replace")[-1000:]), file=sys.stderr)
			failed = True
			continue
		times[tool].append((cpu, wall))
if any(not v for v in times.values()):
	sys.exit(1)

size = os.path.getsize(path)
print("\nreplay of %s (%.1f MB, %d events; rtlens -D: %s records feed its models)"
      % (path, size / 1e6, events, samples if samples is not None else "?"))
print("CPU seconds (user + sys) per run: the median of %d runs, and the fastest" % runs)
print("%-15s %10s %9s %9s %9s %16s %8s" % ("tool", "events", "CPU s", "best s",
      "wall s", "events/s/core", "ratio"))
med = {}
for tool in cmds:
	cpus = sorted(c for c, _ in times[tool])
	walls = sorted(w for _, w in times[tool])
	med[tool] = statistics.median(cpus)
	rate = events / med[tool] if med[tool] > 0 else float("inf")
	ratio = med["trace-cmd"] / med[tool] if med[tool] > 0 else float("inf")
	print("%-15s %10d %9.3f %9.3f %9.3f %16.0f %7.1fx" % (tool, events, med[tool],
	      cpus[0], statistics.median(walls), rate, ratio))
ratio = med["trace-cmd"] / med["rtlens"] if med["rtlens"] > 0 else float("inf")
if ratio >= 10:
	print("ok: replay is %.1fx faster than trace-cmd report" % ratio)
else:
	print("below target: replay is %.1fx faster than trace-cmd report, the target is 10x"
	      % ratio)
sys.exit(1 if failed else 0)
PY
echo "# bench/replay.sh took $(awk -v a="$t_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }') s"
exit $status
