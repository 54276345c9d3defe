# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/55-fleet.sh: what the guest scraped
# from --listen during real tracer runs passes promtool, has the series of
# the measured CPUs, and counts on between two scrapes; the --plot pictures
# have the histograms of their runs' reports.

. tests/vm/host/lib.sh
dir=$VM_OUT/55-fleet

for f in osnoise-top-1.txt osnoise-top-2.txt timerlat-top-1.txt timerlat-top-2.txt; do
	if out=$(promtool check metrics < "$dir/$f" 2>&1); then
		ok "promtool check metrics accepts $f"
	else
		not_ok "promtool check metrics accepts $f" "$out"
	fi
done

# metric FILE NAME LABELS: the value of one series
metric() {
	grep -F "$2{" "$dir/$1" | grep -F "$3" | awk '{ print $2 }' | head -n 1
}

for cpu in 1 2; do
	a=$(metric osnoise-top-1.txt rtlens_osnoise_runtime_seconds_total "cpu=\"$cpu\"")
	b=$(metric osnoise-top-2.txt rtlens_osnoise_runtime_seconds_total "cpu=\"$cpu\"")
	if [ -n "$a" ] && [ -n "$b" ] && python3 -c "import sys; sys.exit(not 0 < float('$a') < float('$b'))"; then
		ok "osnoise top: CPU $cpu's runtime counts on between scrapes ($a s, $b s)"
	else
		not_ok "osnoise top: CPU $cpu's runtime counts on between scrapes" "'$a' '$b'"
	fi
	# a ratio in [0, 1], however printed: under TCG on 7.3 the analysis'
	# osnoise:sample_threshold events feed themselves (a 1 us threshold)
	# and the kernel's own summaries say ~100% noise: 9.97e-07
	r=$(metric osnoise-top-2.txt rtlens_osnoise_cpu_available_ratio "cpu=\"$cpu\"")
	if [ -n "$r" ] && python3 -c "import sys; sys.exit(not 0 <= float('$r') <= 1)" 2>/dev/null; then
		ok "osnoise top: CPU $cpu's available ratio ($r)"
	else
		not_ok "osnoise top: CPU $cpu's available ratio" "'$r'"
	fi
	n=$(metric timerlat-top-2.txt rtlens_timerlat_latency_seconds_count "cpu=\"$cpu\",context=\"thread\"")
	if [ -n "$n" ] && [ "$n" -gt 0 ]; then
		ok "timerlat top: CPU $cpu's thread latencies counted ($n)"
	else
		not_ok "timerlat top: CPU $cpu's thread latencies counted" "'$n'"
	fi
done
if grep -q 'cpu="0"' "$dir/osnoise-top-2.txt"; then
	not_ok "osnoise top: no series of CPU 0, not measured"
else
	ok "osnoise top: no series of CPU 0, not measured"
fi
check_grep "osnoise top --aa: the top sources are series" '^rtlens_noise_source_seconds_total\{' \
	"$dir/osnoise-top-2.txt"
check_grep "the OpenMetrics form ends with # EOF" '^# EOF$' "$dir/osnoise-top.om"
check_grep "the OpenMetrics form has units" '^# UNIT rtlens_osnoise_noise_seconds seconds$' \
	"$dir/osnoise-top.om"

validate_reports
# plot_ok NAME SVG JSON MARKS: tests/host/plot_check.py
plot_ok() {
	local out

	if out=$(python3 tests/host/plot_check.py "$dir/$2" "$dir/$3" "$4" 2>&1); then
		ok "$1"
	else
		not_ok "$1" "$out"
	fi
}
plot_ok "osnoise hist --plot: a panel per CPU, a bar per bucket, the -s line" \
	os-hist.svg os-hist.json 1
plot_ok "timerlat hist --plot: IRQ and thread bars per CPU" tl-hist.svg tl-hist.json 0
expect_json "merge.json: node b's CPU 2 is the worst" merge.json \
	'd["worst"]["index"] == 1 and d["worst"]["cpu"] == 2'
expect_json "merge.json: the projection grows with the processes, for every phase" merge.json \
	'd["projection"]["made"] and all(a <= b + 1e-9 for r1, r2 in zip(d["projection"]["rows"], d["projection"]["rows"][1:]) for a, b in zip(r1["slowdown_pct"], r2["slowdown_pct"]))'
check_grep "merge.svg: nodes side by side" '<svg' "$dir/merge.svg"
