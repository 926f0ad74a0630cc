"""Generate examples/outputs/: three rollouts per task for two example "models".

The outputs are built from each bundled task's own references (correct figures)
and variants (labelled wrong figures), plus a few technical failures made on the
spot (a TikZ document with a broken environment, a response cut off inside its
code fence, a response with no code), so the folder follows the task set as it
grows. Choices are seeded by the task id, so a rerun on the same tasks writes the
same files.

    python scripts/make_example_outputs.py [--tasks tasks] [--out examples/outputs]

Models:

- ``atlas-large``: rollouts 1 and 2 are references (in two formats when the task
  has them); rollout 3 is a reference wrapped in a chatty Markdown answer, or for
  about a third of the tasks one of the wrong variants.
- ``borealis-mini``: rollout 1 is a reference as a raw response or a wrong variant;
  rollout 2 is a wrong variant; rollout 3 is a technical failure for about half
  the tasks, a reference otherwise.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXT = {"svg": "svg", "tikz": "tex", "asy": "asy"}
LANG = {"svg": "svg", "tikz": "latex", "asy": "asy"}


def markdown_answer(code: str, fmt: str, rng: random.Random) -> str:
    intro = rng.choice([
        "Here is the figure as a complete, compilable document.",
        "Below is the requested diagram. I placed the labels so that they do not overlap.",
        "Sure! The following code draws the construction described in the problem.",
    ])
    return f"{intro}\n\n```{LANG[fmt]}\n{code.rstrip()}\n```\n\nThe key relations are marked in the figure.\n"


def technical_failure(ref_code: str, fmt: str, rng: random.Random) -> tuple[str, str]:
    """(file extension, content) of an output that fails the technical gate."""
    kind = rng.choice(["cut-off", "no-code", "broken"])
    if kind == "broken" and fmt == "tikz" and "\\end{tikzpicture}" in ref_code:
        return "tex", ref_code.replace("\\end{tikzpicture}", "", 1)
    if kind == "broken" and fmt == "svg":
        # Drop the closing root tag: not well-formed XML.
        return "svg", re.sub(r"</svg>\s*$", "", ref_code.rstrip())
    if kind == "no-code":
        return "txt", "I am sorry, but I cannot produce this figure without more information about the layout.\n"
    half = ref_code[: len(ref_code) // 2]
    return "md", f"Here is the figure:\n\n```{LANG[fmt]}\n{half}"


def build(tasks_dir: Path, out: Path) -> dict:
    sys.path.insert(0, str(REPO))
    from geoverify.evaluation.taskset import load_taskset
    from geoverify.ir import load_task

    if out.exists():
        shutil.rmtree(out)
    counts = {"tasks": 0, "files": 0}
    for entry in load_taskset(tasks_dir):
        task = load_task(entry.dir)
        rng = random.Random(f"geoverify-examples:{task.id}")
        refs = [(a.format, a.path.read_text(encoding="utf-8")) for a in task.references]
        wrong = [(v.format, v.path.read_text(encoding="utf-8")) for v in task.variants]
        if not refs:
            print(f"skipped {task.id}: no reference figure", file=sys.stderr)
            continue
        files: dict[tuple[str, int], tuple[str, str]] = {}

        def ref(i: int) -> tuple[str, str]:
            fmt, code = refs[i % len(refs)]
            return EXT[fmt], code

        def variant() -> tuple[str, str]:
            if not wrong:
                fmt, code = refs[0]
                return technical_failure(code, fmt, rng)
            fmt, code = rng.choice(wrong)
            return EXT[fmt], code

        files[("atlas-large", 1)] = ref(0)
        files[("atlas-large", 2)] = ref(1)
        if rng.random() < 0.35:
            files[("atlas-large", 3)] = variant()
        else:
            fmt, code = refs[2 % len(refs)]
            files[("atlas-large", 3)] = ("md", markdown_answer(code, fmt, rng))
        if rng.random() < 0.5:
            fmt, code = rng.choice(refs)
            files[("borealis-mini", 1)] = ("txt", markdown_answer(code, fmt, rng))
        else:
            files[("borealis-mini", 1)] = variant()
        files[("borealis-mini", 2)] = variant()
        if rng.random() < 0.5:
            fmt, code = rng.choice(refs)
            files[("borealis-mini", 3)] = technical_failure(code, fmt, rng)
        else:
            files[("borealis-mini", 3)] = ref(rng.randrange(len(refs)))
        for (model, r), (ext, text) in files.items():
            p = out / task.id / model / f"{r}.{ext}"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
            counts["files"] += 1
        counts["tasks"] += 1
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tasks", default=str(REPO / "tasks"), help="task set folder (default: tasks/)")
    ap.add_argument("--out", default=str(REPO / "examples" / "outputs"), help="output folder (replaced)")
    args = ap.parse_args(argv)
    counts = build(Path(args.tasks), Path(args.out))
    print(f"wrote {counts['files']} outputs for {counts['tasks']} tasks under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
