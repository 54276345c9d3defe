# SPDX-License-Identifier: GPL-2.0
#
# Host tests of rtlens compare, sourced by tests/host/run.sh (expect, ok,
# not_ok, $R, $WORK, $ROOT), or run alone:
#
#   tests/host/compare.sh ./rtlens-san
#
# The examples of tests/schema/examples, variants of them (a timerlat
# report against an osnoise one, schema 2.0, a report of schema 1.7 with
# system.tuning), files that are no report, and, as root with tracefs and
# 2 CPUs, two real runs of the user engine on CPU 1, the second with a
# SCHED_FIFO spinner on that CPU: compare must say A is better and name the
# spinner as what changed most, and runs of two periods are too short to
# tell. The gate (--fail-if-worse): exit 0 when it passes, 2 when it fails,
# 1 for a metric the reports do not have; on --tail's levels too, refused
# with the report and CPU without a trusted estimate. A refused comparison leaves
# --json's file as it was. Every JSON comparison validates against its
# schema.

CMP_SCHEMA="Documentation/rtlens-compare-v1.schema.json"
. "$(dirname "${BASH_SOURCE[0]}")/long_path.sh"

# cmp_valid NAME FILE: FILE validates against the compare schema
cmp_valid() {
	if python3 "$ROOT/tests/schema/validate.py" --schema-only "$ROOT/$CMP_SCHEMA" "$2" \
		> "$WORK/cmp-validate.out" 2>&1; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$WORK/cmp-validate.out"
	fi
}

# cmp_json NAME FILE EXPR: EXPR (python, d = the document) holds
cmp_json() {
	if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not eval(sys.argv[2]))' \
		"$2" "$3" 2> "$WORK/cmp-json.err"; then
		ok "$1"
	else
		not_ok "$1"
		echo "#   $3"
		sed 's/^/#   /' "$WORK/cmp-json.err"
	fi
}

# cmp_variant OUT IN EXPR: IN with EXPR (python statements on d) applied, into OUT
cmp_variant() {
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); exec(sys.argv[3]); json.dump(d, open(sys.argv[2], "w"))' \
		"$2" "$1" "$3"
}

# cmp_refused NAME PATTERN A B: exit 1, PATTERN said, --json's file untouched
# and nothing else left beside it
cmp_refused() {
	local name=$1 pattern=$2 kept=$WORK/cmp-dir/kept.json

	shift 2
	echo "the comparison of before" > "$kept"
	expect "compare refuses: $name" 1 "$pattern" -- $R compare "$@" --json "$kept"
	if [ "$(cat "$kept")" = "the comparison of before" ] &&
	   [ "$(ls -A "$WORK/cmp-dir")" = kept.json ]; then
		ok "compare refuses: $name: --json's file untouched"
	else
		not_ok "compare refuses: $name: --json's file untouched"
	fi
}

compare_usage_tests() {
	expect "compare --help" 0 'usage: rtlens compare A.json B.json \[--json FILE\|-\]' -- \
		$R compare --help
	expect "compare -h" 0 'exit status: 0 the comparison was made' -- $R compare -h
	expect "compare: no report" 1 "two reports are needed" -- $R compare
	expect "compare: one report" 1 "two reports are needed" -- $R compare "$CMP_EX/valid-top.json"
	expect "compare: three reports" 1 "unexpected argument 'c.json'" -- $R compare a.json b.json c.json
	expect "compare: unknown option" 1 "unknown option '--frob'" -- $R compare --frob a.json b.json
	expect "compare: --json without a value" 1 "'--json' needs a value" -- $R compare a.json b.json --json
	expect "compare: --json empty" 1 "the file name is empty" -- $R compare a.json b.json --json ''
	expect "rtlens --help lists compare" 0 'compare +- two JSON reports' -- $R --help
	if groff -man -Tutf8 -ww -z "$ROOT/Documentation/rtlens-compare.1" > "$WORK/groff.out" 2>&1 &&
	   [ ! -s "$WORK/groff.out" ]; then
		ok "rtlens-compare.1: groff finds nothing to say"
	else
		not_ok "rtlens-compare.1: groff finds nothing to say"
		sed 's/^/#   /' "$WORK/groff.out"
	fi
}

