# SPDX-License-Identifier: GPL-2.0
#
# Host tests of rtlens check, sourced by tests/host/run.sh (expect, ok,
# not_ok, $R, $WORK): this machine has no isolated CPU, so every check says
# "not isolated" (exit 2); bad options exit 1 and write nothing.

check_tests()
{
	local nr=$(nproc) last

	last=$((nr - 1))
	expect "check --help" 0 'usage: rtlens check' -- $R check --help
	expect "check: not isolated here, exit 2" 2 "^CPU 0-$last is not isolated: " -- $R check
	expect "check: all online CPUs by default" 2 "^rtlens check: CPU 0-$last \\(all online CPUs\\)" -- $R check
	expect "check: the tick of each CPU" 2 '^ +CPU +ISOLATED +NOHZ_FULL +RCU_NOCB +TICK STOPPED' -- $R check
	expect "check: why and how to fix" 2 '^          boot: isolcpus=domain,managed_irq,0 *$' -- $R check -c 0
	if [ "$nr" -ge 2 ]; then
		expect "check: nothing isolated: says so, names -c" 2 \
			"^  for the system: rtlens check -c 1(-$last)? judges the rest" -- $R check
		expect "check: every CPU judged: the fixes keep CPU 0" 2 \
			"^          boot: isolcpus=domain,managed_irq,1(-$last)? \\(CPU 0 kept for the system\\)" -- $R check
		$R check > "$WORK/check-all.txt" 2>&1
		if grep -E "^          (fix|boot): .*[=, ]0-$last\b" "$WORK/check-all.txt" > "$WORK/check-all.bad"; then
			not_ok "check: no fix takes every CPU from the system"
			sed 's/^/#   /' "$WORK/check-all.bad"
		else
			ok "check: no fix takes every CPU from the system"
		fi
	fi
	expect "check -q: the verdict" 2 '^CPU 0 is not isolated' -- $R check -c 0 -q
	expect "check: cpu out of range" 1 "invalid -c '4096': cpu 4096 is out of range" -- $R check -c 4096
	expect "check: unknown option" 1 "unknown option '--frob'" -- $R check --frob
	expect "check: missing value" 1 "needs a value" -- $R check -c
	expect "check: stray argument" 1 "unexpected argument 'now'" -- $R check now
	expect "check --json -: JSON only" 2 '^  "command": "check",$' -- $R check --json -
	expect "check --json FILE" 2 'is not isolated' -- $R check --json "$WORK/check.json"
	if python3 "$ROOT/tests/schema/validate.py" "$ROOT/Documentation/rtlens-check-v2.schema.json" \
		"$WORK/check.json" > "$WORK/validate.out" 2>&1; then
		ok "check --json: valid against the check schema"
	else
		not_ok "check --json: valid against the check schema"
		sed 's/^/#   /' "$WORK/validate.out"
	fi
	echo "keep me" > "$WORK/kept.json"
	expect "check: a bad -c leaves --json's file alone" 1 'invalid -c' -- \
		$R check -c x --json "$WORK/kept.json"
	if [ "$(cat "$WORK/kept.json")" = "keep me" ]; then
		ok "check: the file is untouched"
	else
		not_ok "check: the file is untouched"
	fi
	expect "check: --json into a missing directory" 1 \
		"^rtlens check: error: cannot write the check's JSON to $WORK/no/such/dir/c.json: its directory does not exist \\(create it" -- \
		$R check -c 0 -q --json "$WORK/no/such/dir/c.json"
	if [ "$(wc -l < "$WORK/expect.out")" = 1 ]; then
		ok "check: a bad --json file is said before any judging, and alone"
	else
		not_ok "check: a bad --json file is said before any judging, and alone"
		sed 's/^/#   /' "$WORK/expect.out"
	fi
}
