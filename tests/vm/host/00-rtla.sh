# SPDX-License-Identifier: GPL-2.0
#
# Host side of 00-rtla: the artifacts arrived, intact, and rtla's layout
# lines are the ones recorded in tests/vm/expected/ (the reference rtlens
# is compared against).  Runs from the repository top with VM_OUT set.

dir=$VM_OUT/00-rtla

if (cd "$dir" && sha256sum -c --quiet blob.sha256) > /dev/null 2>&1; then
	ok "host: 32 KiB binary artifact arrived intact"
else
	not_ok "host: 32 KiB binary artifact arrived intact"
fi

for f in top.txt hist.txt spin-top.txt stop-top.txt stop-hist.txt; do
	if [ -s "$dir/$f" ]; then
		ok "host: artifact $f"
	else
		not_ok "host: artifact $f" "missing or empty: $dir/$f"
	fi
done

# expect_lines NAME FILE EXPECTED: lines N..M of FILE (colours stripped,
# durations masked) equal the EXPECTED file
expect_lines()
{
	local got=$VM_RUN/${3##*/}.got

	[ -f "$2" ] || { not_ok "$1" "no $2"; return 1; }
	sed 's/\x1b\[[0-9;]*m//g; s/[0-9]* [0-9][0-9]:[0-9][0-9]:[0-9][0-9]/D HH:MM:SS/' "$2" |
		head -n "$(wc -l < "$3")" > "$got"
	if cmp -s "$got" "$3"; then
		ok "$1"
	else
		not_ok "$1" "differs from $3:"
		diff "$3" "$got" | diag_lines
	fi
}

expect_lines "host: rtla osnoise top layout" "$dir/top.txt" \
	tests/vm/expected/rtla-osnoise-top.txt
expect_lines "host: rtla osnoise hist layout" "$dir/hist.txt" \
	tests/vm/expected/rtla-osnoise-hist.txt
