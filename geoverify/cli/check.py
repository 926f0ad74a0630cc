"""Verify figures against one task and print a report per figure.

Exit code 0 when every figure is delivered (D = 1), 1 when some is not, 2 when
a figure or the task cannot be read (the figure's error is printed with its
location).
"""

from __future__ import annotations

import json
import sys

HELP = "verify figures against a task (D = T * H_math * 1[S = 1])"


def add_arguments(p):
    p.add_argument("figures", nargs="+", metavar="FIGURE", help="figure files (.svg, .tex, .asy)")
    p.add_argument("--task", required=True, metavar="TASKDIR", help="task folder holding task.json")
    p.add_argument("--json", action="store_true", help="print JSON reports (one list) instead of text")
    p.add_argument("--format", choices=("svg", "tikz", "asy"), help="figure format (default: from the file)")
    p.add_argument("--gate", action="store_true", help="run the real toolchain for the technical gate T")
    p.add_argument("--scene", choices=("native", "rendered"), default="native",
                   help="verify the native front-end's scene or the toolchain's rendered one")


def run(args) -> int:
    from geoverify.evaluation.check import check
    from geoverify.ir import load_task

    task = load_task(args.task)
    reports, bad_input = [], False
    for fig in args.figures:
        rep = check(fig, task, format=args.format, gate=args.gate, scene=args.scene)
        reports.append(rep)
        if rep.tech_error and rep.scene_used == "none" and not args.gate:
            bad_input = True
    if args.json:
        json.dump([r.to_dict() for r in reports], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        color = sys.stdout.isatty()
        for r in reports:
            print(r.render_text(color=color))
        if len(reports) > 1:
            print(f"{sum(r.delivered for r in reports)} of {len(reports)} figures delivered")
    for r in reports:
        if r.tech_error and r.scene_used == "none":
            err = r.tech_error
            print(f"geoverify check: {r.figure}: error [{err['code']}]: {err['message']}", file=sys.stderr)
    if bad_input:
        return 2
    return 0 if all(r.delivered for r in reports) else 1
