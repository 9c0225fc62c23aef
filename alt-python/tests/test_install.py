"""``pip install ./alt-python`` works offline (``--no-index``) in a virtual environment made with
``--system-site-packages`` (where Debian's numpy, scipy and JPype are), and the installed package starts its JVM with
the jar bundled into the wheel, not the repository's. The build backend (build_backend/altml_build.py) writes a
valid wheel and sdist, and refuses to build without the jar, naming the Maven command that makes it."""

import base64
import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile

import numpy as np
import pytest
import scipy.sparse as sp

from conftest import PACKAGE_ROOT

sys.path.insert(0, os.path.join(PACKAGE_ROOT, "build_backend"))
import altml_build  # noqa: E402

import altml  # noqa: E402

JAR = os.path.join(PACKAGE_ROOT, "target", "altml-java.jar")

# fits a tiny model with the installed package and prints where its jar came from and what it predicts
SCRIPT = """
import json, sys, sysconfig
import numpy as np, scipy.sparse as sp
import altml, altml._jvm
rng = np.random.default_rng(5)
X = sp.random(120, 40, density=0.2, format="csr", random_state=5)
Y = sp.csr_matrix((rng.random((120, 3)) < 0.4).astype(np.int8))
learner = altml.Learner("salt", eta=0.25, max_updates=2).fit(X, Y)
print(json.dumps({"package": altml.__file__, "classpath": altml._jvm.find_classpath(),
                  "purelib": sysconfig.get_paths()["purelib"], "version": altml.__version__,
                  "predicted": learner.predict(X).toarray().tolist()}))
"""


def _data():
    rng = np.random.default_rng(5)
    X = sp.random(120, 40, density=0.2, format="csr", random_state=5)
    Y = sp.csr_matrix((rng.random((120, 3)) < 0.4).astype(np.int8))
    return X, Y


def _clean_env():
    env = dict(os.environ)
    for name in ("ALT_CLASSPATH", "PYTHONPATH", "PIP_INDEX_URL", "PIP_FIND_LINKS"):
        env.pop(name, None)
    return env


def _run(args, cwd, check=True):
    done = subprocess.run(args, cwd=cwd, env=_clean_env(), capture_output=True, text=True, timeout=300)
    if check and done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, args))} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


