# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/40-noise-analysis.sh.

. tests/vm/host/lib.sh
dir=$VM_OUT/40-noise-analysis

validate_reports

expect_json "sources.json: the guest is recorded" sources.json \
	'd["system"]["virtualization"]["guest"] is True and d["system"]["virtualization"]["hypervisor"]'
expect_json "sources.json: cpu 1's table names the spinner and the IPIs" sources.json \
	'any(s["name"] == "rtl_spinner" for s in d["analysis"]["cpus"][0]["sources"][:8]) and any("call_function" in s["name"] and s["count"] >= 20 for s in d["analysis"]["cpus"][0]["sources"][:8])'
expect_json "sources.json: the worst samples add up" sources.json \
	'len(d["analysis"]["worst_samples"]) == 3 and all(abs(x["parts_sum_us"] - x["duration_us"]) < 0.01 for x in d["analysis"]["worst_samples"])'
expect_json "burst.json: the threshold sample is the burst" burst.json \
	'd["exit_status"] == 2 and d["analysis"]["threshold_sample"]["duration_us"] >= 400000 and any(c["name"] == "rtl_burst" for c in d["analysis"]["threshold_sample"]["causes"])'
expect_json "hw.json: hwnoise" hw.json 'd["command"] == "hwnoise"'
expect_json "sources.json: the setup explains the spinner (cpu 1 is not isolated)" sources.json \
	'any(n["name"] == "rtl_spinner" and n["finding"] == "not_isolated" and n["cpu"] == 1 for n in d["setup_notes"])'
