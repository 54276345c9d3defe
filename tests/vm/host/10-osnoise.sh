# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/10-osnoise.sh: every JSON report the
# guest produced is valid against the versioned schema, and says what the
# run did.

. tests/vm/host/lib.sh
dir=$VM_OUT/10-osnoise

validate_reports

expect_json "top.json: command, engine, cpus" top.json \
	'd["command"] == "osnoise top" and d["engine"] == "kernel" and [c["cpu"] for c in d["cpus"]] == [1, 2]'
expect_json "top.json: ended on the duration, status 0" top.json \
	'd["stop"]["reason"] == "duration" and d["exit_status"] == 0 and d["config"]["duration_s"] == 4'
expect_json "top.json: the kernel's period and runtime" top.json \
	'd["config"]["period_us"] == 1000000 and d["config"]["runtime_us"] == 1000000'
expect_json "top.json: periods were counted" top.json \
	'all(c["cycles"] >= 2 and c["runtime_us"] > 0 for c in d["cpus"])'
expect_json "hist.json: histogram per cpu, counts add up" hist.json \
	'all(sum(b["count"] for b in h["buckets"]) + h["over"] == h["count"] for h in d["histogram"]["cpus"]) and d["histogram"]["bucket_size"] == 1'
expect_json "hist.json matches hist.txt's count row" hist.json \
	'[h["count"] for h in d["histogram"]["cpus"]] == [int(x) for x in open(sys.argv[1].replace("hist.json", "hist.txt")).read().split("count:")[1].split("\n")[0].split()]'
expect_json "stop.json: threshold stop, status 2" stop.json \
	'd["stop"]["reason"] == "threshold" and d["stop"]["threshold"]["kind"] == "single" and d["stop"]["threshold"]["limit_us"] == 400000 and d["exit_status"] == 2'
expect_json "stop.json: the -e event with its filter" stop.json \
	'd["config"]["events"] == [{"event": "sched:sched_switch", "filter": "prev_pid >= 0", "trigger": None}] and d["config"]["trace_output"] == "stop-trace.txt"'
expect_json "auto.json: -a sets stop, threshold 1 and the trace" auto.json \
	'd["config"]["stop_us"] == 1000 and d["config"]["threshold_us"] == 1 and d["config"]["trace_output"] == "osnoise_trace.txt" and d["exit_status"] == 2'
expect_json "warm.json: warm-up recorded, not counted" warm.json \
	'd["config"]["warm_up_s"] == 2 and d["duration_s"] < 3.5'
