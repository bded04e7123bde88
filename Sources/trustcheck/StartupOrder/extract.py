#!/usr/bin/env python3
"""Writes the linker symbol ordering file for `trustcheck` (Sources/trustcheck/StartupOrder/symbols.txt).

Usage: extract.py BINARY_NAME CALLGRIND_OUT...

Reads callgrind outputs recorded with `--demangle=no` (see `make startup-order`) and prints, once each, every
function of the object whose path ends in BINARY_NAME that ran. lld places the sections holding these symbols
first and together (`--symbol-ordering-file`), so the code a start touches sits in few pages: the kernel maps
64 KiB around each page fault, and scattered start-up code made most of the text resident (docs/performance.md, "Start-up").
"""
import re
import sys

FUNCTION = re.compile(r'^(c?fn)=\((\d+)\)(?: (.*))?$')
OBJECT = re.compile(r'^(c?ob)=\((\d+)\)(?: (.*))?$')


def functions(target, paths):
    names, seen = [], set()
    for path in paths:
        objects, fns, current = {}, {}, None
        with open(path, errors='replace') as lines:
            for line in lines:
                line = line.rstrip('\n')
                match = OBJECT.match(line)
                if match:
                    kind, ident, name = match.groups()
                    if name is not None:
                        objects[ident] = name
                    if kind == 'ob':
                        current = objects.get(ident)
                    continue
                match = FUNCTION.match(line)
                if not match:
                    continue
                kind, ident, name = match.groups()
                if name is not None:
                    fns[ident] = name
                if kind != 'fn' or not current or not current.endswith(target):
                    continue
                name = fns.get(ident)
                if name and not name.startswith('0x') and name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    print('\n'.join(functions(sys.argv[1], sys.argv[2:])))
