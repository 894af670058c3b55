"""Two `heartsuite serve` processes sharing one PostgreSQL and one Redis (issue 22): people on
process A and people on process B play one table with a computer player; the owning process (it
runs the computer) is killed with SIGKILL in the middle of a trick; the other process takes the
table over (the computer plays on there), every client reconnects there and resumes from the
last event it had; no event any client saw (an acknowledged action) is lost or changed, and the
stored table replays to the same events."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import connect

from heartsuite.arena.remote import Invite, SeatLoop, Server, socket_url
from heartsuite.players import make_player
from heartsuite.prng import Rng
from heartsuite.tables.fair import verify_record
from heartsuite.tables.table import Table
from tests.ports import free_port, wait_listening
from tests.web_helpers import run_async

CLI = [sys.executable, "-m", "heartsuite"]


class Process:
    """One `heartsuite serve --database … --redis …` on a free port."""

    def __init__(self, root: Path, database: str, redis_url: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "XDG_DATA_HOME": str(root / "xdg")}
        self.log = root / f"serve-{self.port}.log"
        self.process = subprocess.Popen(
            [*CLI, "serve", "--port", str(self.port), "--data", str(root / f"d{self.port}"),
             "--database", database, "--redis", redis_url, "--no-browser", "--grace", "3"],
            env=env, stdout=subprocess.DEVNULL, stderr=self.log.open("w"))
        wait_listening(self.port, self.process, self.log.read_text)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


@pytest.fixture()
def two(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[list[Process]]:
    processes = [Process(tmp_path, postgres_url, redis_url) for _ in range(2)]
    yield processes
    for process in processes:
        process.stop()


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CONFIG = Path(__file__).parents[1] / "deploy" / "nginx.conf"


class Nginx:
    """Debian's nginx running `deploy/nginx.conf` as it is shipped, but for its upstream servers
    (these processes) and its port, in a directory of its own."""

    def __init__(self, root: Path, processes: list[Process]) -> None:
        self.root = root / "nginx"
        self.root.mkdir()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        site = CONFIG.read_text()
        servers = "".join(f"    server 127.0.0.1:{p.port} max_fails=1 fail_timeout=5s;\n"
                          for p in processes)
        site, count = re.subn(r"(?m)^    server 10\.0\.0\.\d+:8000 .*\n", "", site)
        assert count == 2, "deploy/nginx.conf lists its example servers"
        site = site.replace("upstream heartsuite {\n", "upstream heartsuite {\n" + servers)
        site = site.replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        (self.root / "site.conf").write_text(site)
        user = "user root root;" if os.geteuid() == 0 else ""
        temp = " ".join(f"{what}_temp_path {self.root / what};"
                        for what in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (self.root / "nginx.conf").write_text(
            f"{user} worker_processes 1; pid {self.root / 'pid'};"
            f" error_log {self.root / 'error.log'};"
            " events { worker_connections 256; }"
            f" http {{ access_log off; {temp} include {self.root / 'site.conf'}; }}\n")
        self.process = subprocess.Popen(
            [NGINX, "-p", str(self.root), "-c", str(self.root / "nginx.conf"),
             "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wait_listening(self.port, self.process, lambda: (
            self.process.stderr.read() if self.process.stderr else ""), seconds=20)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class Seat(threading.Thread):
    """A program person at one seat: plays with the heuristic over the socket of its process;
    when the socket drops it reconnects to the other process and says `hello after N`."""

    def __init__(self, servers: list[str], start: int, code: str, token: str, seat: int,
                 on_play: Any) -> None:
        super().__init__(daemon=True)
        self.servers, self.index, self.code, self.token = servers, start, code, token
        self.loop = SeatLoop(seat, make_player("heuristic", seat), Rng.for_key("cluster", seat))
        self.on_play = on_play
        self.events: dict[int, dict[str, Any]] = {}  # every event received, by number
        self.moves: list[int] = []  # the numbers of the events of this seat's own plays
        self.reconnects = 0
        self.error: BaseException | None = None
        self.killed: Process | None = None  # set by the test at the end
        self.survivor: Process | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _play(self) -> None:
        deadline = time.monotonic() + 120
        while not self.loop.done:
            assert time.monotonic() < deadline, f"the game did not end (event {self.loop.seq})"
            invite = Invite(self.servers[self.index], self.code)
            try:
                with connect(socket_url(invite), open_timeout=5, close_timeout=1,
                             additional_headers={"Authorization": f"Bearer {self.token}"}) as ws:
                    ws.send(json.dumps(self.loop.hello()))
                    while not self.loop.done:
                        assert time.monotonic() < deadline, \
                            f"the game did not end (event {self.loop.seq})"
                        try:
                            raw = ws.recv(timeout=5)
                        except TimeoutError:
                            continue
                        message = json.loads(raw)
                        self._note(message)
                        action = self.loop.receive(message)
                        if action is not None:
                            ws.send(json.dumps(action))
                        if self.loop.done:
                            return
            except (ConnectionClosed, InvalidHandshake, InvalidStatus, OSError, TimeoutError):
                self.index = 1 - self.index  # the other process
                self.reconnects += 1
                time.sleep(0.2)

    def _note(self, message: dict[str, Any]) -> None:
        if message.get("type") != "event":
            return
        seq, event = message["seq"], message["event"]
        assert self.events.setdefault(seq, event) == event, f"event {seq} changed"
        if event.get("kind") == "play":
            if event.get("seat") == self.loop.seat:
                self.moves.append(seq)
            self.on_play(event)


def test_a_table_on_two_processes_survives_the_owner_killed_mid_trick(
        two: list[Process], postgres_url: str, redis_url: str) -> None:
    a, b = two
    seats = play_and_kill(two, [a.url, b.url], postgres_url, redis_url)
    killed, survivor = seats[0].killed, seats[0].survivor
    moved = [s for s in seats if s.servers[s.index] == survivor.url and s.reconnects]
    assert len(moved) == (2 if killed is a else 1), \
        "the people of the killed process went on on the other one"


def test_behind_nginx_the_pages_of_the_killed_process_come_back_through_it(
        two: list[Process], postgres_url: str, redis_url: str, tmp_path: Path) -> None:
    """The load balancer of docs/deploy.md (deploy/nginx.conf) in front, no sticky sessions:
    every request and socket goes through nginx to either process; when the owner is killed the
    sockets on it reconnect through nginx, which sends them to the survivor."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed (bash scripts/test.sh installs it)")
    front = Nginx(tmp_path, two)
    try:
        seats = play_and_kill(two, [front.url, front.url], postgres_url, redis_url)
    finally:
        front.stop()
    assert sum(s.reconnects for s in seats) >= 1, "a socket was on the killed process"


