"""Resources are found from a checkout, an installed wheel and a PyInstaller bundle."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from gmtool import resources

ROOT = Path(__file__).resolve().parents[1]


def test_source_checkout_uses_the_repository_folder():
    assert resources.resource_root() == ROOT / "resources"
    assert resources.resource_path("rules", "aw", "checks.toml").is_file()


def test_a_bundle_wins_over_everything(tmp_path, monkeypatch):
    (tmp_path / "resources").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_root() == tmp_path / "resources"


def test_wheel_layout_inside_the_package(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "gmtool"
    (package / "_resources").mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resources.resource_root() == package / "_resources"


def test_missing_resources_name_the_places_searched(tmp_path, monkeypatch):
    monkeypatch.setattr(resources, "_PACKAGE_DIR", tmp_path / "nowhere" / "gmtool")
    with pytest.raises(FileNotFoundError, match="リソースが見つかりません"):
        resources.resource_root()


@pytest.mark.slow
@pytest.mark.timeout(360)  # pip's own limit below, and the unpacked wheel's run after it
def test_the_built_wheel_carries_the_resources_and_finds_them(tmp_path):
    """Builds the real wheel, unpacks it alone (no checkout beside it) and asks for a resource."""
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(tmp_path.glob("gmtool-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert "gmtool/_resources/rules/aw/checks.toml" in names
        assert "gmtool/_resources/demo/aw.json" in names  # a system's part of the demo campaign
        archive.extractall(tmp_path / "site")
    probe = "from gmtool.resources import resource_path; print(resource_path('rules','aw','checks.toml'))"
    found = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); {probe}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert (
        Path(found.stdout.strip())
        == tmp_path / "site" / "gmtool" / "_resources" / "rules" / "aw" / "checks.toml"
    )
