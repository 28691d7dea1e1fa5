"""Render the game's icon, ``sprites/app/carcassonne.svg``, to every file made from it.

    python scripts/make_icons.py            # write the files (then commit them)
    python scripts/make_icons.py --check    # exit 1 when a committed file differs from the SVG

Writes the PNG set beside the SVG (the window icon and the Linux launcher's icons, shipped
with the game's data), ``packaging/icons/carcassonne.ico`` (the Windows executable's icon) and
``packaging/icons/carcassonne.icns`` (the macOS bundle's icon).  pygame draws the SVG; the
``.ico`` and ``.icns`` containers are written here with the standard library, so the build
needs no other tool.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.system import icons  # noqa: E402

EXE_ICONS = ROOT / "packaging" / "icons"
ICO = EXE_ICONS / "carcassonne.ico"
ICNS = EXE_ICONS / "carcassonne.icns"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_AS_BITMAP = 48  # up to this size entries are bitmaps (read by every Windows); PNG above
# icns entry types and their pixel sizes (the @2x types are the Retina variants).
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256),
              ("ic14", 512))


def render(size: int) -> pygame.Surface:
    """The icon drawn at ``size`` × ``size`` pixels, with its alpha."""
    image = pygame.image.load_sized_svg(str(icons.svg_path()), (size, size))
    if image.get_size() != (size, size):
        raise SystemExit(f"{icons.svg_path()}: drew {image.get_size()}, not {size}×{size} "
                         "(the view box must be square)")
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.blit(image, (0, 0))
    return out


def png_bytes(image: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(image, buffer, "icon.png")
    return buffer.getvalue()


def _bitmap(image: pygame.Surface) -> bytes:
    """An .ico bitmap entry: a header, the colour rows bottom-up in BGRA, then the 1-bit
    transparency mask (rows padded to 4 bytes) that older readers use."""
    w, h = image.get_size()
    rgba = pygame.image.tobytes(image, "RGBA")
    rows = [rgba[y * w * 4:(y + 1) * w * 4] for y in range(h)]
    colour = bytearray()
    mask = bytearray()
    mask_stride = ((w + 31) // 32) * 4
    for row in reversed(rows):
        bits = bytearray(mask_stride)
        for x in range(w):
            r, g, b, a = row[x * 4:x * 4 + 4]
            colour += bytes((b, g, r, a))
            if a == 0:
                bits[x // 8] |= 0x80 >> (x % 8)
        mask += bits
    header = struct.pack("<IiiHHIIiiII", 40, w, h * 2, 1, 32, 0, len(colour) + len(mask),
                         0, 0, 0, 0)
    return header + bytes(colour) + bytes(mask)


def ico_bytes(images: dict[int, pygame.Surface]) -> bytes:
    entries = [(size, _bitmap(img) if size <= ICO_AS_BITMAP else png_bytes(img))
               for size, img in sorted(images.items())]
    out = bytearray(struct.pack("<HHH", 0, 1, len(entries)))
    offset = 6 + 16 * len(entries)
    for size, data in entries:
        side = 0 if size >= 256 else size  # 0 means 256
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    for _, data in entries:
        out += data
    return bytes(out)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def made_files() -> dict[Path, bytes]:
    """Every file made from the SVG, with its contents."""
    sizes = sorted({*icons.PNG_SIZES, *ICO_SIZES, *(s for _, s in ICNS_TYPES)})
    images = {size: render(size) for size in sizes}
    pngs = {size: png_bytes(img) for size, img in images.items()}
    files = {icons.png_path(size): pngs[size] for size in icons.PNG_SIZES}
    files[ICO] = ico_bytes({size: images[size] for size in ICO_SIZES})
    files[ICNS] = icns_bytes(pngs)
    return files


def read_ico(data: bytes) -> dict[int, bytes]:
    """The entries of an .ico file: size -> RGBA pixels (top row first)."""
    reserved, kind, count = struct.unpack_from("<HHH", data)
    if (reserved, kind) != (0, 1):
        raise ValueError("not an .ico file")
    out: dict[int, bytes] = {}
    for i in range(count):
        w, h, _, _, _, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        size = w or 256
        entry = data[offset:offset + length]
        if entry.startswith(b"\x89PNG"):
            out[size] = _png_pixels(entry, size)
            continue
        header = struct.unpack_from("<IiiHH", entry)
        if header != (40, size, 2 * size, 1, 32) or (w or 256) != (h or 256) or bits != 32:
            raise ValueError(f"unexpected bitmap entry of {size} px")
        rows = [entry[40 + y * size * 4:40 + (y + 1) * size * 4] for y in range(size)]
        out[size] = b"".join(bytes(row[x + k] for x in range(0, len(row), 4)
                                   for k in (2, 1, 0, 3)) for row in reversed(rows))
    return out


def read_icns(data: bytes) -> dict[str, bytes]:
    """The entries of an .icns file: type -> RGBA pixels of its PNG."""
    if data[:4] != b"icns" or struct.unpack_from(">I", data, 4)[0] != len(data):
        raise ValueError("not an .icns file")
    sizes = dict(ICNS_TYPES)
    out: dict[str, bytes] = {}
    at = 8
    while at < len(data):
        kind = data[at:at + 4].decode("ascii")
        length = struct.unpack_from(">I", data, at + 4)[0]
        out[kind] = _png_pixels(data[at + 8:at + length], sizes[kind])
        at += length
    return out


def _png_pixels(data: bytes, size: int) -> bytes:
    image = pygame.image.load(io.BytesIO(data), "icon.png")
    if image.get_size() != (size, size):
        raise ValueError(f"a {image.get_size()} image where {size} px was expected")
    return pygame.image.tobytes(image, "RGBA")


def decoded(path: Path, data: bytes) -> object:
    """What a made file shows, whatever the PNG compressor's bytes."""
    if path.suffix == ".ico":
        return read_ico(data)
    if path.suffix == ".icns":
        return read_icns(data)
    image = pygame.image.load(io.BytesIO(data), "icon.png")
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def differs(path: Path, data: bytes) -> bool:
    if not path.is_file():
        return True
    try:
        return decoded(path, path.read_bytes()) != decoded(path, data)
    except (ValueError, pygame.error, struct.error):
        return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a file is missing or out of date")
    args = parser.parse_args(argv)
    pygame.display.init()
    try:
        files = made_files()
        stale = [path for path, data in files.items() if differs(path, data)]
        if args.check:
            for path in stale:
                print(f"out of date: {path.relative_to(ROOT)}")
            return 1 if stale else 0
        for path in stale:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
            print(f"wrote {path.relative_to(ROOT)} ({len(files[path])} bytes)")
        return 0
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
