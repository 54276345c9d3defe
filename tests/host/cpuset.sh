# SPDX-License-Identifier: GPL-2.0
#
# Host tests of the CPUs measured and judged without -c, sourced by
# tests/host/run.sh (expect, ok, not_ok, $R, $WORK, $ROOT), or run alone:
#
#   tests/host/cpuset.sh ./rtlens-san
#
# Under `taskset -c 0` rtlens may run only on CPU 0 (of 2 or more): check
# judges CPU 0 and says why, measuring commands measure it and say so, the
# kernel engine's failure (no tracer here) after the same words; as root
# with tracefs, a run of the user engine measures CPU 0 alone and its
# report records why (config.cpus_allowed), -c 1 still measures CPU 1 (an
# affinity holds rtlens's threads back from nothing), and a replay takes the
# recording's CPUs. Without taskset, where rtlens may run on every online
# CPU, nothing of it.

CS_AFFINITY="rtlens may run only on it \\(its CPU affinity: taskset, systemd's CPUAffinity= or its parent's\\); name others with -c"

# cs_json NAME FILE EXPR: EXPR (python, d = the document) holds
cs_json() {
	expect "$1" 0 '^True$' -- python3 -c \
		'import json, sys; d = json.load(open(sys.argv[1])); print(bool(eval(sys.argv[2])) or d)' \
		"$2" "$3"
}

# cs_valid NAME SCHEMA FILE: FILE validates against Documentation/SCHEMA
cs_valid() {
	expect "$1" 0 ': ok$' -- python3 "$ROOT/tests/schema/validate.py" \
		"$ROOT/Documentation/$2" "$3"
}

# rtlens may run on every online CPU: as rtla, every one, and nothing said
cs_plain() {
	expect "no taskset: check judges every online CPU" 2 "\\(all online CPUs\\)" -- $R check
	if grep -q "may run only on" "$WORK/expect.out"; then
		not_ok "no taskset: check says nothing of rtlens's CPUs"
	else
		ok "no taskset: check says nothing of rtlens's CPUs"
	fi
}

cs_check() {
	expect "taskset -c 0: check says why it judges CPU 0" 2 "^rtlens check: judging CPU 0: $CS_AFFINITY$" -- \
		taskset -c 0 $R check
	expect "taskset -c 0: check's header names the affinity" 2 \
		"^rtlens check: CPU 0 \\(rtlens's CPU affinity\\) of " -- taskset -c 0 $R check
	taskset -c 0 $R check --json "$WORK/cs-check.json" > /dev/null 2>&1
	cs_valid "taskset -c 0: check --json validates" rtlens-check-v2.schema.json "$WORK/cs-check.json"
	cs_json "taskset -c 0: check --json judges CPU 0, from the affinity" "$WORK/cs-check.json" \
		'd["system"]["tuning"]["measured_cpus"] == "0" and d["system"]["tuning"]["measured_cpus_from"] == "affinity" and d["schema_version"] == "2.1"'
	expect "taskset -c 0, check -c 1: -c wins, nothing said" 2 "^rtlens check: CPU 1 \\(-c\\) of " -- \
		taskset -c 0 $R check -c 1
	if grep -q "may run only on" "$WORK/expect.out"; then
		not_ok "taskset -c 0, check -c 1: nothing said of rtlens's CPUs"
	else
		ok "taskset -c 0, check -c 1: nothing said of rtlens's CPUs"
	fi
}

# the message comes before anything else: the kernel engine fails after it
cs_kernel() {
	expect "taskset -c 0: the kernel engine says what it measures, then fails" 1 \
		"^rtlens osnoise top: measuring CPU 0: $CS_AFFINITY$" -- \
		taskset -c 0 $R osnoise top --engine kernel -d 1 -q
	if grep -q "CONFIG_OSNOISE_TRACER" "$WORK/expect.out"; then
		ok "taskset -c 0: the kernel engine fails for want of the tracer"
	else
		not_ok "taskset -c 0: the kernel engine fails for want of the tracer"
	fi
}

cs_user() {
	local r=$WORK/cs-top.json

	expect "taskset -c 0: the user engine says what it measures" 0 \
		"^rtlens timerlat top: measuring CPU 0: $CS_AFFINITY$" -- \
		taskset -c 0 $R timerlat top --engine user -d 1 -q --json "$r"
	cs_valid "taskset -c 0: the report validates" rtlens-report-v2.schema.json "$r"
	cs_json "taskset -c 0: CPU 0 alone measured, from the affinity" "$r" \
		'd["config"]["cpus"] == "0" and [c["cpu"] for c in d["cpus"]] == [0] and d["config"]["cpus_allowed"] == {"by": "affinity", "file": None} and d["system"]["tuning"]["measured_cpus"] == "0"'
	expect "taskset -c 0, -c 1: the user engine measures CPU 1" 0 '^' -- \
		taskset -c 0 $R osnoise top --engine user -c 1 -d 1 -q --json "$r" --record "$WORK/cs.dat"
	if grep -q "may run only on" "$WORK/expect.out"; then
		not_ok "taskset -c 0, -c 1: nothing said of rtlens's CPUs"
	else
		ok "taskset -c 0, -c 1: nothing said of rtlens's CPUs"
	fi
	cs_json "taskset -c 0, -c 1: CPU 1 measured, no cpus_allowed" "$r" \
		'd["config"]["cpus"] == "1" and "cpus_allowed" not in d["config"]'
	expect "taskset -c 0: a replay says nothing of rtlens's CPUs" 0 '^' -- \
		taskset -c 0 $R osnoise top --input "$WORK/cs.dat" -q --json "$r"
	if grep -q "may run only on" "$WORK/expect.out"; then
		not_ok "taskset -c 0: a replay takes the recording's CPUs, silently"
	else
		ok "taskset -c 0: a replay takes the recording's CPUs, silently"
	fi
	cs_json "taskset -c 0: the replay has the recording's CPU 1" "$r" \
		'd["config"]["cpus"] == "1" and "cpus_allowed" not in d["config"]'
}

cpuset_tests() {
	local online

	online=$(getconf _NPROCESSORS_ONLN)
	if [ "$online" -lt 2 ] || ! command -v taskset > /dev/null; then
		echo "# skip - cpuset: needs 2 online CPUs and taskset"
		return
	fi
	[ "$(nproc)" = "$online" ] && cs_plain
	cs_check
	if [ "$(id -u)" = 0 ] && [ -w /sys/kernel/tracing/tracing_thresh ]; then
		grep -qw osnoise /sys/kernel/tracing/available_tracers || cs_kernel
		cs_user
	fi
}

# ---- run alone ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "$@"
	export RTLENS_RUN_DIR=$WORK/run
	cpuset_tests
	alone_end
fi
