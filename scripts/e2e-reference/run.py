#!/usr/bin/env python3
"""End-to-end speed of text-driven cells: `trellis layout` against headless Chromium.

Generates, deterministically (seeded), the end-to-end documents (docs/perf/e2e.md) and times them side by
side in the same run:

  tags       100,000 distinct tags: random pronounceable words of 1-4 syllables, 30 % of
             the tags two words; DejaVu Sans 17, padding 5, a 375-wide leading-aligned flow
             with 8 pt gaps (interitem and line spacing).
  repeated   the same, with 20 % of the tags repeating an earlier tag (80,000 distinct).
  fixed      the tags document with fixed 50x30 items instead of text (JSON in and out).
  fixed1m    1,000,000 fixed 50x30 items.
  measure    `trellis measure --file` of the 100,000 distinct tags, one per line.

Trellis: `trellis layout FILE > out.json`, whole process (release build). Chromium: a
page holding the tags as flex items (`display: flex; flex-wrap: wrap; gap: 8px`, the same
font, padding 5px, one line each: `white-space: nowrap` and ellipsis at the container
width, as the cell template's single-line label does); `innerHTML` of the prepared HTML
followed by a forced layout (`offsetHeight`), timed in the page with performance.now(),
and the whole `chromium --headless --dump-dom` process.

Each case runs --runs times (default 3), alternating the two tools; p0 (fastest) and p50
(median) are printed with the ratio Chromium / Trellis (> 1: Trellis is faster).

Usage: scripts/e2e-reference/run.py [--trellis PATH] [--chromium PATH] [--runs N]
                                     [--cases tags,repeated,fixed,fixed1m,measure]
                                     [--keep DIR]
Needs Debian's `chromium` (apt-get install -y chromium) and a release build of trellis
(`make release`, as shipped: the Swift runtime linked statically).
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Syllables: mostly consonant + vowel, sometimes a cluster, a diphthong or a closing
# consonant (about 2.4 letters a syllable).
ONSETS = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "br", "st", "tr"]
VOWELS = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ou"]
CODAS = [""] * 8 + ["n", "r", "s"]

FONT = "DejaVu Sans"
FONT_SIZE = 17
PADDING = 5
WIDTH = 375
GAP = 8


def word(rng):
    return "".join(rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS)
                   for _ in range(rng.randint(1, 4)))


def tags(count, repeated_fraction, seed=15):
    """`count` tags; the first (1 - repeated_fraction) * count are distinct, the rest repeat
    earlier ones; then shuffled (seeded)."""
    rng = random.Random(seed)
    distinct_count = count - int(round(count * repeated_fraction))
    seen, result = set(), []
    while len(result) < distinct_count:
        tag = word(rng) + (" " + word(rng) if rng.random() < 0.3 else "")
        if tag not in seen:
            seen.add(tag)
            result.append(tag)
    while len(result) < count:
        result.append(result[rng.randrange(distinct_count)])
    rng.shuffle(result)
    return result


def text_document(tag_list):
    return {
        "width": WIDTH,
        "layout": {"type": "flow", "alignment": "leading", "interitemSpacing": GAP, "lineSpacing": GAP},
        "cell": {"font": FONT, "size": FONT_SIZE, "padding": {"top": PADDING, "leading": PADDING,
                                                              "bottom": PADDING, "trailing": PADDING}},
        "sections": [{"items": [{"text": t} for t in tag_list]}],
    }


def fixed_document(count):
    return {
        "width": WIDTH,
        "layout": {"type": "flow", "alignment": "leading", "interitemSpacing": GAP, "lineSpacing": GAP},
        "sections": [{"items": [{"width": 50, "height": 30}] * count}],
    }


PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
body { margin: 0; }
#c { width: %(width)dpx; display: flex; flex-wrap: wrap; align-items: flex-start;
     justify-content: flex-start; gap: %(gap)dpx; font: %(size)dpx "%(font)s"; }
#c > span { padding: %(padding)dpx; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
            max-width: 100%%; box-sizing: border-box; line-height: normal; }
#c.fixed > span { width: 50px; height: 30px; padding: 0; }
</style></head><body><div id="c" class="%(klass)s"></div><pre id="out"></pre>
<script>
const items = %(items)s;
const html = %(builder)s;
const c = document.getElementById("c");
document.fonts.load("%(size)dpx \\"%(font)s\\"").then(() => {
  const t0 = performance.now();
  c.innerHTML = html;
  const height = c.offsetHeight;
  const t1 = performance.now();
  document.getElementById("out").textContent = "RESULT " + JSON.stringify({ms: t1 - t0, height: height, count: c.children.length});
  c.innerHTML = "";
});
</script></body></html>
"""


