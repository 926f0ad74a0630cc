"""Mine a reference figure into a Gold IR draft: its labelled points, the segments, lines,
rays and circles drawn through them, and the relations among them.

The draft is a task.json that ``geoverify check --task`` accepts as it is. Relations
are predicates ``rel.<type>.<objects>`` (hard); relations implied by others are
``implied.<type>.<objects>`` (soft). Near-coincidences left out are listed in its notes.
Exit code 0, or 2 when the figure cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HELP = "derive a Gold IR draft (task.json) from a reference figure's relations"


def add_arguments(p):
    p.add_argument("figure", metavar="FIGURE", help="reference figure (.asy, .svg, .tex)")
    p.add_argument("-o", "--output", metavar="TASK_JSON",
                   help="write the task here: a .json file, or a folder that becomes a task package "
                        "(task.json and the figure as its reference); default: print it")
    p.add_argument("--format", choices=("svg", "tikz", "asy"), help="figure format (default: from the file)")
    p.add_argument("--dialect", choices=("plain", "aops"), default="aops", help="Asymptote dialect (default aops)")
    p.add_argument("--id", help="task id (default: the file name)")
    p.add_argument("--quiet", action="store_true", help="with -o: do not print the summary")


def run(args) -> int:
    from geoverify.errors import InputError
    from geoverify.fidelity.compare import prepare_figure

    fig = prepare_figure(args.figure, format=args.format, dialect=args.dialect)
    if fig.scene is None:
        raise InputError(f"cannot read {args.figure}: {fig.gate.get('message', 'unknown error')}")
    from geoverify.fidelity.package import mined_task, write_task_package

    m = fig.mined
    task_id = args.id or Path(args.figure).stem
    if not args.output:
        task = mined_task(fig, str(args.figure), task_id, args.dialect)
        sys.stdout.write(json.dumps(task, indent=1, ensure_ascii=False) + "\n")
        return 0
    out = Path(args.output)
    if out.is_dir() or out.suffix.lower() != ".json":
        # A folder becomes a task package: the draft and the figure it was mined from.
        out = write_task_package(fig, args.figure, out, task_id, args.dialect)
    else:
        task = mined_task(fig, str(args.figure), task_id, args.dialect)
        out.write_text(json.dumps(task, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if not args.quiet:
        print(f"{args.figure}: {len(m.points)} labelled points, {len(m.objects) - len(m.points)} other objects, "
              f"{len(m.primary())} relations (+{len(m.relations) - len(m.primary())} implied) -> {out}")
        for t, (p, i) in m.counts().items():
            print(f"  {t:<18} {p:4d}" + (f"  (+{i} implied)" if i else ""))
        if fig.scene.partial:
            print("  warning: the front-end skipped some constructs; the draft may miss relations")
        for n in m.notes:
            print(f"  note: {n}")
    return 0
