"""Score candidate figures against a reference on the relations the reference shows.

``geoverify compare REFERENCE CANDIDATE...`` mines both figures, checks every
reference relation in the candidate (recall) and every candidate relation in the
reference (precision), and prints precision, recall and F1 overall and per
relation type, object and label recall, the technical gate, the benchmark's
text metrics (keyword F1; BLEU, chrF++, ROUGE-L with the ``textmetrics`` extra)
and the relations that are missing or wrong.

``geoverify compare REFDIR CANDDIR`` compares ``CANDDIR/<model>/<problem>.asy`` with
``REFDIR/<problem>.asy`` for every model, resumably (``--results``), in parallel,
and prints a per-model table in the layout of the olympiad benchmark's Table 1.
Exit code 0, or 2 for unreadable input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HELP = "score candidates against a reference figure by the relations it shows"


def add_arguments(p):
    p.add_argument("reference", metavar="REFERENCE", help="reference figure, or a folder of them")
    p.add_argument("candidates", nargs="+", metavar="CANDIDATE", help="candidate figures, or one folder CANDDIR/<model>/")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--gate", action="store_true", help="decide T with the real toolchain (compile success)")
    p.add_argument("--format", choices=("svg", "tikz", "asy"), help="reference format (default: from the file)")
    p.add_argument("--dialect", choices=("plain", "aops"), default="aops", help="Asymptote dialect (default aops)")
    p.add_argument("--results", metavar="JSONL", help="folder mode: results file (resumed when it exists); "
                   "default CANDDIR/fidelity-results.jsonl")
    p.add_argument("--jobs", type=int, default=1, help="folder mode: worker processes (default 1)")
    p.add_argument("--table", metavar="FILE", help="folder mode: also write the per-model table (Markdown) here")


def run(args) -> int:
    from geoverify.errors import InputError

    if Path(args.reference).is_dir():
        if len(args.candidates) != 1 or not Path(args.candidates[0]).is_dir():
            raise InputError("with a reference folder, give exactly one candidate folder (CANDDIR/<model>/<problem>.asy)")
        return _folders(args)
    from geoverify.fidelity.compare import compare_figures, prepare_figure

    ref = prepare_figure(args.reference, format=args.format, dialect=args.dialect)
    if ref.scene is None:
        raise InputError(f"cannot read the reference {args.reference}: {ref.gate.get('message', '')}")
    scores = [compare_figures(ref, prepare_figure(c, dialect=args.dialect, gate=args.gate)) for c in args.candidates]
    if args.json:
        json.dump([s.to_dict() for s in scores], sys.stdout, indent=1, ensure_ascii=False, default=str)
        sys.stdout.write("\n")
    else:
        print("\n\n".join(s.render_text() for s in scores))
    return 0


def _folders(args) -> int:
    from geoverify.errors import InputError
    from geoverify.fidelity.batch import compare_folders, model_table, render_table
    from geoverify.fidelity.textmetrics import available

    if args.jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {args.jobs}")
    results = args.results or str(Path(args.candidates[0]) / "fidelity-results.jsonl")

    def progress(done, total):
        if sys.stderr.isatty():
            print(f"\rcompared {done}/{total}", end="", file=sys.stderr, flush=True)

    run = compare_folders(args.reference, args.candidates[0], results, gate=args.gate, dialect=args.dialect,
                          jobs=args.jobs, progress=progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    table = model_table(run.records)
    if args.json:
        json.dump({"table": table, "results": results, "reused": run.reused, "compared": run.compared,
                   "warnings": run.warnings}, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        md = render_table(table)
        print(md)
        ok, why = available()
        print(f"\n{run.compared} compared, {run.reused} reused from {results}"
              + ("" if args.gate else "; compile success is the native check (use --gate for the real toolchain)")
              + ("" if ok else f"; BLEU/chrF++/ROUGE-L not computed: {why}"))
        for w in run.warnings:
            print(f"warning: {w}", file=sys.stderr)
        if args.table:
            Path(args.table).write_text(md + "\n", encoding="utf-8")
    return 0
