# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/60-user-threads.sh (timerlat -u on the
# backports rt kernel).

. tests/vm/host/lib.sh
dir=$VM_OUT/60-user-threads

validate_reports

expect_json "u-top.json: user threads, the return to user space measured on both cpus" u-top.json \
	'd["config"]["threads"] == "user" and len(d["cpus"]) == 2 and all(c["user"]["count"] > 0 and c["user"]["min"] >= c["thread"]["min"] for c in d["cpus"])'
expect_json "u-hist.json: a user histogram per cpu that adds up" u-hist.json \
	'all(sum(b["count"] for b in c["user"]["buckets"]) + c["user"]["over"] == c["user"]["count"] for c in d["histogram"]["cpus"])'
expect_json "u-block.json: the blocker is named, the parts add up" u-block.json \
	'd["exit_status"] == 2 and "rtl_ublocker" in json.dumps(d["analysis"]) and abs(d["analysis"]["parts_sum_us"] + d["analysis"]["remainder_us"] - d["analysis"]["total_us"]) < 0.01'
expect_json "uload.json: -U, the helper's latencies on both cpus, return to user included" uload.json \
	'd["config"]["user_load"] is True and d["config"]["threads"] == "user" and all(c["user"]["count"] > 0 and c["thread"]["count"] > 0 for c in d["cpus"])'
expect_json "sample.json: -U with sample/timerlat_load on cpu 1 alone" sample.json \
	'd["cpus"][0]["cpu"] == 1 and d["cpus"][0]["user"]["count"] > 0 and d["cpus"][1]["thread"]["count"] == 0'
if [ -f "$dir/aligned.json" ]; then
	expect_json "aligned.json: config.aligned_us 300" aligned.json 'd["config"]["aligned_us"] == 300'
fi
expect_json "sfmt.json: config.stack_format full" sfmt.json 'd["config"]["stack_format"] == "full"'
