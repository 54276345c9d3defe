#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
One soak run of bench/soak.sh: starts rtlens (the command after --),
waits for its --listen URL, starts the PID churn, scrapes the metrics once
a second and samples the process from /proc the same second, for MINUTES;
prints a line at each checkpoint (1/30, 10/30, 20/30 and 30/30 of the
run: 1, 10, 20 and 30 minutes of a 30-minute run), then SIGTERM, and
checks the end: exit status, and the bounds of the final report (JSON).
SOAK_STALL=S in the environment stalls the housekeeping CPUs
(SOAK_STALL_CPUS, 0) for S seconds halfway to the second checkpoint, with
a SCHED_FIFO spinner: rtlens's main thread falls behind the trace, as on
a loaded machine, and must give back what it queued meanwhile.

  soak.py NAME MINUTES OUTDIR CHURN_CMD -- RTLENS_CMD...

Per checkpoint: VmRSS (kB), open fds, CPU seconds per second of the whole
process and of its own threads (without the measuring threads, which spin
or sleep on the measured CPU by design), over the last WINDOW seconds
(MINUTES * 2, at least 5: 60 s in a 30-minute run), the series in a scrape
and its size. Last line: "verdict NAME flat|GROWS ...", growth from the
second checkpoint to the last, at most 5% (the CPU: or 0.005 s/s, the
noise of a shared machine).
"""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

LIMIT = 0.05
CPU_SLACK = 0.005
TICK = os.sysconf('SC_CLK_TCK')
MEASURING = ('rtlens-osn/', 'rtlens-tl/', 'timerlatu/')


def proc_sample(pid):
    """(rss kB, fds, cpu ticks all, cpu ticks own threads)"""
    rss = 0
    with open(f'/proc/{pid}/status') as f:
        for line in f:
            if line.startswith('VmRSS:'):
                rss = int(line.split()[1])
    fds = len(os.listdir(f'/proc/{pid}/fd'))
    every = own = 0
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            with open(f'/proc/{pid}/task/{tid}/stat') as f:
                st = f.read()
            with open(f'/proc/{pid}/task/{tid}/comm') as f:
                comm = f.read().strip()
        except OSError:
            continue
        fields = st[st.rindex(')') + 2:].split()
        t = int(fields[11]) + int(fields[12])
        every += t
        if not comm.startswith(MEASURING):
            own += t
    return rss, fds, every, own


def wait_url(errfile, proc, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            return None
        for line in open(errfile, errors='replace'):
            if 'http://' in line and '/metrics' in line:
                url = line[line.index('http://'):].split()[0]
                return url.rstrip('.,:;)')
        time.sleep(0.2)
    return None


def scrape(url):
    try:
        body = urllib.request.urlopen(url, timeout=5).read().decode(errors='replace')
    except OSError:
        return None, None
    series = sum(1 for ln in body.splitlines() if ln and not ln.startswith('#'))
    return series, len(body)


def growth(a, b):
    return (b - a) / a if a else (0.0 if b == a else float('inf'))


def check_report(path):
    """the bounds of the JSON report: sources per CPU, their sum"""
    notes = []
    try:
        d = json.load(open(path))
    except (OSError, ValueError) as e:
        return [f'no JSON report ({e})']
    aa = d.get('analysis') or {}
    for c in aa.get('cpus') or []:
        src = c.get('sources') or []
        kinds = {}
        for s in src:
            kinds[s['kind']] = kinds.get(s['kind'], 0) + 1
        pids = sum(s.get('pids') or 0 for s in src if s['kind'] == 'thread')
        notes.append(f"cpu {c['cpu']}: {len(src)} sources (at most 68), "
                     f"{kinds.get('thread', 0)} thread rows holding {pids} pids, "
                     f"other: {'yes' if kinds.get('other') else 'no'}, "
                     f"sources_us + not_explained_us = "
                     f"{c.get('sources_us', 0) + c.get('not_explained_us', 0):.1f}, "
                     f"noise_us + rounding_us "
                     f"{c.get('noise_us', 0) + c.get('rounding_us', 0):.1f}, "
                     f"not_explained_us {c.get('not_explained_us', 0):.1f}, "
                     f"unsure_us {c.get('unsure_us', 0):.1f}")
    return notes


def main():
    sep = sys.argv.index('--')
    name, minutes, outdir, churn = sys.argv[1:sep]
    cmd = sys.argv[sep + 1:]
    total = float(minutes) * 60
    window = max(5, int(round(float(minutes) * 2)))
    points = [total / 30, total / 3, total * 2 / 3, total]
    stall = float(os.environ.get('SOAK_STALL') or 0)
    stall_at = (points[0] + points[1]) / 2 if stall else None
    os.makedirs(outdir, exist_ok=True)
    out = open(f'{outdir}/{name}.out', 'w')
    err = f'{outdir}/{name}.err'
    proc = subprocess.Popen(cmd, stdout=out, stderr=open(err, 'w'))
    url = wait_url(err, proc)
    if not url:
        proc.kill()
        print(f'{name}: no metrics URL; {open(err).read()[-500:]}')
        return 1
    ch = subprocess.Popen(churn.split(), stdout=open(f'{outdir}/{name}.churn', 'w'))
    start = time.time()
    hist = []		# (t, rss, fds, every, own)
    rows = []
    failed_scrapes = 0
    k = 0
    while k < len(points) and proc.poll() is None:
        time.sleep(max(0.0, start + len(hist) + 1 - time.time()))
        series, size = scrape(url)
        failed_scrapes += series is None
        try:
            hist.append((time.time() - start,) + proc_sample(proc.pid))
        except OSError:
            break
        t = hist[-1][0]
        if stall_at is not None and t >= stall_at:
            stall_at = None
            # it ends itself: a timeout of the same priority would never run
            subprocess.Popen(['chrt', '-f', '10', 'taskset', '-c',
                              os.environ.get('SOAK_STALL_CPUS', '0'), sys.executable, '-c',
                              f'import time\nend = time.monotonic() + {stall}\n'
                              'while time.monotonic() < end:\n    pass'])
            print(f'# {name}: the housekeeping CPUs stalled for {stall:g} s at {t / 60:.1f} min',
                  flush=True)
        if t >= points[k]:
            old = next(h for h in hist if h[0] >= t - window)
            dt = t - old[0] or 1
            row = dict(t=t, rss=hist[-1][1], fds=hist[-1][2],
                       cpu=(hist[-1][3] - old[3]) / TICK / dt,
                       own=(hist[-1][4] - old[4]) / TICK / dt,
                       series=series or 0, size=size or 0)
            rows.append(row)
            print(f"{name:10s} {t / 60:6.1f} {row['rss']:9d} {row['fds']:5d} "
                  f"{row['cpu']:8.3f} {row['own']:8.3f} {row['series']:7d} "
                  f"{row['size'] / 1024:8.1f}", flush=True)
            k += 1
    ch.terminate()
    ch.wait()
    alive = proc.poll() is None
    t0 = time.time()
    proc.send_signal(signal.SIGTERM)
    try:
        rc = proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        rc = 'killed after 60 s'
    print(f'# {name}: {open(f"{outdir}/{name}.churn").read().strip()}; '
          f'{failed_scrapes} failed scrapes; exit {rc} {time.time() - t0:.1f} s after SIGTERM'
          f'{"" if alive else " (it had ended before)"}')
    for note in check_report(f'{outdir}/{name}.json'):
        print(f'# {name}: {note}')
    if len(rows) < len(points):
        print(f'verdict {name} INCOMPLETE: {len(rows)} of {len(points)} checkpoints')
        return 1
    a, b = rows[1], rows[-1]
    g = {key: growth(a[key], b[key]) for key in ('rss', 'fds', 'series', 'own')}
    bad = [key for key in ('rss', 'fds', 'series') if g[key] > LIMIT]
    if g['own'] > LIMIT and b['own'] - a['own'] > CPU_SLACK:
        bad.append('own')
    print(f"verdict {name} {'GROWS (' + ', '.join(bad) + ')' if bad else 'flat'}: from "
          f"{a['t'] / 60:.1f} to {b['t'] / 60:.1f} min, RSS {g['rss']:+.1%}, fds {g['fds']:+.1%}, "
          f"series {g['series']:+.1%}, own CPU {a['own']:.3f} -> {b['own']:.3f} s/s")
    return 1 if bad or rc != 0 else 0


if __name__ == '__main__':
    sys.exit(main())
