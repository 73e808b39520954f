#!/usr/bin/env python3
"""The public API of each library module as sorted text, from the compiler's symbol graphs.

Reads the symbol graphs `swift package dump-symbol-graph` wrote into DIRECTORY and writes
one line per public symbol (its path, then its declaration as written) and one per
conformance, sorted, into OUT/<Module>.txt. SPI symbols are not in the graphs, so
`@_spi(Testing)` hooks stay out of the list. Used by scripts/check-public-api.
"""
import json
import os
import re
import sys


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return re.sub(r"\s+", " ", text).strip()


def lines_for(module, directory):
    names = sorted(name for name in os.listdir(directory)
                   if name == f"{module}.symbols.json" or name.startswith(f"{module}@"))
    lines = set()
    for name in names:
        with open(os.path.join(directory, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        paths = {}
        for symbol in graph.get("symbols", []):
            path = ".".join(symbol["pathComponents"])
            paths[symbol["identifier"]["precise"]] = path
            lines.add(f"{path}: {declaration(symbol)}")
        for relation in graph.get("relationships", []):
            if relation["kind"] != "conformsTo" or relation["source"] not in paths:
                continue
            target = paths.get(relation["target"]) or relation.get("targetFallback") or relation["target"]
            lines.add(f"{paths[relation['source']]}: conforms to {target}")
    return sorted(lines)


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: public-api.py SYMBOL_GRAPH_DIRECTORY OUT_DIRECTORY MODULE...")
    directory, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for module in sys.argv[3:]:
        lines = lines_for(module, directory)
        if not lines:
            sys.exit(f"public-api: no symbol graph for {module} in {directory}")
        with open(os.path.join(out, f"{module}.txt"), "w", encoding="utf-8") as handle:
            handle.write("".join(line + "\n" for line in lines))


main()
