# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/17-live-pane.sh: the JSON reports of
# the live runs ended by q and Ctrl-C are whole and name the spinner.

. tests/vm/host/lib.sh
dir=$VM_OUT/17-live-pane

validate_reports
expect_json "osnoise.json: q ended the run, exit status 0" osnoise.json \
	'd["exit_status"] == 0'
expect_json "osnoise.json: the spinner among cpu 1's noise sources" osnoise.json \
	'any(s["name"] == "rtl_panespin" for c in d["analysis"]["cpus"] if c["cpu"] == 1 for s in c["sources"])'
expect_json "timerlat.json: Ctrl-C ended the run, exit status 0" timerlat.json \
	'd["exit_status"] == 0'
expect_json "timerlat.json: the spinner among cpu 1's latency sources" timerlat.json \
	'any(s["name"] == "rtl_panespin" for c in d["latency_sources"]["cpus"] if c["cpu"] == 1 for s in c["sources"])'
