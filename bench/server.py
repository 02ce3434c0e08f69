"""Start the site under gunicorn, production-style, for a benchmark; stop it afterwards.

DEBUG off, a throwaway secret key, 127.0.0.1 only, a fresh database (a SQLite
file in a temporary folder, or a throwaway PostgreSQL database made next to
DATABASE_URL's and dropped afterwards). `running_site` also loads the rulebook
and collects the static files into the temporary folder, served by whitenoise.
Nothing in the checkout is written.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
BASELINE = "/bench/baseline/"
DEFAULT_PG = "postgres://homegame:homegame@127.0.0.1:5432/homegame"


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


# --- A fresh database -----------------------------------------------------------------------


def django_in_process(folder: str, database: str) -> None:
    """Set Django up in this process (the site's settings, DEBUG off) on a new, migrated
    SQLite file `database` in `folder`, for measuring without a server."""
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "homegame.settings",
            "DATABASE_URL": f"sqlite:///{folder}/{database}",
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + secrets.token_urlsafe(40),
            "DJANGO_SECURE_SSL_REDIRECT": "0",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


@contextlib.contextmanager
def fresh_database(prefix: str = "homegame-bench-", postgres: bool = False) -> Iterator[dict]:
    """Yield the environment of a freshly migrated database; nothing of it is left afterwards.

    A temporary folder holds the SQLite file (or nothing but the empty static
    root, with `postgres`: a throwaway database next to DATABASE_URL's).
    """
    with tempfile.TemporaryDirectory(prefix=prefix) as name:
        tmp = Path(name)
        (tmp / "static").mkdir()  # no collectstatic unless asked: the API serves no static files
        env = _env(tmp)
        pg_name = None
        if postgres:
            env["DATABASE_URL"], pg_name = pg_create()
        try:
            _manage(env, "migrate", "--noinput", "--verbosity", "0")
            yield env
        finally:
            if pg_name:
                pg_drop(pg_name)


def pg_base() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else DEFAULT_PG


def pg_create() -> tuple[str, str]:
    """A new empty database next to DATABASE_URL's (or the local one): its URL and name."""
    import psycopg

    base = pg_base()
    name = "homegame_bench_" + secrets.token_hex(4)
    with psycopg.connect(_plain(base), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(base)
    return urlunsplit(parts._replace(path="/" + name)), name


def pg_drop(name: str) -> None:
    import psycopg

    with psycopg.connect(_plain(pg_base()), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _plain(url: str) -> str:
    return "postgresql://" + url.split("://", 1)[1]


# --- gunicorn -------------------------------------------------------------------------------


def gunicorn(
    env: dict, workers: int = 1, threads: int = 1, ready: str = BASELINE
) -> tuple[subprocess.Popen, int]:
    """Start gunicorn on a free port of 127.0.0.1; return once `ready` answers 200."""
    port = free_port()
    cmd = [GUNICORN, "homegame.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    cmd += ["--workers", str(workers), "--log-level", "warning"]
    if threads > 1:
        cmd += ["--worker-class", "gthread", "--threads", str(threads)]
    server = subprocess.Popen(cmd, cwd=ROOT, env=env)
    try:
        _wait_until_up(port, ready, server)
    except BaseException:
        stop(server)
        raise
    return server, port


def stop(server: subprocess.Popen) -> None:
    """Ask gunicorn to stop; kill it if it has not within 10 s."""
    server.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(timeout=10)
        return
    server.kill()
    server.wait()


@contextlib.contextmanager
def serving(env: dict, workers: int = 1, threads: int = 1, ready: str = BASELINE) -> Iterator[int]:
    """Yield the port of gunicorn serving `env`'s site; stop it afterwards."""
    server, port = gunicorn(env, workers, threads, ready)
    try:
        yield port
    finally:
        stop(server)


@contextlib.contextmanager
def running_site(workers: int = 1, threads: int = 1) -> Iterator[str]:
    """Yield the base URL (http://127.0.0.1:PORT) of a freshly prepared site."""
    with fresh_database() as env:
        _manage(env, "load_rulebook", "--verbosity", "0")
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        with serving(env, workers, threads, ready="/rules/") as port:
            yield f"http://127.0.0.1:{port}"


def _wait_until_up(port: int, path: str, server: subprocess.Popen, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        try:
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            conn.close()
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not start: {path} did not answer within {timeout:g} s")
