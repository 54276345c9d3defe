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

NAMES = re.compile(r'\bTOOL_[A-Z0-9_]+\b|\btool_(osnoise|timerlat|hwnoise)\b')


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
    bad = [f'src/{rel}: names a tool outside the tables (see tests/layers/tools.py)'
           for rel in sorted(found - set(TABLES))]
    bad += [f'src/{rel}: names no tool any more: drop it from TABLES'
            for rel in sorted(set(TABLES) - found)]
    for b in bad:
        print(b)
    print(f'{len(found & set(TABLES))} passed, {len(bad)} failed')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
