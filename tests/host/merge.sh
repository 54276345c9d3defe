# SPDX-License-Identifier: GPL-2.0
#
# Host tests of rtlens merge, sourced by tests/host/run.sh (expect, ok,
# not_ok, $R, $WORK, $ROOT), or run alone:
#
#   tests/host/merge.sh ./rtlens-san
#
# Three osnoise hist reports of three nodes, made here from the schema's
# example (valid-hist.json) with noise of our own: node-a and node-b
# quiet, node-c with long noises on CPU 3. merge must name node-c and CPU 3
# the noisiest, print a projection that grows with the processes, and
# write JSON that validates against its schema. A refused merge (tools
# mixed, a bad --phase, a missing file) exits 1 with a reason and leaves
# --json's file as it was.

MRG_SCHEMA="Documentation/rtlens-merge-v1.schema.json"
. "$(dirname "${BASH_SOURCE[0]}")/long_path.sh"

# mrg_node OUT HOST CPU2 CPU3: a report of HOST whose CPUs 2 and 3 saw the
# noises CPU2 and CPU3 ({us: count}, python), over the example's runtime
mrg_node() {
	python3 - "$ROOT/tests/schema/examples/valid-hist.json" "$@" <<'EOF'
import json, sys
src, out, host = sys.argv[1:4]
noises = [json.loads(a) for a in sys.argv[4:6]]
d = json.load(open(src))
size, entries = 10, 100
d["system"]["hostname"] = host
d["config"]["bucket_size"] = d["histogram"]["bucket_size"] = size
d["config"]["entries"] = d["histogram"]["entries"] = entries
for c, h, noise in zip(d["cpus"], d["histogram"]["cpus"], noises):
    noise = {int(k): v for k, v in noise.items()}
    count = sum(noise.values())
    total = sum(k * v for k, v in noise.items())
    buckets = {}
    for us, n in noise.items():
        if us < size * entries:
            buckets[us // size] = buckets.get(us // size, 0) + n
    h.update(count=count, min=min(noise), max=max(noise), avg=round(total / count, 3),
             over=sum(n for us, n in noise.items() if us >= size * entries),
             buckets=[{"index": i, "count": buckets[i]} for i in sorted(buckets)])
    c.update(noise_us=total, max_single_us=max(noise), max_noise_us=max(max(noise), 61),
             cpu_available_pct=round(100 * (1 - total / c["runtime_us"]), 5),
             irq_count=count, thread_count=0, hw_count=0)
json.dump(d, open(out, "w"), indent=1)
EOF
}

# mrg_valid NAME FILE: FILE validates against the merge schema
mrg_valid() {
	if python3 "$ROOT/tests/schema/validate.py" "$ROOT/$MRG_SCHEMA" "$2" \
		> "$WORK/mrg-validate.out" 2>&1; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$WORK/mrg-validate.out"
	fi
}

# mrg_json NAME FILE EXPR: EXPR (python, d = the document) holds
mrg_json() {
	if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not eval(sys.argv[2]))' \
		"$2" "$3" 2> "$WORK/mrg-json.err"; then
		ok "$1"
	else
		not_ok "$1"
		echo "#   $3"
		sed 's/^/#   /' "$WORK/mrg-json.err"
	fi
}

# mrg_refused NAME PATTERN ARGS...: exit 1, PATTERN said, --json's file
# untouched and nothing else left beside it
mrg_refused() {
	local name=$1 pattern=$2 kept=$WORK/mrg-dir/kept.json

	shift 2
	echo "the merge of before" > "$kept"
	expect "merge refuses: $name" 1 "$pattern" -- $R merge "$@" --json "$kept"
	if [ "$(cat "$kept")" = "the merge of before" ] &&
	   [ "$(ls -A "$WORK/mrg-dir")" = kept.json ]; then
		ok "merge refuses: $name: --json's file untouched"
	else
		not_ok "merge refuses: $name: --json's file untouched"
	fi
}

merge_make_nodes() {
	mrg_node "$WORK/node-a.json" node-a '{"1": 3000, "3": 400, "12": 6}' '{"1": 2800, "2": 500, "17": 2}'
	mrg_node "$WORK/node-b.json" node-b '{"1": 3100, "4": 300, "9": 4}' '{"1": 2900, "2": 450, "21": 1}'
	mrg_node "$WORK/node-c.json" node-c '{"1": 3000, "3": 380, "15": 5}' \
		'{"1": 3000, "5": 200, "250": 300, "1800": 12}'
	if python3 "$ROOT/tests/schema/validate.py" \
		"$ROOT/Documentation/rtlens-report-v1.schema.json" "$WORK"/node-[abc].json \
		> "$WORK/mrg-validate.out" 2>&1; then
		ok "merge: the nodes' reports made are valid reports"
	else
		not_ok "merge: the nodes' reports made are valid reports"
		sed 's/^/#   /' "$WORK/mrg-validate.out"
	fi
}

