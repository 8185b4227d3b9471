"""Reads the image of a scan from whatever the caller holds: a path, bytes, or an open binary file. The bytes are
read once, so every retry of the upload sends exactly the same body."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Optional, Union

ImageInput = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]

_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
)


def read_image(
    image: ImageInput, filename: Optional[str] = None, content_type: Optional[str] = None
) -> tuple[str, bytes, str]:
    """(filename, bytes, content type) for the multipart `image` part."""
    if isinstance(image, (str, os.PathLike)):
        path = Path(image)
        content = path.read_bytes()
        name = filename or path.name
    elif isinstance(image, (bytes, bytearray, memoryview)):
        content = bytes(image)
        name = filename or "image"
    else:
        data = image.read()
        if not isinstance(data, bytes):
            raise TypeError("image: open the file in binary mode ('rb')")
        content = data
        name = filename or Path(str(getattr(image, "name", "image"))).name
    return name, content, content_type or sniff_content_type(content)


def sniff_content_type(content: bytes) -> str:
    """The image type from its first bytes; the service checks the bytes itself, this only labels the part."""
    for signature, media_type in _SIGNATURES:
        if content.startswith(signature):
            return media_type
    if content[:4] == b"RIFF" and content[8:12] == b"WEBP":
        return "image/webp"
    return "application/octet-stream"
