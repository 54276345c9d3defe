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
validate_reports
