#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/backports.sh - fetch Debian's newest PREEMPT_RT kernel and the
# rtla of the same version (trixie-backports) into the VM cache, with a
# private apt state (the machine's apt configuration is not touched), and
# print, for eval:
#
#   BPO_KERNEL=.cache/vm/backports/linux-binary-.../vmlinuz
#   BPO_RTLA_ROOT=.cache/vm/backports/rtla-...
#
# BPO_RTLA_ROOT holds usr/bin/rtla and the libraries it runs with, from
# the same release (its libc6, libtracefs1, libtraceevent1, libcpupower1,
# libgcc-s1: newer than this machine's), under lib/; tests/vm/run.sh runs it
# in the guest through that libc's own dynamic loader (RTLENS_VM_RTLA_ROOT).
#
# Used by tests/vm/check.sh (timerlat -u needs timerlat_fd, Linux 6.5+;
# bookworm's rt kernel is 6.1) and by the benchmarks against the newest
# rtla. Environment: RTLENS_VM_CACHE (.cache/vm), RTLENS_VM_BACKPORTS (the
# suite: trixie-backports; its base suite, trixie, is added for the
# libraries).
set -uo pipefail

cd "$(dirname "$0")/../.." || exit 1
DIR=${RTLENS_VM_CACHE:-.cache/vm}/backports
SUITE=${RTLENS_VM_BACKPORTS:-trixie-backports}
BASE=${SUITE%-backports}
APT=$DIR/apt
LIBS="libc6 libtracefs1 libtraceevent1 libcpupower1 libgcc-s1"

fail() {
	echo "backports.sh: $*" >&2
	exit 1
}

mkdir -p "$APT/lists/partial" "$APT/cache/archives/partial" || fail "cannot create $APT"
APT=$(cd "$APT" && pwd)	# apt's options want it absolute, RTLENS_VM_CACHE may be either
{
	echo "deb http://deb.debian.org/debian $BASE main"
	echo "deb http://deb.debian.org/debian $SUITE main"
} > "$APT/sources.list"
OPTS=(-o "Dir::Etc::sourcelist=$APT/sources.list" -o "Dir::Etc::sourceparts=-"
      -o "Dir::State::Lists=$APT/lists" -o "Dir::Cache=$APT/cache"
      -o "APT::Get::List-Cleanup=0" -o "APT::Default-Release=$SUITE")

# the package that holds the image: linux-image-rt-amd64 depends on
# linux-image-VERSION-rt-amd64, a meta package that depends on
# linux-binary-VERSION-rt-amd64
kernel_pkg() {
	local img

	img=$(apt-cache "${OPTS[@]}" depends linux-image-rt-amd64 2>/dev/null |
	      awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }')
	[ -n "$img" ] || return 1
	apt-cache "${OPTS[@]}" depends "$img" 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-(binary|image)-.*[0-9]/ { print $2; exit }'
}

# a fetch that fails falls back on what an earlier one left
if apt-get "${OPTS[@]}" -qq update > "$APT/update.log" 2>&1; then
	kpkg=$(kernel_pkg)
	rver=$(apt-cache "${OPTS[@]}" policy rtla 2>/dev/null | awk '/Candidate:/ { print $2; exit }')
else
	kpkg=$(ls -d "$DIR"/linux-binary-* "$DIR"/linux-image-* 2>/dev/null | sort -V | tail -n 1)
	kpkg=${kpkg##*/}
	rver=$(ls -d "$DIR"/rtla-* 2>/dev/null | sort -V | tail -n 1)
	rver=${rver##*/rtla-}
fi
[ -n "$kpkg" ] && [ -n "$rver" ] && [ "$rver" != "(none)" ] ||
	fail "cannot find linux-image-rt-amd64 and rtla in $SUITE ($(tail -n 2 "$APT/update.log"))"

# fetch NAME PKG... : unpack the packages into $DIR/NAME, once, without
# their kernel modules but those of $KEEP (tar patterns)
fetch() {
	local name=$1 tmp deb
	shift

	[ -e "$DIR/$name/.done" ] && { [ -z "${KEEP:-}" ] || [ -e "$DIR/$name/.kept" ]; } &&
		return 0
	tmp=$DIR/tmp.$$
	rm -rf "$tmp" "$DIR/$name"
	mkdir -p "$tmp/x"
	(cd "$tmp" && apt-get "${OPTS[@]}" -qq download "$@") > "$tmp.log" 2>&1 ||
		fail "apt-get download $*: $(tail -n 3 "$tmp.log")"
	for deb in "$tmp"/*.deb; do
		dpkg-deb --fsys-tarfile "$deb" |
			tar -x -C "$tmp/x" --wildcards --no-wildcards-match-slash \
			    --exclude='*.ko*' --exclude='./usr/share/*' \
			    --exclude='*/gconv/*' ||
			fail "cannot unpack $deb"
		# shellcheck disable=SC2086
		[ -z "${KEEP:-}" ] || dpkg-deb --fsys-tarfile "$deb" |
			tar -x -C "$tmp/x" --wildcards $KEEP 2> /dev/null
	done
	mv "$tmp/x" "$DIR/$name"
	touch "$DIR/$name/.done"
	[ -z "${KEEP:-}" ] || touch "$DIR/$name/.kept"
	rm -rf "$tmp" "$tmp.log"
}

echo "# fetching $kpkg and rtla $rver from $SUITE" >&2
# the modules the guest loads (tests/vm/run.sh MODULES): the SMI counter's,
# the zoo's virtio disk's (the newest kernels build virtio's core in); from
# linux-modules-VERSION where the image is linux-binary-VERSION (7.x)
mpkg=${kpkg/#linux-binary-/linux-modules-}
[ "$mpkg" != "$kpkg" ] && apt-cache "${OPTS[@]}" show "$mpkg" > /dev/null 2>&1 || mpkg=
# shellcheck disable=SC2086
KEEP="*/msr.ko* */virtio_blk.ko*" fetch "$kpkg" "$kpkg" $mpkg
# shellcheck disable=SC2086
fetch "rtla-$rver" "rtla=$rver" $LIBS
kernel=$(find "$DIR/$kpkg" -name 'vmlinuz*' -type f 2>/dev/null | head -n 1)
[ -n "$kernel" ] || fail "no vmlinuz in $kpkg"
root=$DIR/rtla-$rver
[ -x "$root/usr/bin/rtla" ] || fail "no rtla in rtla $rver"
[ -e "$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" ] || fail "no dynamic loader in $root"
echo "BPO_KERNEL=$kernel"
echo "BPO_RTLA_ROOT=$root"
