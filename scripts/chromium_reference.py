"""Shared by the browser cross-check generators (scripts/*-reference/generate.py): lay a
page out in headless Chromium and write one JSON fixture per case with the frames the page
reported."""
import html
import json
import os
import re
import subprocess
import sys
import tempfile


def lay_out(page, chromium, name="page.html"):
    """Loads `page` in `chromium --headless --dump-dom` and returns the JSON its script wrote
    into <pre id="out">."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(page)
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + path],
            check=True, capture_output=True, text=True, timeout=120).stdout
    match = re.search(r"<pre id=\"out\">(.*?)</pre>", dom, re.S)
    if not match:
        sys.exit("generate.py: the page did not report any frames")
    return json.loads(html.unescape(match.group(1)))


def write_fixtures(cases, frames, out, root):
    """Writes each case with its `expected` frames to `out/<name>.json`."""
    os.makedirs(out, exist_ok=True)
    for case, expected in zip(cases, frames):
        case = dict(case, expected=expected)
        with open(os.path.join(out, case["name"] + ".json"), "w") as f:
            json.dump(case, f, indent=1)
            f.write("\n")
    print(f"wrote {len(cases)} fixtures to {os.path.relpath(out, root)}")
