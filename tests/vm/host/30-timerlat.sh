# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/30-timerlat.sh: the JSON reports are
# valid against the schema and say what the runs did.

. tests/vm/host/lib.sh
dir=$VM_OUT/30-timerlat

validate_reports

expect_json "top.json: timerlat top, both cpus, samples" top.json \
	'd["command"] == "timerlat top" and [c["cpu"] for c in d["cpus"]] == [1, 2] and all(c["irq"]["count"] > 0 and c["thread"]["count"] > 0 for c in d["cpus"])'
expect_json "hist.json: irq and thread histograms add up" hist.json \
	'all(sum(b["count"] for b in c[k]["buckets"]) + c[k]["over"] == c[k]["count"] for c in d["histogram"]["cpus"] for k in ("irq", "thread"))'
expect_json "block.json: thread threshold on cpu 1, analysis present" block.json \
	'd["exit_status"] == 2 and d["stop"]["reason"] == "threshold" and d["stop"]["threshold"]["cpu"] == 1 and d["analysis"] is not None'
expect_json "block.json: the analysis names rtl_blocker" block.json \
	'"rtl_blocker" in json.dumps(d["analysis"])'
expect_json "block.json: the parts and the remainder add up to the total" block.json \
	'abs(d["analysis"]["parts_sum_us"] + d["analysis"]["remainder_us"] - d["analysis"]["total_us"]) < 0.01'
expect_json "block.json: the IRQs that interfered include the IPI vector" block.json \
	'any("call_function" in s["name"] and s["vector"] is not None for g in ("previous_irq", "irq_interference") for s in d["analysis"][g]["sources"])'
expect_json "aa.json: --aa names the spinner among cpu 1's top 6 latency sources" aa.json \
	'any(s["name"] == "rtl_lat_spin" and s["kind"] == "blocking" for c in d["latency_sources"]["cpus"] if c["cpu"] == 1 for s in c["sources"][:6])'
expect_json "aa.json: the sources and not explained add up to the latencies" aa.json \
	'all(abs(c["sources_us"] + c["not_explained_us"] - c["total_us"]) < 0.01 and c["not_explained_us"] >= 0 and c["counted"] == c["latencies"] > 0 for c in d["latency_sources"]["cpus"])'
expect_json "aastop.json: stopped at -T, the sources cover the table's latencies" aastop.json \
	'd["exit_status"] == 2 and d["analysis"] is not None and all(c["latencies"] == [t for t in d["cpus"] if t["cpu"] == c["cpu"]][0][d["latency_sources"]["latency"]]["count"] for c in d["latency_sources"]["cpus"])'
expect_json "int.json: stopped by SIGINT" int.json \
	'd["stop"]["reason"] == "signal" and d["stop"]["signal"] == "SIGINT" and d["exit_status"] == 0'
