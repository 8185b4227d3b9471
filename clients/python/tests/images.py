"""Test photos: a real single face cropped from a photo shipped in an npm package (by sharp, which the service
itself uses), and images made here without any imaging library."""

from __future__ import annotations

import struct
import subprocess
import zlib
from pathlib import Path

from local_stack import REPO_ROOT

# sample6.jpg of @vladmandic/face-api, second person from the left: frontal, filling half the frame (the same crop
# as the Node suites' FACE_CROPS.frontal).
_FRONTAL_CROP = "{left: 470, top: 170, width: 560, height: 560}"


def frontal_face_jpeg(target: Path) -> Path:
    script = (
        "require('sharp')('node_modules/@vladmandic/face-api/demo/sample6.jpg')"
        f".extract({_FRONTAL_CROP}).jpeg({{quality: 92}}).toFile(process.argv[1])"
    )
    subprocess.run(["node", "-e", script, str(target)], cwd=REPO_ROOT, check=True, timeout=60)
    return target


def gradient_png(width: int = 400, height: int = 300) -> bytes:
    """A colour gradient: a valid photo with no face in it."""
    rows = b"".join(
        b"\x00" + bytes(v for x in range(width) for v in (255 * x // width, 255 * y // height, 128))
        for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
