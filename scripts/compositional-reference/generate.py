#!/usr/bin/env python3
"""Generates the CSS cross-check fixtures of CompositionalLayout from a headless browser.

Compositions that CSS flexbox expresses exactly are laid out by Chromium and by the layout,
and must agree within 0.01 pt (Tests/TrellisTests/CompositionalChromiumTests.swift):

- a group is a flex container (`flex-direction: row | column`, `flex: none`), its
  inter-item spacing `column-gap` / `row-gap` (flexible spacing: `justify-content:
  space-between`), its content insets `padding`, an estimated extent `auto`;
- an item is a `flex: none` box of the item's size whose padding is its content insets; the
  cell is the box inside the padding; `.fractionalWidth(f)` is `width: f·100%` of the
  group's content box; `.fractionalHeight(1)` in a group of estimated height is
  `align-self: stretch`; flexible top and bottom edge spacing is `align-self: center`;
- a section is a column of group repetitions (`row-gap`: inter-group spacing, `padding`:
  content insets).

Sizes are multiples of 1/8 point and fractions multiples of 1/8 of widths that are multiples
of 8, so Chromium's 1/64 px layout units hold every value exactly. The page is laid out by
`chromium --headless --dump-dom`; each cell's getBoundingClientRect() is written with the
composition into Tests/TrellisTests/Fixtures/compositional/. The Swift test never needs a
browser.

Usage: scripts/compositional-reference/generate.py [--chromium PATH]
Needs Debian's `chromium` (apt-get install -y chromium).
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from chromium_reference import lay_out, write_fixtures  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "TrellisTests", "Fixtures", "compositional")


def eighths(rng, low, high):
    return rng.randint(low * 8, high * 8) / 8


def grid_case(rng, index):
    """Rows of 1-4 items whose fractions sum to at most 1, estimated heights (some
    stretched, some centred), fixed spacing, section insets. The first item of a row is
    estimated: a row of stretched items only takes the group's estimate in the layout and
    no height in CSS, which is no comparison."""
    width = rng.choice([320, 384, 480])
    inset = rng.choice([0, 8, 16])
    fractions = rng.choice([[0.5, 0.5], [0.25, 0.5, 0.25], [0.375, 0.625], [0.25, 0.25, 0.25, 0.25], [1.0], [0.5, 0.375]])
    items = []
    for position, f in enumerate(fractions):
        # The first item sizes the row: a row (or a partial last row) of stretched items only
        # has no height in CSS, while the layout falls back to the group's estimate.
        kind = "estimated" if position == 0 else rng.choice(["estimated", "estimated", "stretch", "center"])
        height = {"estimated": ["estimated", 44], "stretch": ["fractionalHeight", 1], "center": ["absolute", eighths(rng, 10, 30)]}[kind]
        items.append({"width": ["fractionalWidth", f], "height": height, "center": kind == "center"})
    group = {"axis": "horizontal", "width": ["fractionalWidth", 1], "height": ["estimated", 44],
             "spacing": rng.choice([0, 4, 8]) if sum(fractions) < 1 else 0, "subitems": items}
    count = rng.randint(2, 5) * len(items) + rng.randint(0, len(items) - 1)
    sizes = [[10, eighths(rng, 20, 80)] for _ in range(count)]
    return {"name": f"grid-{index}", "width": width, "insets": [inset, inset, inset, inset],
            "interGroupSpacing": rng.choice([0, 6, 10]), "group": group, "sizes": sizes}


def nested_case(rng, index):
    """A large absolute item beside a vertical group of absolute items spread by flexible
    spacing, group and item insets."""
    big = {"width": ["absolute", eighths(rng, 100, 180)], "height": ["fractionalHeight", 1], "insets": [4, 4, 4, 4]}
    stacked = [{"width": ["fractionalWidth", 1], "height": ["absolute", eighths(rng, 20, 50)]} for _ in range(rng.randint(2, 3))]
    right = {"axis": "vertical", "width": ["absolute", eighths(rng, 80, 140)], "height": ["fractionalHeight", 1],
             "flexible": True, "spacing": 0, "subitems": stacked}
    group = {"axis": "horizontal", "width": ["fractionalWidth", 1], "height": ["absolute", 180], "spacing": rng.choice([0, 8]),
             "insets": [rng.choice([0, 6]), rng.choice([0, 6]), rng.choice([0, 6]), rng.choice([0, 6])], "subitems": [big, right]}
    leaves = 1 + len(stacked)
    return {"name": f"nested-{index}", "width": 320, "insets": [0, 8, 0, 8], "interGroupSpacing": 12, "group": group,
            "sizes": [[1, 1] for _ in range(leaves * 2)]}


def list_case(rng, index):
    """Full-width rows of estimated height."""
    row = {"axis": "horizontal", "width": ["fractionalWidth", 1], "height": ["estimated", 44], "spacing": 0,
           "subitems": [{"width": ["fractionalWidth", 1], "height": ["estimated", 44]}]}
    return {"name": f"list-{index}", "width": rng.choice([320, 375]), "insets": [0, 0, 0, 0], "interGroupSpacing": rng.choice([0, 1]),
            "group": row, "sizes": [[1, eighths(rng, 30, 90)] for _ in range(rng.randint(4, 12))]}


def cases():
    rng = random.Random(20261123)
    return [grid_case(rng, i) for i in range(8)] + [nested_case(rng, i) for i in range(4)] + [list_case(rng, i) for i in range(3)]


def leaf_count(node):
    return sum(leaf_count(child) for child in node["subitems"]) if "subitems" in node else 1


def length(dimension, axis, cells, estimated_size):
    kind, value = dimension
    if kind == "absolute":
        return f"{value}px"
    if kind == "fractionalWidth" and axis == "width":
        return f"{value * 100}%"
    if kind == "fractionalHeight" and axis == "height":
        return f"{value * 100}%"
    if kind == "estimated":
        return f"{estimated_size}px" if estimated_size is not None else "auto"
    raise ValueError(f"{kind} along {axis} is not expressed in CSS here")


def box(node, cells, sizes):
    """The HTML of one group or item instance; `sizes` is consumed in cell order."""
    insets = node.get("insets", [0, 0, 0, 0])
    padding = f"padding:{insets[0]}px {insets[3]}px {insets[2]}px {insets[1]}px"
    if "subitems" in node:
        direction = "row" if node["axis"] == "horizontal" else "column"
        gap = ("column-gap" if direction == "row" else "row-gap") + f":{node.get('spacing', 0)}px"
        justify = "justify-content:space-between" if node.get("flexible") else "justify-content:flex-start"
        width = length(node["width"], "width", cells, None)
        height = length(node["height"], "height", cells, None)
        stretch = ";align-self:stretch" if node["height"][0] == "fractionalHeight" else ""
        inner = "".join(box(child, cells, sizes) for child in node["subitems"])
        return (f"<div style='display:flex;flex-direction:{direction};flex:none;box-sizing:border-box;{padding};{gap};{justify};"
                f"align-items:flex-start;width:{width};height:{height}{stretch}'>{inner}</div>")
    size = sizes.pop(0) if sizes else None
    if size is None:
        return ""
    width = length(node["width"], "width", cells, size[0])
    if node["height"][0] == "fractionalHeight" and node["height"][1] == 1:
        height, align = "auto", "align-self:stretch"
    else:
        height, align = length(node["height"], "height", cells, size[1]), ("align-self:center" if node.get("center") else "")
    cells.append(1)
    return (f"<div style='flex:none;box-sizing:border-box;{padding};width:{width};height:{height};{align};display:flex'>"
            f"<div class='cell' style='flex:1 1 auto;align-self:stretch'></div></div>")


def page(all_cases):
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0} .s{position:relative;margin:0 0 40px 0}</style></head><body>"]
    for index, case in enumerate(all_cases):
        t, l, b, r = case["insets"]
        sizes = [list(s) for s in case["sizes"]]
        groups = []
        while sizes:
            groups.append(box(case["group"], [], sizes))
        parts.append(f"<div class='s' id='s{index}' style='width:{case['width']}px;box-sizing:border-box;display:flex;flex-direction:column;"
                     f"align-items:flex-start;row-gap:{case['interGroupSpacing']}px;padding:{t}px {r}px {b}px {l}px'>{''.join(groups)}</div>")
    parts.append("""<pre id='out'></pre><script>
const result = [];
for (const s of document.querySelectorAll('.s')) {
  const origin = s.getBoundingClientRect();
  result.push(Array.from(s.querySelectorAll('.cell')).map(c => { const r = c.getBoundingClientRect();
    return {x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height}; }));
}
document.getElementById('out').textContent = JSON.stringify(result);
</script></body></html>""")
    return "".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="chromium")
    args = parser.parse_args()
    all_cases = cases()
    write_fixtures(all_cases, lay_out(page(all_cases), args.chromium, "compositional.html"), OUT, ROOT)


if __name__ == "__main__":
    main()
