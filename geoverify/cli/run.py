"""Verify a folder of model outputs against a task set and print a MathVis scorecard.

OUTPUTS holds <task-id>/<model>/<rollout>.<ext> with ext one of svg, tex, tikz,
asy (figure code) or txt, md (raw model responses; the figure is extracted).
Each verified output is appended to the results file (JSON lines) and synced to
disk before the next; a rerun skips what is already there, so an interrupted run
resumes where it stopped. Missing rollouts count as failures (the scorecard says
how many).

Exit code 0 when the run completed (whatever the outputs scored), 2 on bad input
(a missing folder, an invalid task, a locked results file, bad flags).
"""

from __future__ import annotations

import json
import sys

HELP = "verify model outputs over a task set and print a MathVis scorecard"

DEFAULT_RESULTS = "geoverify-results.jsonl"


def add_arguments(p):
    p.add_argument("taskset", metavar="TASKSET", help="folder of task packages (task.json found recursively)")
    p.add_argument("outputs", metavar="OUTPUTS", help="folder of <task-id>/<model>/<rollout>.<ext> outputs")
    p.add_argument("-o", "--results", metavar="RESULTS.jsonl", default=DEFAULT_RESULTS,
                   help=f"results file, created or resumed (default: {DEFAULT_RESULTS})")
    p.add_argument("--gate", action="store_true", help="run the real toolchains for the technical gate T")
    p.add_argument("--scene", choices=("native", "rendered"), default="native",
                   help="verify the native front-end's scene or the toolchain's rendered one (implies --gate)")
    p.add_argument("--jobs", "-j", type=int, metavar="N", help="local worker processes (default: all cores)")
    p.add_argument("--dask", metavar="SCHEDULER_ADDRESS", help="run on an existing Dask cluster (tcp://host:port)")
    p.add_argument("--timeout", type=float, default=300.0, metavar="SECONDS",
                   help="per-output limit; an output past it is recorded as ENGINE_TIMEOUT (0: none; default: 300)")
    p.add_argument("--scorecard", metavar="DIR",
                   help="write scorecard.json, .csv, .txt and .png (D-PSR bar chart) into DIR")
    p.add_argument("--rollouts", type=int, default=3, metavar="K", help="rollouts per question (default: 3)")
    p.add_argument("--bootstrap", type=int, default=9999, metavar="N",
                   help="bootstrap resamples for the 95%% intervals (0: none; default: 9999)")
    p.add_argument("--seed", type=int, default=0, help="bootstrap seed (default: 0)")
    p.add_argument("--json", action="store_true", help="print the scorecard as JSON instead of a table")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def run(args) -> int:
    from geoverify.errors import InputError
    from geoverify.evaluation.run import run_taskset
    from geoverify.evaluation.scorecard import build_scorecard
    from geoverify.evaluation.scorecard_output import scorecard_table, validate_scorecard, write_scorecard

    if args.rollouts < 1:
        raise InputError(f"--rollouts must be at least 1, got {args.rollouts}")
    if args.bootstrap < 0:
        raise InputError(f"--bootstrap must be 0 or more, got {args.bootstrap}")
    res = run_taskset(args.taskset, args.outputs, args.results, gate=args.gate, scene=args.scene,
                      jobs=args.jobs, dask=args.dask, progress=not args.no_progress, timeout=args.timeout)
    if not res.jobs:
        raise InputError(f"no model outputs under {args.outputs} for the {len(res.tasks)} task(s) of {args.taskset}; "
                         "expected <task-id>/<model>/<rollout>.<ext>"
                         + (f" ({len(res.scan.unknown_task)} file(s) name unknown tasks)" if res.scan.unknown_task else ""))
    for rel, why in res.scan.ignored[:10]:
        print(f"geoverify run: ignored {rel}: {why}", file=sys.stderr)
    if res.truncated_bytes:
        print(f"geoverify run: {args.results}: removed a cut-off last record ({res.truncated_bytes} bytes); "
              "its output was verified again", file=sys.stderr)
    if res.bad_lines:
        print(f"geoverify run: {args.results}: {res.bad_lines} unreadable line(s) ignored", file=sys.stderr)
    run_info = {
        "results_file": str(args.results), "outputs": len(res.jobs), "reused": res.reused, "verified": res.verified,
        "unknown_task_outputs": len(res.scan.unknown_task), "ignored_files": len(res.scan.ignored),
        "executor": res.executor, "seconds": round(res.elapsed, 3),
    }
    card = build_scorecard(res.tasks, res.ordered_records(), models=sorted({j.model for j in res.jobs}),
                           rollouts=args.rollouts, n_resamples=args.bootstrap, seed=args.seed, mode=res.mode,
                           extra={"run": run_info})
    validate_scorecard(card)
    if args.json:
        json.dump(card, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(scorecard_table(card))
        print(f"\n{len(res.jobs)} outputs ({res.verified} verified now, {res.reused} from {args.results}) "
              f"in {res.elapsed:.1f} s [{res.executor}]")
    if args.scorecard:
        paths = write_scorecard(card, args.scorecard)
        print("scorecard written: " + ", ".join(str(p) for p in paths.values()), file=sys.stderr)
    return 0
