"""atheris harness for the tikz front-end (see atheris_harness.py).

    python fuzz/atheris_tikz.py -max_total_time=600 -max_len=20000 [corpus_dir]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from atheris_harness import main  # noqa: E402

if __name__ == "__main__":
    main("tikz")
