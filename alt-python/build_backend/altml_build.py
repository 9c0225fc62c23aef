"""altml's PEP 517 build backend: writes the wheel (and the sdist) with the standard library alone, so that
``pip install ./alt-python`` needs no index, and bundles ALT's jar (``target/altml-java.jar``, made by Maven) into
the wheel as ``altml/jars/altml-java.jar``, where ``altml._jvm`` looks first. An editable install
(``pip install -e``) puts this folder on the path instead and uses the jar in ``target/``.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

NAME = "altml"
SUMMARY = "ALT's online multi-label learners from Python, on the JVM through JPype"
REQUIRES_PYTHON = ">=3.9"
LICENSE = "Apache-2.0"
REQUIRES = ["numpy", "scipy", "JPype1"]  # Debian: python3-numpy python3-scipy python3-jpype
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # alt-python/
JAR = os.path.join("target", "altml-java.jar")
BUILD_JAR = "mvn -B -ntp -pl alt-python -am package -DskipTests"
TAG = "py3-none-any"  # the jar runs on any JVM 21+, the Python code on any Python 3.9+


class MissingJarError(SystemExit):
    """ALT's jar is not built, so the wheel would start no JVM. A ``SystemExit`` (as setuptools' build errors are):
    the build stops with this message alone on stderr, not under a traceback."""


def version():
    """The version that ``altml/__init__.py`` declares (``__version__ = "..."``)."""
    with open(os.path.join(ROOT, NAME, "__init__.py"), encoding="utf-8") as f:
        found = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', f.read(), re.M)
    if not found:
        raise RuntimeError(f"{NAME}/__init__.py declares no __version__ = \"...\"")
    return found.group(1)


def _metadata():
    lines = ["Metadata-Version: 2.1", f"Name: {NAME}", f"Version: {version()}", f"Summary: {SUMMARY}",
             f"License: {LICENSE}", f"Requires-Python: {REQUIRES_PYTHON}"]
    lines += [f"Requires-Dist: {r}" for r in REQUIRES]
    return "\n".join(lines) + "\n"


def _dist_info():
    return f"{NAME}-{version()}.dist-info"


def _wheel_name():
    return f"{NAME}-{version()}-{TAG}.whl"


def _sources():
    """The package's files, as (path in the archive, path on disk), sorted: the .py files of altml/."""
    out = []
    for folder, dirs, files in os.walk(os.path.join(ROOT, NAME)):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "jars"))
        for name in sorted(files):
            if name.endswith(".py"):
                disk = os.path.join(folder, name)
                out.append((os.path.relpath(disk, ROOT).replace(os.sep, "/"), disk))
    return out


def _jar():
    path = os.path.join(ROOT, JAR)
    if not os.path.isfile(path):
        raise MissingJarError(f"error: {path} is missing: the altml wheel bundles ALT's jar, so build it first at the"
                              f" repository's root with '{BUILD_JAR}', then install again")
    return path


class _Wheel:
    """A wheel being written: each file goes into the zip and into RECORD with its hash and size."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.record = []

    def add(self, name, data, compress=True):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # fixed: the same sources give the same wheel
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.record.append(f"{name},sha256={digest},{len(data)}")

    def close(self, dist_info):
        for name, text in _dist_info_files(dist_info).items():
            self.add(name, text.encode())
        record = f"{dist_info}/RECORD"
        self.zip.writestr(zipfile.ZipInfo(record, date_time=(1980, 1, 1, 0, 0, 0)),
                          "\n".join(self.record + [f"{record},,"]) + "\n")
        self.zip.close()


def _dist_info_files(dist_info):
    wheel = f"Wheel-Version: 1.0\nGenerator: altml_build\nRoot-Is-Purelib: true\nTag: {TAG}\n"
    return {f"{dist_info}/METADATA": _metadata(), f"{dist_info}/WHEEL": wheel,
            f"{dist_info}/top_level.txt": NAME + "\n"}


def _read(path):
    with open(path, "rb") as f:
        return f.read()


# --- the PEP 517 (and PEP 660) hooks ---------------------------------------------------------------------------
def get_requires_for_build_wheel(config_settings=None):
    """Nothing: the backend needs only the standard library (so pip's isolated build asks no index)."""
    return []


get_requires_for_build_sdist = get_requires_for_build_editable = get_requires_for_build_wheel


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    """Writes the .dist-info folder (METADATA, WHEEL) into ``metadata_directory``, without the jar; its name."""
    dist_info = _dist_info()
    for name, text in _dist_info_files(dist_info).items():
        os.makedirs(os.path.join(metadata_directory, os.path.dirname(name)), exist_ok=True)
        with open(os.path.join(metadata_directory, name), "w", encoding="utf-8") as f:
            f.write(text)
    return dist_info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """The wheel: altml's Python files and ALT's jar as altml/jars/altml-java.jar."""
    jar = _jar()
    name = _wheel_name()
    wheel = _Wheel(os.path.join(wheel_directory, name))
    try:
        for archived, disk in _sources():
            wheel.add(archived, _read(disk))
        wheel.add(f"{NAME}/jars/altml-java.jar", _read(jar), compress=False)  # a jar is compressed already
        wheel.close(_dist_info())
    except BaseException:
        wheel.zip.close()
        os.remove(os.path.join(wheel_directory, name))
        raise
    return name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable wheel: a .pth file that puts this folder (alt-python/) on the path; the JVM then starts with the
    jar of target/ (rebuilt by Maven), so no jar is bundled."""
    name = _wheel_name()
    wheel = _Wheel(os.path.join(wheel_directory, name))
    wheel.add(f"__editable__.{NAME}.pth", (ROOT + "\n").encode())
    wheel.close(_dist_info())
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The source archive: pyproject.toml, this backend, altml's Python files and ALT's jar (so that
    a wheel built from the sdist bundles it too)."""
    base = f"{NAME}-{version()}"
    name = f"{base}.tar.gz"
    files = [("pyproject.toml", os.path.join(ROOT, "pyproject.toml")),
             ("build_backend/altml_build.py", os.path.abspath(__file__))] + _sources()
    files.append((JAR.replace(os.sep, "/"), _jar()))
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        pkg_info = _metadata().encode()
        for archived, data in [("PKG-INFO", pkg_info)] + [(a, _read(d)) for a, d in files]:
            info = tarfile.TarInfo(f"{base}/{archived}")
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    return name
