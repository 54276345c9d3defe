# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the host-side checks in tests/vm/host/*.sh (bash), sourced
# after tests/vm/lib.sh. $dir is the artifact directory of the guest script.

SCHEMA=Documentation/rtlens-report-v2.schema.json

# schema_of FILE - the schema of an rtlens JSON document, by its command
schema_of()
{
	case $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("command"))' "$1" 2>/dev/null) in
	check) echo Documentation/rtlens-check-v2.schema.json ;;
	compare) echo Documentation/rtlens-compare-v1.schema.json ;;
	merge) echo Documentation/rtlens-merge-v1.schema.json ;;
	*) echo "$SCHEMA" ;;
	esac
}

# validate_reports - every JSON document of $dir against its schema
validate_reports()
{
	local f out

	for f in "$dir"/*.json; do
		if out=$(python3 tests/schema/validate.py "$(schema_of "$f")" "$f" 2>&1); then
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
