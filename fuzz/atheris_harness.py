"""atheris harness shared by ``fuzz/atheris_<fmt>.py``: only documented GeoverifyError
subclasses may escape a native front-end.

Usage (needs `pip install atheris`; libFuzzer options pass through)::

    python fuzz/atheris_asy.py -max_total_time=600 -max_len=20000 [corpus_dir]
"""

import importlib
import pkgutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main(fmt: str) -> None:
    """Instrument geoverify, then fuzz the ``fmt`` front-end with libFuzzer."""
    try:
        import atheris
    except ImportError:  # pragma: no cover - optional
        print("atheris is not installed (pip install atheris); nothing to do", file=sys.stderr)
        sys.exit(0)

    import harness
    import lark, networkx, numpy, scipy, shapely  # noqa: E401,F401  heavy dependencies: not instrumented

    with atheris.instrument_imports(include=["geoverify"]):
        import geoverify.frontends  # noqa: F401
        import geoverify.scene  # noqa: F401
        # The front-ends import their modules lazily; import them all here so that
        # libFuzzer sees their coverage.
        try:
            fe = importlib.import_module(f"geoverify.frontends.{fmt}")
            for mod in pkgutil.walk_packages(fe.__path__, fe.__name__ + "."):
                importlib.import_module(mod.name)
        except ImportError:
            pass

    def test_one_input(data: bytes) -> None:
        # Plain UTF-8 (not FuzzedDataProvider) so that seed files are read as written.
        text = data.decode("utf-8", "replace")
        if harness.check_one(text, fmt) == "UNDOCUMENTED":
            tally = harness.Tally(fmt)
            harness.check_one(text, fmt, tally)
            raise AssertionError(f"undocumented exception from the {fmt} front-end:\n" + tally.undocumented[0][1])

    if not harness.frontend_available(fmt):
        print(f"the {fmt} front-end is not importable yet", file=sys.stderr)
        sys.exit(0)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
