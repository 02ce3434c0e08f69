"""The site's own settings plus a bench-only URLconf (and a throwaway static root)."""

import os

from homegame.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT", STATIC_ROOT)  # noqa: F405