compare_refusal_tests() {
	mkdir -p "$WORK/cmp-dir"
	printf 'not json {\n' > "$WORK/cmp-garbage.txt"
	echo '{"tool": {"name": "rtla"}, "schema_version": "1.0"}' > "$WORK/cmp-other.json"
	cmp_variant "$WORK/cmp-v3.json" "$CMP_EX/valid-top.json" 'd["schema_version"] = "3.0"'
	cmp_variant "$WORK/cmp-cut.json" "$CMP_EX/valid-top.json" 'del d["cpus"][1]["noise_us"]'
	cmp_refused "osnoise vs timerlat" \
		"cannot compare .*valid-top.json, an osnoise report \\(osnoise top\\), with .*valid-timerlat-top.json, a timerlat report" \
		"$CMP_EX/valid-top.json" "$CMP_EX/valid-timerlat-top.json"
	cmp_refused "not JSON" "cmp-garbage.txt is not JSON \\(line 1, column [0-9]+: .*\\): give the files" \
		"$CMP_EX/valid-top.json" "$WORK/cmp-garbage.txt"
	cmp_refused "JSON that is no report" 'cmp-other.json is not an rtlens report: it has no "tool": \{"name": "rtlens"\}' \
		"$WORK/cmp-other.json" "$CMP_EX/valid-top.json"
	cmp_refused "a missing file" "cannot read the report .*nope.json: No such file or directory" \
		"$CMP_EX/valid-top.json" "$WORK/nope.json"
	cmp_refused "schema major 3" "cmp-v3.json has schema_version 3.0: this rtlens \\([0-9.]+\\) reads the reports of schemas 1.x to 2.x only" \
		"$CMP_EX/valid-top.json" "$WORK/cmp-v3.json"
	cmp_refused "a damaged report" "cmp-cut.json: cpus\\[1\\].noise_us is missing or not a number" \
		"$CMP_EX/valid-top.json" "$WORK/cmp-cut.json"
	cmp_refused "a directory" "cannot read the report .*: Is a directory" "$WORK" "$CMP_EX/valid-top.json"
	cmp_refused "the output of check" "valid-check-all.json is the output of rtlens check, not a measurement's report" \
		"$CMP_EX/valid-top.json" "$CMP_EX/valid-check-all.json"
}

# reports at a path of over 200 characters: each refusal names them whole
compare_long_path_tests() {
	local dir

	dir=$(long_dir "$WORK") || { not_ok "compare: a directory at a long path"; return; }
	cp "$CMP_EX/valid-top.json" "$CMP_EX/valid-timerlat-top.json" "$dir/"
	cmp_variant "$dir/cmp-cut.json" "$CMP_EX/valid-top.json" 'del d["cpus"][1]["noise_us"]'
	cmp_refused "osnoise vs timerlat, at a long path" \
		"cannot compare $dir/valid-top.json, an osnoise report \\(osnoise top\\), with $dir/valid-timerlat-top.json, a timerlat report" \
		"$dir/valid-top.json" "$dir/valid-timerlat-top.json"
	cmp_refused "a missing file, at a long path" \
		"cannot read the report $dir/nope.json: No such file or directory" \
		"$dir/valid-top.json" "$dir/nope.json"
	cmp_refused "a damaged report, at a long path" \
		"$dir/cmp-cut.json: cpus\\[1\\].noise_us is missing or not a number" \
		"$dir/valid-top.json" "$dir/cmp-cut.json"
}

compare_example_tests() {
	expect "compare osnoise top with hist" 0 "^verdict: " -- \
		$R compare "$CMP_EX/valid-top.json" "$CMP_EX/valid-hist.json" --json "$WORK/cmp-1.json"
	cmp_valid "compare top/hist: valid JSON" "$WORK/cmp-1.json"
	cmp_json "compare top/hist: only CPUs 2-3 in both" "$WORK/cmp-1.json" \
		'd["cpus"] == {"both": "2-3", "only_a": "0-1", "only_b": ""}'
	expect "compare a report with itself: the same" 0 "^verdict: no significant difference" -- \
		$R compare "$CMP_EX/valid-hist.json" "$CMP_EX/valid-hist.json"
	expect "compare hist: the percentiles" 0 "noise p99.9 \\(us\\)" -- \
		$R compare "$CMP_EX/valid-hist.json" "$CMP_EX/valid-hist-signal.json"
	expect "compare timerlat: the blocking thread changed most" 0 \
		"what changed most: blocking thread rtl_blocker \\(\\+26 us in the latency analyzed\\)" -- \
		$R compare "$CMP_EX/valid-timerlat-hist-irq-analysis.json" \
		"$CMP_EX/valid-timerlat-top-analysis.json" --json "$WORK/cmp-2.json"
	grep -q "^verdict: A is better: thread latency max 19 us vs 40 us (2.1x lower)" "$WORK/expect.out" &&
		ok "compare timerlat: A is better" || not_ok "compare timerlat: A is better"
	cmp_valid "compare timerlat: valid JSON" "$WORK/cmp-2.json"
	expect "compare timerlat in ns with us" 0 "thread latency p99 \\(us\\)" -- \
		$R compare "$CMP_EX/valid-timerlat-hist-ns.json" "$CMP_EX/valid-timerlat-hist-user.json" \
		--json "$WORK/cmp-3.json"
	cmp_valid "compare timerlat ns/us: valid JSON" "$WORK/cmp-3.json"
	expect "compare --json -: JSON only on stdout" 0 '^  "command": "compare",$' -- \
		$R compare "$CMP_EX/valid-top.json" "$CMP_EX/valid-top-1.1.json" --json -
	if ! grep -q '^verdict:' "$WORK/expect.out" && python3 -m json.tool "$WORK/expect.out" >/dev/null; then
		ok "compare --json -: no text"
	else
		not_ok "compare --json -: no text"
	fi
}

