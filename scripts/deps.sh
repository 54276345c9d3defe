#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install what rtlens needs on Debian/Ubuntu.
#   scripts/deps.sh build   - to build and run rtlens
#   scripts/deps.sh test    - also what `make check` needs (unit, host and
#                             real-kernel VM tests)
set -eu

BUILD="build-essential pkg-config libtracefs-dev libtraceevent-dev libcpupower-dev libproc2-dev"
TEST="libcmocka-dev qemu-system-x86 busybox-static cpio rtla python3 python3-jsonschema util-linux groff-base"

case "${1:-build}" in
build)	pkgs=$BUILD ;;
test)	pkgs="$BUILD $TEST" ;;
*)	echo "usage: $0 [build|test]" >&2; exit 1 ;;
esac

if [ "$(id -u)" != 0 ]; then
	echo "$0: needs root to install packages (run it with sudo)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
# shellcheck disable=SC2086
apt-get install -y --no-install-recommends $pkgs
