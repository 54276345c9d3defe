#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# stall-report.py MONITOR_SOCKET [SYSTEM_MAP] - what the vCPUs of a guest
# that stopped writing are doing: QEMU's "info registers -a" three times, a
# second apart, reduced to one line per vCPU (RIP, flags, halted or not),
# each address named from System.map when a real one is given (the guest
# boots with nokaslr; Debian's System.map is a stub). Called by
# tests/vm/run.sh.
import bisect
import re
import socket
import sys
import time


def talk(sock, line):
    sock.sendall((line + "\n").encode())
    time.sleep(1)
    out = b""
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                break
            out += data
    except socket.timeout:
        pass
    return out.decode(errors="replace")


def load_map(path):
    syms = []
    if path:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and parts[1] in "tTwW":
                    syms.append((int(parts[0], 16), parts[2]))
    syms.sort()
    return syms


def main():
    syms = load_map(sys.argv[2] if len(sys.argv) > 2 else "")
    addrs = [a for a, _ in syms]

    def name(pc):
        i = bisect.bisect_right(addrs, pc) - 1
        return "%s+%#x" % (syms[i][1], pc - syms[i][0]) if i >= 0 else "?"

    sock = socket.socket(socket.AF_UNIX)
    sock.settimeout(2)
    sock.connect(sys.argv[1])
    talk(sock, "")
    for _ in range(3):
        cpu = "?"
        for line in talk(sock, "info registers -a").splitlines():
            m = re.match(r"\s*CPU#(\d+)", line)
            if m:
                cpu = m.group(1)
            m = re.search(r"RIP=([0-9a-f]+) RFL=([0-9a-f]+).*HLT=(\d)", line)
            if m:
                rip = int(m.group(1), 16)
                irqs = "on" if int(m.group(2), 16) & 0x200 else "off"
                print("cpu %s rip=%016x irqs %s halted %s %s" % (
                    cpu, rip, irqs, m.group(3), name(rip)))


main()
