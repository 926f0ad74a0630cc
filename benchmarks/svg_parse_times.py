#!/usr/bin/env python3
"""Parse time of the SVG front-end over a corpus (it is on the gate's hot path).

Times :func:`geoverify.frontends.svg.parse_svg` in CPU seconds on every SVG of
5-20 KB (typical figures) under the given folders, with the parser's caches
cleared before each figure (cold, as for the first figure a process sees), and
prints the median and the overall KB/s.

Usage::

    python benchmarks/svg_parse_times.py ../shared/corpus/svg ../shared/corpus/generated
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", help="folders searched recursively for .svg")
    ap.add_argument("--min-bytes", type=int, default=5_000)
    ap.add_argument("--max-bytes", type=int, default=20_000)
    args = ap.parse_args(argv)

    from geoverify.frontends.svg import css, parse_svg, pathdata, style, viewport

    caches = (pathdata.cached_path_data, pathdata.path_bbox, viewport._transform_tuple, style.parse_color,
              css.parse_declarations)
    files = sorted(p for folder in args.folders for p in Path(folder).rglob("*.svg"))
    texts = [f.read_text(encoding="utf-8", errors="replace") for f in files]
    typical = [t for t in texts if args.min_bytes <= len(t) <= args.max_bytes]
    if not typical:
        print(f"no {args.min_bytes}-{args.max_bytes} byte SVG figures under {', '.join(args.folders)}", file=sys.stderr)
        return 2
    for t in typical[:10]:
        parse_svg(t)  # imports and first calls
    cpu = []
    for t in typical:
        for cache in caches:
            cache.cache_clear()
        t0 = time.process_time()
        parse_svg(t)
        cpu.append(time.process_time() - t0)
    size = sum(len(t.encode()) for t in typical)
    print(f"{len(typical)} SVG figures of {args.min_bytes // 1000}-{args.max_bytes // 1000} KB (of {len(files)}): "
          f"median {1e3 * statistics.median(cpu):.2f} ms CPU per figure (cold caches), "
          f"{size / 1e3 / sum(cpu):.0f} KB/s overall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
