"""`heartsuite serve`: starts the app on the given port and data directory; bad options exit 2."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from heartsuite.cli import main
from heartsuite.cli.serve import WS_MAX_SIZE


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[int, Path]]:
    """`heartsuite serve` running in a subprocess: its port and data directory."""
    port = _free_port()
    data = tmp_path_factory.mktemp("serve") / "data"
    proc = subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
         "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        _wait_up(port, proc)
        yield port, data
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in out


def test_serve_runs_the_app_with_its_data_directory(served) -> None:
    port, data = served
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/h2h", timeout=5) as r:
        page = r.read().decode()
    assert 'data-pile="stock"' in page
    assert (data / "heartsuite.sqlite3").exists()


def test_serve_closes_a_websocket_message_over_its_limit(served) -> None:
    """uvicorn's own limit (not its 16 MiB default): a frame over WS_MAX_SIZE closes with 1009
    before the app reads it; one under the limit but over the app's 2 KiB gets `too_large`."""
    port, _ = served
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/hearts/games", method="POST",
                                     data=b"{}", headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as r:
        game_id = json.load(r)["game"]["id"]
        cookie = r.headers["set-cookie"].split(";")[0]
    url = f"ws://127.0.0.1:{port}/api/hearts/games/{game_id}/ws"
    for size, answer in [(WS_MAX_SIZE + 1, None), (WS_MAX_SIZE - 100, "too_large")]:
        with connect(url, additional_headers={"cookie": cookie}, open_timeout=10) as ws:
            ws.send("x" * size)
            with pytest.raises(ConnectionClosed) as closed:
                assert json.loads(ws.recv(timeout=10))["error"] == answer
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


@pytest.mark.parametrize("args", [["--port", "0"], ["--port", "70000"]])
def test_bad_port_is_a_user_error(args, capsys) -> None:
    assert main(["serve", "--no-browser", *args]) == 2
    assert "--port" in capsys.readouterr().err


