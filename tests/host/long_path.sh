# SPDX-License-Identifier: GPL-2.0
#
# A checkout at a long path, for the host tests that check that a message
# names a user's file whole (compare.sh, merge.sh); sourced by them.

# long_dir BASE: a directory made under BASE whose path is over 200
# characters long and holds spaces; its path printed
long_dir() {
	local dir="$1/a checkout at a long path" i

	for i in 1 2 3 4; do
		dir="$dir/$(printf 'part%.0s' {1..12}) $i"
	done
	mkdir -p "$dir" && printf '%s\n' "$dir"
}
