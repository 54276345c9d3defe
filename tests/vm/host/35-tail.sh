# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/35-tail.sh: the report of the last try
# validates, its tail section has the series of the measured CPUs, a light
# tail (exponential bursts on cpus 1 and 3) is trusted as light with sane
# numbers, and the heavy one (Pareto bursts on cpu 2) is flagged heavy or
# refused by a named check: never given a small finite bound as light.

. tests/vm/host/lib.sh
dir=$VM_OUT/35-tail

validate_reports

expect_json "tail.json: a tail section in us, the default horizons" tail.json \
	'd["tail"]["unit"] == "us" and d["tail"]["horizons_s"] == [3600, 86400]'
expect_json "tail.json: the thread series of cpus 1-3 and of all of them" tail.json \
	'sorted((s["cpu"] is None, s["cpu"] or 0) for s in d["tail"]["series"] if s["context"] == "thread") == [(False, 1), (False, 2), (False, 3), (True, 0)]'

# tail_expect NAME CPU EXPRESSION - EXPRESSION over s, the series of CPU's
# thread latency in tail.json (failed: the names of the checks that
# failed; d: the report)
tail_expect()
{
	local name=$1 out

	if out=$(python3 - "$dir/tail.json" "$2" "$3" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = [x for x in d["tail"]["series"]
     if x["cpu"] == int(sys.argv[2]) and x["context"] == "thread"][0]
failed = [c["check"] for c in s["checks"] if c["passed"] is False]
ok = eval(sys.argv[3])
if not ok:
	print(json.dumps(s)[:2000])
sys.exit(0 if ok else 1)
PY
	); then
		ok "$name"
	else
		not_ok "$name" "cpu $2: $3" "$out"
	fi
}

# the light tails: one at least trusted as light (the guest made tries
# until then); every trusted one sane, heavy or not (a 90 % interval of
# the shape is above 0 for 5 % of true light tails)
expect_json "tail.json: a light tail (cpu 1 or 3) trusted, not heavy" tail.json \
	'any(s["trusted"] and not s["fit"]["heavy"] for s in d["tail"]["series"] if s["cpu"] in (1, 3) and s["context"] == "thread")'
for cpu in 1 3; do
	tail_expect "light tail, cpu $cpu: every check made and passed when trusted" $cpu \
		'not s["trusted"] or all(c["passed"] is True for c in s["checks"])'
	tail_expect "light tail, cpu $cpu: refused by a named check, or trusted, the fit's shape inside its interval" $cpu \
		'failed if not s["trusted"] else s["fit"]["shape_lower"] <= s["fit"]["shape"] <= s["fit"]["shape_upper"] and s["fit"]["scale"] > 0'
	tail_expect "light tail, cpu $cpu: the levels and horizons empty when refused, else inside their intervals" $cpu \
		'(s["levels"] == [] and s["horizons"] == []) if not s["trusted"] else all(x["lower"] <= x["estimate"] and (x["upper"] is None or x["estimate"] <= x["upper"]) for x in s["levels"] + s["horizons"]) and [x["p"] for x in s["levels"]] == [1e-6, 1e-9] and [x["seconds"] for x in s["horizons"]] == [3600, 86400]'
	tail_expect "light tail, cpu $cpu: the 1e-9 level and the worst of a day above the run's max" $cpu \
		'not s["trusted"] or (s["levels"][1]["estimate"] > s["max"] and s["horizons"][1]["estimate"] > s["max"])'
done

# the heavy tail: flagged heavy, or refused by a named check; what it
# must never be: trusted as light with a bound of the 1e-9 level under
# ten times the run's max (Pareto of shape 1.5: a billion samples' worst
# is thousands of times a few thousands')
tail_expect "heavy tail, cpu 2: flagged heavy, or refused by a named check" 2 \
	's["fit"] and s["fit"]["heavy"] or (not s["trusted"] and failed) or s["levels"][1]["upper"] is None or s["levels"][1]["upper"] >= 10 * s["max"]'
tail_expect "heavy tail, cpu 2: when heavy, the shape's interval above 0" 2 \
	'not (s["fit"] and s["fit"]["heavy"]) or s["fit"]["shape_lower"] > 0'
