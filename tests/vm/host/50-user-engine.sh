# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/50-user-engine.sh.

. tests/vm/host/lib.sh
dir=$VM_OUT/50-user-engine

validate_reports

expect_json "default.json: the kernel tracer is the default engine here" default.json \
	'd["engine"] == "kernel"'
expect_json "user-top.json: engine user, cpu 1's table names the spinner" user-top.json \
	'd["engine"] == "user" and any(s["name"] == "rtl_uspin" for s in d["analysis"]["cpus"][0]["sources"][:8])'
expect_json "user-tl.json: the analysis names the blocker, the parts add up" user-tl.json \
	'd["engine"] == "user" and "rtl_ublock" in json.dumps(d["analysis"]) and abs(d["analysis"]["parts_sum_us"] + d["analysis"]["remainder_us"] - d["analysis"]["total_us"]) < 0.01'
