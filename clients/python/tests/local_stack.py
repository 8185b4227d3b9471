"""The real service for the tests: `npx tsx cli/skin.ts dev` (what `npm start` runs) from the repository root on
a free port (PORT=0) with its own DATA_DIR, and the `skin` admin commands against it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[3]
BANNER = re.compile(r"running at (http://\S+) .*\n.*Account (acct_\w+), test key: (sk_test_\S+)")


@dataclass
class LocalStack:
    process: subprocess.Popen[str]
    data_dir: Path
    api_url: str
    account_id: str
    sandbox_key: str

    def env(self) -> dict[str, str]:
        return {**os.environ, "DATA_DIR": str(self.data_dir), "WEBHOOK_ALLOW_LOOPBACK": "true"}

    def skin(self, *args: str) -> Any:
        """Runs `skin ARGS --json` against this stack and returns the parsed output."""
        completed = subprocess.run(
            ["npx", "tsx", "cli/skin.ts", *args, "--json"],
            cwd=REPO_ROOT, env=self.env(), capture_output=True, text=True, timeout=120, check=False,
        )
        if completed.returncode != 0:
            raise RuntimeError(f"skin {' '.join(args)} failed: {completed.stderr[-2000:]}")
        return json.loads(completed.stdout)

    def stop(self) -> None:
        if self.process.poll() is None:
            # The dev command stops its embedded stores on SIGTERM; its own process group holds npx, tsx and node.
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def ensure_models_built() -> None:
    """`npm start` builds the ONNX models first (prestart); the tests do the same when they are missing."""
    if not (REPO_ROOT / "models" / "generated" / "skin.onnx").exists():
        subprocess.run(["npx", "tsx", "models/build/index.ts"], cwd=REPO_ROOT, check=True, timeout=600)


def start_local_stack(data_dir: Path, timeout: float = 180.0) -> LocalStack:
    ensure_models_built()
    env = {**os.environ, "PORT": "0", "DATA_DIR": str(data_dir), "LOG_LEVEL": "WARN"}
    process = subprocess.Popen(
        ["npx", "tsx", "cli/skin.ts", "dev"],
        cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    assert process.stdout is not None
    output: list[str] = []
    found = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            output.append(line)
            if BANNER.search("".join(output[-4:])):
                found.set()
        found.set()

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + timeout
    while not found.wait(0.2):
        if time.monotonic() > deadline:
            break
    match = BANNER.search("".join(output))
    if match is None:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        raise RuntimeError("the local stack did not start:\n" + "".join(output)[-4000:])
    return LocalStack(process, data_dir, match.group(1), match.group(2), match.group(3))
