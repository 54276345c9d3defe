# SPDX-License-Identifier: GPL-2.0
#
# Host tests of --tail, sourced by tests/host/run.sh (expect, ok, not_ok,
# $R, $WORK, $ROOT), or run alone (no root, no tracefs: replays only):
#
#   tests/host/tail.sh ./rtlens-san
#
# A recording made by tests/host/tail_recording.py (timerlat, 20000
# periods of 1 ms on CPUs 0 and 1, 1000 on CPU 2) replayed with --tail:
# the text's section (its legend, a trusted estimate of each series of
# CPUs 0 and 1 and of the CPUs together, whose numbers hold together: each
# estimate within its interval, rising with rarer levels and longer
# horizons, the same as the report's; CPU 2 refused, with how much longer
# to run); the JSON report valid, with its "tail"; -n in ns, horizons of
# --tail=LIST shortest first; the osnoise seed of tests/fuzz/corpus/input,
# too short, refused; the hwnoise seed, recorded without single noises,
# refused as the analysis would be; no section and no "tail" without
# --tail; a bad list refused.

TAIL_SCHEMA="Documentation/rtlens-report-v2.schema.json"

# tail_valid NAME FILE: the report FILE validates against the report schema
tail_valid() {
	if python3 "$ROOT/tests/schema/validate.py" "$ROOT/$TAIL_SCHEMA" "$2" \
		> "$WORK/tail-validate.out" 2>&1; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$WORK/tail-validate.out"
	fi
}

# tail_json NAME FILE EXPR: EXPR (python, d = the report, t = its tail) holds
tail_json() {
	if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); t = d.get("tail"); sys.exit(not eval(sys.argv[2]))' \
		"$2" "$3" 2> "$WORK/tail-json.err"; then
		ok "$1"
	else
		not_ok "$1"
		echo "#   $3"
		sed 's/^/#   /' "$WORK/tail-json.err"
	fi
}

# tail_text_agrees NAME TEXT JSON: each trusted line of the text section
# holds together (estimate within its interval, rising along the line) and
# shows the report's numbers, rounded as the text rounds them
tail_text_agrees() {
	if python3 - "$2" "$3" > "$WORK/tail-agree.out" 2>&1 <<'EOF'
import json, math, re, sys
text = open(sys.argv[1]).read().split("Tail estimates", 1)[1]
tail = json.load(open(sys.argv[2]))["tail"]
EST = re.compile(r"  (\S+) ~([0-9.]+) \(([0-9.]+)-([0-9.]+|no bound)\)")
label = re.compile(r"^(CPU (\d+)|all CPUs) (\w+): ")
series = {(s["cpu"], s["context"]): s for s in tail["series"]}
unit = tail["unit"]
decimals = 0 if unit == "ns" else 1
bad = []
checked = 0
lines = text.splitlines()
for i, line in enumerate(lines):
    m = label.match(line)
    if not m or i + 1 == len(lines) or not lines[i + 1].startswith("  1e-6 ~"):
        continue
    s = series[(int(m.group(2)) if m.group(2) else None, m.group(3))]
    got = EST.findall(lines[i + 1])
    want = s["levels"] + s["horizons"]
    if len(got) != len(want):
        bad.append("%s: %d estimates, the report has %d" % (line, len(got), len(want)))
        continue
    last = 0
    for j, ((name, est, lo, hi), w) in enumerate(zip(got, want)):
        if j == len(s["levels"]):
            last = 0    # the horizons rise among themselves
        est, lo = float(est), float(lo)
        hi = math.inf if hi == "no bound" else float(hi)
        if not lo <= est <= hi or est < last:
            bad.append("%s %s: ~%s (%s-%s) after %s" % (line, name, est, lo, hi, last))
        last = est
        for v, key in ((est, "estimate"), (lo, "lower"), (hi, "upper")):
            r = math.inf if w[key] is None else round(w[key], decimals)
            if abs(v - r) > 0.51 * 10 ** -decimals:
                bad.append("%s %s: %s %s, the report %s" % (line, name, key, v, w[key]))
    checked += 1
print("%d trusted series checked" % checked)
for b in bad:
    print(b)
sys.exit(1 if bad or not checked else 0)
EOF
	then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$WORK/tail-agree.out"
	fi
}

