#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run libFuzzer targets for a bounded time, two at a time, and summarise.
#
#   tests/fuzz/run.sh [-k CORPUS_DIR] SECONDS WORK_DIR TARGET...
#
# from the top directory (as make fuzz-check and make fuzz call it).
#
# Runs build/fuzz/fuzz_TARGET for SECONDS on a corpus seeded from
# tests/fuzz/corpus/TARGET (never written to): a fresh copy in
# WORK_DIR/TARGET/corpus, or with -k CORPUS_DIR/TARGET, kept and grown from
# run to run. WORK_DIR (emptied first) gets each target's log and what it
# found (crash-*, leak-*, timeout-*, oom-*). Exits 1 if any target failed,
# after printing the input's path and the sanitizer's report.
# FUZZ_JOBS sets how many targets run at once (default 2).

set -u

here=$(cd "$(dirname "$0")" && pwd)
keep=""
if [[ "${1:-}" == "-k" ]]; then
	keep=$2
	shift 2
fi
if (( $# < 3 )); then
	echo "usage: $0 [-k CORPUS_DIR] SECONDS WORK_DIR TARGET..." >&2
	exit 2
fi
seconds=$1
work=$2
shift 2
jobs_max=${FUZZ_JOBS:-2}

# the sanitizers split their options at spaces, commas and colons, which a
# checkout's path may hold: the suppressions are read from a copy in /tmp
supp=$(mktemp /tmp/rtlens-lsan.XXXXXX) && cp "${here}/lsan.supp" "${supp}" || exit 2
trap 'rm -f "${supp}"' EXIT
export LSAN_OPTIONS="suppressions=${supp}:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

corpus_of() {
	if [[ -n "${keep}" ]]; then
		echo "${keep}/$1"
	else
		echo "${work}/$1/corpus"
	fi
}

# libFuzzer's final statistic NAME from LOG
final_stat() {
	sed -n "s/^stat::$2: *//p" "$1" | tail -n 1
}

run_target() {
	local t=$1 dir="${work}/$1" corpus dict=()

	corpus=$(corpus_of "$t")
	mkdir -p "${dir}" "${corpus}"
	cp -n "${here}/corpus/${t}"/* "${corpus}/" 2>/dev/null
	[[ -f "${here}/${t}.dict" ]] && dict=(-dict="${here}/${t}.dict")
	ls "${corpus}" | wc -l >"${dir}/seeds"
	"build/fuzz/fuzz_${t}" -max_total_time="${seconds}" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="${dir}/" "${dict[@]}" "${corpus}" \
		>"${dir}/log" 2>&1
	echo $? >"${dir}/status"
}

# the sanitizer's or libFuzzer's report: from its first line to the end
report() {
	awk '/^==[0-9]+==|runtime error:|^ALARM|^ERROR: libFuzzer|broken:/ { on = 1 }
	     on { print; if (++n == 80) exit }' "$1"
}

summary() {
	local t=$1 dir="${work}/$1" status runs rate found

	status=$(cat "${dir}/status" 2>/dev/null || echo "?")
	runs=$(final_stat "${dir}/log" number_of_executed_units)
	rate=$(final_stat "${dir}/log" average_exec_per_sec)
	found=$(ls "${dir}" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | head -n 1)
	if [[ "${status}" == 0 && -z "${found}" ]]; then
		printf "fuzz_%-14s ok      %6s runs  %6s/s  corpus %s -> %s\n" "$t" \
			"${runs:-?}" "${rate:-?}" "$(cat "${dir}/seeds")" \
			"$(ls "$(corpus_of "$t")" | wc -l)"
		return 0
	fi
	printf "fuzz_%-14s FAILED  (exit status %s) after %s runs\n" "$t" "${status}" "${runs:-?}"
	if [[ -n "${found}" ]]; then
		echo "  input:     ${dir}/${found}"
		echo "  reproduce: build/fuzz/fuzz_${t} ${dir}/${found}"
	fi
	echo "  log:       ${dir}/log"
	report "${dir}/log" | sed 's/^/    /'
	return 1
}

rm -rf "${work}"
mkdir -p "${work}"
for t in "$@"; do
	if [[ ! -x "build/fuzz/fuzz_${t}" ]]; then
		echo "build/fuzz/fuzz_${t}: not built" >&2
		exit 2
	fi
done

echo "fuzzing ${*} for ${seconds} s each, ${jobs_max} at a time"
for t in "$@"; do
	while (( $(jobs -rp | wc -l) >= jobs_max )); do
		wait -n
	done
	run_target "$t" &
done
wait

failed=0
for t in "$@"; do
	summary "$t" || failed=1
done
exit "${failed}"
