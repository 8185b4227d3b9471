"""The wheel builds, installs into a fresh virtual environment, and a script outside the repository uses it
against the running service."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

from conftest import Tenant
from local_stack import LocalStack

CLIENT_ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent(
    """
    import json, sys
    import skin_analysis
    from skin_analysis import SkinAnalysis, UnprocessablePhotoError

    client = SkinAnalysis()  # SKIN_API_KEY and SKIN_API_URL from the environment
    scan = client.scans.create(sys.argv[1], markers=["acne"])
    catalogue = client.markers.list()
    print(json.dumps({
        "module": skin_analysis.__file__,
        "version": skin_analysis.__version__,
        "status": scan.status,
        "markers": list(scan.markers),
        "catalogue": len(catalogue.data),
        "request_id": scan.request_id,
    }))
    """
)


def test_the_wheel_installs_into_a_fresh_venv_and_works_from_outside_the_repository(
    tmp_path: Path, stack: LocalStack, tenant: Tenant, face_photo: Path
) -> None:
    dist = tmp_path / "dist"
    # --no-isolation: the backend (hatchling) is one of the dev dependencies already installed.
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist)],
        cwd=CLIENT_ROOT, check=True, capture_output=True, timeout=300,
    )
    wheel = next(dist.glob("skin_analysis-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "skin_analysis/py.typed" in names
    assert "skin_analysis/_generated/models.py" in names

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
        check=True, capture_output=True, timeout=300,
    )

    outside = tmp_path / "app"
    outside.mkdir()
    (outside / "use_client.py").write_text(SCRIPT, "utf-8")
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SKIN_API_KEY=tenant.api_key, SKIN_API_URL=stack.api_url)
    result = subprocess.run(
        [str(python), "use_client.py", str(face_photo)],
        cwd=outside, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert Path(output["module"]).is_relative_to(venv)
    assert output["version"] == "0.1.0"
    assert output["status"] == "completed"
    assert output["markers"] == ["acne"]
    assert output["catalogue"] == 14
    assert output["request_id"].startswith("req_")
