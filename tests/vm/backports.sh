#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/backports.sh - fetch Debian's newer PREEMPT_RT kernel and the
# rtla of the same version from bookworm-backports into the VM cache, with
# a private apt state (the machine's apt configuration is not touched), and
# print, for eval:
#
#   BPO_KERNEL=.cache/vm/backports/linux-image-.../boot/vmlinuz-...
#   BPO_RTLA=.cache/vm/backports/rtla-.../usr/bin/rtla
#
# Used by tests/vm/check.sh for timerlat -u (timerlat_fd came in Linux 6.5;
# bookworm's rt kernel is 6.1). Environment: RTLENS_VM_CACHE (.cache/vm),
# RTLENS_VM_BACKPORTS (the suite: bookworm-backports).
set -uo pipefail

cd "$(dirname "$0")/../.." || exit 1
DIR=${RTLENS_VM_CACHE:-.cache/vm}/backports
SUITE=${RTLENS_VM_BACKPORTS:-bookworm-backports}
APT=$DIR/apt

fail() {
	echo "backports.sh: $*" >&2
	exit 1
}

mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial" || fail "cannot create $APT"
echo "deb http://deb.debian.org/debian $SUITE main" > "$APT/sources.list"
OPTS=(-o "Dir::Etc::sourcelist=$PWD/$APT/sources.list" -o "Dir::Etc::sourceparts=-"
      -o "Dir::State::Lists=$PWD/$APT/lists" -o "Dir::Cache=$PWD/$APT/cache"
      -o "APT::Get::List-Cleanup=0")

# a fetch that fails falls back on what an earlier one left
if apt-get "${OPTS[@]}" -qq update > "$APT/update.log" 2>&1; then
	kpkg=$(apt-cache "${OPTS[@]}" depends linux-image-rt-amd64 2>/dev/null |
	       awk '/Depends: linux-image-/ { print $2; exit }')
	rver=$(apt-cache "${OPTS[@]}" show rtla 2>/dev/null | awk '/^Version:/ { print $2; exit }')
else
	kpkg=$(ls -d "$DIR"/linux-image-* 2>/dev/null | sort -V | tail -n 1)
	kpkg=${kpkg##*/}
	rver=$(ls -d "$DIR"/rtla-* 2>/dev/null | sort -V | tail -n 1)
	rver=${rver##*/rtla-}
fi
[ -n "$kpkg" ] && [ -n "$rver" ] ||
	fail "cannot find linux-image-rt-amd64 and rtla in $SUITE ($(tail -n 2 "$APT/update.log"))"

# fetch NAME PKG[=VERSION] MEMBER: unpack MEMBER of the package into $DIR/NAME
fetch() {
	local name=$1 pkg=$2 member=$3 tmp deb

	[ -e "$DIR/$name/.done" ] && return 0
	tmp=$DIR/tmp.$$
	rm -rf "$tmp" "$DIR/$name"
	mkdir -p "$tmp/x"
	(cd "$tmp" && apt-get "${OPTS[@]}" -qq download "$pkg") > "$tmp.log" 2>&1 ||
		fail "apt-get download $pkg: $(tail -n 3 "$tmp.log")"
	deb=$(ls "$tmp"/*.deb | head -n 1)
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp/x" "$member" ||
		fail "cannot unpack $member of $deb"
	mv "$tmp/x" "$DIR/$name"
	touch "$DIR/$name/.done"
	rm -rf "$tmp" "$tmp.log"
}

echo "# fetching $kpkg and rtla $rver from $SUITE" >&2
fetch "$kpkg" "$kpkg" ./boot
fetch "rtla-$rver" "rtla=$rver" ./usr/bin
kernel=$(ls "$DIR/$kpkg"/boot/vmlinuz-* 2>/dev/null | head -n 1)
[ -n "$kernel" ] || fail "no vmlinuz in $kpkg"
[ -x "$DIR/rtla-$rver/usr/bin/rtla" ] || fail "no rtla in rtla $rver"
echo "BPO_KERNEL=$kernel"
echo "BPO_RTLA=$DIR/rtla-$rver/usr/bin/rtla"
