# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/66-osnoise-bpf.sh (osnoise counted by
# BPF on the newest rt kernel).

. tests/vm/host/lib.sh
dir=$VM_OUT/66-osnoise-bpf

[ -f "$dir/b-hist.json" ] || return 0	# a kernel without the tracepoint
validate_reports

for f in b-hist b-osnoise-top b-hwnoise s-top; do
	expect_json "$f.json: counted by BPF, nothing lost" $f.json \
		'd["config"]["data_path"] == "bpf" and d["lost_events"] == 0'
done
for f in n-hist n-top; do
	expect_json "$f.json: --no-bpf, RTLENS_NO_BPF read through tracefs" $f.json \
		'd["config"]["data_path"] == "tracefs"'
done

# Within one run: the samples of a CPU (BPF's histogram) add up to the noise
# of the tracer's summaries (the table), each sample cut to whole us (less
# by at most 1 us a sample), plus the samples of the period the run ended
# in, which no summary holds (at most one period's runtime, 1 s). Whatever
# the machine's speed, and the same on both paths.
adds_up='all(h["count"] > 0 and c["noise_us"] - h["count"] <= h["avg"] * h["count"] + 0.01 * h["count"] and h["avg"] * h["count"] <= c["noise_us"] + 1000000 + 0.01 * h["count"] for c, h in zip(d["cpus"], d["histogram"]["cpus"]) if c["cpu"] == h["cpu"]) and len(d["cpus"]) == 2'
expect_json "b-hist.json: BPF's samples add up to the summaries' noise" b-hist.json "$adds_up"
# the tracefs path holds the same identity where its ring buffer lost nothing
if python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["lost_events"] != 0)' \
	   "$dir/n-hist.json"; then
	expect_json "n-hist.json: the tracefs samples add up to the summaries' noise" n-hist.json \
		"$adds_up"
else
	diag "n-hist.json: the tracefs path lost events: its samples do not add up"
fi
expect_json "b-hist.json: the analysis is complete, from the samples BPF sent" b-hist.json \
	'd["analysis"]["complete"] and all(c["events_lost"] == 0 for c in d["analysis"]["cpus"]) and any(s["name"] == "local_timer" for c in d["analysis"]["cpus"] for s in c["sources"])'
expect_json "b-hist.json: the hardware sources hold the samples without interference" b-hist.json \
	'all(any((s["kind"] == "hardware" and s["count"] > 0) or (s["kind"] == "vm" and s["total_us"] > 0) for s in c["sources"]) for c in d["analysis"]["cpus"])'
for f in b-osnoise-top b-hwnoise; do
	expect_json "$f.json: periods counted on both CPUs" $f.json \
		'all(c["cycles"] >= 2 for c in d["cpus"]) and len(d["cpus"]) == 2'
done
expect_json "s-top.json: stopped on CPU 1 by its burst, in the kernel" s-top.json \
	'd["exit_status"] == 2 and d["stop"]["reason"] == "threshold" and d["stop"]["threshold"]["cpu"] == 1 and d["cpus"][0]["max_single_us"] >= 300000 and d["analysis"]["threshold_sample"]["duration_us"] >= 300000 and any(k["name"] == "rtl_osburst" for k in d["analysis"]["threshold_sample"]["causes"])'