def escape_html(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def chromium_page(tag_list=None, fixed_count=None):
    if tag_list is not None:
        items = json.dumps([escape_html(t) for t in tag_list])
        builder = "items.map(t => '<span>' + t + '</span>').join('')"
        klass = ""
    else:
        items = str(fixed_count)
        builder = "'<span></span>'.repeat(items)"
        klass = "fixed"
    return PAGE % {"width": WIDTH, "gap": GAP, "size": FONT_SIZE, "font": FONT, "padding": PADDING,
                   "items": items, "builder": builder, "klass": klass}


def run_trellis(trellis, args, out_path):
    start = time.perf_counter()
    with open(out_path, "wb") as out:
        subprocess.run([trellis] + args, stdout=out, check=True)
    return time.perf_counter() - start


def run_chromium(chromium, page_path):
    start = time.perf_counter()
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-extensions",
                          "--virtual-time-budget=600000", "--dump-dom", "file://" + page_path],
                         capture_output=True, text=True, check=True).stdout
    elapsed = time.perf_counter() - start
    match = re.search(r"RESULT (\{.*?\})", dom)
    if not match:
        sys.exit("chromium printed no result (page failed?)")
    return elapsed, json.loads(match.group(1))


def percentiles(values):
    return min(values), statistics.median(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trellis", default=os.path.join(ROOT, ".build", "release", "trellis"))
    parser.add_argument("--baseline", help="a second trellis binary (e.g. a build of an earlier commit) timed in the same run")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cases", default="tags,repeated,fixed,fixed1m,measure")
    parser.add_argument("--keep", help="write the generated documents and outputs to this folder")
    args = parser.parse_args()
    cases = args.cases.split(",")
    if not os.path.exists(args.trellis):
        sys.exit(f"{args.trellis} not found: make release")
    have_chromium = shutil.which(args.chromium) is not None
    if not have_chromium:
        print(f"warning: {args.chromium} not found; Trellis only", file=sys.stderr)

    work = args.keep or tempfile.mkdtemp(prefix="trellis-e2e-")
    os.makedirs(work, exist_ok=True)
    distinct = tags(100_000, 0.0)
    repeated = tags(100_000, 0.2)
    rows = []

    def write(name, content):
        path = os.path.join(work, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(content)
        return path

    for case in cases:
        if case == "tags":
            doc = write("tags.json", json.dumps(text_document(distinct)))
            page = write("tags.html", chromium_page(tag_list=distinct))
            label = "100k distinct tags (text items + cell template)"
            targs = ["layout", doc]
        elif case == "repeated":
            doc = write("repeated.json", json.dumps(text_document(repeated)))
            page = write("repeated.html", chromium_page(tag_list=repeated))
            label = "100k tags, 20 % repeated"
            targs = ["layout", doc]
        elif case == "fixed":
            doc = write("fixed.json", json.dumps(fixed_document(100_000)))
            page = write("fixed.html", chromium_page(fixed_count=100_000))
            label = "100k fixed 50x30 items"
            targs = ["layout", doc]
        elif case == "fixed1m":
            doc = write("fixed1m.json", json.dumps(fixed_document(1_000_000)))
            page = write("fixed1m.html", chromium_page(fixed_count=1_000_000))
            label = "1M fixed 50x30 items"
            targs = ["layout", doc]
        elif case == "measure":
            words = write("words.txt", "\n".join(distinct) + "\n")
            page = None
            label = "trellis measure --file (100k distinct tags)"
            targs = ["measure", "--font", FONT, "--size", str(FONT_SIZE), "--file", words]
        else:
            sys.exit(f"unknown case {case}")
        out = os.path.join(work, case + ".out")
        trellis_times, baseline_times, chromium_times, chromium_page_times = [], [], [], []
        chromium_result = None
        for _ in range(args.runs):
            if args.baseline:
                baseline_times.append(run_trellis(args.baseline, targs, out + ".baseline"))
            trellis_times.append(run_trellis(args.trellis, targs, out))
            if page and have_chromium:
                elapsed, result = run_chromium(args.chromium, page)
                chromium_times.append(elapsed)
                chromium_page_times.append(result["ms"] / 1000)
                chromium_result = result
        height = None
        if targs[0] == "layout":
            with open(out) as f:
                height = json.load(f)["contentSize"]["height"]
        rows.append((label, trellis_times, baseline_times, chromium_times, chromium_page_times, height,
                     chromium_result["height"] if chromium_result else None))

    print(f"runs per case: {args.runs}; times in seconds, p0 / p50; ratio = Chromium whole process / Trellis (p50)")
    print("| case | trellis whole process | baseline trellis | chromium whole process | chromium in-page innerHTML + layout | ratio | content height trellis / chromium |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for label, t, b, c, cp, h, ch in rows:
        t0, t50 = percentiles(t)
        tcol = f"{t0:.3f} / {t50:.3f}"
        bcol = "{:.3f} / {:.3f}".format(*percentiles(b)) if b else "-"
        if c:
            c0, c50 = percentiles(c)
            p0, p50 = percentiles(cp)
            ccol, pcol, ratio = f"{c0:.3f} / {c50:.3f}", f"{p0:.3f} / {p50:.3f}", f"{c50 / t50:.2f}x"
        else:
            ccol = pcol = ratio = "-"
        hcol = f"{h:,.0f} / {ch:,.0f}" if h is not None and ch is not None else (f"{h:,.0f}" if h is not None else "-")
        print(f"| {label} | {tcol} | {bcol} | {ccol} | {pcol} | {ratio} | {hcol} |")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
