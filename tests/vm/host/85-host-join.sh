# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/join/85-host-join.sh: the guest's two
# recordings joined with the host's (trace-cmd record -C mono) by this
# machine's rtlens. With the spinner, the join must name it as what took
# the guest's CPU, with a share of the guest's runtime within 15 % of the
# duty it was given; without it, it must not name it. The time sync's
# error and the shares are printed for the record.

. tests/vm/host/lib.sh
dir=$VM_OUT/85-host-join
host=$VM_OUT/host.dat
spin_line=$(cat "$VM_OUT/spin-host.txt" 2>/dev/null)
duty=$(printf '%s' "$spin_line" | sed -n 's/^duty=\([0-9]*\) .*/\1/p')
diag "the host's spinner: ${spin_line:-none}"

if [ ! -s "$host" ] || [ -z "$duty" ]; then
	not_ok "the host recorded and spun" "host.dat: $(ls -l "$host" 2>&1); spinner: '$spin_line'"
	return 0 2>/dev/null || exit 0
fi
for run in spin quiet; do
	./rtlens osnoise top --input "$dir/$run.dat" --host-input "$host" --aa \
		--json "$dir/$run-join.json" > "$dir/$run-join.txt" 2>&1
	check_exit "the $run recording joined with the host's exits 0" 0 $?
	diag "$(sed -n '/^What the host did/,$p' "$dir/$run-join.txt")"
done
# share NAME: rtlens-spin's time in the join over the guest's runtime, in %
share()
{
	python3 - "$dir/$1-join.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["host_join"]["cpus"][0]
ns = sum(r["ns"] for r in c["preempted_by"] if r["name"] == "rtlens-spin")
print(f'{100.0 * ns / c["runtime_ns"]:.1f}' if c["runtime_ns"] else "none")
PY
}

expect_json "the join found the guest's vCPU thread on the host" spin-join.json \
	'd["host_join"]["cpus"][0]["vcpu"]["comm"] == "CPU 0/TCG"'
expect_json "the time sync is known, to within 20 ms under TCG" spin-join.json \
	'd["host_join"]["time_sync"]["round_trips"] >= 8 and d["host_join"]["time_sync"]["error_ns"] < 20000000'
got=$(share spin)
diag "rtlens-spin: ${got}% of the guest's runtime (its duty: ${duty}%)"
if python3 -c "import sys; g=float(sys.argv[1]); d=float(sys.argv[2]); sys.exit(0 if abs(g-d) <= 0.15*d else 1)" \
	"$got" "$duty" 2>/dev/null; then
	ok "the join names the host's spinner with ${got}% of the runtime (duty ${duty}% +-15%)"
else
	not_ok "the join names the host's spinner with its duty's share" \
		"got ${got}%, duty ${duty}% (+-15% of it allowed)"
fi
expect_json "the spinner is the main host cause of the longest samples" spin-join.json \
	'sum(s["main_cause"].startswith("preempted by rtlens-spin:") for s in d["host_join"]["cpus"][0]["longest"]) >= 3'
quiet=$(share quiet)
diag "without the spinner: rtlens-spin ${quiet}% of the runtime"
expect_json "without the spinner, the join does not name it" quiet-join.json \
	'not any(r["name"] == "rtlens-spin" for r in d["host_join"]["cpus"][0]["preempted_by"])'

# timerlat: the guest is mostly halted between its timers, its vCPU thread
# asleep on the host until the host wakes it for the timer (hypervisor
# time, which under TCG makes the longest latencies); the spinner delays
# it once woken (steal): it must be the host task that preempted the vCPU
# most in the latencies
./rtlens timerlat top --input "$dir/tl-spin.dat" --host-input "$host" \
	--json "$dir/tl-spin-join.json" > "$dir/tl-spin-join.txt" 2>&1
check_exit "the timerlat recording joined with the host's exits 0" 0 $?
diag "$(sed -n '/^What the host did/,$p' "$dir/tl-spin-join.txt")"
expect_json "the spinner is the host task that preempted the vCPU most in the timer latencies" \
	tl-spin-join.json \
	'(lambda c: c["preempted_by"][0]["name"] == "rtlens-spin" and c["split"]["steal_ns"] > 0 and c["joined_samples"] == c["samples"] > 0)(d["host_join"]["cpus"][0])'
# hwlat: with the spinner, the guest's hwlat sees its bursts (duty % of
# its period, every period) as gaps of that length: the median sample
# within -20 %/+50 % of the burst; without it, no such gaps
period_ms=$(printf '%s' "$spin_line" | sed -n 's/.* period_ms=\([0-9]*\).*/\1/p')
burst_ms=$(( ${period_ms:-50} * duty / 100 ))
diag "the spinner's burst: ${burst_ms} ms"
hwlat_median()
{
	python3 - "$dir/hwlat-$1.json" <<'PY'
import json, sys
h = json.load(open(sys.argv[1]))["histogram"]["cpus"][0]
n, seen = h["count"], 0
for b in h["buckets"]:
    seen += b["count"]
    if 2 * seen >= n:
        print(b["index"], n)
        break
else:
    print("none", n)
PY
}
set -- $(hwlat_median spin)
diag "hwlat with the spinner: median sample in bucket $1 ms of $2 samples"
if [ "$1" != none ] && [ "$2" -ge 10 ] && [ "$1" -ge $(( burst_ms * 8 / 10 )) ] &&
   [ "$1" -le $(( burst_ms * 3 / 2 )) ]; then
	ok "hwlat finds the host's spinner: median gap ${1} ms, its burst ${burst_ms} ms"
else
	not_ok "hwlat finds the host's spinner with the length of its burst" \
		"median bucket $1 ms of $2 samples, burst ${burst_ms} ms (-20 %/+50 % allowed)"
fi
set -- $(hwlat_median quiet)
diag "hwlat without the spinner: median sample in bucket $1 ms of $2 samples"
if [ "$1" = none ] || [ "$1" -lt $(( burst_ms / 2 )) ]; then
	ok "without the spinner, hwlat's median gap is short (${1} ms)"
else
	not_ok "without the spinner, hwlat's median gap is short" "median bucket $1 ms, burst ${burst_ms} ms"
fi

validate_reports
