#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run every unit test binary given as an argument, show its output and end
# with "N passed, N failed" (counting binaries). Exits 1 if any failed.

passed=0
failed=0
failed_names=()

for test in "$@"; do
	echo "=== ${test}"
	if [[ ! -x "${test}" ]]; then
		echo "${test}: not an executable test binary"
		rc=127
	else
		"${test}" 2>&1
		rc=$?
	fi
	if (( rc == 0 )); then
		passed=$((passed + 1))
	else
		echo "=== ${test}: FAILED (exit status ${rc})"
		failed=$((failed + 1))
		failed_names+=("${test}")
	fi
done

if (( failed )); then
	echo "failed: ${failed_names[*]}"
fi
echo "${passed} passed, ${failed} failed"
(( failed == 0 ))