def play_and_kill(two: list[Process], servers: list[str], postgres_url: str,
                  redis_url: str) -> list[Seat]:
    """Three people (on `servers[0]`, `[1]`, `[0]`) and a computer play a game to 26; after
    nine plays the owner of the table is killed; checks everything the module says."""
    people = [Server(servers[i % 2]) for i in range(3)]  # Ana and Cai on A, Ben on B
    for person in people:
        person.new_person()
    seats_wanted = [{"kind": "person"}] * 3 + [{"kind": "bot", "level": "heuristic"}]
    made = people[0].create_table({"name": "Ana", "rules": {"target": 26}, "speed": "instant",
                                   "standin_level": "heuristic", "seats": seats_wanted})
    code = made["code"]
    for index, person in enumerate(people[1:], start=1):
        person.join(code, f"P{index}")
    table_id = people[1].table(code)["id"]
    assert people[0].table(code)["status"] == "playing"  # the same table on both processes

    owner_key = f"hs:t:{table_id}:owner"
    store = redis.Redis.from_url(redis_url)
    killed: dict[str, Any] = {}
    plays = {"count": 0}
    guard = threading.Lock()

    def on_play(event: dict[str, Any]) -> None:
        """After some tricks, at a play that leaves the trick unfinished, kill the owner."""
        with guard:
            plays["count"] += 1
            if killed or plays["count"] < 3 * 9 + 2:  # each person sees each play: trick 3
                return
            holder = store.get(owner_key)
            assert holder is not None, "the table has no owner"
            pid = int(holder.decode().split(":")[1])
            victim = next(p for p in two if p.process.pid == pid)
            victim.kill()
            killed.update(process=victim, at=time.monotonic(), trick=event)

    seats = [Seat(servers, i % 2, code, person.token or "", i, on_play)
             for i, person in enumerate(people)]
    for seat in seats:
        seat.start()
    for seat in seats:
        seat.join(timeout=150)
    for seat in seats:
        assert seat.error is None, (repr(seat.error), seat.loop.seq, killed,
                                    [p.log.read_text()[-3000:] for p in two])
        assert seat.loop.done
    assert killed, "the owner was never killed"
    survivor = next(p for p in two if p is not killed["process"])
    for seat in seats:
        seat.killed, seat.survivor = killed["process"], survivor
    holder = store.get(owner_key)
    assert holder is None or int(holder.decode().split(":")[1]) == survivor.process.pid

    # No event lost or changed: every event any client saw is in the stored table, in order.
    from heartsuite.web.store_pg import PgStore

    pg = PgStore(postgres_url)
    row = pg.table(table_id)
    assert row is not None and row.status == "over"
    stored = Table.from_data(row.id, row.code, row.data)
    for seat in seats:
        history = {e.seq: e.body for e in stored.events_for(seat.loop.seat, 0)}
        assert seat.events, "the seat saw nothing"
        for seq, event in seat.events.items():
            assert history.get(seq) == event, f"seat {seat.loop.seat}: event {seq}"
        assert sorted(seat.events) == sorted(history), "every event reached every seat"
        assert seat.moves, "the seat played"
    # The record, fetched from the survivor, verifies: dealt from the seed, played by the rules.
    record = Server(survivor.url, people[0].token).record(code)
    assert verify_record(record) == []
    pg.close()
    return seats