# --fail-if-worse: 0 passed, 2 failed, 1 bad input
compare_gate_tests() {
	local tla=$CMP_EX/valid-timerlat-hist-irq-analysis.json tlb=$CMP_EX/valid-timerlat-top-analysis.json

	expect "compare --help: the gate" 0 '--fail-if-worse metric\[:margin\]: exit 2 when B is worse' -- \
		$R compare --help
	expect "compare gate passes: exit 0" 0 '^  max:\+50%: passed \(max single noise, overall and each CPU\)' -- \
		$R compare "$CMP_EX/valid-hist.json" "$CMP_EX/valid-hist.json" --fail-if-worse max:+50% \
		--fail-if-worse noise:+0.01pp
	grep -q '^gate: passed$' "$WORK/expect.out" && ok "compare gate passes: said" ||
		not_ok "compare gate passes: said"
	expect "compare gate fails: exit 2" 2 \
		'^  max:\+5us: FAILED CPU 3: thread latency max 19 us -> 40 us, worse by 21 us \(\+110.5%\), allowed 5 us$' -- \
		$R compare "$tla" "$tlb" --fail-if-worse max:+5us --fail-if-worse avg --json "$WORK/cmp-g.json"
	grep -q '^gate: failed (exit status 2)' "$WORK/expect.out" && ok "compare gate fails: said" ||
		not_ok "compare gate fails: said"
	cmp_valid "compare gate fails: valid JSON" "$WORK/cmp-g.json"
	cmp_json "compare gate fails: the JSON names the CPU and by how much" "$WORK/cmp-g.json" \
		'd["schema_version"] == "1.4" and not d["gate"]["passed"] and [(f["cpu"], f["worse_by"]) for f in d["gate"]["rules"][0]["failed"]] == [(None, 21), (3, 21)] and d["gate"]["rules"][1]["passed"]'
	expect "compare gate: B better the other way, exit 0" 0 '^gate: passed' -- \
		$R compare "$tlb" "$tla" --fail-if-worse max:+5us
	expect "compare gate fails with --json -: exit 2" 2 '"passed": false' -- \
		$R compare "$tla" "$tlb" --fail-if-worse thread_max_us --json -
	cmp_refused "a gate on a metric the reports do not have" \
		"invalid --fail-if-worse value p99: a percentile needs a histogram in both reports \(the hist modes\); the metrics of these osnoise reports: noise, max; or a key" \
		"$CMP_EX/valid-top.json" "$CMP_EX/valid-top.json" --fail-if-worse p99
	cmp_refused "a gate on no metric" "invalid --fail-if-worse value frob: no such metric; the metrics of these timerlat reports: max, avg" \
		"$tla" "$tlb" --fail-if-worse frob
	expect "compare gate: a bad margin" 1 "invalid --fail-if-worse value 'p99:5km': the margin's unit is none of" -- \
		$R compare "$tla" "$tlb" --fail-if-worse p99:5km
}

