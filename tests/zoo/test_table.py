#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The zoo's verdicts (tests/zoo/table.py) on made-up runs: what names a
cause first, what is the right size, what a rival is.

    tests/zoo/test_table.py          (exit 0: every case as expected)
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402

QUIET = [('irq', 'local_timer', 2000, 100000.0), ('thread', 'rcuc/1', 30, 1500.0)]


def report(path, sources, noise=4000000.0):
    rows = [{'kind': k, 'name': n, 'count': c, 'total_us': t} for k, n, c, t in sources]
    rows.append({'kind': 'hardware', 'name': 'hardware', 'count': 9, 'total_us': 1e6})
    with open(path, 'w', encoding='utf-8') as f:
        json.dump({'analysis': {'cpus': [{'cpu': 1, 'noise_us': noise, 'not_explained_us': 0.0,
                                          'sources': rows}]}}, f)


def verdict(tmp, name, kind, name_re, measure, expected, sources):
    """the verdict of scenario name against the quiet run"""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    report(os.path.join(d, 'quiet.json'), QUIET)
    added = {(k, n) for k, n, _, _ in sources}
    report(os.path.join(d, 'run.json'),
           [q for q in QUIET if (q[0], q[1]) not in added] + sources)
    with open(os.path.join(d, 'zoo.tsv'), 'w', encoding='utf-8') as f:
        f.write('quiet\tk\tkernel\tosnoise\t0\t-\t-\t-\t-\tquiet.json\n')
        f.write('%s\tk\tkernel\tosnoise\t0\t%s\t%s\t%s\t%s\trun.json\n' %
                (name, kind, name_re, measure, expected))
    runs = table.read_runs(d)
    return table.verdict(runs[1], runs)


CASES = [
    # (what, scenario's expectation, the sources it adds, verdict)
    ('a thread of the injected time passes',
     ('thread', '^zoo_rt$', 'time', 400000), [('thread', 'zoo_rt', 80, 410000.0)], 'pass'),
    ('more than 20 % off fails',
     ('thread', '^zoo_rt$', 'time', 400000), [('thread', 'zoo_rt', 80, 600000.0)], 'FAIL'),
    ('a rival that grew more fails',
     ('thread', '^zoo_rt$', 'time', 400000),
     [('thread', 'zoo_rt', 80, 400000.0), ('thread', 'kworker/1:1', 9, 900000.0)], 'FAIL'),
    ('no such source: not named',
     ('thread', '^zoo_rt$', 'time', 400000), [('thread', 'other', 80, 400000.0)], 'NOT NAMED'),
    ('an IRQ counted, its PREEMPT_RT thread no rival',
     ('irq', '^ttyS1$', 'count', 800),
     [('irq', 'ttyS1', 800, 8000.0), ('thread', 'irq/3-ttyS1', 800, 90000.0)], 'pass'),
    ('another IRQ\'s thread is a rival',
     ('irq', '^ttyS1$', 'count', 800),
     [('irq', 'ttyS1', 800, 8000.0), ('thread', 'irq/4-ttyS0', 900, 90000.0)], 'FAIL'),
    ('two sources of one expectation are summed',
     ('softirq|thread', '^(NET_RX|backlog_napi/1)$', 'count', 800),
     [('softirq', 'NET_RX', 500, 5000.0), ('thread', 'backlog_napi/1', 300, 6000.0)], 'pass'),
    ('IPIs counted beat a thread they woke less often',
     ('irq', '^reschedule$', 'count', 720),
     [('irq', 'reschedule', 720, 1800.0), ('thread', 'rcuc/1', 530, 40000.0)], 'pass'),
    ('ticks within their spread are no rival to a new count',
     ('irq', '^call_function', 'count', 40),
     [('irq', 'call_function', 40, 900.0), ('irq', 'local_timer', 2090, 104000.0)], 'pass'),
    ('a thread woken more often than the IPIs counted is a rival',
     ('irq', '^reschedule$', 'count', 300),
     [('irq', 'reschedule', 300, 800.0), ('thread', 'rcuc/1', 3000, 40000.0)], 'FAIL'),
    ('an injection not measured is not run',
     ('irq', '^ttyS1$', 'count', 'the-injection-failed'), [], 'NOT RUN'),
]


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (what, (kind, name_re, measure, expected), sources, want) in enumerate(CASES):
            row = verdict(tmp, 's%d' % i, kind, name_re, measure, expected, sources)
            ok = row['verdict'] == want
            failed += not ok
            print('%s %d - %s%s' % ('ok' if ok else 'not ok', i + 1, what,
                                    '' if ok else ': %s (%s)' % (row['verdict'], row.get('why'))))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