merge_usage_tests() {
	expect "merge --help" 0 'usage: rtlens merge REPORT.json\.\.\. \[--json FILE\|-\] \[--phase LIST\]' -- \
		$R merge --help
	expect "merge -h" 0 'exit status: 0 the reports were merged, 1 error' -- $R merge -h
	expect "rtlens --help lists merge" 0 'merge +- many nodes' -- $R --help
	expect "merge: no report" 1 "no report to merge" -- $R merge
	expect "merge: unknown option" 1 "unknown option '--frob'" -- $R merge --frob a.json
	expect "merge: --json without a value" 1 "'--json' needs a value" -- $R merge a.json --json
	expect "merge: --json empty" 1 "the file name is empty" -- $R merge a.json --json ''
	expect "merge: --json - and --plot -" 1 "both want standard output" -- \
		$R merge a.json --json - --plot -
	if groff -man -Tutf8 -ww -z "$ROOT/Documentation/rtlens-merge.1" > "$WORK/groff.out" 2>&1 &&
	   [ ! -s "$WORK/groff.out" ]; then
		ok "rtlens-merge.1: groff finds nothing to say"
	else
		not_ok "rtlens-merge.1: groff finds nothing to say"
		sed 's/^/#   /' "$WORK/groff.out"
	fi
}

merge_refusal_tests() {
	local ex=$ROOT/tests/schema/examples

	mkdir -p "$WORK/mrg-dir"
	mrg_refused "osnoise with timerlat" \
		"cannot merge .*node-a.json, an osnoise report \(osnoise hist\), with .*valid-timerlat-top.json, a timerlat report \(timerlat top\): the tools measure different things" \
		"$WORK/node-a.json" "$ex/valid-timerlat-top.json"
	mrg_refused "the output of check, without a word of compare" \
		"valid-check-all.json is the output of rtlens check, not a measurement's report: give the reports" \
		"$ROOT/tests/schema/examples/valid-check-all.json"
	if grep -q compare "$WORK/expect.out"; then
		not_ok "merge refuses check's output: it does not speak of compare"
	else
		ok "merge refuses check's output: it does not speak of compare"
	fi
	mrg_refused "a missing file" "cannot read the report $WORK/nope.json" \
		"$WORK/node-a.json" "$WORK/nope.json"
	echo '{"schema_version": "1.0"' > "$WORK/mrg-broken.json"
	mrg_refused "a damaged file" "mrg-broken.json is not JSON" \
		"$WORK/node-a.json" "$WORK/mrg-broken.json"
	mrg_refused "a bad --phase unit" "invalid --phase value '5x': time unit must be" \
		"$WORK/node-a.json" --phase 5x
	mrg_refused "a phase of 0" "invalid --phase value '0us': a phase is shorter than 1 us" \
		"$WORK/node-a.json" --phase 0us
	mrg_refused "a phase over 10 s" "invalid --phase value '1ms,20s': a phase is longer than 10 s" \
		"$WORK/node-a.json" --phase 1ms,20s
	mrg_refused "an empty phase" "a phase length is empty" "$WORK/node-a.json" --phase 1ms,,2ms
	mrg_refused "too many phases" "too many phases" "$WORK/node-a.json" --phase 1,2,3,4,5,6,7,8,9
}

# reports at a path of over 200 characters: each refusal names them whole
merge_long_path_tests() {
	local dir

	dir=$(long_dir "$WORK") || { not_ok "merge: a directory at a long path"; return; }
	cp "$WORK/node-a.json" "$ROOT/tests/schema/examples/valid-timerlat-top.json" "$dir/"
	echo '{"schema_version": "1.0"' > "$dir/mrg-broken.json"
	mrg_refused "osnoise with timerlat, at a long path" \
		"cannot merge $dir/node-a.json, an osnoise report \(osnoise hist\), with $dir/valid-timerlat-top.json, a timerlat report \(timerlat top\)" \
		"$dir/node-a.json" "$dir/valid-timerlat-top.json"
	mrg_refused "a missing file, at a long path" "cannot read the report $dir/nope.json: No such" \
		"$dir/node-a.json" "$dir/nope.json"
	mrg_refused "a damaged file, at a long path" "$dir/mrg-broken.json is not JSON" \
		"$dir/node-a.json" "$dir/mrg-broken.json"
}

