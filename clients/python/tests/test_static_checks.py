"""mypy --strict and ruff over the library, and the generated models against docs/openapi.json."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

CLIENT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CLIENT_ROOT / "scripts"))

from generate_models import MODELS_FILE, generate  # noqa: E402


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=CLIENT_ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_mypy_strict_finds_nothing_in_the_library() -> None:
    result = run(sys.executable, "-m", "mypy", "--strict", "src/skin_analysis")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing_in_the_library_its_tests_and_scripts() -> None:
    result = run(sys.executable, "-m", "ruff", "check", "src", "tests", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_committed_models_are_what_the_generator_makes_from_docs_openapi_json(tmp_path: Path) -> None:
    regenerated = tmp_path / "models.py"
    generate(regenerated)
    assert regenerated.read_text("utf-8") == MODELS_FILE.read_text("utf-8"), (
        "src/skin_analysis/_generated/models.py has drifted from docs/openapi.json: "
        "run `../../.venv/bin/python scripts/generate_models.py` in clients/python"
    )


def test_every_python_example_of_the_readme_type_checks_against_the_library(tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", (CLIENT_ROOT / "README.md").read_text("utf-8"), re.S)
    assert len(blocks) >= 5
    for number, block in enumerate(blocks):
        (tmp_path / f"readme_example_{number}.py").write_text(block, "utf-8")
    result = run(sys.executable, "-m", "mypy", "--strict", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
