#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Set up rtlens on Debian/Ubuntu, as root:
#   scripts/setup.sh demo    install build deps, build, run osnoise top for 5 s
#   scripts/setup.sh check   install build and test deps, run `make check`
#   scripts/setup.sh build   only install what building needs
#   scripts/setup.sh deb     only install what building the Debian package needs
#   scripts/setup.sh test    only install what building and testing need
set -eu

BUILD="make gcc libc6-dev pkg-config libtracefs-dev libtraceevent-dev libcpupower-dev libproc2-dev
       libjson-c-dev zlib1g-dev libtracecmd-dev libmicrohttpd-dev libnlopt-dev
       clang libbpf-dev bpftool"
# make deb
DEB="dpkg-dev debhelper"
TEST="libcmocka-dev trace-cmd qemu-system-x86 busybox-static cpio rtla python3 python3-jsonschema
      python3-yaml util-linux groff-base prometheus tmux
      lintian systemd mmdebstrap"

usage() {
	echo "usage: $0 demo|check|build|deb|test" >&2
	exit 1
}

install_pkgs() {
	if [ "$(id -u)" != 0 ]; then
		echo "$0: needs root to install packages (run it with sudo)" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update
	# shellcheck disable=SC2086
	apt-get install -y --no-install-recommends "$@"
}

# The fuzz targets need clang's libFuzzer and sanitizer runtime, packaged per
# major version (libclang-rt-14-dev for bookworm's clang 14): the one of the
# clang just installed.
install_clang_rt() {
	major=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9][0-9]*\)\..*/\1/p' |
		head -n 1)
	pkg="libclang-rt-${major}-dev"
	if [ -z "$major" ]; then
		echo "$0: cannot tell clang's version: install its libFuzzer runtime by hand" >&2
	elif apt-cache show "$pkg" >/dev/null 2>&1; then
		apt-get install -y --no-install-recommends "$pkg"
	else
		echo "$0: no package $pkg: 'make fuzz-check' needs clang's libFuzzer runtime" >&2
	fi
}

cd "$(dirname "$0")/.."
case "${1:-}" in
build)	install_pkgs $BUILD ;;
deb)	install_pkgs $BUILD $DEB ;;
test)	install_pkgs $BUILD $DEB $TEST
	install_clang_rt ;;
demo)	install_pkgs $BUILD
	make demo ;;
check)	install_pkgs $BUILD $DEB $TEST
	install_clang_rt
	make check ;;
*)	usage ;;
esac