# the rows of the projection: every column grows with the processes
mrg_rows_grow() {
	python3 - "$WORK/expect.out" <<'EOF'
import re, sys
rows, on = [], False
for line in open(sys.argv[1]):
    if line.strip().startswith("processes"):
        on = True
        continue
    m = re.match(r"\s+(\d+|all \(\d+\))\s+(.*)$", line) if on else None
    if not m:
        on = on and not rows
        continue
    rows.append((m.group(1), [float(v.rstrip("%")) for v in m.group(2).split()]))
names = [r[0] for r in rows]
assert names == ["1", "2", "4", "all (6)"], names
for a, b in zip(rows, rows[1:]):
    assert all(y > x for x, y in zip(a[1], b[1])), (a, b)
assert len(rows[0][1]) == 4
EOF
}

merge_node_tests() {
	local a=$WORK/node-a.json b=$WORK/node-b.json c=$WORK/node-c.json

	expect "merge three nodes" 0 "^Noisiest: node node-c, CPU 3: " -- $R merge "$a" "$b" "$c"
	grep -qE "^  processes +100 us +1 ms +10 ms +100 ms$" "$WORK/expect.out" &&
		ok "merge: the projection's phases" || not_ok "merge: the projection's phases"
	if mrg_rows_grow 2> "$WORK/mrg-rows.err"; then
		ok "merge: the slowdown grows with the processes"
	else
		not_ok "merge: the slowdown grows with the processes"
		sed 's/^/#   /' "$WORK/mrg-rows.err" "$WORK/expect.out"
	fi
	grep -qE "^  node-c +osnoise hist +2 .* 3 " "$WORK/expect.out" &&
		ok "merge: node-c's row names CPU 3" || not_ok "merge: node-c's row names CPU 3"

	expect "merge --json" 0 "^Noisiest: node node-c" -- $R merge "$a" "$b" "$c" --json "$WORK/mrg.json"
	mrg_valid "merge --json: valid JSON" "$WORK/mrg.json"
	mrg_json "merge --json: node-c CPU 3 the worst" "$WORK/mrg.json" \
		'd["worst"]["node"] == "node-c" and d["worst"]["cpu"] == 3 and d["worst"]["index"] == 2'
	mrg_json "merge --json: the projection grows with N" "$WORK/mrg.json" \
		'[r["processes"] for r in d["projection"]["rows"]] == [1, 2, 4, 6] and all(all(y > x for x, y in zip(p["slowdown_pct"], q["slowdown_pct"])) for p, q in zip(d["projection"]["rows"], d["projection"]["rows"][1:]))'
	mrg_json "merge --json: laws from the histograms" "$WORK/mrg.json" \
		'd["projection"]["laws"] == {"histogram": 6, "counts": 0} and d["projection"]["made"]'

	expect "merge --json - writes JSON only" 0 '"command": "merge"' -- \
		$R merge "$a" "$c" --json - --phase 50us,2ms
	if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["projection"]["phases_us"] == [50, 2000]' \
		"$WORK/expect.out" 2> /dev/null; then
		ok "merge --json -: nothing but the document, --phase's columns"
	else
		not_ok "merge --json -: nothing but the document, --phase's columns"
	fi
	expect "merge: a host twice is host#2" 0 "^  node-a#2 " -- $R merge "$a" "$a"
	expect "merge: one report" 0 "^  all \(2\) " -- $R merge "$b"

	expect "merge --plot" 0 "^Noisiest" -- $R merge "$a" "$b" "$c" --plot "$WORK/mrg.svg"
	grep -q "<svg" "$WORK/mrg.svg" 2> /dev/null &&
		ok "merge --plot: an SVG picture" || not_ok "merge --plot: an SVG picture"
}

merge_timerlat_tests() {
	local ex=$ROOT/tests/schema/examples

	expect "merge timerlat hist" 0 "expected max" -- \
		$R merge "$ex/valid-timerlat-hist-ns.json" "$ex/valid-timerlat-hist-user.json" \
		--json "$WORK/mrg-tl.json"
	mrg_valid "merge timerlat: valid JSON" "$WORK/mrg-tl.json"
	expect "merge timerlat top: no projection, and why" 0 \
		"No projection: a timerlat top report keeps only the min, avg and max" -- \
		$R merge "$ex/valid-timerlat-top.json" "$ex/valid-timerlat-top-analysis.json" \
		--json "$WORK/mrg-tl2.json"
	mrg_valid "merge timerlat top: valid JSON" "$WORK/mrg-tl2.json"
	mrg_json "merge timerlat top: the JSON says why" "$WORK/mrg-tl2.json" \
		'not d["projection"]["made"] and "timerlat hist" in d["projection"]["why_not"] and d["projection"]["rows"] == []'
}

merge_tests() {
	merge_make_nodes
	merge_usage_tests
	merge_refusal_tests
	merge_long_path_tests
	merge_node_tests
	merge_timerlat_tests
}

# ---- run alone ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "$@"
	merge_tests
	alone_end
fi
