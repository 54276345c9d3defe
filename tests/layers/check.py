#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
The layers of src/ (Documentation/architecture.md): a file may include a
header of its own directory or of a lower layer, never of a higher one or
of one beside it, so that no two directories use each other; a private
header is included only from its own directory. Prints one line per
violation and "N passed, N failed" (one check per file).

With OBJ_DIR (the objects of a build, by the same paths), it also checks
the calls: an object may use a symbol defined in its own directory or a
lower layer only (nm).

usage: tests/layers/check.py [SRC_DIR [OBJ_DIR]]
"""
import os
import re
import subprocess
import sys

# lower number: lower layer
RANK = {
    'base': 0,
    'decode': 1, 'model': 1,
    'analysis': 2,
    'render': 3, 'source': 3,
    'session': 4,
    'cli': 5,
}

# headers that only their own directory may include
PRIVATE = {
    'source/engine.h', 'source/instance.h', 'source/user_merge.h',
    'source/user_workload.h', 'source/own_stops.h', 'source/state_record.h',
    'source/kernel_source.h', 'source/user_source.h',
    'source/bpf_counts.h', 'source/page_reader.h', 'source/bpf_layout.h', 'source/counts.skel.h', 'source/sample_queue.h',
    'render/json_writer.h', 'render/metrics_parts.h', 'render/svg_writer.h', 'render/svg_panel.h', 'source/report_load.h',
    'session/metrics_http.h', 'session/metrics_addr.h',
    'source/tuning_parts.h', 'analysis/tuning_judge_parts.h',
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def violations(src, d, name):
    text = open(os.path.join(src, d, name), encoding='utf-8').read()
    for inc in INCLUDE.findall(text):
        if '/' not in inc:
            if not os.path.exists(os.path.join(src, d, inc)):
                yield f'src/{d}/{name}: "{inc}" does not name its directory'
            continue
        target = inc.split('/')[0]
        if target not in RANK:
            yield f'src/{d}/{name}: "{inc}": unknown directory {target}'
        elif target != d and RANK[target] >= RANK[d]:
            yield f'src/{d}/{name}: {d} may not use {target} ("{inc}")'
        elif inc in PRIVATE and target != d:
            yield f'src/{d}/{name}: "{inc}" is private to {target}'


def symbols(path):
    """(defined, undefined) global symbols of an object file"""
    out = subprocess.run(['nm', path], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'TDBRC':
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == 'U':
            undefined.add(parts[1])
    return defined, undefined


def call_violations(src, obj):
    """(object, what it may not call) for each object of a source in src"""
    owner, uses = {}, {}
    for d in sorted(os.listdir(obj)):
        if d not in RANK:
            continue
        for name in sorted(os.listdir(os.path.join(obj, d))):
            if name.endswith('.o') and os.path.exists(os.path.join(src, d, name[:-2] + '.c')):
                defined, undefined = symbols(os.path.join(obj, d, name))
                owner.update((sym, d) for sym in defined)
                uses[(d, name)] = undefined
    for (d, name), undefined in sorted(uses.items()):
        bad = sorted(f'{sym} ({owner[sym]})' for sym in undefined
                     if sym in owner and owner[sym] != d and RANK[owner[sym]] >= RANK[d])
        yield f'{d}/{name}', bad


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else 'src'
    obj = sys.argv[2] if len(sys.argv) > 2 else None
    passed = failed = 0
    for d in sorted(os.listdir(src)):
        if d not in RANK:
            print(f'src/{d}: a directory with no layer (add it to RANK)')
            failed += 1
            continue
        for name in sorted(os.listdir(os.path.join(src, d))):
            if not name.endswith(('.c', '.h')):
                continue
            bad = list(violations(src, d, name))
            for b in bad:
                print(b)
            failed += bool(bad)
            passed += not bad
    for name, bad in call_violations(src, obj) if obj else []:
        if bad:
            print(f'{name}: {name.split("/")[0]} may not call ' + ', '.join(bad))
        failed += bool(bad)
        passed += not bad
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