tail_tests() {
	local d=$WORK/tail rec text

	mkdir -p "$d"
	rec=$d/tail.dat
	if ! python3 "$ROOT/tests/host/tail_recording.py" "$rec"; then
		not_ok "--tail: tests/host/tail_recording.py wrote no recording"
		return
	fi
	expect "timerlat hist --tail: the section after the table" 0 \
		'^Tail estimates \(--tail\), in us:$' -- \
		$R timerlat hist --input "$rec" --tail --json "$d/hist.json"
	text=$d/hist.txt
	cp "$WORK/expect.out" "$text"
	check "--tail: the legend names the levels and the horizons" \
		grep -q "^  1e-6, 1e-9: the level a sample exceeds with that probability; 1h, 24h: " "$text"
	check "--tail: CPU 0's IRQ latencies, their facts" \
		grep -qE '^CPU 0 irq: 20000 samples at 1000/s, max [0-9]+\.[0-9]; [0-9]+ over the threshold [0-9]+\.[0-9]$' "$text"
	check "--tail: a trusted estimate, each with its interval" \
		grep -qE '^  1e-6 ~[0-9.]+ \([0-9.]+-[0-9.]+\)  1e-9 ~[0-9.]+ \([0-9.]+-([0-9.]+|no bound)\)  1h ~[0-9.]+ \([0-9.]+-([0-9.]+|no bound)\)  24h ~' "$text"
	check "--tail: the CPUs together, at their summed rate" \
		grep -q '^all CPUs thread: 41000 samples at 2050/s, max ' "$text"
	check "--tail: CPU 2's 1000 samples are too few: how much longer to run" \
		grep -q '^  not trusted: too few samples for a tail (2500 needed, 50 of them over a threshold): run for about 1.5 s more$' "$text"
	check "--tail: 6 of the 8 series trusted" \
		test "$(grep -c '^  1e-6 ~' "$text")" = 6
	tail_valid "--tail: the report validates" "$d/hist.json"
	tail_json "--tail: the report's tail, its series in order" "$d/hist.json" \
		't["unit"] == "us" and t["horizons_s"] == [3600, 86400] and [(s["cpu"], s["context"]) for s in t["series"]] == [(0, "irq"), (0, "thread"), (1, "irq"), (1, "thread"), (2, "irq"), (2, "thread"), (None, "irq"), (None, "thread")]'
	tail_json "--tail: CPUs 0 and 1 trusted, CPU 2 to run 1.5 s more" "$d/hist.json" \
		'[s["trusted"] for s in t["series"]] == [True] * 4 + [False] * 2 + [True] * 2 and all(abs(s["run_more_s"] - 1.5) < 0.01 for s in t["series"][4:6])'
	tail_json "--tail: the rate and the span of the CPUs together" "$d/hist.json" \
		'abs(t["series"][6]["rate_hz"] - 2050) < 1 and abs(t["series"][6]["span_s"] - 20) < 0.01'
	tail_text_agrees "--tail: the text's estimates hold together and are the report's" \
		"$text" "$d/hist.json"

	expect "timerlat top -n --tail=24h,20m: ns, shortest first" 0 \
		'^  1e-6, 1e-9: the level a sample exceeds with that probability; 20m, 24h: ' -- \
		$R timerlat top -n --input "$rec" --tail=24h,20m --json "$d/top.json"
	cp "$WORK/expect.out" "$d/top.txt"
	check "-n --tail: the section in ns" grep -q '^Tail estimates (--tail), in ns:$' "$d/top.txt"
	tail_valid "-n --tail: the report validates" "$d/top.json"
	tail_json "-n --tail: the report's tail in ns" "$d/top.json" \
		't["unit"] == "ns" and t["horizons_s"] == [1200, 86400] and t["series"][0]["max"] > 1000'
	tail_text_agrees "-n --tail: the text's estimates hold together and are the report's" \
		"$d/top.txt" "$d/top.json"

	expect "osnoise top --tail: a short recording is refused" 0 \
		'^  not trusted: too few samples for a tail \(2500 needed, 50 of them over a threshold\): run for about [0-9.]+ (s|min|h) more$' -- \
		$R osnoise top --input "$ROOT/tests/fuzz/corpus/input/osnoise-aa.dat" --tail \
		--json "$d/osnoise.json"
	check "osnoise --tail: the single noises" grep -q '^CPU 0 noise: ' "$WORK/expect.out"
	tail_valid "osnoise --tail: the report validates" "$d/osnoise.json"
	tail_json "osnoise --tail: nothing trusted" "$d/osnoise.json" \
		'not any(s["trusted"] or s["levels"] for s in t["series"]) and {s["context"] for s in t["series"]} == {"noise"}'

	expect "hwnoise --tail: a recording without single noises is refused" 1 \
		"has no osnoise:sample_threshold events, the noise samples that --tail needs: .* or replay it with hwnoise without --tail" -- \
		$R hwnoise --input "$ROOT/tests/fuzz/corpus/input/hwnoise.dat" --tail

	expect "without --tail: the table" 0 '^ALL:' -- \
		$R timerlat hist --input "$rec" --json "$d/none.json"
	check "without --tail: no section" sh -c "! grep -q 'Tail estimates' '$WORK/expect.out'"
	tail_json "without --tail: no tail in the report" "$d/none.json" \
		'"tail" not in d and d["schema_version"] == "2.5"'
	expect "--tail with a bad horizon" 1 "invalid --tail value '1h,x'" -- \
		$R timerlat hist --input "$rec" --tail=1h,x
}

# ---- run alone ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "$@"
	check() {
		local name=$1

		shift
		if "$@"; then ok "$name"; else not_ok "$name"; fi
	}
	tail_tests
	alone_end
fi
