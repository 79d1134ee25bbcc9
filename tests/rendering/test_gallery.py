"""`python -m rendering gallery OUTDIR` writes every case in every theme, plus a replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from rendering import THEMES
from rendering.__main__ import main
from tests.rendering.images import decode

CASES = (
    "start",
    "midgame",
    "pass",
    "final",
    "long-names",
    "rtl-names",
    "clocks",
    "flag",
    "resigned",
    "standings",
    "final-standings",
)


def test_gallery_writes_images(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outdir = tmp_path / "new" / "gallery"
    assert main(["gallery", str(outdir)]) == 0
    expected = {f"{theme}-{case}.png" for theme in THEMES for case in CASES} | {"replay.gif"}
    assert {path.name for path in outdir.iterdir()} == expected
    assert len(capsys.readouterr().out.splitlines()) == len(expected)
    for name in expected:
        image = decode((outdir / name).read_bytes(), "GIF" if name.endswith(".gif") else "PNG")
        assert image.width > 0


def test_gallery_into_a_file_fails_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["gallery", str(blocker)]) == 1
    assert capsys.readouterr().err.startswith(f"cannot write the gallery to {blocker}:")
