# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/47-record.sh: the guest's recordings,
# read here by trace-cmd and replayed by this machine's rtlens, which has
# no osnoise tracer, as an unprivileged user; the replay's per-CPU results
# and analysis are the live run's.

. tests/vm/host/lib.sh
dir=$VM_OUT/47-record

validate_reports

for f in os.dat tl.dat th.dat; do
	if out=$(trace-cmd report "$dir/$f" 2>&1 > "$dir/$f.report"); then
		ok "trace-cmd report reads $f"
	else
		not_ok "trace-cmd report reads $f" "$out"
	fi
done
check_grep "trace-cmd report shows the osnoise samples of os.dat" ' osnoise: ' "$dir/os.dat.report"
check_grep "trace-cmd report shows the analysis' events of os.dat" ' (irq|thread)_noise: ' "$dir/os.dat.report"
check_grep "trace-cmd report shows the timerlat samples of th.dat" ' timerlat: ' "$dir/th.dat.report"
rm -f "$dir"/*.report

# the replays: as nobody, in a directory of its own
work=$(mktemp -d)
chmod 0777 "$work"
cp "$dir/os.dat" "$dir/tl.dat" "$dir/th.dat" "${RTLENS_BIN:-./rtlens}" "$work/"
chmod 0644 "$work"/*.dat
chmod 0755 "$work/rtlens"
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
as_nobody "$work/rtlens" osnoise top --input "$work/os.dat" --aa --json "$work/os-host.json" \
	> "$work/os-host.txt" 2>&1
check_exit "osnoise top --input on the host, not root, exits 0" 0 $?
as_nobody "$work/rtlens" timerlat top --input "$work/tl.dat" --json "$work/tl-host.json" \
	> "$work/tl-host.txt" 2>&1
check_exit "timerlat top --input of a threshold stop exits 2, as the live run" 2 $?
as_nobody "$work/rtlens" timerlat hist --input "$work/th.dat" --json "$work/th-host.json" \
	> "$work/th-host.txt" 2>&1
check_exit "timerlat hist --input on the host exits 0" 0 $?
cp "$work"/*-host.json "$dir/" 2>/dev/null
rm -rf "$work"

# live and replayed, the same: every per-CPU result, the analysis, the stop
same()
{
	local name=$1 live=$2 replay=$3 keys=$4 out

	if out=$(python3 - "$dir/$live" "$dir/$replay" "$keys" <<'PY' 2>&1
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
bad = [k for k in sys.argv[3].split() if a.get(k) != b.get(k)]
if bad:
	for k in bad:
		print(k, json.dumps(a.get(k))[:300], "<>", json.dumps(b.get(k))[:300])
	sys.exit(1)
PY
	); then
		ok "$name"
	else
		not_ok "$name" "$out"
	fi
}
same "osnoise: the host's replay has the live per-CPU results, analysis and stop" \
	os-live.json os-host.json "cpus analysis stop exit_status duration_s"
same "osnoise: the guest's replay too" os-live.json os-replay.json "cpus analysis stop"
same "timerlat top -a: the host's replay has the live results, analysis and stop" \
	tl-live.json tl-host.json "cpus analysis stop exit_status"
same "timerlat hist: the host's replay has the live histograms" \
	th-live.json th-host.json "cpus histogram stop"
expect_json "os-host.json: the replay says what it read" os-host.json \
	'd["input"]["recorded_by"] == "rtlens" and d["input"]["file"].endswith("os.dat") and d["system"]["hostname"] and "tuning" in d["system"]'
expect_json "os-live.json: a live run has no input" os-live.json 'd["input"] is None'
expect_json "os-host.json: names the spinner" os-host.json \
	'any(s["name"] == "rtl_spinner" for c in d["analysis"]["cpus"] for s in c["sources"])'
expect_json "tc-replay.json: trace-cmd's recording, replayed" tc-replay.json \
	'd["input"]["recorded_by"] == "other" and len(d["cpus"]) >= 1 and sum(c["cycles"] for c in d["cpus"]) >= 1'
