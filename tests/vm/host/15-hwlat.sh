# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/15-hwlat.sh: every JSON report of
# hwlat is valid against the schema and says what the run did; the replay
# of a recording counts what the run counted.

. tests/vm/host/lib.sh
dir=$VM_OUT/15-hwlat

validate_reports

expect_json "top.json: command, cpus, the window and width set" top.json \
	'd["command"] == "hwlat top" and [c["cpu"] for c in d["cpus"]] == [1, 2] and d["config"]["period_us"] == 400000 and d["config"]["width_us"] == 200000 and d["config"]["mode"] == "per-cpu"'
expect_json "top.json: per-cpu mode gives each cpu its samples, ended on the duration" top.json \
	'all(c["samples"] >= 3 and c["max_us"] >= max(c["max_inner_us"], c["max_outer_us"]) for c in d["cpus"]) and d["stop"]["reason"] == "duration" and d["exit_status"] == 0'
expect_json "hist.json: the counts of each cpu add up, one per sample" hist.json \
	'all(sum(b["count"] for b in h["buckets"]) + h["over"] == h["count"] == c["samples"] for h, c in zip(d["histogram"]["cpus"], d["cpus"])) and d["config"]["threshold_us"] == 1'
expect_json "hist.json: per-cpu mode samples every cpu of -c" hist.json \
	'[c["cpu"] for c in d["cpus"]] == [1, 2, 3] and all(c["samples"] >= 3 for c in d["cpus"]) and d["config"]["mode"] == "per-cpu"'
expect_json "stop.json: threshold stop at a sample of 2 us or more, status 2" stop.json \
	'd["stop"]["reason"] == "threshold" and d["exit_status"] == 2 and d["config"]["stop_us"] == 2 and d["config"]["threshold_us"] == 1 and d["cpus"][0]["max_us"] >= 2'
expect_json "replay.json counts what rec.json counted" replay.json \
	'(lambda r: [(c["cpu"], c["samples"], c["gaps"], c["max_us"], c["nmi_count"]) for c in d["cpus"]] == [(c["cpu"], c["samples"], c["gaps"], c["max_us"], c["nmi_count"]) for c in r["cpus"]])(json.load(open(sys.argv[1].replace("replay.json", "rec.json"))))'
