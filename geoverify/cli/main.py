"""The ``geoverify`` command: one sub-command per module of this package.

Exit codes: 0 success (every figure delivered, every task admitted ...), 1 some
output failed, 2 bad input (unreadable figure or task, invalid IR, bad flags).
Errors print a message naming what was wrong and where; never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from geoverify import __version__
from geoverify.errors import GeoverifyError

__all__ = ["main", "build_parser", "COMMANDS"]

# command name -> module under geoverify.cli with `add_arguments(parser)` and `run(args) -> int`
COMMANDS = {
    "check": "check",
    "run": "run",
    "warmup": "warmup",
    "admit": "admit",
    "fuzz": "fuzz",
    "mine": "mine",
    "compare": "compare",
    "gate": "gate",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="geoverify",
        description="Verify that mathematical figures written as code (SVG, TikZ, Asymptote) show what a task requires.",
    )
    parser.add_argument("--version", action="version", version=f"geoverify {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, modname in COMMANDS.items():
        try:
            mod = importlib.import_module(f"geoverify.cli.{modname}")
        except ModuleNotFoundError as exc:
            if exc.name == f"geoverify.cli.{modname}":
                continue  # command not built yet
            raise
        p = sub.add_parser(name, help=mod.HELP, description=mod.__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args))
    except GeoverifyError as exc:
        print(f"geoverify {args.command}: error [{exc.code}]: {exc}", file=sys.stderr)
        return 2
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        print(f"geoverify {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"geoverify {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
