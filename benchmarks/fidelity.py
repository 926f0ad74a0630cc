#!/usr/bin/env python3
"""Reference fidelity on real olympiad-style figures: invariance and sensitivity.

For every geometry block (``*geometry*.asy``) of the corpus folder that compiles
with the real ``asy`` and the AoPS compatibility module (``--filter native``: that
the native front-end reads it instead) and that has at least one mined relation:

1. mine the reference (:func:`geoverify.fidelity.mine.mine_scene`);
2. compare it with harmless variants (itself, translated, uniformly scaled,
   restyled, transcribed into TikZ and into SVG and read back by those
   front-ends): each should score 1.0;
3. compare it with each applicable mutation (a labelled point moved by 5% of the
   figure, a perpendicular tilted by 5 degrees, a circle's radius changed by 5%,
   two labels swapped, a segment removed): each should score strictly lower, and
   every relation it fails should involve what the mutation changed ("localised").

Prints the counts, the figures and reasons behind every miss, and the time per
comparison. Gate results are cached (``--gate-cache``) so reruns only re-measure.

Usage::

    python benchmarks/fidelity.py ../shared/corpus/asy/math [--limit N] [--jobs 2] \
        [--filter gate|native] [--gate-cache DIR] [--json out.json]
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from geoverify.fidelity.compare import compare_figures, figure_from_scene, prepare_figure
from geoverify.fidelity.variants import HARMLESS, MUTATIONS, harmless_variants, mutations


def _reach(mined, touched) -> set:
    """What a change at ``touched`` can affect: those points and objects, the strokes through
    those points (a moved end moves its whole stroke) and the pieces of those strokes."""
    out = set(touched)
    if mined is None:
        return out
    for oid, pts in mined.lines.items():
        if set(pts) & touched:
            out.add(oid)
            out.update(a + b if a <= b else b + a for a, b in zip(pts[:-1], pts[1:]))
    for o in mined.objects:
        if o["type"] in ("circle", "arc") and ({o.get("center")} | set(o.get("through", []))) & touched:
            out.add(o["id"])
    return out


def _touches(rel, reach) -> bool:
    return bool(set(rel.points) & reach or set(rel.objects) & reach)


def measure(path: str, filter_: str, gate_cache: str | None, known: bool | None = None) -> dict:
    """All measurements of one reference figure (run in a worker).

    ``known``: the gate's verdict from an earlier run (``--gate-results``), used instead of compiling.
    """
    out = {"figure": Path(path).name, "compiles": None, "relations": 0, "harmless": {}, "mutations": {}, "times": []}
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    if filter_ == "gate" and known is not None:
        out["compiles"] = known
        if not known:
            return out
    elif filter_ == "gate":
        from geoverify.gate import GateCache, run_gate

        g = run_gate(text, "asy", dialect="aops", cache=GateCache(gate_cache) if gate_cache else None)
        out["compiles"] = g.T
        if g.T is None:
            out["gate_unavailable"] = g.error_code
        elif not g.T:
            return out
    ref = prepare_figure(path, dialect="aops")
    if ref.scene is None:
        out["native_error"] = ref.gate.get("message", "")[:200]
        return out
    out["relations"] = len(ref.mined.primary())
    out["implied"] = len(ref.mined.relations) - out["relations"]
    out["types"] = dict(collections.Counter(r.type for r in ref.mined.primary()))
    if not out["relations"]:
        return out
    by_id = {r.id: r for r in ref.mined.relations}
    for v in harmless_variants(ref) + mutations(ref):
        t0 = time.perf_counter()
        try:
            if v.code is not None:
                cand = prepare_figure(v.code, format=v.fmt, dialect="aops", name=v.name)
            else:
                cand = figure_from_scene(v.scene, name=v.name)
            sc = compare_figures(ref, cand, text_metrics=False)
        except Exception as exc:  # a crash is a finding, not a reason to stop the run
            rec = {"score": None, "error": f"{type(exc).__name__}: {exc}"[:300]}
        else:
            rec = {"score": sc.f1, "missing": [c.message for c in sc.missing() if not c.implied][:6],
                   "extra": [f"{c.text}: {c.message}" for c in sc.extra()][:4]}
            if v.name in MUTATIONS:
                cand_by_id = {r.id: r for r in cand.mined.relations} if cand.mined else {}
                bad = [by_id[c.id] for c in sc.missing() if c.id in by_id]
                bad += [cand_by_id[c.id] for c in sc.extra() if c.id in cand_by_id]
                rec["broken"] = sum(1 for c in sc.missing() if not c.implied)
                # Both figures' names: a candidate relation speaks of the candidate's lines and circles.
                reach = _reach(ref.mined, v.touched) | _reach(cand.mined, v.touched)
                # Placement rows name their point or circle (the id's last part); the drawing's row
                # speaks of the whole figure, so it neither localises nor delocalises.
                placed = [c for c in sc.missing() + sc.extra() if c.type == "placement" and not c.id.endswith(".drawing")]
                far = [c.text for c in placed if c.id.split(".", 2)[2] not in reach]
                rec["localised"] = all(_touches(r, reach) for r in bad) and not far
                rec["not_localised"] = ([r.text for r in bad if not _touches(r, reach)] + far)[:4]
                rec["touched_relations"] = [r.text for r in ref.mined.primary() if _touches(r, set(v.touched))][:4]
                rec["description"] = v.description
        dt = time.perf_counter() - t0
        out["times"].append(dt)
        (out["mutations"] if v.name in MUTATIONS else out["harmless"])[v.name] = rec
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", help="folder of *.asy blocks (../shared/corpus/asy/math)")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--filter", choices=("gate", "native"), default="gate",
                    help="which figures count: those the real asy compiles (default) or those the native front-end reads")
    ap.add_argument("--gate-cache", default=None, help="folder for cached gate results")
    ap.add_argument("--gate-results", default=None,
                    help="JSONL of earlier gate verdicts ({\"f\": path, \"T\": bool} per line) to use instead of compiling")
    ap.add_argument("--json", default=None, help="write every record here, one JSON line each, as they come")
    ap.add_argument("--pattern", default="*geometry*.asy")
    args = ap.parse_args(argv)
    files = sorted(str(p) for p in Path(args.corpus).glob(args.pattern))
    if args.limit:
        files = files[: args.limit]
    if not files:
        print(f"no {args.pattern} under {args.corpus}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    records = []
    sink = open(args.json, "w", encoding="utf-8") if args.json else None
    known = {}
    if args.gate_results:
        for line in Path(args.gate_results).read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                known[Path(r["f"]).name] = r["T"]
    verdicts = [known.get(Path(f).name) for f in files]
    with ProcessPoolExecutor(args.jobs) as ex:
        for i, rec in enumerate(ex.map(measure, files, [args.filter] * len(files), [args.gate_cache] * len(files),
                                       verdicts)):
            records.append(rec)
            if sink:
                sink.write(json.dumps(rec, default=str) + "\n")
                sink.flush()
            if (i + 1) % 50 == 0:
                print(f"  {i + 1}/{len(files)} figures ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    if sink:
        sink.close()
    wall = time.perf_counter() - t0
    report(records, args, wall)
    return 0


def report(records: list, args, wall: float) -> None:
    n = len(records)
    if args.filter == "gate":
        unavailable = sum(1 for r in records if r.get("gate_unavailable"))
        compiled = [r for r in records if r["compiles"] or r.get("gate_unavailable")]
        print(f"geometry blocks: {n}; compile with asy + aops_compat: {sum(1 for r in records if r['compiles'])}"
              + (f" (gate unavailable for {unavailable}: counted by the native front-end)" if unavailable else ""))
    else:
        compiled = records
        print(f"geometry blocks: {n} (filter: the native front-end reads them)")
    unread = [r for r in compiled if "native_error" in r]
    scored = [r for r in compiled if r["relations"] > 0]
    print(f"native front-end cannot read {len(unread)} of them; {len(compiled) - len(unread) - len(scored)} show no "
          f"relation among labelled points; measured: {len(scored)} references "
          f"({sum(r['relations'] for r in scored)} primary relations, {sum(r.get('implied', 0) for r in scored)} implied)")
    types = collections.Counter()
    for r in scored:
        types.update(r.get("types", {}))
    print("  primary relations by type: " + ", ".join(f"{k} {v}" for k, v in types.most_common()))
    print("\nharmless variants (score must be 1.0):")
    for name in HARMLESS:
        recs = [(r["figure"], r["harmless"].get(name)) for r in scored if name in r["harmless"]]
        ok = sum(1 for _, x in recs if x["score"] is not None and x["score"] >= 1 - 1e-9)
        errs = sum(1 for _, x in recs if x["score"] is None)
        print(f"  {name:<12} {ok}/{len(recs)} score 1.0" + (f" ({errs} errors)" if errs else ""))
        for fig, x in [(f, x) for f, x in recs if x["score"] is None or x["score"] < 1 - 1e-9][:5]:
            why = x.get("error") or "; ".join(x.get("missing", [])[:2] + x.get("extra", [])[:1])
            print(f"      {fig}: {x['score'] if x['score'] is None else round(x['score'], 3)}: {why[:220]}")
    print("\nmutations (score must be strictly lower; failures localised to what changed):")
    for name in MUTATIONS:
        recs = [(r["figure"], r["mutations"][name]) for r in scored if name in r["mutations"]]
        lower = sum(1 for _, x in recs if x["score"] is not None and x["score"] < 1 - 1e-9)
        loc = sum(1 for _, x in recs if x["score"] is not None and x["score"] < 1 - 1e-9 and x.get("localised"))
        print(f"  {name:<22} applicable {len(recs)}: lower {lower}/{len(recs)}, localised {loc}/{lower}")
        for fig, x in [(f, x) for f, x in recs if x["score"] is None or x["score"] >= 1 - 1e-9][:4]:
            print(f"      unchanged {fig}: {x.get('description', '')} {x.get('error', '')}; relations there: "
                  f"{'; '.join(x.get('touched_relations', []))}"[:240])
        for fig, x in [(f, x) for f, x in recs if x.get("not_localised")][:3]:
            print(f"      not localised {fig}: {x['description']}: {'; '.join(x['not_localised'])[:200]}")
    times = [t for r in scored for t in r["times"]]
    if times:
        print(f"\ntime per comparison (variant parse + mine + both-way check): median {statistics.median(times) * 1000:.0f} ms, "
              f"mean {statistics.mean(times) * 1000:.0f} ms, max {max(times):.2f} s over {len(times)} comparisons; "
              f"wall {wall:.0f} s with {args.jobs} processes")


if __name__ == "__main__":
    sys.exit(main())
