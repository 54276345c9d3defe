# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tests/vm/guest/20-exit-paths.sh: the reports of the
# runs stopped by a signal are valid, say so, and hold the drained data.

. tests/vm/host/lib.sh
dir=$VM_OUT/20-exit-paths

for sig in INT TERM; do
	f=$dir/sig$sig.json
	if out=$(python3 tests/schema/validate.py "$SCHEMA" "$f" 2>&1); then
		ok "sig$sig.json is valid against the schema"
	else
		not_ok "sig$sig.json is valid against the schema" "$out"
	fi
	# the run lasted ~5 s with a 0.5 s period: every finished period was
	# drained from the buffers, none dropped at the end
	if out=$(python3 - "$f" "SIG$sig" <<'PY' 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["stop"]["reason"] == "signal", d["stop"]
assert d["stop"]["signal"] == sys.argv[2], d["stop"]
assert d["exit_status"] == 0
for c in d["cpus"]:
	want = int(d["duration_s"] / 0.5) - 2
	assert c["cycles"] >= want, (c["cpu"], c["cycles"], want)
PY
	); then
		ok "sig$sig.json: stopped by SIG$sig, periods drained"
	else
		not_ok "sig$sig.json: stopped by SIG$sig, periods drained" "$out"
	fi
done
