#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
An SVG of --plot against the JSON report of the same run: one <svg> with a
width and a height that refers to nothing outside itself, a panel per CPU
with samples, as many bars as non-empty buckets, an "over" bar per series
with values past the last bucket, MARKS dashed threshold lines per panel,
the host name as it is. Used by tests/host/plot.sh and tests/vm/host/55-fleet.sh.

usage: plot_check.py SVG JSON MARKS [CONTEXTS]   (timerlat: irq,thread,user)
"""
import json, sys
import xml.etree.ElementTree as E

svg_path, json_path, marks = sys.argv[1], sys.argv[2], int(sys.argv[3])
contexts = (sys.argv[4] if len(sys.argv) > 4 else 'irq,thread,user').split(',')
NS = '{http://www.w3.org/2000/svg}'
root = E.parse(svg_path).getroot()
d = json.load(open(json_path))
errors = []

def want(cond, what):
    if not cond:
        errors.append(what)

want(root.tag == NS + 'svg', 'root is <%s>, not <svg>' % root.tag)
want(float(root.get('width', 0)) > 0 and float(root.get('height', 0)) > 0, 'no width/height')
for el in root.iter():
    tag = el.tag.replace(NS, '')
    want(tag not in ('image', 'script', 'style', 'foreignObject', 'a', 'use'), 'a <%s>' % tag)
    for k, v in el.attrib.items():
        want('href' not in k and 'url(' not in v, 'an external reference: %s=%s' % (k, v))

# the series of each CPU with samples, as the text histogram shows them
hist = d['histogram']
shown = {}
for c in hist['cpus']:
    series = [c] if 'buckets' in c else [c[k] for k in contexts if k in c]
    if any(s['count'] for s in series):
        shown['CPU %d' % c['cpu']] = series

# the buckets of a bar: 1, or N when the header says "(a bar: N buckets)"
group = 1
for t in root.iter(NS + 'text'):
    if t.text and '(a bar: ' in t.text:
        group = int(t.text.split('(a bar: ')[1].split()[0])

def bars_of(s):
    return len({b['index'] // group for b in s['buckets']})

panels = [g for g in root.iter(NS + 'g') if g.get('class') == 'panel']
titles = [next(g.iter(NS + 'text')).text for g in panels]
want(sorted(titles) == sorted(shown), 'panels %s, want %s' % (titles, sorted(shown)))
for g, title in zip(panels, titles):
    rects = list(g.iter(NS + 'rect'))
    bars = sum(r.get('class') == 'bar' for r in rects)
    over = sum(r.get('class') == 'over' for r in rects)
    series = shown.get(title, [])
    want(bars == sum(bars_of(s) for s in series),
         '%s: %d bars, %d non-empty groups of %d buckets' %
         (title, bars, sum(bars_of(s) for s in series), group))
    want(over == sum(s['over'] > 0 for s in series), '%s: %d over bars' % (title, over))
    lines = [l for l in g.iter(NS + 'line') if l.get('class') == 'threshold']
    want(len(lines) == marks, '%s: %d threshold lines, want %d' % (title, len(lines), marks))
    want(all(l.get('stroke-dasharray') for l in lines), '%s: a threshold not dashed' % title)
if not shown:
    want(any(t.get('class') == 'empty' for t in root.iter(NS + 'text')), 'no "no samples" text')
# the host name as the picture has it: its control characters dropped
host = ''.join(ch for ch in d['system']['hostname'] if ch >= ' ' and not '\x7f' <= ch <= '\x9f')
want(any(t.text and ('host ' + host + ',') in t.text for t in root.iter(NS + 'text')),
     'the host name %r is not in the picture as it is' % host)
for e in errors:
    print(e)
sys.exit(1 if errors else 0)
