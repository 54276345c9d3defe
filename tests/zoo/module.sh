#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/zoo/module.sh - build the zoo's test module (tests/zoo/module/) for
# one of the VM rig's kernels:
#
#   tests/zoo/module.sh VMLINUZ OUT.ko
#
# and beside OUT.ko, for a trixie kernel, its msr.ko (to read the SMI
# counter; tests/vm/run.sh has bookworm's).
#
# A module must be built with the kernel's own headers, kbuild tools and
# compiler: trixie's kernels want gcc-14 and kbuild tools linked against
# trixie's libc, which this (bookworm) machine cannot run. So the build runs
# in a chroot of the kernel's own Debian release, made once by mmdebstrap
# with make, binutils and the kernel's headers package (which pulls the
# compiler), and kept in the VM cache ($RTLENS_VM_CACHE/zoo/, ~450 MB
# each; about 30 s to make). The
# release is told by the kernel's version: +debNN is trixie (13) and its
# backports, anything else bookworm.
set -uo pipefail

cd "$(dirname "$0")/../.." || exit 1
CACHE=${RTLENS_VM_CACHE:-.cache/vm}/zoo
MIRROR=${RTLENS_ZOO_MIRROR:-http://deb.debian.org/debian}

fail() {
	echo "module.sh: $*" >&2
	exit 1
}

[ $# -eq 2 ] || fail "usage: tests/zoo/module.sh VMLINUZ OUT.ko"
vmlinuz=$1
out=$2
[ -f "$vmlinuz" ] || fail "no such kernel: $vmlinuz"
[ "$(id -u)" = 0 ] || fail "needs root (mmdebstrap's root mode, chroot)"
command -v mmdebstrap > /dev/null || fail "needs mmdebstrap (apt-get install mmdebstrap)"

# the kernel's release: vmlinuz-VERSION, or .../modules/VERSION/vmlinuz
kver=${vmlinuz##*/vmlinuz-}
[ "$kver" = "$vmlinuz" ] && kver=$(basename "$(dirname "$vmlinuz")")
case $kver in
*+deb13*)
	suite=trixie
	sources=("deb $MIRROR trixie main" "deb $MIRROR trixie-backports main") ;;
*)
	suite=bookworm
	sources=("deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main"
		 "deb ${MIRROR%/debian}/debian-security bookworm-security main") ;;
esac

root=$CACHE/$suite-$kver
if [ ! -e "$root/.done" ]; then
	echo "# zoo: a $suite chroot with linux-headers-$kver, to build the test module" >&2
	rm -rf "$root"
	mkdir -p "$CACHE"
	mmdebstrap --variant=apt --include="make,binutils,linux-headers-$kver" \
		"$suite" "$root" "${sources[@]}" > "$CACHE/$suite-$kver.log" 2>&1 ||
		fail "mmdebstrap of $suite with linux-headers-$kver failed (see $CACHE/$suite-$kver.log)"
	touch "$root/.done"
fi

rm -rf "$root/zoo"
mkdir -p "$root/zoo"
cp tests/zoo/module/rtl_zoo.c tests/zoo/module/Kbuild "$root/zoo/" || fail "cannot copy the module's source"
# objtool reads /proc: a mount namespace of its own, with /proc in the chroot
if ! unshare --mount --pid --fork sh -c \
	'mount -t proc proc "$1/proc" && chroot "$1" make -C "/usr/src/linux-headers-$2" M=/zoo modules' \
	sh "$root" "$kver" > "$root/zoo/build.log" 2>&1; then
	sed 's/^/# /' "$root/zoo/build.log" >&2
	fail "the module did not build for $kver"
fi
mkdir -p "$(dirname "$out")"
cp "$root/zoo/rtl_zoo.ko" "$out" || fail "cannot write $out"

# msr.ko, to read the SMI counter: trixie's kernels keep their modules in
# linux-modules-VERSION (tests/vm/run.sh unpacks bookworm's from the image)
[ "$suite" = bookworm ] && exit 0
msr=$(dirname "$out")/msr.ko
if [ ! -s "$msr" ]; then
	rm -rf "$root/mods"
	mkdir -p "$root/mods"
	chroot "$root" sh -c 'cd /mods && apt-get -qq update && apt-get -qq download "linux-modules-$1"' \
		sh "$kver" > "$root/mods.log" 2>&1 ||
		fail "cannot download linux-modules-$kver (see $root/mods.log)"
	dpkg-deb --fsys-tarfile "$root"/mods/linux-modules-*.deb |
		tar -xO --wildcards './usr/lib/modules/*/msr.ko*' > "$msr.xz" ||
		fail "no msr module in linux-modules-$kver"
	xz -dc "$msr.xz" > "$msr" 2>/dev/null || mv "$msr.xz" "$msr"
	rm -f "$msr.xz"
	rm -rf "$root/mods"
fi
