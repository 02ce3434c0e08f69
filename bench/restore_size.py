"""A big group's backup restored through the site while another host keeps writing.

For SQLite (a temporary file) and PostgreSQL (a throwaway database next to
DATABASE_URL's, when it answers):

1. builds a group of `--postings` postings (Ann and Bob pass a chip back and
   forth: `tests.factories.chips_passed`) and writes its backup, as the
   group page's download does; and another host's night with two seats;
2. starts gunicorn (2 sync workers, `bench.settings`, the request deadline
   armed as in production) and, as a third host, uploads the file on the
   restore page, then follows the progress page's "Carry on" until the group
   is restored, timing every request;
3. meanwhile, in a process of its own, the other host posts a buy-in on their
   night every 20 ms (`ledger.services.seating.buy_in`), timing each;
4. exports the restored group and compares it with the file: the journal's
   kinds, memos, times and entries, and the night's nets.

Targets: every write of the other host under 1 s (the restore holds the
write lock for one batch at a time); every restore request under the
request deadline (25 s), so gunicorn's worker timeout never fires; the
round trip equal.

Figures, not a test: always exits 0. About a minute per database.
usage: python bench/restore_size.py [--postings 61000] [--only sqlite|postgres]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import PYTHON, ROOT, _manage, fresh_database, serving

WRITE_TARGET = 1.0  # seconds for any write of another host during the restore
REQUEST_TARGET = 25.0  # the request deadline (sitewide/deadline.py)
MB = 1024 * 1024


# --- In child processes ----------------------------------------------------------------------


def setup(postings: int, folder: str) -> dict:
    """The group and its backup file, the other host's night, and a session for each host."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from ledger.services import backup
    from tests import factories

    users = get_user_model().objects
    owner = users.create_user("owner", password="bench-owner-1")
    mover = users.create_user("mover", password="bench-mover-1")
    writer = users.create_user("writer", password="bench-writer-1")
    table = factories.night_with(owner, seats=("Ann", "Bob"), buy_in=100)
    factories.chips_passed(table.night, table.seats[0], table.seats[1], postings - 2)
    path = Path(folder) / "group.json"
    path.write_bytes(backup.export_bytes(table.group))
    other = factories.night_with(writer, seats=("Cat", "Dan"), buy_in=10, group_name="Others")
    sessions = {}
    for user in (mover, writer):
        client = Client()
        client.force_login(user)
        sessions[user.username] = client.cookies["sessionid"].value
    return {
        "file": str(path),
        "bytes": path.stat().st_size,
        "writer_night": other.night.pk,
        "writer_seat": other.seats[0].pk,
        "sessions": sessions,
    }


def write_loop(night_id: int, seat_id: int, stop_file: str, out_file: str) -> None:
    """Another host's buy-ins, one every 20 ms until `stop_file` appears; each one's seconds."""
    import django

    django.setup()
    from ledger.models import Night, Seat
    from ledger.services import seating

    night, seat = Night.objects.get(pk=night_id), Seat.objects.get(pk=seat_id)
    took: list[tuple[float, float]] = []
    while not os.path.exists(stop_file):
        start = time.perf_counter()
        seating.buy_in(night=night, seat=seat, chips=1, recorded_by="host:writer")
        took.append((time.time(), time.perf_counter() - start))
        time.sleep(0.02)
    Path(out_file).write_text(json.dumps(took))


def compare(file: str) -> dict:
    """The restored group's journal and nets beside the file's."""
    import django

    django.setup()
    from ledger.core import backup_format
    from ledger.models import Group
    from ledger.services import backup

    backup_format.MAX_BYTES = max(backup_format.MAX_BYTES, Path(file).stat().st_size + 1)
    first = backup_format.read(Path(file).read_bytes())
    restored = Group.objects.get(host__username="mover")
    moved = backup.export_group(restored)["content"]
    same = {
        name: [p[name] for p in moved["postings"]] == [p[name] for p in first["postings"]]
        for name in ("kind", "memo", "created_at")
    }
    same["entries"] = [e["amount"] for e in moved["entries"]] == [
        e["amount"] for e in first["entries"]
    ]
    nets = [sorted(n["nets"].values()) for n in (moved["nights"][0], first["nights"][0])]
    same["nets"] = nets[0] == nets[1]
    return {"postings": len(moved["postings"]), "same": same}


