#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Documentation/README.md is the index of Documentation/: every file there
# (but the index itself) must be linked from it as [NAME](NAME), and every
# file it links to must exist. Prints "ok - ..." or one "not ok - ..." line
# per file missing; exits 1 when any is.
#
# usage: tests/schema/doc-index.sh [DOCUMENTATION_DIR]
set -u

dir=${1:-$(cd "$(dirname "$0")/../../Documentation" && pwd)}
index=$dir/README.md
failed=0

if [ ! -f "$index" ]; then
	echo "not ok - $index: no index of the documentation"
	exit 1
fi

for f in "$dir"/* "$dir"/.[!.]*; do
	[ -e "$f" ] || continue
	name=$(basename "$f")
	[ "$name" = README.md ] && continue
	if grep -qF "]($name)" "$index"; then
		echo "ok - Documentation/README.md lists $name"
	else
		echo "not ok - Documentation/README.md does not list $name: add it to the index as [$name]($name)"
		failed=1
	fi
done

# the other way: no link of the index to a file that is not there
for name in $(grep -o '](\([^)/:#]*\))' "$index" | sed 's/^](//; s/)$//' | sort -u); do
	if [ ! -e "$dir/$name" ]; then
		echo "not ok - Documentation/README.md links to $name, which is not in Documentation/"
		failed=1
	fi
done

exit "$failed"
