"""Start the site under gunicorn, production-style, for a benchmark; stop it afterwards.

DEBUG off, a throwaway secret key, 127.0.0.1 only, a fresh SQLite database with
the rulebook loaded, static files collected into a temporary folder and served
by whitenoise. Nothing in the checkout is written.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-" + secrets.token_urlsafe(40),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        "BENCH_STATIC_ROOT": str(tmp / "static"),
        "PYTHONPATH": str(ROOT),
    }


def _manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )


@contextlib.contextmanager
def running_site(workers: int = 1, threads: int = 1) -> Iterator[str]:
    """Yield the base URL (http://127.0.0.1:PORT) of a freshly prepared site."""
    with tempfile.TemporaryDirectory(prefix="homegame-bench-") as name:
        tmp = Path(name)
        env = _env(tmp)
        _manage(env, "migrate", "--noinput", "--verbosity", "0")
        _manage(env, "load_rulebook", "--verbosity", "0")
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        port = free_port()
        cmd = [GUNICORN, "homegame.wsgi:application", "--bind", f"127.0.0.1:{port}"]
        cmd += ["--workers", str(workers), "--log-level", "warning"]
        if threads > 1:
            cmd += ["--worker-class", "gthread", "--threads", str(threads)]
        server = subprocess.Popen(cmd, cwd=ROOT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base + "/rules/", server)
            yield base
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _wait_until_up(url: str, server: subprocess.Popen, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}")
        try:
            with _DIRECT.open(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout} s")
