#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/rtla-suite/record.sh [newest|6.1] - run every case of cases.tsv
# under the rtla of that kernel too (guest/80-rtla-suite.sh with
# RTLENS_GUEST_RTLA_SUITE=full, in the VM of tests/vm/run.sh) and write its
# results to rtla-RELEASE.tsv beside this script, which `make check` then
# compares rtlens with. About 10 minutes a kernel under TCG.

set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
cd "$top" || exit 1

kernel=${1:-newest}
case $kernel in
newest)
	bpo=$(tests/vm/backports.sh) || exit 1
	eval "$bpo"
	export RTLENS_VM_KERNEL=$BPO_KERNEL RTLENS_VM_RTLA_ROOT=$BPO_RTLA_ROOT
	release=7.3 ;;
6.1)	release=6.1 ;;
*)	echo "usage: $0 [newest|6.1]" >&2
	exit 2 ;;
esac
export RTLENS_VM_DIR=build/vm-rtla-suite-$kernel
export RTLENS_GUEST_RTLA_SUITE=full RTLENS_VM_SCRIPT_TIMEOUT=1200
tests/vm/run.sh 80-rtla-suite.sh
out=$RTLENS_VM_DIR/out/80-rtla-suite/rtla-results.tsv
[ -s "$out" ] || { echo "no results in $out" >&2; exit 1; }
{
	echo "# rtla $release's own results on the cases of cases.tsv (id, pass or fail),"
	echo "# recorded by record.sh $kernel on $(date -u +%Y-%m-%d)"
	cat "$out"
} > "tests/vm/rtla-suite/rtla-$release.tsv"
echo "wrote tests/vm/rtla-suite/rtla-$release.tsv: $(grep -c pass "$out") of $(grep -c . "$out") passed"