# the gate on --tail's levels (report schema 2.5): the example with a tail,
# its CPU 2 (too few samples) left out, against itself (passes), against a
# variant whose CPU 1 has its levels doubled (fails, overall and on CPU 1),
# and refused when a CPU compared has no trusted estimate (the whole
# example: CPU 2) or a report has no tail, each saying which and why
compare_tail_tests() {
	local a=$WORK/cmp-tail-a.json b=$WORK/cmp-tail-b.json full=$CMP_EX/valid-timerlat-top-tail.json
	local cpu1='s = [s for s in d["tail"]["series"] if s["cpu"] == 1 and s["context"] == "thread"][0]'

	cmp_variant "$a" "$full" 'del d["cpus"][2]'
	cmp_variant "$b" "$a" "$cpu1
for l in s['levels']: l['estimate'] *= 2"
	cmp_variant "$WORK/cmp-tail-none.json" "$a" 'del d["tail"]'
	expect "compare gate on the tail's 1e-9 level passes: exit 0" 0 \
		'^  p1e-9:\+10%: passed \(thread latency 1e-9 level, overall and each CPU\)$' -- \
		$R compare "$a" "$a" --fail-if-worse p1e-9:+10%
	expect "compare gate on the tail's 1e-9 level fails: exit 2" 2 \
		'^  p1e-9:\+10%: FAILED overall: thread latency 1e-9 level [0-9.]+ us -> [0-9.]+ us, worse by' -- \
		$R compare "$a" "$b" --fail-if-worse p1e-9:+10% --fail-if-worse p1e-6:+1000% \
		--json "$WORK/cmp-tail.json"
	cmp_valid "compare gate on the tail: valid JSON" "$WORK/cmp-tail.json"
	cmp_json "compare gate on the tail: the metric, overall and CPU 1" "$WORK/cmp-tail.json" \
		'd["gate"]["rules"][0]["metric"] == "thread_p1e-9_us" and [f["cpu"] for f in d["gate"]["rules"][0]["failed"]] == [None, 1] and d["gate"]["rules"][1]["passed"]'
	cmp_refused "a tail level a CPU compared has no trusted estimate of" \
		"p1e-6 cannot be judged: it needs the thread latency 1e-6 level of every CPU compared in both reports, and A, .*valid-timerlat-top-tail.json, lacks it on CPU 2, whose estimate is not trusted: too few samples" \
		"$full" "$full" --fail-if-worse p1e-6
	cmp_refused "a tail level of a report without --tail" \
		"invalid --fail-if-worse value p1e-9: a tail level needs the tail estimates of both reports .*, and B, .*cmp-tail-none.json, has none" \
		"$a" "$WORK/cmp-tail-none.json" --fail-if-worse p1e-9
}

# two reports with system.tuning (the layout of rtlens check): A of schema
# 1.7, whose settings are flat ("cpu2.governor"), B of 2.0, whose settings
# nest ("cpu2": {"governor"}): compared setting by setting all the same
compare_tuning_tests() {
	local tuning='d["schema_version"] = "1.7"; d["system"]["tuning"] = {"measured_cpus": "2-3", "settings": S, "findings": F}'
	local tuning2=${tuning/1.7/2.0}

	cmp_variant "$WORK/cmp-t1.json" "$CMP_EX/valid-osnoise-analysis.json" \
		"S = {'cmdline.isolcpus': None, 'config.hz': 250, 'cpu2.governor': 'powersave', 'sysctl.kernel.nmi_watchdog': 1, 'transparent_hugepage': 'always'}
F = [{'id': 'governor', 'status': 'warn', 'cpus': '2', 'what': 'CPU 2 runs the powersave governor'}, {'id': 'isolcpus', 'status': 'breaks', 'cpus': '2-3', 'what': 'CPUs 2-3 are not isolated'}]
$tuning"
	cmp_variant "$WORK/cmp-t2.json" "$CMP_EX/valid-osnoise-analysis.json" \
		"S = {'cmdline': {'isolcpus': 'domain,managed_irq,2-3'}, 'config': {'hz': 1000}, 'cpu2': {'governor': 'performance'}, 'sysctl': {'kernel': {'nmi_watchdog': 0}}}
F = [{'id': 'governor', 'status': 'ok', 'cpus': '2', 'what': 'performance'}, {'id': 'nmi_watchdog', 'status': 'warn', 'cpus': '', 'what': 'the NMI watchdog fires every 10 s'}]
$tuning2"
	expect "compare tuning: a setting changed" 0 '~ cpu2.governor +powersave -> performance' -- \
		$R compare "$WORK/cmp-t1.json" "$WORK/cmp-t2.json" --json "$WORK/cmp-t.json"
	local out="$WORK/cmp-tuning.out"
	cp "$WORK/expect.out" "$out"
	grep -qE -- '- transparent_hugepage +always \(only in A\)' "$out" &&
		ok "compare tuning: a setting only in A" || not_ok "compare tuning: a setting only in A"
	grep -qE '~ cmdline.isolcpus +null -> domain,managed_irq,2-3' "$out" &&
		ok "compare tuning: null to a value" || not_ok "compare tuning: null to a value"
	grep -qE 'breaks -> - +isolcpus \[CPUs 2-3\]: CPUs 2-3 are not isolated' "$out" &&
		ok "compare tuning: a finding fixed in B" || not_ok "compare tuning: a finding fixed in B"
	grep -qE -- '- +-> warn +nmi_watchdog: the NMI watchdog fires' "$out" &&
		ok "compare tuning: a finding new in B" || not_ok "compare tuning: a finding new in B"
	cmp_valid "compare tuning: valid JSON" "$WORK/cmp-t.json"
	cmp_json "compare tuning: the JSON lists them" "$WORK/cmp-t.json" \
		'd["tuning"]["compared"] and len(d["tuning"]["settings"]) == 5 and len(d["tuning"]["findings"]) == 3 and {"key": "transparent_hugepage", "change": "removed", "a": "always", "b": None} in d["tuning"]["settings"]'
	expect "compare tuning: not recorded in 1.1" 0 'tuning: not recorded in B \(schema 1.1\)' -- \
		$R compare "$WORK/cmp-t1.json" "$CMP_EX/valid-osnoise-analysis.json"
}

