# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the host-side checks in tests/vm/host/*.sh (bash), sourced
# after tests/vm/lib.sh. $dir is the artifact directory of the guest script.

SCHEMA=Documentation/rtlens-report-v1.schema.json

# validate_reports - every JSON report of $dir against the schema
validate_reports()
{
	local f out

	for f in "$dir"/*.json; do
		if out=$(python3 tests/schema/validate.py "$SCHEMA" "$f" 2>&1); then
			ok "${f##*/} is valid against the schema"
		else
			not_ok "${f##*/} is valid against the schema" "$out"
		fi
	done
}

# expect_json NAME FILE EXPRESSION - a Python expression over the document d
expect_json()
{
	local name=$1 file=$2 expr=$3 out

	if out=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if ($expr) else 1)" "$dir/$file" 2>&1); then
		ok "$name"
	else
		not_ok "$name" "$file: $expr" "$out"
	fi
}
