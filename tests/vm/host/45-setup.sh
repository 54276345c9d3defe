# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/45-setup.sh.

. tests/vm/host/lib.sh
dir=$VM_OUT/45-setup

validate_reports

expect_json "check.json: one tuning entry per judged CPU" check.json \
	'len(d["system"]["tuning"]["cpus"]) >= 1 and d["exit_status"] == (2 if d["counts"]["breaks"] else 0)'
if [ -f "$dir/moved.json" ]; then
	expect_json "check.json (isolated boot): nohz_full, rcu_nocbs, isolation ok; HZ 250" check.json \
		'd["exit_status"] == 0 and {f["id"]: f["status"] for f in d["system"]["tuning"]["findings"]}.get("nohz_full") == "ok" and any(f["id"] == "rcu_nocbs" and f["status"] == "ok" for f in d["system"]["tuning"]["findings"]) and any(f["id"] == "isolation" and f["status"] == "ok" for f in d["system"]["tuning"]["findings"]) and d["system"]["tuning"]["kernel_config"]["hz"] == 250 and d["system"]["tuning"]["cpus"][0]["tick_stopped"] is True'
	expect_json "moved.json: the IRQ on CPU 1 breaks isolation, by number" moved.json \
		'd["exit_status"] == 2 and any(f["id"] == "irq_affinity" and f["status"] == "breaks" and f["irq"] is not None and "ttyS0" in f["what"] for f in d["system"]["tuning"]["findings"])'
	expect_json "irq.json: the report records the tuning and the setup note" irq.json \
		'd["schema_version"] == "2.5" and d["system"]["tuning"]["measured_cpus"] == "1" and any(n["name"] == "ttyS0" and n["finding"] == "irq_affinity" and n["cpu"] == 1 for n in d["setup_notes"])'
	expect_json "compare.json: the spinner is the top change, A better" compare.json \
		'"rtl_spinner" in json.dumps(d) and d["verdict"]["better"] == "a"'
	expect_json "tl-compare.json: a timerlat comparison with percentiles" tl-compare.json \
		'd["command"] == "compare" and "timerlat" in json.dumps(d["inputs"]) and "p99" in json.dumps(d)'
else
	expect_json "check.json (no isolation): not_isolated breaks" check.json \
		'd["exit_status"] == 2 and any(f["id"] == "not_isolated" and f["status"] == "breaks" for f in d["system"]["tuning"]["findings"])'
fi
