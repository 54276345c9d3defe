#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tests/zoo/table.py - the verdicts of the zoo of causes (tests/zoo/).

    tests/zoo/table.py [--json FILE] [--tap | --markdown] OUTDIR...

OUTDIR: a boot's artifacts of tests/zoo/guest/zoo.sh (build/zoo/KERNEL/out/
zoo/), with its zoo.tsv and the reports of its runs; a later OUTDIR's run of
a scenario replaces an earlier one's. Prints one table
(scenario, kernel, engine, tool, the cause expected and its share, the top
cause found apart from hardware and its share, not explained, verdict,
rtla's verdict on the same injection), or with --tap one test line a run;
--json writes the rows. Exit status 0 when every run passed.

The verdicts (tests/zoo/README.md):
- osnoise: against the quiet run of the same kernel and engine (nothing
  injected: the rig's own noise, the tick first), the expected cause is the
  source that grew most, by the time it added (for the causes counted, by
  that or by its count in units of the quiet run's spread, sqrt(n)),
  "hardware" aside (under emulation, the host's
  descheduling of the vCPU); its time (count) less the quiet run's is
  within 20 % of what was injected; not explained is not negative. SMIs
  are counted (MSR 0x34), within 20 %.
- timerlat (and rtla's): the analysis of the sample that stopped the run
  names the cause first.
"""
import argparse
import json
import math
import os
import re
import sys

TOLERANCE = 0.20
INFERRED = ('hardware', 'hypervisor')
FIELDS = ('scenario', 'kernel', 'engine', 'tool', 'rc', 'kind', 'name_re',
          'measure', 'expected', 'report')


def read_runs(outdir):
    path = os.path.join(outdir, 'zoo.tsv')
    runs = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            cols = line.rstrip('\n').split('\t')
            if len(cols) != len(FIELDS):
                continue
            run = dict(zip(FIELDS, cols))
            run['report'] = os.path.join(outdir, run['report'])
            runs.append(run)
    return runs


def matches(run, kind, name):
    return (re.fullmatch(run['kind'], kind or '') is not None and
            re.search(run['name_re'], name or '') is not None)


def measured_cpu(run):
    return 0 if run['scenario'] == 'smi' else 1


def cpu_analysis(path, cpu_nr):
    with open(path, encoding='utf-8') as f:
        rep = json.load(f)
    cpus = (rep.get('analysis') or {}).get('cpus') or []
    return next((c for c in cpus if c.get('cpu') == cpu_nr), None)


def by_source(cpu):
    """{(kind, name): [count, total_us]} of the named sources (hardware and
    the hypervisor aside: inferred, not seen)"""
    out = {}
    for s in cpu.get('sources') or []:
        if s.get('kind') in INFERRED:
            continue
        k = (s.get('kind'), s.get('name'))
        c = out.setdefault(k, [0, 0.0])
        c[0] += s.get('count') or 0
        c[1] += s.get('total_us') or 0.0
    return out


def irq_thread_of(source, irqs):
    """whether source is the thread of one of the IRQs irqs (PREEMPT_RT
    runs a device's handler in irq/N-NAME): the same cause, not a rival"""
    kind, name = source
    return kind == 'thread' and any(re.fullmatch(r'irq/\d+-' + re.escape(i), name or '')
                                    for i in irqs)


def growth(metric, now, base):
    """how much a source ([count, us]) grew against the quiet run's: by the
    time it added ('time'), the count it added ('count'), or that count in
    units of the quiet run's own spread ('spread': a count of n events
    varies by about sqrt(n) from run to run; 100 more ticks in 2000 are the
    rig, 35 NMIs where there were none are the injection)"""
    if metric == 'count':
        return now[0] - base[0]
    if metric == 'spread':
        return (now[0] - base[0]) / math.sqrt(base[0] + 1.0)
    return now[1] - base[1]


def leads(metrics, hit, hit_base, rivals):
    """(True, None) when the expected cause grew more than every rival by
    one of metrics, else (False, the rival that grew most by the first);
    rivals: [(now, base, (kind, name))]"""
    first = None
    for m in metrics:
        top = max(((growth(m, v, b), k) for v, b, k in rivals), default=None)
        if top is None or growth(m, hit, hit_base) > top[0]:
            return True, None
        first = first or top[1]
    return False, first


def osnoise_verdict(run, row, quiet):
    """Fills row from rtlens's osnoise --aa JSON report; quiet: the same
    kernel's and engine's run with nothing injected, or None."""
    cpu = cpu_analysis(run['report'], measured_cpu(run))
    if cpu is None:
        row['verdict'] = 'FAIL'
        row['why'] = 'no analysis of the measured CPU'
        return
    noise = cpu.get('noise_us') or 0.0
    row['noise_us'] = noise
    row['not_explained_us'] = cpu.get('not_explained_us')
    if run['kind'] == 'smi':
        smi_verdict(run, row, cpu)
        return
    base = by_source(quiet) if quiet is not None else {}
    if quiet is None:
        row['why_base'] = 'no quiet run: nothing taken away'
    now = by_source(cpu)
    idx = 0 if run['measure'] == 'count' else 1
    hit = [0, 0.0]
    hit_base = [0, 0.0]
    rivals = []
    irqs = [k[1] for k in now if k[0] == 'irq' and matches(run, *k)]
    for k, v in now.items():
        b = base.get(k, [0, 0.0])
        if matches(run, *k):
            hit = [hit[0] + v[0], hit[1] + v[1]]
            hit_base = [hit_base[0] + b[0], hit_base[1] + b[1]]
        elif not irq_thread_of(k, irqs):
            rivals.append((v, b, k))
    # a counted cause (IPIs, a device's interrupts) leads by the count it
    # added, by that count against its usual spread, or by the time it
    # added: its events may wake a thread (RCU's, the network backlog's)
    # that costs more time, or run more often than the injection, and
    # the tick's count grows with any noise
    metrics = ['count', 'spread', 'time'] if run['measure'] == 'count' else ['time']
    first, rival = leads(metrics, hit, hit_base, rivals)
    row['got'] = hit[idx] - hit_base[idx]
    row['found_share'] = (hit[1] - hit_base[1]) / noise if noise else 0.0
    row['found'] = 'the expected cause' if first else '%s %s' % rival
    judge(run, row, hit[0] > 0, first, row['got'])
    ne = row['not_explained_us']
    if ne is not None and ne < 0:
        row['verdict'] = 'FAIL'
        row['why'] = 'not explained is negative (%.1f us)' % ne


def smi_verdict(run, row, cpu):
    """SMIs are firmware time inside the hardware row: counted, not timed"""
    n = cpu.get('smi_count')
    row['found'] = 'SMIs counted' if n is not None else 'no SMI count'
    row['got'] = n if n is not None else 0
    judge(run, row, n is not None, n is not None, row['got'])


def judge(run, row, named, top_ok, got):
    try:
        want = float(run['expected'])
    except ValueError:
        row['verdict'] = 'NOT RUN'
        row['why'] = 'the injection could not be measured: %s' % run['expected']
        return
    row['want'] = want
    if not named:
        row['verdict'] = 'NOT NAMED'
        row['why'] = 'no source matches %s %s' % (run['kind'], run['name_re'])
    elif not top_ok:
        row['verdict'] = 'FAIL'
        row['why'] = 'named, but %s grew more' % row.get('found')
    elif want <= 0 or abs(got - want) > TOLERANCE * want:
        row['verdict'] = 'FAIL'
        row['why'] = '%s %.1f against %.1f injected (more than %d %% apart)' % (
            run['measure'], got, want, TOLERANCE * 100)
    else:
        row['verdict'] = 'pass'


def timerlat_candidates(rep):
    """(name, us) of everything the stop's analysis blames."""
    a = rep.get('analysis') or {}
    sample = a if 'irq_interference' in a else (a.get('threshold_sample') or {})
    out = []
    b = sample.get('blocking_thread')
    if b:
        out.append(('thread', b.get('name'), b.get('us') or 0))
    t = sample.get('irq_task')
    if t and not sample.get('exit_from_idle'):
        out.append(('thread', t.get('name'), sample.get('irq_handler_delay_us') or 0))
    for part in ('irq_interference', 'softirq_interference', 'thread_interference',
                 'nmi_interference', 'previous_irq'):
        for s in (sample.get(part) or {}).get('sources') or []:
            out.append((s.get('kind'), s.get('name'), s.get('total_us') or 0))
    return out


RTLA_LINE = re.compile(r'^\s+(\S+?):(\d+)\s+([0-9.]+) us')


def rtla_candidates(text):
    out = []
    for line in text.splitlines():
        m = RTLA_LINE.match(line)
        if m:
            out.append((None, m.group(1), float(m.group(3))))
    return out


def timerlat_verdict(run, row):
    if run['report'].endswith('.json'):
        with open(run['report'], encoding='utf-8') as f:
            cands = timerlat_candidates(json.load(f))
        kind_ok = lambda k: k is None or re.fullmatch(run['kind'], k) is not None
    else:
        with open(run['report'], encoding='utf-8', errors='replace') as f:
            cands = rtla_candidates(f.read())
        kind_ok = lambda k: True
    if not cands:
        row['verdict'] = 'NOT NAMED'
        row['why'] = 'no analysis of a stopping sample'
        return
    top = max(cands, key=lambda c: c[2])
    row['found'] = '%s %s' % (top[0] or '', top[1])
    row['found_us'] = top[2]
    ok = kind_ok(top[0]) and re.search(run['name_re'], top[1] or '') is not None
    anywhere = any(re.search(run['name_re'], c[1] or '') for c in cands)
    row['verdict'] = 'pass' if ok else ('FAIL' if anywhere else 'NOT NAMED')
    if not ok:
        row['why'] = 'first named: %s' % row['found']


def quiet_of(runs, run):
    """the analysis of CPU 1 in the quiet run of run's kernel and tool"""
    q = next((r for r in runs if r['scenario'] == 'quiet' and r['tool'] == run['tool'] and
              r['kernel'] == run['kernel']), None)
    try:
        return cpu_analysis(q['report'], 1) if q else None
    except (OSError, ValueError):
        return None


def verdict(run, runs):
    row = {k: run[k] for k in FIELDS if k != 'report'}
    row['report'] = os.path.basename(run['report'])
    if not os.path.exists(run['report']):
        row['verdict'] = 'FAIL'
        row['why'] = 'no report'
        return row
    try:
        if run['tool'].endswith('timerlat'):
            timerlat_verdict(run, row)
        else:
            osnoise_verdict(run, row, quiet_of(runs, run))
    except (OSError, ValueError, KeyError, TypeError) as e:
        row['verdict'] = 'FAIL'
        row['why'] = 'unreadable report: %s' % e
    return row


def quiet_row(run):
    row = {k: run[k] for k in FIELDS if k != 'report'}
    row['report'] = os.path.basename(run['report'])
    row['verdict'] = 'baseline'
    try:
        cpu = cpu_analysis(run['report'], 1)
        row['noise_us'] = cpu.get('noise_us')
        row['not_explained_us'] = cpu.get('not_explained_us')
        if row['not_explained_us'] is not None and row['not_explained_us'] < 0:
            row['verdict'] = 'FAIL'
            row['why'] = 'not explained is negative'
    except (OSError, ValueError, AttributeError) as e:
        row['verdict'] = 'FAIL'
        row['why'] = 'unreadable report: %s' % e
    return row


def latest(rows):
    """a later OUTDIR's run of a scenario, tool, engine and kernel replaces
    an earlier one's (a run of some scenarios again)"""
    keep = {}
    for r in rows:
        keep[(r['scenario'], r['tool'], r['engine'], r['kernel'])] = r
    return [r for r in rows if keep[(r['scenario'], r['tool'], r['engine'], r['kernel'])] is r]


def attach_rtla(rows):
    """rtla's verdict beside rtlens's timerlat row of the same injection."""
    for r in rows:
        if r['tool'] != 'timerlat':
            continue
        mate = next((x for x in rows if x['tool'] == 'rtla-timerlat' and
                     x['scenario'] == r['scenario'] and x['kernel'] == r['kernel']), None)
        r['rtla'] = mate['verdict'] if mate else None


def pct(x):
    return '-' if x is None else '%.1f%%' % (100 * x)


def expected_text(r):
    want = r.get('want')
    if r['scenario'] == 'quiet':
        return '(nothing: the baseline)'
    if want is None:
        return '%s %s' % (r['kind'], r['name_re'])
    unit = 'us' if r['measure'] == 'time' else 'x'
    return '%s %s %.0f%s' % (r['kind'], r['name_re'], want, unit)


def found_text(r):
    got = r.get('got')
    if got is None:
        return r.get('found', '-')
    unit = 'us' if r['measure'] == 'time' else 'x'
    return '%s %.0f%s (%s)' % (r.get('found', '-'), got, unit, pct(r.get('found_share')))


def print_table(rows):
    head = ('scenario', 'kernel', 'engine', 'tool', 'expected', 'found (share)',
            'n.expl.', 'verdict', 'rtla')
    lines = [head]
    for r in rows:
        if r['tool'] == 'rtla-timerlat':
            continue
        ne = r.get('not_explained_us')
        noise = r.get('noise_us')
        lines.append((r['scenario'], r['kernel'].split('-')[0], r['engine'], r['tool'],
                      expected_text(r), found_text(r),
                      pct(ne / noise) if ne is not None and noise else '-',
                      r['verdict'], r.get('rtla') or ''))
    widths = [max(len(str(l[i])) for l in lines) for i in range(len(head))]
    for l in lines:
        print('  '.join(str(c).ljust(w) for c, w in zip(l, widths)).rstrip())
    for r in rows:
        if r.get('why'):
            print('# %s/%s/%s: %s' % (r['scenario'], r['kernel'].split('-')[0], r['tool'], r['why']))


def cell(r):
    """a verdict with its size, for the markdown table"""
    if r is None:
        return ''
    v = r['verdict']
    got, want = r.get('got'), r.get('want')
    if got is not None and want:
        unit = ' us' if r['measure'] == 'time' else ''
        return '%s (%.0f of %.0f%s)' % (v, got, want, unit)
    return v


def print_markdown(rows):
    """one line a scenario and run, a column a kernel (README, closing notes)"""
    kernels = []
    for r in rows:
        k = r['kernel'].split('-')[0]
        if k not in kernels:
            kernels.append(k)
    keys = []
    for r in rows:
        key = (r['scenario'], r['tool'])
        if r['scenario'] != 'quiet' and key not in keys:
            keys.append(key)
    print('| scenario | run | expected | %s |' % ' | '.join(kernels))
    print('| --- | --- | --- |%s' % (' --- |' * len(kernels)))
    for scen, tool in keys:
        by_k = {r['kernel'].split('-')[0]: r for r in rows
                if r['scenario'] == scen and r['tool'] == tool}
        first = next(iter(by_k.values()))
        exp = ('%s `%s`' % (first['kind'], first['name_re'])).replace('|', '\\|')
        print('| %s | %s | %s | %s |' % (scen, tool, exp,
                                         ' | '.join(cell(by_k.get(k)) for k in kernels)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--json')
    ap.add_argument('--tap', action='store_true')
    ap.add_argument('--markdown', action='store_true')
    ap.add_argument('outdirs', nargs='+')
    args = ap.parse_args()
    rows = []
    missing = []
    for d in args.outdirs:
        try:
            runs = read_runs(d)
            rows += [quiet_row(r) if r['scenario'] == 'quiet' else verdict(r, runs)
                     for r in runs]
        except OSError as e:
            missing.append('%s: %s' % (d, e))
    rows = latest(rows)
    attach_rtla(rows)
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            json.dump({'tolerance': TOLERANCE, 'runs': rows, 'missing': missing}, f, indent=1)
    if args.markdown:
        print_markdown(rows)
    elif args.tap:
        n = 0
        for r in rows:
            if r['tool'] == 'rtla-timerlat':
                continue
            n += 1
            name = 'zoo %s, %s, %s %s: %s' % (r['scenario'], r['kernel'], r['engine'],
                                               r['tool'], expected_text(r))
            print('%s %d - %s' % ('ok' if r['verdict'] in ('pass', 'baseline') else 'not ok',
                                  n, name))
            if r.get('why'):
                print('# %s' % r['why'])
        for m in missing:
            n += 1
            print('not ok %d - zoo results: %s' % (n, m))
        bad = sum(1 for r in rows if r['tool'] != 'rtla-timerlat' and
                  r['verdict'] not in ('pass', 'baseline')) + len(missing)
        print('%d passed, %d failed' % (n - bad, bad))
    else:
        print_table(rows)
        for m in missing:
            print('# missing: %s' % m)
    ours = [r for r in rows if r['tool'] != 'rtla-timerlat']
    good = ('pass', 'baseline')
    return 0 if ours and not missing and all(r['verdict'] in good for r in ours) else 1


if __name__ == '__main__':
    sys.exit(main())
