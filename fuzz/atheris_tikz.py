"""atheris harness for the tikz front-end: only documented GeoverifyError subclasses may escape.

Usage (needs `pip install atheris`; libFuzzer options pass through)::

    python fuzz/atheris_tikz.py -max_total_time=600 -max_len=20000 [corpus_dir]

"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

try:
    import atheris
except ImportError:  # pragma: no cover - optional
    print("atheris is not installed (pip install atheris); nothing to do", file=sys.stderr)
    sys.exit(0)

with atheris.instrument_imports():
    import harness
    from geoverify.frontends import parse_figure  # noqa: F401  (instrumented with the front-end)

FMT = "tikz"


def test_one_input(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    if harness.check_one(text, FMT) == "UNDOCUMENTED":
        tally = harness.Tally(FMT)
        harness.check_one(text, FMT, tally)
        raise AssertionError("undocumented exception from the tikz front-end:\n" + tally.undocumented[0][1])


def main() -> None:
    if not harness.frontend_available(FMT):
        print(f"the {FMT} front-end is not importable yet", file=sys.stderr)
        sys.exit(0)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
