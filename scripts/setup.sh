#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Set up rtlens on Debian/Ubuntu, as root:
#   scripts/setup.sh demo    install build deps, build, run osnoise top for 5 s
#   scripts/setup.sh check   install build and test deps, run `make check`
#   scripts/setup.sh build   only install what building needs
#   scripts/setup.sh test    only install what building and testing need
set -eu

BUILD="make gcc libc6-dev pkg-config libtracefs-dev libtraceevent-dev libcpupower-dev libproc2-dev"
TEST="libcmocka-dev qemu-system-x86 busybox-static cpio rtla python3 python3-jsonschema util-linux groff-base"

usage() {
	echo "usage: $0 demo|check|build|test" >&2
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

cd "$(dirname "$0")/.."
case "${1:-}" in
build)	install_pkgs $BUILD ;;
test)	install_pkgs $BUILD $TEST ;;
demo)	install_pkgs $BUILD
	make demo ;;
check)	install_pkgs $BUILD $TEST
	make check ;;
*)	usage ;;
esac
