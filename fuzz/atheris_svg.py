"""atheris harness for the svg front-end: only documented GeoverifyError subclasses may escape.

Usage (needs `pip install atheris`; libFuzzer options pass through)::

    python fuzz/atheris_svg.py -max_total_time=600 -max_len=20000 [corpus_dir]

"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

try:
    import atheris
except ImportError:  # pragma: no cover - optional
    print("atheris is not installed (pip install atheris); nothing to do", file=sys.stderr)
    sys.exit(0)

import harness  # noqa: E402
import numpy, scipy, shapely, networkx, lark  # noqa: E401,F401  heavy dependencies: not instrumented

with atheris.instrument_imports(include=["geoverify"]):
    import importlib
    import pkgutil

    import geoverify.frontends
    import geoverify.scene  # noqa: F401
    # The front-end imports its modules lazily; import them all here so that
    # libFuzzer sees their coverage.
    try:
        import geoverify.frontends.svg as _fe
        for _mod in pkgutil.walk_packages(_fe.__path__, _fe.__name__ + "."):
            importlib.import_module(_mod.name)
    except ImportError:
        pass


FMT = "svg"


def test_one_input(data: bytes) -> None:
    # Plain UTF-8 (not FuzzedDataProvider) so that seed files are read as written.
    text = data.decode("utf-8", "replace")
    if harness.check_one(text, FMT) == "UNDOCUMENTED":
        tally = harness.Tally(FMT)
        harness.check_one(text, FMT, tally)
        raise AssertionError("undocumented exception from the svg front-end:\n" + tally.undocumented[0][1])


def main() -> None:
    if not harness.frontend_available(FMT):
        print(f"the {FMT} front-end is not importable yet", file=sys.stderr)
        sys.exit(0)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