def _child(env: dict, *args: str) -> dict:
    done = subprocess.run(
        [PYTHON, __file__, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


# --- The restore, through the site -----------------------------------------------------------


class Browser:
    """One signed-in host's requests to the site: a session cookie and the CSRF token."""

    def __init__(self, port: int, session: str) -> None:
        self.port, self.cookies = port, {"sessionid": session}

    def request(self, method: str, path: str, body: bytes = b"", kind: str = "") -> tuple:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if method == "POST":
            headers |= {"Content-Type": kind, "Referer": f"http://127.0.0.1:{self.port}{path}"}
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        start = time.perf_counter()
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        data = response.read()
        took = time.perf_counter() - start
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        conn.close()
        return response.status, response.getheader("Location", ""), data, took

    def form(self, path: str, fields: dict, files: dict | None = None) -> tuple:
        boundary = uuid.uuid4().hex
        parts = []
        for name, value in fields.items():
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                f"{value}\r\n".encode()
            )
        for name, (filename, content) in (files or {}).items():
            head = (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{filename}"\r\nContent-Type: application/json\r\n\r\n'
            )
            parts.append(head.encode() + content + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        return self.request("POST", path, body, f"multipart/form-data; boundary={boundary}")


def restore_through_site(port: int, session: str, file: str) -> list[tuple[str, int, float]]:
    """Upload the file, then carry on until the group is restored: each request's answer."""
    browser = Browser(port, session)
    status, _, page, took = browser.request("GET", "/nights/groups/restore/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert status == 200, status
    assert token, "no CSRF token on the restore page"
    fields = {"csrfmiddlewaretoken": token.group(1).decode(), "idempotency_key": "bench"}
    status, location, _, took = browser.form(
        "/nights/groups/restore/", fields, {"backup": ("group.json", Path(file).read_bytes())}
    )
    answers = [("upload", status, took)]
    while status == 303 and "/restore/" in location:
        status, location, _, took = browser.form(location, fields | {"action": "carry-on"})
        answers.append(("carry on", status, took))
    assert status == 303, status
    assert "/groups/" in location, location
    return answers


def one_database(postgres: bool, postings: int) -> dict:
    with fresh_database(postgres=postgres) as env, tempfile.TemporaryDirectory() as folder:
        _manage(env, "load_rulebook", "--verbosity", "0")
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        made = _child(env, "--setup", str(postings), folder)
        stop_file, out_file = Path(folder) / "stop", Path(folder) / "writes.json"
        with serving(env, workers=2, ready="/rules/") as port:
            writer = subprocess.Popen(
                [
                    PYTHON,
                    __file__,
                    "--write",
                    str(made["writer_night"]),
                    str(made["writer_seat"]),
                    str(stop_file),
                    str(out_file),
                ],
                cwd=ROOT,
                env=env,
            )
            time.sleep(2)  # writes before the restore, for comparison
            began = time.time()
            answers: list = []
            runner = threading.Thread(
                target=lambda: answers.extend(
                    restore_through_site(port, made["sessions"]["mover"], made["file"])
                )
            )
            runner.start()
            runner.join()
            ended = time.time()
            time.sleep(1)
            stop_file.touch()
            writer.wait(timeout=60)
        writes = json.loads(out_file.read_text())
        during = [took for when, took in writes if began <= when <= ended]
        slow = [
            (round(when - took - began, 2), round(took, 2)) for when, took in writes if took > 0.3
        ]
        before = [took for when, took in writes if when < began]
        moved = _child(env, "--compare", made["file"])
        return {
            "bytes": made["bytes"],
            "answers": answers,
            "restore_seconds": ended - began,
            "writes_during": during,
            "writes_before": before,
            "slow": slow,
            "moved": moved,
        }


def report(name: str, found: dict) -> None:
    answers, during = found["answers"], found["writes_during"]
    slowest = max(took for _, _, took in answers)
    print(f"\n{name}: a {found['bytes'] / MB:.1f} MB backup of {found['moved']['postings']:,}")
    print(f"  postings, restored in {found['restore_seconds']:.1f} s over {len(answers)} requests")
    for what, status, took in answers:
        print(f"    {what:9} {status}  {took:6.2f} s")
    verdict = "PASS" if slowest < REQUEST_TARGET else "MISS"
    print(f"  slowest request {slowest:.2f} s (target < {REQUEST_TARGET:g} s): {verdict}")
    if during:
        worst = max(during)
        verdict = "PASS" if worst < WRITE_TARGET else "MISS"
        p50 = statistics.median(during) * 1000
        p99 = sorted(during)[int(len(during) * 0.99)] * 1000
        print(
            f"  another host's writes during it: {len(during)}, median {p50:.0f} ms,"
            f" 99th {p99:.0f} ms, slowest {worst * 1000:.0f} ms (target < 1 s): {verdict}"
        )
    if found["writes_before"]:
        median = statistics.median(found["writes_before"]) * 1000
        print(f"  the same writes before it: median {median:.0f} ms")
    if found["slow"]:
        print("  writes over 0.3 s (began, s after the upload):", found["slow"])
    same = found["moved"]["same"]
    verdict = "PASS" if all(same.values()) else "MISS"
    print(f"  round trip: {', '.join(f'{k} {v}' for k, v in same.items())}: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postings", type=int, default=61_000)
    parser.add_argument("--only", choices=("sqlite", "postgres"))
    parser.add_argument("--setup", nargs=2)
    parser.add_argument("--write", nargs=4)
    parser.add_argument("--compare")
    given = parser.parse_args()
    if given.setup:
        print(json.dumps(setup(int(given.setup[0]), given.setup[1])))
        return
    if given.write:
        night, seat, stop_file, out_file = given.write
        write_loop(int(night), int(seat), stop_file, out_file)
        return
    if given.compare:
        print(json.dumps(compare(given.compare)))
        return
    for key, name, postgres in (("sqlite", "SQLite", False), ("postgres", "PostgreSQL", True)):
        if given.only and given.only != key:
            continue
        try:
            found = one_database(postgres, given.postings)
        except Exception as exc:  # a figure missing is reported, never a traceback
            print(f"\n{name}: not measured ({type(exc).__name__}: {exc})")
            continue
        report(name, found)


if __name__ == "__main__":
    main()
