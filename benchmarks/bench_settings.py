"""Production settings plus one benchmark-only route (a bare view); used only by benchmarks/.

The static root can move to a temporary folder, so that a benchmark run never touches the
`staticfiles/` that `make serve` uses.
"""

import os

from config.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.bench_urls"
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT", STATIC_ROOT)  # noqa: F405