def _venv(path):
    """A virtual environment that sees the system's packages, as docs/python.md makes one; its python."""
    done = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(path)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        if "ensurepip" in done.stdout + done.stderr:
            pytest.skip("altml: install test skipped: python3 -m venv cannot make a virtual environment with pip"
                        " (Debian: apt-get install python3-venv)")
        pytest.fail(f"python -m venv exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    python = str(path / "bin" / "python")
    if subprocess.run([python, "-c", "import jpype, numpy, scipy"], capture_output=True).returncode != 0:
        # the tests run in a virtual environment of their own, whose packages a new one does not see
        pytest.skip(f"altml: install test skipped: the system Python under {sys.executable} has no jpype, numpy or"
                    " scipy for a --system-site-packages environment to use (Debian: apt-get install python3-jpype"
                    " python3-numpy python3-scipy)")
    return python


def _copy_sources(to):
    """alt-python's package sources without target/ (a clone before Maven has run)."""
    shutil.copytree(PACKAGE_ROOT, to, ignore=shutil.ignore_patterns("target", "__pycache__", "tests", "build"))
    return to


def test_pip_install_offline_bundles_the_jar_and_the_installed_package_uses_it(tmp_path):
    python = _venv(tmp_path / "venv")
    _run([python, "-m", "pip", "install", "--no-index", "--no-cache-dir", PACKAGE_ROOT], cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"  # outside the source tree: 'import altml' must find the installed package
    elsewhere.mkdir()
    out = json.loads(_run([python, "-c", SCRIPT], cwd=elsewhere).stdout.strip().splitlines()[-1])
    site = os.path.realpath(out["purelib"])
    assert os.path.realpath(out["package"]).startswith(site + os.sep), out["package"]
    assert os.path.realpath(out["classpath"][0]) == os.path.join(site, "altml", "jars", "altml-java.jar")
    with open(out["classpath"][0], "rb") as installed, open(JAR, "rb") as built:
        assert installed.read() == built.read()
    assert out["version"] == altml.__version__
    X, Y = _data()
    expected = altml.Learner("salt", eta=0.25, max_updates=2).fit(X, Y).predict(X).toarray().tolist()
    assert out["predicted"] == expected
    shown = _run([python, "-m", "pip", "show", "altml"], cwd=elsewhere).stdout
    assert "Requires: JPype1, numpy, scipy" in shown and "License: Apache-2.0" in shown


def test_without_the_jar_the_build_fails_naming_the_maven_command(tmp_path):
    source = _copy_sources(tmp_path / "alt-python")
    done = _run([sys.executable, "-m", "pip", "wheel", "--no-index", "--no-cache-dir", "--no-deps", "-w",
                 str(tmp_path / "out"), str(source)], cwd=tmp_path, check=False)
    assert done.returncode != 0
    said = done.stdout + done.stderr
    assert "altml-java.jar is missing" in said and "mvn -B -ntp -pl alt-python -am package -DskipTests" in said
    assert "Traceback" not in said
    assert not (tmp_path / "out").exists() or not os.listdir(tmp_path / "out")


def _check_wheel(path):
    """The wheel's files and RECORD agree (every file listed with its sha256 and size); its names."""
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/RECORD"))
        record = {row[0]: row[1:] for row in csv.reader(io.StringIO(wheel.read(f"{dist_info}/RECORD").decode()))}
        assert set(record) == set(names)
        for name in names:
            if name.endswith("/RECORD"):
                continue
            data = wheel.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert record[name] == [f"sha256={digest}", str(len(data))], name
        metadata = wheel.read(f"{dist_info}/METADATA").decode()
    return names, metadata


def test_the_wheel_holds_the_package_the_jar_and_its_metadata(tmp_path):
    name = altml_build.build_wheel(str(tmp_path))
    assert name == f"altml-{altml.__version__}-py3-none-any.whl"
    names, metadata = _check_wheel(tmp_path / name)
    assert "altml/jars/altml-java.jar" in names and "altml/_learner.py" in names
    assert not any("__pycache__" in n or n.startswith("tests/") for n in names)
    for line in ("Name: altml", f"Version: {altml.__version__}", "Requires-Python: >=3.9", "License: Apache-2.0",
                 "Requires-Dist: numpy", "Requires-Dist: scipy", "Requires-Dist: JPype1"):
        assert line + "\n" in metadata


def test_a_wheel_built_from_the_sdist_bundles_the_jar_too(tmp_path):
    name = altml_build.build_sdist(str(tmp_path))
    with tarfile.open(tmp_path / name) as sdist:
        sdist.extractall(tmp_path / "unpacked")
    source = tmp_path / "unpacked" / name[:-len(".tar.gz")]
    assert (source / "PKG-INFO").exists() and (source / "target" / "altml-java.jar").exists()
    _run([sys.executable, "-m", "pip", "wheel", "--no-index", "--no-cache-dir", "--no-deps", "-w",
          str(tmp_path / "out"), str(source)], cwd=tmp_path)
    names, _ = _check_wheel(tmp_path / "out" / f"altml-{altml.__version__}-py3-none-any.whl")
    assert "altml/jars/altml-java.jar" in names


def test_an_editable_install_uses_the_source_tree_and_its_target_jar(tmp_path):
    python = _venv(tmp_path / "venv")
    _run([python, "-m", "pip", "install", "--no-index", "--no-cache-dir", "-e", PACKAGE_ROOT],
         cwd=tmp_path)
    out = _run([python, "-c", "import altml, altml._jvm; print(altml.__file__); print(altml._jvm.find_classpath()[0])"],
               cwd=tmp_path).stdout.split()
    assert os.path.realpath(out[0]) == os.path.join(os.path.realpath(PACKAGE_ROOT), "altml", "__init__.py")
    assert os.path.realpath(out[1]) == os.path.realpath(JAR)
