"""`python -m rendering gallery OUTDIR`: write sample images to look at."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rendering.gallery import write_gallery


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    gallery = commands.add_parser(
        "gallery", help="write boards and standings in every theme, and a replay"
    )
    gallery.add_argument("outdir", type=Path, help="folder to write the images into")
    args = parser.parse_args(argv)
    try:
        written = write_gallery(args.outdir)
    except OSError as error:
        print(f"cannot write the gallery to {args.outdir}: {error.strerror}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