def test_serve_with_workers_runs_several_processes_that_share_the_tables(
        tmp_path: Path, postgres_url: str, redis_url: str) -> None:
    """`serve --workers 2`: two web processes on one port (uvicorn's workers), both serving the
    tables; a person and three computers play a game to the end through it."""
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg")}
    log = tmp_path / "serve.log"
    parent = subprocess.Popen(
        [*CLI, "serve", "--port", str(port), "--data", str(tmp_path / "d"), "--workers", "2",
         "--database", postgres_url, "--redis", redis_url, "--no-browser"],
        env=env, stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                Server(url).new_person()
                break
            except Exception:
                assert parent.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        children = subprocess.run(["pgrep", "-P", str(parent.pid)], capture_output=True,
                                  text=True).stdout.split()
        assert len(children) >= 2, "two web processes (and uvicorn's supervisor)"
        person = Server(url)
        person.new_person()
        bots = [{"kind": "bot", "level": "heuristic"}] * 3
        code = person.create_table({"name": "Ana", "rules": {"target": 26}, "speed": "instant",
                                    "seats": [{"kind": "person"}, *bots]})["code"]
        seat = Seat([url, url], 0, code, person.token or "", 0, lambda event: None)
        seat.run()
        assert seat.error is None, (repr(seat.error), log.read_text()[-2000:])
        assert seat.loop.done
        table_id = person.table(code)["id"]
        holder = redis.Redis.from_url(redis_url).get(f"hs:t:{table_id}:owner")
        if holder is not None:  # the owner (until the table no longer needs one) is a worker
            assert holder.decode().split(":")[1] in children
    finally:
        parent.terminate()
        parent.wait(timeout=30)
    assert parent.returncode == 0, log.read_text()


@pytest.mark.parametrize("args, words", [
    (["--workers", "2"], "--workers above 1 needs --redis and --database"),
    (["--redis", "redis://127.0.0.1:1/0"], "--redis needs --database"),
    (["--redis", "http://x", "--database", "postgresql://x@y/z"], "must be a redis:// URL"),
    (["--workers", "0"], "--workers must be 1..64"),
])
def test_serve_refuses_what_cannot_share_tables(tmp_path: Path, args: list[str],
                                                words: str) -> None:
    result = subprocess.run([*CLI, "serve", "--port", str(free_port()), "--data",
                             str(tmp_path / "d"), "--no-browser", *args],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert words in result.stderr and "Traceback" not in result.stderr


def test_serve_says_when_redis_cannot_be_reached(tmp_path: Path, postgres_url: str) -> None:
    result = subprocess.run([*CLI, "serve", "--port", str(free_port()), "--data",
                             str(tmp_path / "d"), "--no-browser", "--database", postgres_url,
                             "--redis", f"redis://127.0.0.1:{free_port()}/0"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot reach Redis" in lines[0], result.stderr


def test_the_compose_file_runs_the_shipped_pieces() -> None:
    """deploy/compose.yaml: the services of docs/deploy.md, built from deploy/Dockerfile, with
    the nginx site that is deploy/nginx.conf with the compose services as its upstream."""
    import yaml

    deploy = CONFIG.parent
    compose = yaml.safe_load((deploy / "compose.yaml").read_text())
    services = compose["services"]
    assert {"postgres", "redis", "web1", "web2", "worker", "nginx"} <= set(services)
    for name in ("web1", "web2"):
        command = services[name]["command"]
        assert "--redis redis://redis:6379/0" in command and "--database postgresql://" in command
        assert services[name]["build"]["dockerfile"] == "deploy/Dockerfile"
    assert (deploy / "Dockerfile").exists()
    site = (deploy / "nginx-compose.conf").read_text()
    shipped = CONFIG.read_text()
    body = shipped[shipped.index("upstream heartsuite"):]
    expected = (body.replace("server 10.0.0.11:8000", "server web1:8000")
                .replace("server 10.0.0.12:8000", "server web2:8000")
                .replace("server_name cards.example.org;", "server_name _;"))
    assert site[site.index("upstream heartsuite"):] == expected


def test_a_writer_that_died_between_its_save_and_its_stream_entry_loses_nothing(
        postgres_url: str, redis_url: str) -> None:
    """In one test process, three apps on one PostgreSQL and Redis. App A saves a join but its
    stream entry never goes out (as if it died right after the save). App B, whose copy is
    older, then writes: its save finds the stored revision moved, it reads the table again and
    makes its join on the new position. App D, which read the table before either, finds a gap
    in the stream (an entry after the one it lacks) and reads the table from the store."""
    from fastapi.testclient import TestClient

    from heartsuite.web.app import create_app
    from tests.tables_helpers import MANY_TABLES, join, new_table, person

    apps = [create_app(":memory:", database=postgres_url, redis=redis_url, limits=MANY_TABLES)
            for _ in range(3)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b, TestClient(apps[2]) as d:
        ana, bo, cy = person(a), person(a), person(a)
        code = new_table(a, ana)["code"]
        for client in (b, d):  # both read the table now: only Ana is seated
            assert client.get(f"/api/tables/{code}", headers=ana).status_code == 200
        hub_a = apps[0].state.tables
        real = hub_a.cluster.append
        hub_a.cluster.append = lambda *args: hub_a._live[next(iter(hub_a._live))].stream_id
        try:
            join(a, bo, code, "Bo")  # saved; no stream entry
        finally:
            hub_a.cluster.append = real
        reloads: list[str] = []
        for name, app in (("b", apps[1]), ("d", apps[2])):
            hub = app.state.tables
            hub._reload = (lambda original, n: lambda live: (reloads.append(n),
                                                             original(live))[1])(hub._reload, name)
        answer = join(b, cy, code, "Cy")  # B's copy lacks Bo: stale save, read again, joined
        assert reloads == ["b"]
        names = [s["name"] for s in answer["table"]["seats"]]
        assert names[:3] == ["Ana", "Bo", "Cy"], names
        seen = d.get(f"/api/tables/{code}", headers=ana).json()["table"]
        assert [s["name"] for s in seen["seats"]][:3] == ["Ana", "Bo", "Cy"]
        assert reloads == ["b", "d"]  # D: the gap in the stream
        seen = a.get(f"/api/tables/{code}", headers=ana).json()["table"]
        assert [s["name"] for s in seen["seats"]][:3] == ["Ana", "Bo", "Cy"]


def test_the_change_feed_names_the_tables_other_processes_wrote_and_not_ones_own(
        redis_url: str) -> None:
    """Each write names its table in one feed; a follower learns of the others' writes from it
    (whatever the number of tables) and skips its own without reading the tables' streams."""
    from heartsuite.web.tables.cluster import Cluster

    async def scenario() -> tuple[set[str], set[str], set[str]]:
        here, there = Cluster(redis_url, prefix="feedtest"), Cluster(redis_url, prefix="feedtest")
        try:
            assert await here.changed_elsewhere(10) == set()  # starts at the feed's end
            there.append("T1", 0, [{"type": "join"}], 1)
            here.append("T2", 0, [{"type": "join"}], 1)
            there.append("T3", 0, [{"type": "join"}, {"type": "start"}], 2)
            first = await here.changed_elsewhere(100)
            again = await here.changed_elsewhere(10)  # read once only
            theirs = await there.changed_elsewhere(100)
            return first, again, theirs
        finally:
            await here.close()
            await there.close()

    first, again, theirs = run_async(scenario)
    assert first == {"T1", "T3"}
    assert again == set()
    assert theirs == set()  # it started following after those writes


def test_a_process_renews_all_its_leases_in_one_call_and_learns_which_it_lost(
        redis_url: str) -> None:
    """`renew_leases` extends exactly the leases this process holds (by its name) and reports
    one taken by another process, or lapsed, as lost, changing neither."""
    from heartsuite.web.tables.cluster import LEASE_SECONDS, Cluster

    async def scenario() -> tuple[list[bool], list[int], bool, list[bool]]:
        here, there = Cluster(redis_url, prefix="leasetest"), Cluster(redis_url, prefix="leasetest")
        try:
            mine = [here.lease(t) for t in ("A", "B")]
            for lease in mine:
                assert await lease.acquire(token=here.name)
            assert await there.lease("C").acquire(token=there.name)  # another process's
            await here.aio.pexpire(here.key("A", "owner"), 200)  # nearly lapsed: renewed back
            renewed = await here.renew_leases(["A", "B", "C", "D"])  # D: nobody's
            ttls = [await here.aio.pttl(here.key(t, "owner")) for t in ("A", "B", "C", "D")]
            holder = await here.aio.get(here.key("C", "owner")) == there.name.encode()
            await mine[0].release()  # a lease handed back (or lapsed) is lost at the next renewal
            after = await here.renew_leases(["A", "B"])
            return renewed, ttls, holder, after
        finally:
            await here.close()
            await there.close()

    renewed, ttls, still_theirs, after = run_async(scenario)
    assert renewed == [True, True, False, False]
    assert ttls[0] > 1000 and ttls[1] > 1000 and ttls[0] <= LEASE_SECONDS * 1000
    assert ttls[3] == -2  # no key was made for a table nobody held
    assert still_theirs  # the other process's lease is left as it was
    assert after == [False, True]