# two real runs of the user engine on CPU 1, B's with a spinner there
compare_real_tests() {
	local spin=$WORK/cmp-spin

	cc -O2 -Wall -Wextra -Werror -o "$spin" "$ROOT/tests/vm/spin.c" ||
		{ not_ok "build the spin helper"; return; }
	expect "compare: run A (quiet CPU 1)" 0 "noise sources" -- \
		$R osnoise top --engine user -c 1 -d 3 -p 250000 -r 225000 -q --aa --json "$WORK/cmp-a.json"
	# 90 % of CPU 1 at SCHED_FIFO: far more than a loaded host takes from the
	# quiet run (up to half of it seen), so that A is better on any machine
	"$spin" -c 1 -p 10 -n rtl_cmp_spin -d 30 --duty 90 --period-ms 100 > /dev/null &
	local spin_pid=$!
	sleep 0.3
	expect "compare: run B (a spinner on CPU 1)" 0 "rtl_cmp_spin" -- \
		$R osnoise top --engine user -c 1 -d 3 -p 250000 -r 225000 -q --aa --json "$WORK/cmp-b.json"
	expect "compare: run B2 (2 s, the default period)" 0 "Operating System Noise" -- \
		$R osnoise top --engine user -c 1 -d 2 -q --json "$WORK/cmp-b2.json"
	kill "$spin_pid" 2>/dev/null
	wait "$spin_pid" 2>/dev/null
	expect "compare real runs: A is better" 0 "^verdict: A is better: CPU available" -- \
		$R compare "$WORK/cmp-a.json" "$WORK/cmp-b.json" --json "$WORK/cmp-r.json"
	grep -qE "^what changed most: thread rtl_cmp_spin \\(\\+[0-9.]+ ms/s on CPU 1\\)" "$WORK/expect.out" &&
		ok "compare real runs: the spinner changed most" ||
		{ not_ok "compare real runs: the spinner changed most"; sed 's/^/#   /' "$WORK/expect.out"; }
	cmp_valid "compare real runs: valid JSON" "$WORK/cmp-r.json"
	cmp_json "compare real runs: the JSON says so" "$WORK/cmp-r.json" \
		'd["verdict"]["better"] == "a" and d["sources"]["changed"][0]["name"] == "rtl_cmp_spin" and d["sources"]["changed"][0]["pids"]["a"] == []'
	expect "compare real runs the other way: B is better" 0 "^verdict: B is better" -- \
		$R compare "$WORK/cmp-b.json" "$WORK/cmp-a.json"
	expect "compare real runs of 2 s at 1 s periods: too short to tell" 0 \
		"^verdict: too short to tell: CPU available .* a CPU ran [0-9] periods? \\(at least 10" -- \
		$R compare "$WORK/cmp-b2.json" "$WORK/cmp-a.json"
	expect "compare real runs: the gate fails" 2 "^  noise:\\+1pp: FAILED overall: CPU available" -- \
		$R compare "$WORK/cmp-a.json" "$WORK/cmp-b.json" --fail-if-worse noise:+1pp
	expect "compare real runs: the gate passes the other way" 0 "^gate: passed" -- \
		$R compare "$WORK/cmp-b.json" "$WORK/cmp-a.json" --fail-if-worse noise:+1pp
}

compare_tests() {
	CMP_EX=$ROOT/tests/schema/examples
	compare_usage_tests
	compare_refusal_tests
	compare_long_path_tests
	compare_example_tests
	compare_gate_tests
	compare_tail_tests
	compare_tuning_tests
	if [ "$(id -u)" = 0 ] && [ -w /sys/kernel/tracing/tracing_thresh ] && [ "$(nproc)" -ge 2 ]; then
		compare_real_tests
	fi
}

# ---- run alone ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "$@"
	compare_tests
	alone_end
fi
