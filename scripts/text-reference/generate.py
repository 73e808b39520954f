#!/usr/bin/env python3
"""Generates the reference values the TrellisText tests compare against.

The values come from tools that are not Trellis:
  * HarfBuzz's own shaper, `hb-shape` (Debian `libharfbuzz-bin`), at the font's
    units-per-em, scaled to the point size: the unrounded width of a single line.
  * A headless browser, `chromium` (Debian `chromium`): canvas `measureText` for the same
    single lines (a cross-check: it shapes with HarfBuzz too; it quantizes font sizes to
    1/64 px, so only sizes on that grid are compared), and the number of lines a
    `<div>` of a given width wraps a paragraph into.
For every wrapped paragraph the script also breaks lines greedily at spaces with
hb-shape widths and records the smallest distance between a line's width and the
maximum width, so a case that sits on a knife edge would be visible in the fixture.

Usage: scripts/text-reference/generate.py [output.json]
(default output: Tests/TrellisTextTests/Fixtures/text-reference.json)
"""
import json, os, struct, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Tests/TrellisTextTests/Fixtures/text-reference.json")
FAMILY = "DejaVu Sans"

def font_file(style):
    pattern = FAMILY + (":" + style if style else "")
    return subprocess.check_output(["fc-match", "-f", "%{file}", pattern], text=True)

def units_per_em(path):
    with open(path, "rb") as f:
        data = f.read()
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"head":
            return struct.unpack(">H", data[offset + 18: offset + 20])[0]
    raise SystemExit(f"{path}: no head table")

