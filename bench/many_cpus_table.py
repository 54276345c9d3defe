#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The host half of bench/many-cpus.sh: from the guest's artifacts, per
command, rtla's and rtlens's CPU seconds and peak resident memory per
measured CPU and their ratio, how long each run lasted past its -d, and
whether every measured CPU has its row (text, JSON) and its analysis;
then what the live screen showed in 24 and 50 lines: its first rows, then
its last after G.

  many_cpus_table.py OUTDIR NR_MEASURED END_S
"""
import json
import os
import re
import sys

COMMANDS = ('osnoise-top', 'osnoise-hist', 'timerlat-top', 'timerlat-hist')
ESC = re.compile(r'\x1b\[[0-9;?]*[A-Za-z]')


def read(path):
    try:
        return open(path, errors='replace').read()
    except OSError:
        return None


def timing(path):
    """{user, sys, real, status, wall, d} of a .time file"""
    text = read(path)
    if text is None:
        return None
    kv = {}
    for tok in text.split():
        if '=' in tok:
            k, v = tok.split('=', 1)
            kv[k] = float(v)
    return kv


def text_cpus(cmd, text):
    """the CPUs that have a row (top) or a column (hist) in the text"""
    text = ESC.sub('', text)
    if cmd.endswith('hist'):
        for line in text.splitlines():
            if line.startswith('Index'):
                return {int(c) for c in re.findall(r'(?:CPU|IRQ|Thr)-(\d+)', line)}
        return set()
    return {int(m.group(1)) for m in re.finditer(r'^\s*(\d+)\s+#\d+', text, re.M)}


def json_cpus(cmd, d):
    if cmd.endswith('hist'):
        return {c['cpu'] for c in (d.get('histogram') or {}).get('cpus') or []}
    return {c['cpu'] for c in d.get('cpus') or []}


def frame_cpus(frame):
    """the CPU rows of a frame, and its status line ("rows A-B of N: ...")"""
    cpus = sorted(int(m.group(1)) for m in re.finditer(r'^\s*(\d+)\s+#\d+', frame, re.M))
    status = re.search(r'^rows \d+-\d+ of \d+', frame, re.M)
    shown = f'CPUs {cpus[0]}-{cpus[-1]}' if cpus else 'no CPU'
    return cpus, shown + (f' ({status.group(0)})' if status else '')


def screen(path, lines, nr, bad):
    """what the first and the last full frames of the live screen showed (G
    typed between them: the last rows)"""
    text = read(path)
    if text is None:
        bad.append(f'screen of {lines} lines: no capture')
        return f'{lines} lines: no capture'
    frames = [ESC.sub('', f).replace('\r', '')
              for f in re.split(r'\x1b\[H|\x1b\[2J', text) if f.strip()]
    # the last piece is the final report, printed whole
    frames = [f for f in frames[:-1] if frame_cpus(f)[0]]
    if not frames:
        bad.append(f'screen of {lines} lines: no frame with CPU rows')
        return f'{lines} lines: nothing shown'
    height = max(len(f.rstrip('\n').split('\n')) for f in frames)
    wide = max(len(r) for f in frames for r in f.split('\n'))
    first, last = frame_cpus(frames[0]), frame_cpus(frames[-1])
    if height > lines - 1 or wide > 80:
        bad.append(f'screen of {lines} lines: a frame of {height} lines, {wide} columns')
    if 1 not in first[0] or nr not in last[0]:
        bad.append(f'screen of {lines} lines: CPU 1 first, CPU {nr} after G: not shown')
    return (f'{lines} lines: frames of at most {height} lines and {wide} columns; '
            f'first {first[1]}; after G {last[1]}')


def main():
    out, nr, end_s = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    want = set(range(1, nr + 1))
    bad = []
    print(f'\n{nr} measured CPUs: per measured CPU, guest CPU seconds (TCG) and peak RSS; '
          f'each run\'s wall time past its -d')
    print(f'{"command":14s} {"tool":7s} {"cpu s/CPU":>10s} {"RSS kB/CPU":>11s} '
          f'{"past -d s":>10s}  rows')
    for cmd in COMMANDS:
        got = {}
        for tool in ('rtla', 'rtlens'):
            base = f'{out}/{tool}-{cmd}'
            t = timing(base + '.time')
            if not t:
                print(f'{cmd:14s} {tool:7s} (not run)')
                if tool == 'rtlens':
                    bad.append(f'{cmd}: rtlens not run')
                continue
            hwm = float(read(base + '.hwm') or 0)
            cpu = (t.get('user', 0) + t.get('sys', 0)) / nr
            past = t.get('real', 0) - t.get('d', 0)
            got[tool] = (cpu, hwm / nr)
            notes = []
            rows = text_cpus(cmd, read(base + '.txt') or '')
            notes.append('text: all' if rows >= want else
                         f'text: {len(rows & want)} of {nr}')
            if tool == 'rtlens':
                try:
                    d = json.load(open(base + '.json'))
                except (OSError, ValueError):
                    d = None
                if d is None:
                    notes.append('no JSON')
                    bad.append(f'{cmd}: no JSON')
                else:
                    jc = json_cpus(cmd, d)
                    notes.append('JSON: all' if jc >= want else f'JSON: {len(jc & want)} of {nr}')
                    if not jc >= want:
                        bad.append(f'{cmd}: JSON rows of {len(jc & want)} CPUs')
                    if cmd == 'osnoise-top':
                        ac = {c['cpu'] for c in (d.get('analysis') or {}).get('cpus') or []}
                        notes.append('analysis: all' if ac >= want else
                                     f'analysis: {len(ac & want)} of {nr}')
                        if not ac >= want:
                            bad.append(f'{cmd}: analysis of {len(ac & want)} CPUs')
                    lost = d.get('lost_events')
                    notes.append(f'lost {lost}')
                    if lost:
                        bad.append(f'{cmd}: {lost} events lost')
                    if cmd == 'osnoise-top':
                        a = d.get('analysis') or {}
                        alost = sum(c.get('events_lost') or 0 for c in a.get('cpus') or [])
                        notes.append(f'analysis complete: {a.get("complete")}, lost {alost}')
                if not rows >= want:
                    bad.append(f'{cmd}: text rows of {len(rows & want)} CPUs')
                if t.get('status', 1) != 0:
                    bad.append(f'{cmd}: exit status {t.get("status")}')
                if past > end_s:
                    bad.append(f'{cmd}: ended {past:.0f} s after its -d')
            elif t.get('status', 1) != 0:
                notes.append(f'exit status {t.get("status"):.0f}')
            print(f'{cmd:14s} {tool:7s} {cpu:10.3f} {hwm / nr:11.1f} {past:10.1f}  '
                  + ', '.join(notes))
        if len(got) == 2 and got['rtla'][0] and got['rtla'][1]:
            print(f'{cmd:14s} {"ratio":7s} {got["rtlens"][0] / got["rtla"][0]:10.2f} '
                  f'{got["rtlens"][1] / got["rtla"][1]:11.2f}  rtlens/rtla')
    print('\nthe live screen of timerlat top on the measured CPUs, 80 columns:')
    for lines in (24, 50):
        print('  ' + screen(f'{out}/screen-{lines}.txt', lines, nr, bad))
    for b in bad:
        print(f'not ok: {b}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
