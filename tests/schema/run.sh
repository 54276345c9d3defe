#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Check the JSON schemas against their examples:
#   examples/valid-*.json    must validate;
#   examples/invalid-*.json  must be rejected with exactly one problem, and the
#                            message must contain the text of the matching
#                            invalid-*.expect file (so each one fails for the
#                            rule it was written to break);
#   every ```json example in Documentation/json-report.md must validate.
# The examples named valid-check-*.json and invalid-check-*.json, and the
# ```json examples of Documentation/json-check.md, are documents of `rtlens
# check`, checked against the check schema; the others are reports, checked
# against the report schema; each against the schema of its major version
# (rtlens-report-v1.schema.json for a 1.x report, v2 for 2.x).
# Those named valid-merge-*, invalid-merge-* and json-merge.md's: `rtlens merge`'s schema;
# valid-compare-* and invalid-compare-*: `rtlens compare`'s.
# Then doc-index.sh: Documentation/README.md lists every file of Documentation/.
# Prints one "ok - NAME" or "not ok - NAME" line per file and exits 1 if any
# file did not behave as expected.
#
# Environment: PYTHON (default python3) runs validate.py; SCHEMA overrides the
# report schema file, CHECK_SCHEMA the check schema file (for every version). Needs the Python
# module jsonschema (python3-jsonschema).

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
py=${PYTHON:-python3}
validate="$here/validate.py"

if ! "$py" -c 'import jsonschema' 2>/dev/null; then
	echo "not ok - $py has no jsonschema module (Debian: apt-get install python3-jsonschema)"
	exit 1
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

# show LABEL FILE: print FILE's lines as diagnostics under a "not ok" line
show() {
	sed "s/^/#   $1: /" "$2"
}

# major FILE: the major version of a report or check document ("2" of
# "schema_version": "2.0"); the newest (2) for a file without one or of a
# major version that has no schema (its schema_version is then refused)
major() {
	v=$(sed -n 's/.*"schema_version": *"\([0-9][0-9]*\)\..*/\1/p' "$1" | head -n 1)
	[ -f "$root/Documentation/rtlens-report-v$v.schema.json" ] || v=2
	echo "$v"
}

# schema_of NAME FILE: the schema of an example, by its name, and for
# reports and check documents by their major version (v1: 1.x, v2: 2.x)
schema_of() {
	case $1 in
	valid-check-*|invalid-check-*|json-check.md*)
		echo "${CHECK_SCHEMA:-$root/Documentation/rtlens-check-v$(major "$2").schema.json}" ;;
	valid-merge-*|invalid-merge-*|json-merge.md*) echo "$root/Documentation/rtlens-merge-v1.schema.json" ;;
	valid-compare-*|invalid-compare-*) echo "$root/Documentation/rtlens-compare-v1.schema.json" ;;
	*) echo "${SCHEMA:-$root/Documentation/rtlens-report-v$(major "$2").schema.json}" ;;
	esac
}

# The files are listed first (want KIND NAME FILE), validated in one
# python process (validate.py --batch: the schemas are loaded once), then
# judged in the order listed. $tmp/res/N.err and N.rc: the Nth file's.
nr_jobs=0
: > "$tmp/jobs"
: > "$tmp/wants"
want() {	# valid|invalid NAME FILE
	nr_jobs=$((nr_jobs + 1))
	printf '%s\t%s\n' "$(schema_of "$2" "$3")" "$3" >> "$tmp/jobs"
	printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$tmp/wants"
}

expect_valid() {	# NAME FILE N
	if [ "$(cat "$tmp/res/$3.rc")" = 0 ]; then
		echo "ok - $1"
	else
		echo "not ok - $1: rejected, should be valid"
		show stderr "$tmp/res/$3.err"
		failed=1
	fi
}

expect_invalid() {	# NAME FILE N
	expect=${2%.json}.expect
	err=$tmp/res/$3.err
	rc=$(cat "$tmp/res/$3.rc")
	why=
	if [ ! -f "$expect" ]; then
		why="no $(basename "$expect") naming the expected problem"
	elif [ "$rc" -ne 1 ]; then
		why="validate.py exited with $rc, not 1"
	elif grep -q '^Traceback' "$err"; then
		why="validate.py crashed"
	elif [ "$(wc -l <"$err")" -ne 1 ]; then
		why="rejected for $(wc -l <"$err" | tr -d ' ') problems, should break exactly one rule"
	elif ! grep -qF -- "$(head -n 1 "$expect")" "$err"; then
		why="rejected for another reason than: $(head -n 1 "$expect")"
	fi
	if [ -z "$why" ]; then
		echo "ok - $1"
	else
		echo "not ok - $1: $why"
		show stderr "$err"
		failed=1
	fi
}

found=0
for f in "$here"/examples/valid-*.json; do
	[ -e "$f" ] || continue
	found=$((found + 1))
	want valid "$(basename "$f")" "$f"
done
for f in "$here"/examples/invalid-*.json; do
	[ -e "$f" ] || continue
	found=$((found + 1))
	want invalid "$(basename "$f")" "$f"
done
if [ "$found" -eq 0 ]; then
	echo "not ok - no examples found in $here/examples"
	failed=1
fi

# The example documents of a page: every ```json block.
doc_examples() {	# PAGE
	page=$(basename "$1")
	mkdir -p "$tmp/$page"
	awk -v dir="$tmp/$page" '
		/^```json$/ { n++; on = 1; next }
		on && /^```$/ { on = 0; next }
		on { print > (dir "/doc-example-" n ".json") }
	' "$1"
	if [ ! -e "$tmp/$page/doc-example-1.json" ]; then
		echo "not ok - $page: no \`\`\`json example block found"
		failed=1
		return
	fi
	n=0
	while [ -e "$tmp/$page/doc-example-$((n + 1)).json" ]; do
		n=$((n + 1))
		want valid "$page example $n" "$tmp/$page/doc-example-$n.json"
	done
}

doc_examples "$root/Documentation/json-report.md"
doc_examples "$root/Documentation/json-check.md"
doc_examples "$root/Documentation/json-merge.md"

mkdir -p "$tmp/res"
if [ "$nr_jobs" -gt 0 ] && ! "$py" "$validate" --batch "$tmp/res" < "$tmp/jobs"; then
	echo "not ok - validate.py --batch failed"
	exit 1
fi
n=0
while IFS="$(printf '\t')" read -r kind name file; do
	n=$((n + 1))
	if [ ! -f "$tmp/res/$n.rc" ]; then
		echo "not ok - $name: validate.py left no result"
		failed=1
	elif [ "$kind" = valid ]; then
		expect_valid "$name" "$file" "$n"
	else
		expect_invalid "$name" "$file" "$n"
	fi
done < "$tmp/wants"

# the index of Documentation/ names every file there
"$here/doc-index.sh" "$root/Documentation" || failed=1

exit "$failed"
