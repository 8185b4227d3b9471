"""Regenerates src/skin_analysis/_generated/models.py from the service's OpenAPI document (docs/openapi.json).

Run from clients/python after `npm run build:openapi`:

    ../../.venv/bin/python scripts/generate_models.py

tests/test_generated_models.py runs the same generation into a temporary file and fails when the committed models
differ, so the models cannot drift from the document.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

CLIENT_ROOT = Path(__file__).resolve().parent.parent
OPENAPI_DOCUMENT = CLIENT_ROOT.parent.parent / "docs" / "openapi.json"
MODELS_FILE = CLIENT_ROOT / "src" / "skin_analysis" / "_generated" / "models.py"

# Pydantic v2 models for 3.9+ (Optional/Union instead of `X | Y`, standard collections), enums as Literal types,
# unknown fields kept (extra="allow") so a newer service's additions do not break an older client, one-type
# aliases instead of RootModel wrappers (scan.skin_score is an int, not an object with .root).
GENERATOR_ARGUMENTS = [
    "--input-file-type", "openapi",
    "--openapi-scopes", "schemas",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--target-python-version", "3.10",
    "--no-use-union-operator",
    "--use-standard-collections",
    "--use-annotated",
    "--field-constraints",
    "--enum-field-as-literal", "all",
    "--extra-fields", "allow",
    "--collapse-root-models",
    "--use-type-alias",
    "--use-schema-description",
    "--use-field-description",
    "--disable-timestamp",
    "--formatters", "builtin",
    "--custom-file-header",
    "# Generated from docs/openapi.json by scripts/generate_models.py (datamodel-code-generator). Do not edit.",
]


def generate(output: Path, document: Path = OPENAPI_DOCUMENT) -> None:
    """Writes the models generated from `document` to `output`. Generated and formatted in a temporary folder
    with fixed settings, so the result does not depend on where it is written (or on a pyproject nearby)."""
    codegen = Path(sys.executable).with_name("datamodel-codegen")
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder) / "models.py"
        subprocess.run(
            [str(codegen), "--input", str(document), "--output", str(scratch), *GENERATOR_ARGUMENTS],
            check=True,
        )
        subprocess.run(
            [str(codegen.with_name("ruff")), "format", "--isolated", "--line-length", "120", "--quiet", str(scratch)],
            check=True,
        )
        output.write_bytes(scratch.read_bytes())


if __name__ == "__main__":
    generate(MODELS_FILE)
    print(f"wrote {MODELS_FILE.relative_to(CLIENT_ROOT)}")
