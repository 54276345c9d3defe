# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/65-bpf.sh (timerlat counted by BPF on
# the newest rt kernel).

. tests/vm/host/lib.sh
dir=$VM_OUT/65-bpf

[ -f "$dir/b-hist.json" ] || return 0	# a kernel without the tracepoint
validate_reports

# 6 s at 1 ms on 2 cpus: up to 6000 samples per cpu and context; TCG merges
# some timer expiries, so at least half
counted='all(3000 <= c[k]["count"] <= 6600 for c in d["cpus"] for k in ("irq", "thread"))'
expect_json "b-hist.json: counted by BPF, nothing lost, both cpus counted" b-hist.json \
	"d['config']['data_path'] == 'bpf' and d['lost_events'] == 0 and len(d['cpus']) == 2 and $counted"
expect_json "b-hist.json: each BPF histogram adds up to its count" b-hist.json \
	'all(sum(b["count"] for b in c[k]["buckets"]) + c[k]["over"] == c[k]["count"] for c in d["histogram"]["cpus"] for k in ("irq", "thread"))'
expect_json "b-hist.json: min <= avg <= max, the thread after its IRQ" b-hist.json \
	'all(c[k]["min"] <= c[k]["avg"] <= c[k]["max"] for c in d["cpus"] for k in ("irq", "thread")) and all(c["thread"]["max"] >= c["thread"]["min"] > 0 for c in d["cpus"])'
expect_json "n-hist.json: --no-bpf reads through tracefs, as many samples" n-hist.json \
	"d['config']['data_path'] == 'tracefs' and $counted"
expect_json "env-top.json: RTLENS_NO_BPF=1 reads through tracefs" env-top.json \
	'd["config"]["data_path"] == "tracefs"'
expect_json "warm.json: the 3 s of warm-up are not counted (3 s at 1 ms)" warm.json \
	'd["config"]["data_path"] == "bpf" and 1500 <= d["cpus"][0]["thread"]["count"] <= 3600'
# -T is the thread's limit; with user threads (7.3) the kernel holds the
# return to user space to it too, and the blocker may take the CPU on
# either side of the thread's wakeup: the stop is the one whose latency passed it
expect_json "b-stop.json: the threshold stop, on cpu 1's thread (or return to user) latency, by BPF" b-stop.json \
	'd["config"]["data_path"] == "bpf" and d["stop"]["reason"] == "threshold" and d["exit_status"] == 2 and d["stop"]["threshold"]["kind"] == "total" and d["stop"]["threshold"]["cpu"] == 1 and max(d["cpus"][0]["thread"]["max"], d["cpus"][0].get("user", {}).get("max", 0)) >= 250000'
expect_json "aa-stop.json: BPF counts, the analysis from its window names the blocker" aa-stop.json \
	'd["config"]["data_path"] == "bpf" and d["exit_status"] == 2 and d["stop"]["reason"] == "threshold" and "rtl_bpfblock" in json.dumps(d["analysis"])'
if [ -f "$dir/act.json" ]; then
	expect_json "act.json: the --bpf-action object in config, a threshold stop" act.json \
		'd["config"]["bpf_action"] == "/vm/timerlat_action.bpf.o" and d["config"]["data_path"] == "bpf" and d["exit_status"] == 2'
fi
