# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/16-hwlatdetect.sh: hwlatdetect's
# summary says what its sample lines say, and --report holds those lines.

. tests/vm/host/lib.sh
dir=$VM_OUT/16-hwlatdetect

# expect_text NAME EXPR: EXPR over run.txt's summary (s) and samples (x), rep.txt's (r)
expect_text()
{
	local name=$1 expr=$2 out

	if out=$(python3 - "$dir/run.txt" "$dir/rep.txt" "$expr" 2>&1 <<'PY'
import re, sys
pat = re.compile(r'^ts: (\d+\.\d{9}), inner:(\d+), outer:(\d+), cpu:(\d+), count:(\d+)$')
def samples(path):
    return [tuple(int(g) if i else g for i, g in enumerate(m.groups()))
            for m in map(pat.match, open(path).read().splitlines()) if m]
text = open(sys.argv[1]).read()
s = {}
for key, rx in (('max', r'^Max Latency: (\d+)us$'), ('recorded', r'^Samples recorded: (\d+)$'),
                ('exceeding', r'^Samples exceeding threshold: (\d+)$'),
                ('saved', r'^report saved to rep\.txt \((\d+) samples\)$')):
    m = re.search(rx, text, re.M)
    s[key] = int(m.group(1)) if m else None
x, r = samples(sys.argv[1]), samples(sys.argv[2])
sys.exit(0 if eval(sys.argv[3]) else 1)
PY
	); then
		ok "$name"
	else
		not_ok "$name" "$expr" "$out"
	fi
}

expect_text "Samples recorded is the number of sample lines" \
	's["recorded"] == len(x) > 0'
expect_text "Max Latency is the longest gap of the sample lines" \
	's["max"] == max(max(i, o) for _, i, o, _, _ in x)'
expect_text "Samples exceeding threshold is the sum of their counts" \
	's["exceeding"] == sum(c for *_, c in x) >= len(x)'
expect_text "the report holds the lines printed, and says their number" \
	'r == x and s["saved"] == len(r)'
expect_text "every sample is over the 5 us threshold" \
	'all(max(i, o) > 5 for _, i, o, _, _ in x)'
