#!/usr/bin/env python3
"""Generates the flexbox cross-check fixtures of FlowLayout from a headless browser.

CSS flexbox with `flex-wrap: wrap` places fixed-size boxes the way FlowLayout's `leading`,
`center` and `trailing` alignments must: `justify-content: flex-start | center | flex-end`
along a line, `align-items: flex-start | center | flex-end` across it (our `top`, `center`,
`bottom` line alignment), `column-gap` = inter-item spacing, `row-gap` = line spacing,
`direction: rtl` = right-to-left. This script builds one page holding every fixture, lets
Chromium lay it out (`chromium --headless --dump-dom`), reads the boxes'
getBoundingClientRect()s back from the DOM and writes one JSON fixture per case into
Tests/TrellisTests/Fixtures/flexbox/. The Swift test reads those files; it never needs a
browser.

Usage: scripts/flexbox-reference/generate.py [--chromium PATH]
Needs Debian's `chromium` (apt-get install -y chromium).
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from chromium_reference import lay_out, write_fixtures  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "TrellisTests", "Fixtures", "flexbox")

JUSTIFY = {"leading": "flex-start", "center": "center", "trailing": "flex-end"}
ALIGN = {"top": "flex-start", "center": "center", "bottom": "flex-end"}


def cases():
    """Every alignment x line alignment x direction, on seeded random boxes; sizes are
    whole or half points so the browser's 1/64 px layout units hold them exactly."""
    rng = random.Random(20261122)
    result = []
    for alignment in JUSTIFY:
        for line_alignment in ALIGN:
            for direction in ("ltr", "rtl"):
                width = rng.choice([240, 320, 375, 410])
                count = rng.randint(8, 30)
                items = [{"width": rng.randint(20, 200) / 2 * 2 if rng.random() < 0.5 else rng.randint(40, 300) / 2,
                          "height": rng.randint(20, 90) / 2} for _ in range(count)]
                items = [it for it in items if it["width"] <= width]
                result.append({
                    "name": f"{alignment}-{line_alignment}-{direction}",
                    "width": width,
                    "interitemSpacing": rng.choice([0, 4, 8, 10, 12.5]),
                    "lineSpacing": rng.choice([0, 6, 8, 10]),
                    "alignment": alignment,
                    "lineAlignment": line_alignment,
                    "direction": direction,
                    "items": items,
                })
    return result


def page(all_cases):
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><style>",
             "body{margin:0} .c{display:flex;flex-wrap:wrap;align-content:flex-start;position:relative;",
             "margin:0 0 40px 0;padding:0;border:0} .c>div{flex:none;box-sizing:border-box;margin:0;padding:0;border:0}",
             "</style></head><body>"]
    for index, case in enumerate(all_cases):
        style = (f"width:{case['width']}px;column-gap:{case['interitemSpacing']}px;row-gap:{case['lineSpacing']}px;"
                 f"justify-content:{JUSTIFY[case['alignment']]};align-items:{ALIGN[case['lineAlignment']]};"
                 f"direction:{case['direction']}")
        boxes = "".join(f"<div style='width:{it['width']}px;height:{it['height']}px'></div>" for it in case["items"])
        parts.append(f"<div class='c' id='c{index}' style='{style}'>{boxes}</div>")
    parts.append("""<pre id='out'></pre><script>
const result = [];
for (const c of document.querySelectorAll('.c')) {
  const origin = c.getBoundingClientRect();
  result.push(Array.from(c.children).map(b => { const r = b.getBoundingClientRect();
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
    write_fixtures(all_cases, lay_out(page(all_cases), args.chromium, "flex.html"), OUT, ROOT)


if __name__ == "__main__":
    main()
