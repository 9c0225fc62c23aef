""".ci/python-packages (run by .ci/run before the build) installs the missing Debian packages of the Python tests with
apt-get, through sudo when not root, and when it cannot, says so in one line and lets the build go on. Run against
stand-ins for dpkg-query, apt-get, id and sudo that record what they were asked."""

import os
import shutil
import subprocess

import pytest

from conftest import REPO

SCRIPT = os.path.join(REPO, ".ci", "python-packages")
PACKAGES = ["python3-numpy", "python3-scipy", "python3-jpype", "python3-sklearn", "python3-pytest", "python3-venv"]

# each stand-in appends its command line to $CALLS
STUBS = {
    "dpkg-query": """for p in $MISSING; do [ "$p" = "${@: -1}" ] && { echo "dpkg-query: no packages found" >&2; exit 1; }; done
printf 'install ok installed'""",
    "apt-get": """echo "apt-get $*" >> "$CALLS"
case "$1" in
  update) : > "$CALLS.updated" ;;
  install) [ -z "${STALE:-}" ] || [ -e "$CALLS.updated" ] || { echo "E: Unable to locate package python3-jpype"; exit 100; }
           [ -z "${OFFLINE:-}" ] || { echo "E: Failed to fetch http://deb.debian.org/debian/pool/x.deb"; exit 100; } ;;
esac""",
    "id": 'echo "$UID_OF_USER"',
    "sudo": """echo "sudo $*" >> "$CALLS"
[ "$SUDO" = ok ] || { echo "sudo: a password is required" >&2; exit 1; }
[ "$1" = -n ] && shift
exec "$@\"""",
}


def _run(tmp_path, missing=(), uid=0, sudo="ok", debian=True, **env):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("grep", "mktemp", "tail", "rm", "env", "true"):
        os.symlink(shutil.which(tool), bin_dir / tool)
    for name, body in STUBS.items():
        if name == "dpkg-query" and not debian:
            continue
        (bin_dir / name).write_text("#!/bin/bash\n" + body + "\n")
        (bin_dir / name).chmod(0o755)
    calls = tmp_path / "calls"
    calls.write_text("")
    done = subprocess.run(["/bin/bash", SCRIPT], capture_output=True, text=True, timeout=60,
                          env={"PATH": str(bin_dir), "CALLS": str(calls), "MISSING": " ".join(missing),
                               "UID_OF_USER": str(uid), "SUDO": sudo, "TMPDIR": str(tmp_path), **env})
    return done, calls.read_text().splitlines()


def test_nothing_happens_when_every_package_is_there(tmp_path):
    done, calls = _run(tmp_path)
    assert (done.returncode, done.stdout, done.stderr, calls) == (0, "", "", [])


def test_root_installs_only_the_missing_packages(tmp_path):
    done, calls = _run(tmp_path, missing=["python3-jpype", "python3-venv"])
    assert done.returncode == 0
    assert calls == ["apt-get install -y -q --no-install-recommends python3-jpype python3-venv"]
    assert done.stdout == "ci: installed python3-jpype python3-venv\n"


def test_stale_package_lists_are_updated_and_the_install_tried_again(tmp_path):
    done, calls = _run(tmp_path, missing=["python3-jpype"], STALE="1")
    assert done.returncode == 0 and done.stdout == "ci: installed python3-jpype\n"
    assert calls == ["apt-get install -y -q --no-install-recommends python3-jpype", "apt-get update -q",
                     "apt-get install -y -q --no-install-recommends python3-jpype"]


def test_a_user_installs_through_sudo(tmp_path):
    done, calls = _run(tmp_path, missing=["python3-sklearn"], uid=1000)
    assert done.returncode == 0 and done.stdout == "ci: installed python3-sklearn\n"
    assert calls == ["sudo -n true",
                     "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-sklearn",
                     "apt-get install -y -q --no-install-recommends python3-sklearn"]


@pytest.mark.parametrize("case", ["sudo needs a password", "apt-get fails", "not Debian"])
def test_when_installing_is_impossible_one_line_says_so_and_the_build_goes_on(tmp_path, case):
    if case == "sudo needs a password":
        done, calls = _run(tmp_path, missing=PACKAGES, uid=1000, sudo="password")
        expected = "cannot install " + " ".join(PACKAGES) + " (not root, and no sudo without a password)"
    elif case == "apt-get fails":
        done, calls = _run(tmp_path, missing=["python3-scipy"], OFFLINE="1")
        expected = "apt-get could not install python3-scipy (E: Failed to fetch http://deb.debian.org/debian/pool/x.deb)"
    else:
        done, calls = _run(tmp_path, missing=PACKAGES, debian=False)
        expected = "not a Debian system (no dpkg-query or apt-get)"
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and expected in lines[0] and lines[0].startswith("ci: "), done.stdout
    assert done.stderr == ""
    assert not any(c.startswith("apt-get install") for c in calls) or case == "apt-get fails"


@pytest.mark.parametrize("packages_exit", [0, 3])
def test_ci_run_installs_the_packages_then_runs_the_readme_test_command_even_when_that_fails(tmp_path, packages_exit):
    clone = tmp_path / "clone"
    (clone / ".ci").mkdir(parents=True)
    shutil.copy(os.path.join(REPO, ".ci", "run"), clone / ".ci" / "run")
    (clone / ".ci" / "python-packages").write_text(f"#!/bin/bash\necho packages ran\nexit {packages_exit}\n")
    (clone / ".ci" / "python-packages").chmod(0o755)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "mvn").write_text('#!/bin/bash\necho "mvn $* in $PWD"\n')
    (bin_dir / "mvn").chmod(0o755)
    done = subprocess.run(["/bin/bash", str(clone / ".ci" / "run")], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env={"PATH": f"{bin_dir}:/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    expected = ["packages ran"]
    if packages_exit:
        expected.append("ci: .ci/python-packages failed (exit 3): going on; the Python tests may skip")
    assert done.stdout.splitlines() == expected + [f"mvn -B -ntp verify in {clone}"]
    assert os.access(SCRIPT, os.X_OK)