def hb_advances(path, texts):
    """Sum of x advances of each text, in font units (one hb-shape run per text)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write("\n".join(texts) + "\n")
        name = f.name
    try:
        out = subprocess.check_output(["hb-shape", "--font-file=" + path, "--output-format=json",
                                       "--no-glyph-names", "--text-file=" + name], text=True)
    finally:
        os.unlink(name)
    lines = [l for l in out.splitlines() if l.strip()]
    assert len(lines) == len(texts), (len(lines), len(texts))
    return [sum(g["ax"] for g in json.loads(l)) for l in lines]

STYLES = {  # (weight, italic) -> fontconfig style
    (400, False): "", (700, False): "bold", (400, True): "oblique",
}

SINGLE_TEXTS = [
    "AV", "To", "Hello, World", "WAVE Ta Te To Ty", "Typography", "office affine fluffy",
    "café naïve résumé", "e\u0301 a\u0308 o\u0302\u0323", "Ångström Łódź Škoda",
    "Καλημέρα κόσμε", "Привет, мир", "Съешь же ещё этих мягких французских булок",
    "שלום עולם", "مرحبا بالعالم", "العربية", "0123456789", "(a) [b] {c} 1/2 – — “q”",
    "A", "longer", "much longer", "Lorem ipsum dolor sit amet",
]
# 13.37 is off every binary grid: Pango's 1/16384-pt advances round there (sizes on a
# 1/8 grid are exact), and Chromium's canvas quantizes it to 855/64 px.
SINGLE_SIZES = [9, 12, 13.37, 17, 24.5, 31]

PARAGRAPHS = [
    "Self-sizing cells are mostly text: a label measures its intrinsic size, wraps at a "
    "preferred maximum width and grows taller when the content is long.",
    "The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly "
    "and a wizard's job is to vex chumps quickly in fog.",
    "Layout on a background thread is one of the reasons people pick a portable layout "
    "engine; measured sizes must equal the drawn text, or cells clip their last line and "
    "truncate words that would have fitted.",
]
WRAP_SIZES = [13, 17]
WRAP_WIDTHS = [97, 150, 210, 333, 480]

def greedy(words, widths_of, max_width):
    """Greedy break at spaces; returns (line count, smallest |line width - max width|)."""
    lines, margin, current = 0, float("inf"), []
    i = 0
    while i < len(words):
        candidate = current + [words[i]]
        width = widths_of(" ".join(candidate))
        if width <= max_width or not current:
            if current or width <= max_width:
                margin = min(margin, max_width - width) if width <= max_width else margin
            current = candidate
            i += 1
        else:
            margin = min(margin, width - max_width)
            lines += 1
            current = []
    return lines + (1 if current else 0), margin

def browser(single, wraps):
    html = ["<!doctype html><html><head><meta charset='utf-8'><style>",
            "div{font-family:'DejaVu Sans';line-height:100px;white-space:normal;",
            "overflow-wrap:break-word;padding:0;margin:0;font-kerning:normal}</style></head><body>",
            "<script>const S=", json.dumps(single), ";const W=", json.dumps(wraps), ";",
            "const c=document.createElement('canvas').getContext('2d');const r={single:[],lines:[]};",
            "for(const s of S){c.font=(s.italic?'oblique ':'')+s.weight+' '+s.size+\"px 'DejaVu Sans'\";",
            "r.single.push(c.measureText(s.text).width);}",
            "for(const w of W){const d=document.createElement('div');d.style.width=w.maxWidth+'px';",
            "d.style.fontSize=w.size+'px';d.textContent=w.text;document.body.appendChild(d);",
            "r.lines.push(Math.round(d.getBoundingClientRect().height/100));d.remove();}",
            "document.body.textContent='RESULT'+JSON.stringify(r)+'END';</script></body></html>"]
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
        f.write("".join(html))
        name = f.name
    try:
        out = subprocess.check_output(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                                       "--dump-dom", "file://" + name], text=True, stderr=subprocess.DEVNULL)
    finally:
        os.unlink(name)
    return json.loads(out[out.index("RESULT") + 6: out.index("END")])

def main():
    files = {key: font_file(style) for key, style in STYLES.items()}
    upem = {key: units_per_em(path) for key, path in files.items()}

    single = []
    for (weight, italic), path in files.items():
        texts = SINGLE_TEXTS if (weight, italic) == (400, False) else SINGLE_TEXTS[:8]
        advances = hb_advances(path, texts)
        for text, units in zip(texts, advances):
            for size in SINGLE_SIZES:
                single.append({"text": text, "size": size, "weight": weight, "italic": italic,
                               "width": units * size / upem[(weight, italic)]})

    regular = files[(400, False)]
    wraps = []
    for text in PARAGRAPHS:
        words = text.split(" ")
        cache = {}
        def widths_of(candidate, cache=cache):
            return cache[candidate]
        # Every candidate line (a run of consecutive words), shaped in one hb-shape call.
        candidates = sorted({" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
                             if j - i <= 30})
        for candidate, units in zip(candidates, hb_advances(regular, candidates)):
            cache[candidate] = units
        for size in WRAP_SIZES:
            for max_width in WRAP_WIDTHS:
                scale = size / upem[(400, False)]
                lines, margin = greedy(words, lambda t: cache[t] * scale, max_width)
                wraps.append({"text": text, "size": size, "maxWidth": max_width,
                              "greedyLines": lines, "knifeEdgeMargin": round(margin, 4)})

    result = browser(single, wraps)
    for entry, width in zip(single, result["single"]):
        entry["browserWidth"] = width
        # Chromium quantizes font sizes to 1/64 px, so only sizes on that grid compare.
        on_grid = float(entry["size"] * 64).is_integer()
        if on_grid and abs(entry["browserWidth"] - entry["width"]) > 0.01:
            print(f"note: browser and hb-shape differ for {entry['text']!r} at {entry['size']}: "
                  f"{entry['browserWidth']} vs {entry['width']}", file=sys.stderr)
    for entry, lines in zip(wraps, result["lines"]):
        entry["lines"] = lines
        if lines != entry["greedyLines"]:
            print(f"note: browser wraps into {lines} lines, greedy hb-shape {entry['greedyLines']}: "
                  f"{entry['text'][:30]!r} size {entry['size']} width {entry['maxWidth']}", file=sys.stderr)

    document = {
        "generator": "scripts/text-reference/generate.py",
        "tools": {
            "hb-shape": subprocess.check_output(["hb-shape", "--version"], text=True).splitlines()[0],
            "chromium": subprocess.check_output(["chromium", "--version"], text=True).strip(),
        },
        "family": FAMILY,
        "fontFiles": {f"{w}{'i' if i else ''}": os.path.basename(p) for (w, i), p in files.items()},
        "singleLine": single,
        "wrapping": wraps,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(document, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {len(single)} single-line widths and {len(wraps)} wrapped line counts to {OUT}")

if __name__ == "__main__":
    main()
