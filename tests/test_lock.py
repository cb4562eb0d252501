"""The dependency lock (requirements/lock.txt, `make lock`): `make`, CI, the release workflow and
`make package` all install from it, so it must agree with pyproject.toml, pin every package with its
hashes, and have a wheel of every package for each platform a player runs (the slow test asks the
registry, so a missing Windows or macOS wheel is found here, not on a player's machine)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.packaging_scripts import packaging_module

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "lock.txt"
TOOLS = ROOT / "requirements" / "tools.in"
PYTHON = "3.11"  # the Python every build uses (Makefile `lock`, .github/workflows/release.yml)
# The oldest macOS the app runs on, which packaging/gmtool.spec writes into the bundle
# (LSMinimumSystemVersion): PySide6 6.11 ships wheels for macOS 13 and later only (and pypdfium2
# 5.15, for the tests, likewise), so no lock with them resolves for macosx_11_0_arm64.
MACOS_MINIMUM = packaging_module("app_identity").MACOS_MINIMUM
MACOS = f"macosx_{MACOS_MINIMUM.replace('.', '_')}_arm64"

# The environment markers of each platform's build (PEP 508): pip evaluates a requirement's marker
# against the Python running it, not against --platform, so the lock's platform-only lines
# (pywin32-ctypes on Windows, macholib on macOS) are chosen here.
PLATFORMS = {
    "win_amd64": {
        "os_name": "nt",
        "sys_platform": "win32",
        "platform_system": "Windows",
        "platform_machine": "AMD64",
    },
    MACOS: {
        "os_name": "posix",
        "sys_platform": "darwin",
        "platform_system": "Darwin",
        "platform_machine": "arm64",
    },
    "manylinux_2_28_x86_64": {
        "os_name": "posix",
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_machine": "x86_64",
    },
}


def marker_environment(platform: str) -> dict[str, str]:
    return {
        **PLATFORMS[platform],
        "python_version": PYTHON,
        "python_full_version": f"{PYTHON}.9",
        "implementation_name": "cpython",
        "implementation_version": f"{PYTHON}.9",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_version": "",
    }


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    marker: Marker | None
    hashes: tuple[str, ...]

    def line(self) -> str:
        """The pin as a requirement line pip reads with --require-hashes, without its marker."""
        return " ".join([f"{self.name}=={self.version}", *(f"--hash={h}" for h in self.hashes)])


def read_lock(text: str) -> dict[str, Pin]:
    """Every pinned package of a `uv pip compile --generate-hashes` file, by canonical name."""
    joined = re.sub(r"\\\n\s*", " ", text)  # a pin and its hashes are one logical line
    pins: dict[str, Pin] = {}
    for raw in joined.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        requirement_text, *hashes = (part.strip() for part in line.split("--hash="))
        requirement = Requirement(requirement_text)
        (specifier,) = requirement.specifier  # exactly one: ==version
        assert specifier.operator == "==", line
        name = canonicalize_name(requirement.name)
        pins[name] = Pin(name, specifier.version, requirement.marker, tuple(hashes))
    return pins


def declared_requirements() -> list[Requirement]:
    """pyproject.toml's dependencies and every extra, and requirements/tools.in."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = [*project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        lines += extra
    lines += [ln for ln in TOOLS.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]
    return [Requirement(line) for line in lines]


def pins_for(platform: str) -> list[Pin]:
    environment = marker_environment(platform)
    return [
        pin
        for pin in read_lock(LOCK.read_text(encoding="utf-8")).values()
        if pin.marker is None or pin.marker.evaluate(environment)
    ]


def test_every_pin_carries_its_hashes() -> None:
    pins = read_lock(LOCK.read_text(encoding="utf-8"))
    assert len(pins) > 20
    unhashed = [pin.name for pin in pins.values() if not pin.hashes]
    assert not unhashed, f"pins without a hash (pip --require-hashes refuses them): {unhashed}"
    assert all(h.startswith("sha256:") for pin in pins.values() for h in pin.hashes)


@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_the_lock_pins_what_pyproject_asks_for(platform: str) -> None:
    """A dependency added to pyproject.toml without `make lock` is missing from every install (pip
    --require-hashes refuses an unpinned package); a range moved past the pin, likewise."""
    environment = marker_environment(platform)
    pins = {pin.name: pin for pin in pins_for(platform)}
    for requirement in declared_requirements():
        if requirement.marker is not None and not requirement.marker.evaluate(environment):
            continue
        pin = pins.get(canonicalize_name(requirement.name))
        assert pin is not None, f"{requirement} is not in {LOCK.name}: run `make lock`"
        assert requirement.specifier.contains(pin.version, prereleases=True), (
            f"{LOCK.name} pins {pin.name}=={pin.version}, outside {requirement}: run `make lock`"
        )


def test_reading_the_lock_keeps_markers_and_hashes() -> None:
    text = (
        "# comment\n"
        "pefile==2024.8.26 ; sys_platform == 'win32' \\\n"
        "    --hash=sha256:aa \\\n"
        "    --hash=sha256:bb\n"
        "    # via pyinstaller\n"
        "PySide6_Essentials==6.11.3 \\\n"
        "    --hash=sha256:cc\n"
    )
    pins = read_lock(text)
    assert pins["pefile"].hashes == ("sha256:aa", "sha256:bb")
    assert pins["pefile"].marker is not None
    assert not pins["pefile"].marker.evaluate(marker_environment(MACOS))
    assert pins["pefile"].marker.evaluate(marker_environment("win_amd64"))
    assert pins["pyside6-essentials"].line() == "pyside6-essentials==6.11.3 --hash=sha256:cc"


# What pip prints when it cannot reach the registry at all (as opposed to reaching it and finding no
# wheel, which is what this test is for).
UNREACHABLE = re.compile(
    r"NewConnectionError|Max retries exceeded|Temporary failure in name resolution|"
    r"Name or service not known|Network is unreachable|ConnectTimeout|ProxyError|No route to host"
)


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("platform", ["win_amd64", MACOS])
def test_every_locked_package_has_a_wheel_for(platform: str, tmp_path: Path) -> None:
    """pip resolves the lock as the Windows / macOS (arm64) build would install it: binary wheels
    only, for CPython 3.11 on that platform, each file's hash checked against the lock. --dry-run
    reads each wheel's metadata from the index, so nothing large is downloaded."""
    requirements = tmp_path / f"lock-{platform}.txt"
    requirements.write_text("\n".join(pin.line() for pin in pins_for(platform)) + "\n", encoding="utf-8")
    command = [
        sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--no-deps",
        "--require-hashes", "--only-binary=:all:", "--platform", platform,
        "--python-version", PYTHON, "--implementation", "cp", "--abi", f"cp{PYTHON.replace('.', '')}",
        "--target", str(tmp_path / "target"), "--timeout", "30", "--retries", "2",
        "-r", str(requirements),
    ]  # fmt: skip
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=570)
    output = result.stdout + result.stderr
    if result.returncode != 0 and UNREACHABLE.search(output):
        pytest.skip(f"the package registry is unreachable, so the {platform} wheels cannot be checked")
    assert result.returncode == 0, f"a locked package has no {platform} wheel for CPython {PYTHON}:\n{output}"
    would_install = re.search(r"Would install (.*)", result.stdout)
    assert would_install is not None, output
    assert len(would_install.group(1).split()) == len(pins_for(platform))
