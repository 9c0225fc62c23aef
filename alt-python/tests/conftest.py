"""Fixtures of altml's tests: the package from this source tree, the command line (alt-cli.jar) and temporary data."""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
REPO = os.path.dirname(PACKAGE_ROOT)
sys.path.insert(0, PACKAGE_ROOT)

import altml  # noqa: E402  (after the path: the package of this tree, not an installed one)
from altml import _jvm  # noqa: E402


def cli_jar():
    return os.environ.get("ALT_CLI_JAR") or os.path.join(REPO, "alt-cli", "target", "alt-cli.jar")


@pytest.fixture(scope="session")
def alt():
    """Runs the command line (alt-cli.jar on the JDK altml starts): alt(*args) -> CompletedProcess, failing the test
    with its stderr on a non-zero exit unless check=False."""
    jar = cli_jar()
    if not os.path.exists(jar):
        pytest.fail(f"{jar} is missing: build it (mvn -B -ntp -pl alt-cli -am package -DskipTests) or set ALT_CLI_JAR")
    java = os.path.join(_jvm.find_java_home(), "bin", "java")

    def run(*args, check=True):
        done = subprocess.run([java, "--add-modules", "jdk.incubator.vector", "-jar", jar, *map(str, args)],
                              capture_output=True, text=True)
        if check and done.returncode != 0:
            pytest.fail(f"alt {' '.join(map(str, args))} exited {done.returncode}:\n{done.stderr}")
        return done

    return run


@pytest.fixture(scope="session")
def corpus(tmp_path_factory, alt):
    """A generated LIBSVM corpus (alt generate, seeded): {'train': path, 'test': path}, 600 and 300 examples,
    500 features, 12 labels."""
    out = tmp_path_factory.mktemp("corpus")
    shape = ["--num-features", 500, "--num-labels", 12, "--seed", 7]
    alt("generate", "-n", 600, *shape, out / "train.svm")
    alt("generate", "-n", 300, "--skip", 600, *shape, out / "test.svm")
    return {"train": out / "train.svm", "test": out / "test.svm"}
