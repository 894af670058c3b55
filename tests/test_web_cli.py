"""`heartsuite serve`: starts the app on the given port and data directory; bad options exit 2."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from heartsuite.cli import main


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_runs_the_app_with_its_data_directory(tmp_path) -> None:
    port = _free_port()
    data = tmp_path / "data"
    proc = subprocess.Popen(
        [sys.executable, "-m", "heartsuite", "serve", "--no-browser", "--port", str(port),
         "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/h2h", timeout=2) as r:
                    page = r.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.2)
        assert 'data-pile="stock"' in page
        assert (data / "heartsuite.sqlite3").exists()
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in out


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
