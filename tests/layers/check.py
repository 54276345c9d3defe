#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
The layers of src/ (Documentation/architecture.md). A directory (a layer,
or a room of src/source/) may include a header of its own, or the public
header of a directory it may use (USES, transitively); never one of a
directory above or beside it, so that no two directories use each other.
Every header is listed in HEADERS, public or private: a header not listed
fails, and each room of source/ has exactly one public header; no two
files of src/ share a name. Files in a
subfolder of a directory (source/engine/bpf/) belong to it. Prints one line
per violation and "N passed, N failed" (one check per file).

With OBJ_DIR (the objects of a build, by the same paths), it also checks
the calls: an object may use a symbol defined in its own directory or in
one it may use (nm). And no two objects call each other (a file circle):
if A uses a symbol that B defines, B uses none that A defines.

It also checks Documentation/architecture.md against the tree: every file
of src/ it names in backquotes exists, and the counts it gives in words
(the commands, an engine's hooks) are the tree's.

usage: tests/layers/check.py [SRC_DIR [OBJ_DIR [ARCHITECTURE_MD]]]
"""
import functools
import os
import re
import subprocess
import sys

# what each directory may use directly; the rule is the transitive closure
USES = {
    'base': (),
    'decode': ('base',),
    'model': ('base',),
    'analysis': ('decode', 'model'),
    'render': ('analysis',),
    'source/system': ('base',),
    'source/machine': ('base',),
    'source/recording': ('base',),
    'source/reports': ('analysis',),
    'source/engine': ('decode', 'model', 'source/system', 'source/recording'),
    'session': ('render', 'source/engine', 'source/machine'),
    'cli': ('session', 'source/reports'),
}

# every header: True when other directories may include it
HEADERS = {
    'base': {h: True for h in (
        'actions.h', 'cgroup.h', 'cpulist.h', 'facts.h', 'hwlat_record.h', 'log.h', 'noise_event.h', 'outfile.h',
        'params.h', 'parse.h', 'records.h', 'run_end.h', 'safe_text.h', 'tool.h',
        'tool_hwlat.h', 'tool_units.h', 'tuning.h')},
    'decode': {'decode.h': True, 'hist_file.h': True, 'softirq.h': True,
               'decode_parts.h': False},
    'model': {h: True for h in (
        'ctx_tracker.h', 'histogram.h', 'hwlat_model.h', 'latency_model.h', 'noise_model.h',
        'self_stop.h', 'stop_rule.h', 'tail_store.h')},
    'analysis': {'compare.h': True, 'compare_shape.h': True, 'hwlat_models.h': True,
                 'kvm_exits.h': True,
                 'merge.h': True, 'osnoise_models.h': True, 'timerlat_models.h': True,
                 'merge_shape.h': True,
                 'osnoise_aa.h': True, 'report_data.h': True, 'run_models.h': True,
                 'setup_notes.h': True, 'source_journal.h': True, 'source_table.h': True,
                 'spmd.h': True,
                 'timerlat_aa.h': True, 'timerlat_sources.h': True,
                 'source_window.h': True, 'tail_estimate.h': True, 'tail_fit.h': True,
                 'tail_gate.h': True, 'timerlat_window.h': True, 'tuning_judge.h': True,
                 'vcpu_host.h': True, 'vcpu_threads.h': True, 'vm_join.h': True,
                 'vm_timemap.h': True,
                 'tuning_judge_parts.h': False,
                 'vcpu_host_parts.h': False},
    'render': {'compare_render.h': True, 'merge_render.h': True, 'metrics.h': True,
               'recording_json.h': True, 'render.h': True, 'svg_plot.h': True,
               'tuning_render.h': True, 'json_writer.h': False, 'source_table_text.h': False, 'live_pane.h': False,
               'hist_parts.h': False, 'hwlatdetect_text.h': False, 'live_table.h': False,
               'wrap_text.h': False, 'tail_gate_parts.h': False, 'text_append.h': False,
               'metrics_parts.h': False, 'svg_panel.h': False,
               'svg_writer.h': False},
    'source/system': {'system.h': True, 'state_record.h': False, 'sys_mount.h': False},
    'source/machine': {'machine.h': True, 'tuning_parts.h': False},
    'source/recording': {'recording.h': True, 'tuning_layout.h': False},
    'source/reports': {'reports.h': True, 'report_load.h': False, 'report_parts.h': False,
                       'report_shape.h': False},
    'source/engine': {'source.h': True, 'engine.h': False, 'bpf_action.h': False,
                      'bpf_counts.h': False, 'bpf_layout.h': False,
                      'counts.skel.h': False, 'file_parts.h': False,
                      'file_source.h': False, 'formats.h': False, 'instance.h': False,
                      'kernel_tracer.h': False,
                      'own_records.h': False, 'own_stops.h': False,
                      'page_reader.h': False, 'sample_queue.h': False,
                      'own_merge.h': False, 'own_workload.h': False,
                      'osnoise_tracer.h': False, 'timerlat_tracer.h': False,
                      'tracer_family.h': False},
    'session': {'metrics_server.h': True, 'progress.h': True, 'run.h': True,
                'tty.h': True, 'host_join.h': False, 'metrics_addr.h': False, 'metrics_http.h': False,
                'screen_fit.h': False, 'live_keys.h': False, 'gate_clock.h': False},
    'cli': {'commands.h': True, 'opt_parse.h': True, 'options.h': True,
            'cpus_default.h': False, 'opt_value.h': False, 'option_checks.h': False,
            'option_setters.h': False},
}
GENERATED = {'source/engine/counts.skel.h'}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def closure():
    allowed = {}

    def reach(d):
        if d not in allowed:
            allowed[d] = set()
            for u in USES[d]:
                allowed[d] |= {u} | reach(u)
        return allowed[d]
    for d in USES:
        reach(d)
    return allowed


ALLOWED = closure()


def owner_dir(path):
    """the directory of USES that holds @path (relative to src), or None"""
    best = None
    for d in USES:
        if path.startswith(d + '/') and (best is None or len(d) > len(best)):
            best = d
    return best


def violations(src, rel):
    d = owner_dir(rel)
    text = open(os.path.join(src, rel), encoding='utf-8').read()
    for inc in INCLUDE.findall(text):
        if '/' not in inc or inc.startswith('.'):
            path = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
            if not inc.startswith('.') or owner_dir(path) != d:
                yield f'src/{rel}: "{inc}" does not name its directory'
            continue
        target = owner_dir(inc)
        name = inc[len(target) + 1:] if target else ''
        if target is None:
            yield f'src/{rel}: "{inc}": unknown directory'
        elif name not in HEADERS[target]:
            yield f'src/{rel}: "{inc}": a header the layer check does not know (add it to HEADERS)'
        elif target == d:
            continue
        elif target not in ALLOWED[d]:
            yield f'src/{rel}: {d} may not use {target} ("{inc}")'
        elif not HEADERS[target][name]:
            yield f'src/{rel}: "{inc}" is private to {target}'


def header_violations(src):
    """headers of the tree that HEADERS does not know, and rooms' public headers"""
    for d, heads in sorted(HEADERS.items()):
        present = {n for n in os.listdir(os.path.join(src, d)) if n.endswith('.h')}
        for n in sorted(present - set(heads)):
            yield f'src/{d}/{n}: a header the layer check does not know (add it to HEADERS)'
        for n in sorted(set(heads) - present):
            if f'{d}/{n}' not in GENERATED:
                yield f'src/{d}/{n}: listed in HEADERS but not in the tree'
        public = [n for n, pub in heads.items() if pub]
        if d.startswith('source/') and len(public) != 1:
            yield f'src/{d}: a room has one public header, not {len(public)}'


def basename_violations(src):
    """two files of src/ with one name: say which, so that each is named once"""
    seen = {}
    for rel in sources(src):
        seen.setdefault(os.path.basename(rel), []).append(rel)
    for name, rels in sorted(seen.items()):
        if len(rels) > 1:
            yield f'{name}: one name for ' + ', '.join(f'src/{r}' for r in rels)


def sources(src):
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(('.c', '.h')):
                yield os.path.relpath(os.path.join(root, name), src)


@functools.lru_cache(maxsize=None)
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
    for rel in sources(src):
        o = os.path.join(obj, rel[:-2] + '.o')
        if rel.endswith('.c') and os.path.exists(o):
            defined, undefined = symbols(o)
            d = owner_dir(rel)
            owner.update((sym, d) for sym in defined)
            uses[rel] = (d, undefined)
    for rel, (d, undefined) in sorted(uses.items()):
        bad = sorted(f'{sym} ({owner[sym]})' for sym in undefined
                     if sym in owner and owner[sym] != d and owner[sym] not in ALLOWED[d])
        yield rel, d, bad


def circle_violations(src, obj):
    """(object, its file circles) for each object: "file circle: A <-> B" for
    each object B after it that it uses and that uses it"""
    defines, uses = {}, {}
    for rel in sources(src):
        o = os.path.join(obj, rel[:-2] + '.o')
        if rel.endswith('.c') and os.path.exists(o):
            defines[rel], uses[rel] = symbols(o)
    owner = {sym: rel for rel, syms in defines.items() for sym in syms}
    calls = {rel: {owner[s] for s in undef if s in owner} - {rel}
             for rel, undef in uses.items()}
    for a in sorted(calls):
        yield a, [f'file circle: src/{a} <-> src/{b}'
                  for b in sorted(calls[a]) if a < b and a in calls[b]]


def doc_violations(src, doc):
    """files of src/ named in @doc that are not in the tree"""
    text = open(doc, encoding='utf-8').read()
    tree = set(sources(src))
    names = {os.path.basename(p) for p in tree}
    for word in sorted(set(re.findall(r'`([^`\s]+)`', text))):
        m = re.fullmatch(r'(?:src/)?([\w/]*?)(\w+\.[ch])(?:\*)?', word.split('(')[0])
        if not m:
            continue
        path, base = m.group(1), m.group(2)
        if (path and (path + base) not in tree and path + base not in GENERATED) or \
           (not path and base not in names):
            yield f'{doc}: `{word}` is not a file of src/'


WORDS = {w: i for i, w in enumerate(
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen '
    'fifteen sixteen seventeen eighteen nineteen twenty'.split())}


def struct_hooks(path, name):
    """the function pointers of struct @name in @path"""
    text = open(path, encoding='utf-8').read()
    m = re.search(r'struct ' + name + r' \{(.*?)\n\};', text, re.S)
    return len(re.findall(r'\(\*\w+\)\s*\(', m.group(1))) if m else -1


def command_rows(path):
    """the commands of the command table (a [CMD_...] = { row each)"""
    return len(re.findall(r'^\s*\[CMD_\w+\]\s*=\s*\{', open(path, encoding='utf-8').read(), re.M))


# what @doc counts in words, how to count it in the tree
COUNTS = (
    (r'the one command table of all (\w+) commands',
     lambda src: command_rows(os.path.join(src, 'cli/commands.c')), 'commands in cli/commands.c'),
    (r'`struct engine_ops`.{0,300}?Its (\w+) hooks',
     lambda src: struct_hooks(os.path.join(src, 'source/engine/engine.h'), 'engine_ops'),
     'hooks of struct engine_ops'),
)


def count_violations(src, doc):
    """the numbers @doc gives in words that the tree does not have"""
    text = ' '.join(open(doc, encoding='utf-8').read().split())
    for pattern, count, what in COUNTS:
        m = re.search(pattern, text)
        if not m:
            yield f'{doc}: no count of the {what} (/{pattern}/)'
            continue
        n = count(src)
        if WORDS.get(m.group(1).lower()) != n:
            yield f'{doc}: "{m.group(0)}": the tree has {n} {what}'


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else 'src'
    obj = sys.argv[2] if len(sys.argv) > 2 else None
    doc = sys.argv[3] if len(sys.argv) > 3 else 'Documentation/architecture.md'
    passed = failed = 0

    def report(bad):
        nonlocal passed, failed
        for b in bad:
            print(b)
        failed += bool(bad)
        passed += not bad
    for rel in sources(src):
        if owner_dir(rel) is None:
            report([f'src/{rel}: in a directory with no layer (add it to USES)'])
        else:
            report(list(violations(src, rel)))
    report(list(header_violations(src)))
    report(list(basename_violations(src)))
    for rel, d, bad in call_violations(src, obj) if obj else []:
        report([f'src/{rel}: {d} may not call ' + ', '.join(bad)] if bad else [])
    for rel, circles in circle_violations(src, obj) if obj else []:
        report(circles)
    if os.path.exists(doc):
        report(list(doc_violations(src, doc)))
        report(list(count_violations(src, doc)))
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
