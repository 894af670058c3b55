"""A real PostgreSQL for the tests: initdb in a temporary directory, started on a free port,
stopped at the end. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
user (`runuser`), the directory handed to it; otherwise as the current user."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.ports import free_port

BIN = next((Path(p) for p in ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin",
                              "/usr/lib/postgresql/17/bin") if Path(p, "initdb").exists()),
           None)


class Postgres:
    def __init__(self) -> None:
        if BIN is None:
            raise RuntimeError("PostgreSQL is not installed (bash scripts/test.sh installs it)")
        self.root = Path(tempfile.mkdtemp(prefix="heartsuite-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(str(BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--no-sync")
        self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"),
                  "-w", "-t", "60", "-o",
                  f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off",
                  "start")

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def stop(self) -> None:
        try:
            self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
