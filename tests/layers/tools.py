#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
What adding a tool touches (Documentation/architecture.md, "Where to add ->
A tool"): the files of src/ that name a tool (TOOL_*, tool_osnoise,
tool_timerlat, tool_hwnoise) are its description and one const table per
layer. A file that starts to name one branches on the tool outside the
tables: move the difference into the description or the layer's table, or,
for a new table, add the file to TABLES and to architecture.md. Prints one
line per file that should not name a tool, one per table that no longer
does, and "N passed, N failed".

A tool that is not a unit yet (PENDING: osnoise, timerlat) may be named
only in the files that named it when the list was made, which may only
shrink. A tool that is a unit of code (UNITS: hwlat, so far) is held tighter: an
identifier that names it (hwlat_sample, RECORD_HWLAT, set_hwl_mode...),
comments and strings aside, may appear only in its own files (their
names hold the tool's name) and in the registries listed for it, each of
which holds a row or a declaration of it; a file that starts to name it
elsewhere fails, as does a registry that no longer does.

usage: tests/layers/tools.py [SRC_DIR]
"""
import os
import re
import sys

# the files that may name a tool, and what each keeps per tool
TABLES = {
    'base/tool.h': 'enum rtl_tool, the descriptions',
    'base/tool.c': 'struct tool_desc: each tool as data',
    'base/params.c': 'params_set_hwnoise()',
    'cli/commands.c': 'the command table: a description and a mode per command',
    'analysis/run_models.c': 'struct models_ops: the models and stop values',
    'render/screen.c': 'struct tool_render: screens, JSON, metrics',
    'source/engine/kernel_source.c': 'struct tracer_desc: the tracer\'s setup',
    'source/engine/own_source.c': 'struct own_tool: the measuring threads',
}

NAMES = re.compile(r'\bTOOL_[A-Z0-9_]+\b|\btool_(osnoise|timerlat|hwnoise|hwlat)\b')

# the tools that are units of code: what names them, and the registries
# outside their own files where they have their rows
UNITS = {
    'hwlat': (re.compile(r'\b\w*(hwlat|HWLAT|hwl_|HWL)\w*\b'), {
        'base/tool_units.h': 'its line: the rows of every layer\'s table of tools',
        'base/records.h': 'RECORD_HWLAT: its record, in base/hwlat_record.h',
        'base/params.h': 'hwlat_mode',
        'cli/commands.h': 'CMD_HWLAT_TOP, CMD_HWLAT_HIST',
        'cli/commands.c': 'the two commands',
        'cli/options.c': 'its options: the rows and their setters',
    }),
}

# the tools that are not units yet (#36): the files outside their own that
# name them, as they were when the list was made. The list may only
# shrink: a file that starts to name one fails, and one that stops naming
# it must leave the list, so that moving a tool into its own files is
# seen, and undoing it is not possible unseen.
PENDING = {
    'osnoise': (re.compile(r'\b\w*(osnoise|OSNOISE)\w*\b'), {
        'analysis/run_models.c',
        'analysis/setup_notes.c', 'base/records.h', 'base/tool.c',
        'base/tool.h', 'cli/commands.c', 'cli/commands.h', 'cli/options.c',
        'decode/decode.h', 'decode/decoder.c', 'model/noise_model.c', 'model/stop_rule.c',
        'render/metrics_parts.h',
        'render/render.h', 'render/screen.c',
        'source/engine/file_records.c', 'source/engine/kernel_source.c',
        'source/engine/own_merge.c', 'source/engine/own_source.c',
        'source/engine/own_workload.c', 'source/engine/own_workload.h',
        'source/system/state_record.c',
        'source/system/sysstate.c', 'source/system/system.h',
    }),
    'timerlat': (re.compile(r'\b\w*(timerlat|TIMERLAT)\w*\b'), {
        'analysis/run_models.c',
        'analysis/setup_notes.c', 'analysis/vm_join.c',
        'base/records.h', 'base/tool.c', 'base/tool.h', 'cli/commands.c', 'cli/commands.h',
        'cli/option_checks.c', 'cli/options.c', 'decode/decode.h', 'decode/decoder.c',
        'model/latency_model.c', 'model/latency_model.h', 'model/self_stop.c',
        'model/stop_rule.c', 'render/hist_parts.h',
        'render/hist_text.c', 'render/metrics_parts.h',
        'render/render.h',
        'render/screen.c', 'session/run.c',
        'source/engine/bpf/counts.bpf.c', 'source/engine/bpf_counts.c',
        'source/engine/file_records.c',
        'source/engine/kernel_source.c',
        'source/engine/own_merge.c',
        'source/engine/own_source.c', 'source/engine/own_workload.c',
        'source/engine/own_workload.h',
    }),
}

COMMENTS_STRINGS = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', re.S)


def code_of(path):
    return COMMENTS_STRINGS.sub(' ', open(path, encoding='utf-8').read())


def unit_violations(src, tool, pattern, registries):
    """the files naming @tool that are neither its own nor its registries'"""
    found = set()
    for root, _, files in os.walk(src):
        for name in files:
            path = os.path.join(root, name)
            if name.endswith(('.c', '.h')) and tool not in name and \
               pattern.search(code_of(path)):
                found.add(os.path.relpath(path, src))
    bad = [f'src/{rel}: names {tool} outside its files and registries (tests/layers/tools.py)'
           for rel in sorted(found - set(registries))]
    bad += [f'src/{rel}: no longer names {tool}: drop it from its registries'
            for rel in sorted(set(registries) - found)]
    return len(found & set(registries)), bad


def naming(src):
    for root, _, files in os.walk(src):
        for name in files:
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(root, name)
            if NAMES.search(open(path, encoding='utf-8').read()):
                yield os.path.relpath(path, src)


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else 'src'
    found = set(naming(src))
    # a tool's own files (their names hold its name) may name it; one
    # naming another tool is caught by that tool's list below
    own = {rel for rel in found
           if any(t in os.path.basename(rel) for t in list(UNITS) + list(PENDING))}
    bad = [f'src/{rel}: names a tool outside the tables (see tests/layers/tools.py)'
           for rel in sorted(found - set(TABLES) - own)]
    bad += [f'src/{rel}: names no tool any more: drop it from TABLES'
            for rel in sorted(set(TABLES) - found)]
    passed = len(found & set(TABLES)) + len(own)
    for tool, (pattern, registries) in list(UNITS.items()) + list(PENDING.items()):
        n, unit_bad = unit_violations(src, tool, pattern, registries)
        passed += n
        bad += unit_bad
    for b in bad:
        print(b)
    print(f'{passed} passed, {len(bad)} failed')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