def test_unusable_data_directory_is_a_user_error(tmp_path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    port = str(_free_port())
    assert main(["serve", "--no-browser", "--port", port, "--data", str(blocker / "sub")]) == 2
    assert "cannot use" in capsys.readouterr().err


def test_a_port_in_use_is_a_user_error(capsys) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--no-browser", "--port", str(port)]) == 2
    assert "cannot listen on 127.0.0.1" in capsys.readouterr().err


def test_a_store_that_is_not_sqlite_is_a_user_error(tmp_path, capsys) -> None:
    (tmp_path / "heartsuite.sqlite3").write_bytes(b"this is not a database" * 100)
    args = ["serve", "--no-browser", "--port", str(_free_port()), "--data", str(tmp_path)]
    assert main(args) == 2
    assert "cannot open the store" in capsys.readouterr().err


def _raw_request(port: int, head: bytes, chunk: int = 64 * 1024) -> bytes:
    """Send `head` (a request line and headers, unterminated or not) and read the answer; stop
    sending when the server has answered and closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        try:
            for start in range(0, len(head), chunk):
                s.sendall(head[start:start + chunk])
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        try:
            while part := s.recv(65536):
                answer += part
        except (ConnectionResetError, TimeoutError):
            pass
    return answer


def test_request_heads_over_the_limits_get_431(served) -> None:
    """A head over 16 KiB in all, or a line over 8 KiB, is refused before the app runs; a head
    of 100 MB is refused after at most a read past the limit (the server does not buffer it)."""
    port, _ = served
    ok = _raw_request(port, b"GET /api/h2h/meta HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      + b"".join(b"X-Pad-%d: %s\r\n" % (i, b"a" * 4000) for i in range(3))
                      + b"Connection: close\r\n\r\n")
    assert ok.startswith(b"HTTP/1.1 200"), ok[:80]
    long_line = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n"
    assert _raw_request(port, long_line).startswith(b"HTTP/1.1 431")
    many = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + b"".join(b"X-Pad-%d: %s\r\n" % (i, b"a" * 4000) for i in range(6)) + b"\r\n")
    assert _raw_request(port, many).startswith(b"HTTP/1.1 431")
    long_url = b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    assert _raw_request(port, long_url).startswith(b"HTTP/1.1 431")
    flood = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Flood: " + b"a" * (100 * 1024 * 1024)
    started = time.monotonic()
    assert _raw_request(port, flood).startswith(b"HTTP/1.1 431")
    assert time.monotonic() - started < 10
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/h2h/meta", timeout=5) as r:
        assert r.status == 200  # the server is still there


def test_an_invalid_utf8_frame_is_one_log_line_not_a_traceback(tmp_path) -> None:
    """A text frame that is not UTF-8 closes the socket with 1007 and logs one warning line."""
    port = _free_port()
    log = (tmp_path / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
         "--data", str(tmp_path / "data")], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port}/api/hearts/games", data=b"{}", method="POST",
                    headers={"content-type": "application/json"})
                with opener.open(request, timeout=5) as r:
                    game = json.load(r)["game"]["id"]
                    cookie = r.headers["set-cookie"].split(";")[0]
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.2)
        for _ in range(3):
            with connect(f"ws://127.0.0.1:{port}/api/hearts/games/{game}/ws",
                         additional_headers={"Cookie": cookie}) as ws:
                ws.send(b"\xff\xfe", text=True)
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        ws.recv(timeout=5)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()
    text = (tmp_path / "server.log").read_text()
    assert text.count("Invalid UTF-8 sequence received from client.") == 3
    assert "Traceback" not in text and "ERROR" not in text, text


def _serve(port: int, data: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
         "--data", str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_up(port: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise
            time.sleep(0.2)


def test_one_server_per_data_directory_even_after_kill_9(tmp_path) -> None:
    """Two servers on one SQLite directory would each keep their own live tables and lose each
    other's moves: the second refuses in one line; a killed first one does not leave it locked."""
    data = tmp_path / "data"
    first = _serve(_free_port(), data)
    try:
        _wait_up(int(first.args[first.args.index("--port") + 1]), first)
        second = subprocess.run(
            [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port",
             str(_free_port()), "--data", str(data)], capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "is in use by another heartsuite serve" in lines[0]
        assert f"process {first.pid}" in lines[0] and "Traceback" not in second.stderr
    finally:
        first.kill()  # SIGKILL: no clean-up runs
        first.communicate(timeout=10)
    port = _free_port()
    third = _serve(port, data)
    try:
        _wait_up(port, third)
    finally:
        third.terminate()
        third.communicate(timeout=10)


def _post(port: int, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(),
                                     headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def test_serve_on_postgresql_keeps_tables_across_servers(postgres_url, tmp_path) -> None:
    port = _free_port()
    first = subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
         "--data", str(tmp_path / "a"), "--database", postgres_url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_up(port, first)
        token = _post(port, "/api/people", {})["token"]
        code = _post(port, "/api/tables", {"name": "Ana"}, token)["code"]
    finally:
        first.kill()
        out, _ = first.communicate(timeout=10)
    assert "data in PostgreSQL" in out
    assert not (tmp_path / "a" / "heartsuite.sqlite3").exists()
    port = _free_port()  # another server, another data directory, the same database
    second = subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
         "--data", str(tmp_path / "b"), "--database", postgres_url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_up(port, second)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables/{code}",
                                         headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            table = json.load(answer)["table"]
        assert table["code"] == code and table["you"] == 0 and table["creator"] is True
    finally:
        second.terminate()
        second.communicate(timeout=10)


def test_a_bad_or_unreachable_database_is_one_line(tmp_path, capsys) -> None:
    args = ["serve", "--no-browser", "--port", str(_free_port()), "--data", str(tmp_path)]
    assert main([*args, "--database", "mysql://x"]) == 2
    assert "postgresql:// URL" in capsys.readouterr().err
    assert main([*args, "--database", f"postgresql://u:pw@127.0.0.1:{_free_port()}/db"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot connect to" in err[0] and "pw" not in err[0]
