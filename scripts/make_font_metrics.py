#!/usr/bin/env python3
"""Generate geoverify/data/fonts/cm_metrics.json from TeX's own .tfm files.

Reads the TeX font metric files of the Computer Modern designs LaTeX selects
for labels (TikZ's 10 pt: cmr10, cmmi10, cmsy10 and the 7 pt and 5 pt script
designs; Asymptote's 12 pt: cmr12, cmmi12 and the 8 pt and 6 pt script designs;
the bold, italic, slanted, typewriter and sans-serif designs) with kpsewhich,
and writes, for every character, its width, height, depth and italic
correction as fractions of the design size, the kerning pairs and simple
(``=:``) ligatures of the lig/kern program, and the font parameters. The
table (about 350 KB) is shipped as package data, so verification never needs a
TeX installation.

Usage::

    python scripts/make_font_metrics.py [--out geoverify/data/fonts/cm_metrics.json]

The TFM layout is the one of TeX: The Program, part 30 (section 539 onward).
"""

from __future__ import annotations

import argparse
import json
import struct
import subprocess
from pathlib import Path

# The 10 pt designs TikZ uses, plus the designs LaTeX's font definition files pick at the other
# standard sizes (Asymptote sets labels in a 12 pt article: cmr12/cmmi12, scripts in 8 and 6 pt).
FONTS = ["cmr10", "cmmi10", "cmsy10", "cmr7", "cmmi7", "cmsy7", "cmr5", "cmmi5", "cmbx10", "cmex10", "cmtt10", "cmss10",
         "cmti10", "cmmib10", "cmbxti10",
         "cmr12", "cmr17", "cmr9", "cmr8", "cmr6", "cmmi12", "cmmi9", "cmmi8", "cmmi6", "cmsy9", "cmsy8", "cmsy6",
         "cmsy5", "cmbx12", "cmbx9", "cmbx8", "cmbx7", "cmbx6", "cmbx5", "cmti12", "cmti9", "cmti8", "cmti7",
         "cmtt12", "cmtt9", "cmtt8", "cmss12", "cmss17", "cmss9", "cmss8", "cmsl10", "cmsl12", "cmsl8", "cmsl9",
         # amsfonts' blackboard bold (\mathbb with amssymb)
         "msbm10", "msbm7", "msbm5",
         # the bold math version (\boldmath): letters and symbols at the script sizes too
         "cmmib9", "cmmib8", "cmmib7", "cmmib6", "cmmib5", "cmbsy10", "cmbsy9", "cmbsy8", "cmbsy7", "cmbsy6", "cmbsy5"]


def _fix(word: int) -> float:
    """A TFM fix_word (signed 12.20 fixed point)."""
    if word >= 1 << 31:
        word -= 1 << 32
    return word / float(1 << 20)


def read_tfm(path: str) -> dict:
    """Metrics of one TFM file: design size (pt) and per-character metrics (design-size units)."""
    data = Path(path).read_bytes()
    lf, lh, bc, ec, nw, nh, nd, ni, nl, nk, ne, np_ = struct.unpack(">12H", data[:24])
    words = struct.unpack(f">{lf}I", data[: 4 * lf])
    base = 6
    header = words[base: base + lh]
    design = _fix(header[1])
    ci0 = base + lh
    w0 = ci0 + (ec - bc + 1)
    h0 = w0 + nw
    d0 = h0 + nh
    i0 = d0 + nd
    l0 = i0 + ni
    k0 = l0 + nl
    widths = [_fix(w) for w in words[w0:h0]]
    heights = [_fix(w) for w in words[h0:d0]]
    depths = [_fix(w) for w in words[d0:i0]]
    italics = [_fix(w) for w in words[i0:l0]]
    ligkern = words[l0:k0]
    kerns = [_fix(w) for w in words[k0:k0 + nk]]
    params = [_fix(w) for w in words[k0 + nk + ne: k0 + nk + ne + np_]]
    chars = {}
    kern_pairs = {}
    lig_pairs = {}
    for code in range(bc, ec + 1):
        info = words[ci0 + code - bc]
        wi = info >> 24
        if wi == 0:
            continue
        hi = (info >> 20) & 0xF
        di = (info >> 16) & 0xF
        ii = (info >> 10) & 0x3F
        tag = (info >> 8) & 0x3
        rem = info & 0xFF
        chars[code] = [round(widths[wi], 6), round(heights[hi], 6), round(depths[di], 6), round(italics[ii], 6)]
        if tag == 1 and nl:  # lig/kern program
            k = rem
            first = ligkern[k]
            if (first >> 24) > 128:  # skip_byte > 128: program starts elsewhere
                k = 256 * ((first >> 8) & 0xFF) + (first & 0xFF)
            for _ in range(nl):
                instr = ligkern[k]
                skip, nxt, op, r = instr >> 24, (instr >> 16) & 0xFF, (instr >> 8) & 0xFF, instr & 0xFF
                if op >= 128 and skip <= 128:
                    kern_pairs.setdefault(f"{code},{nxt}", round(kerns[256 * (op - 128) + r], 6))
                elif op == 0 and skip <= 128:  # "=:" ligature: the pair becomes character r
                    lig_pairs.setdefault(f"{code},{nxt}", r)
                if skip >= 128:
                    break
                k += skip + 1
    return {"design_size": design, "chars": chars, "kerns": kern_pairs, "ligatures": lig_pairs,
            "params": [round(p, 6) for p in params]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "geoverify/data/fonts/cm_metrics.json"))
    args = ap.parse_args(argv)
    table = {"source": "TeX .tfm files via kpsewhich (scripts/make_font_metrics.py)",
             "units": "fractions of the design size; design_size in TeX points", "fonts": {}}
    for name in FONTS:
        path = subprocess.run(["kpsewhich", f"{name}.tfm"], capture_output=True, text=True).stdout.strip()
        if not path:
            print(f"skipping {name}: kpsewhich cannot find {name}.tfm")
            continue
        table["fonts"][name] = read_tfm(path)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(table, separators=(",", ":"), sort_keys=True))
    print(f"wrote {args.out} ({Path(args.out).stat().st_size} bytes, {len(table['fonts'])} fonts)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
