"""Finding a JDK 21+ and ALT's jar, and starting the JVM once per process (JPype).

The JDK is found as the ``./alt`` launcher finds it: ``ALT_JAVA_HOME``, then ``JAVA_HOME`` when it is a JDK 21+,
then the newest JDK 21+ under the usual places, then the ``java`` on ``PATH``. The jar is ``ALT_CLASSPATH`` when set,
else the one bundled into the package by ``pip install``, else the repository's build output
(``alt-python/target/altml-java.jar``, made by ``mvn -pl alt-python -am package``).
"""

import glob
import os
import shutil
import threading

MIN_JAVA = 21
_JAR = "altml-java.jar"
_JPYPE_SUPPORT = "/usr/share/java/org.jpype.jar"  # Debian's python3-jpype keeps JPype's own jar here
_lock = threading.Lock()
_started = False

# The launcher's JIT settings (see ./alt): the SIMD kernels reach C2 sooner; a third compiler thread on small machines.
_JIT = [
    "-XX:CompileCommand=quiet",
    "-XX:CompileCommand=CompileThresholdScaling,org.altml.core.internal.vectorization.*::*,0.1",
]

_SEARCH = ["/usr/lib/jvm/*", "/usr/java/*", "/opt/java/*", "/opt/jdk*", "~/.sdkman/candidates/java/*",
           "/Library/Java/JavaVirtualMachines/*/Contents/Home"]


class JavaNotFoundError(RuntimeError):
    """No JDK 21+ or no ALT jar was found, so the JVM cannot start."""


def java_major(home):
    """The feature version (17, 21, 25, ...) of the JDK at ``home`` from its ``release`` file, or None."""
    try:
        with open(os.path.join(home, "release"), encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("JAVA_VERSION="):
                    version = line.split("=", 1)[1].strip().strip('"')
                    if version.startswith("1."):
                        version = version[2:]
                    digits = ""
                    for c in version:
                        if not c.isdigit():
                            break
                        digits += c
                    return int(digits) if digits else None
    except OSError:
        return None
    return None


def _libjvm(home):
    for sub in ("lib/server/libjvm.so", "lib/server/libjvm.dylib", "jre/lib/amd64/server/libjvm.so", "bin/server/jvm.dll"):
        path = os.path.join(home, sub)
        if os.path.exists(path):
            return path
    return None


def find_java_home():
    """The JDK 21+ to start, as ``./alt`` chooses it; raises :class:`JavaNotFoundError` naming where it looked."""
    explicit = os.environ.get("ALT_JAVA_HOME")
    if explicit:
        major = java_major(explicit)
        if major is None or major < MIN_JAVA or _libjvm(explicit) is None:
            raise JavaNotFoundError(f"ALT_JAVA_HOME={explicit} is not a JDK {MIN_JAVA} or newer"
                                    f" (its release file says {major}); point it at one, or unset it")
        return explicit
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (java_major(java_home) or 0) >= MIN_JAVA and _libjvm(java_home):
        return java_home
    best, best_major = None, 0
    for pattern in _SEARCH:
        for home in glob.glob(os.path.expanduser(pattern)):
            major = java_major(home)
            if major and major >= MIN_JAVA and major > best_major and _libjvm(home):
                best, best_major = home, major
    if best is None:
        on_path = shutil.which("java")
        if on_path:
            home = os.path.dirname(os.path.dirname(os.path.realpath(on_path)))
            if (java_major(home) or 0) >= MIN_JAVA and _libjvm(home):
                best = home
    if best is None:
        raise JavaNotFoundError(
            f"altml needs a JDK {MIN_JAVA} or newer, and none was found (looked at ALT_JAVA_HOME, JAVA_HOME,"
            f" {', '.join(_SEARCH)} and the java on PATH). Install one (Debian: sudo apt-get install openjdk-21-jdk)"
            f" or set ALT_JAVA_HOME to it.")
    return best


def find_classpath():
    """The jars to start the JVM with: ALT's, and JPype's support jar where Debian keeps it."""
    explicit = os.environ.get("ALT_CLASSPATH")
    if explicit:
        jars = [p for p in explicit.split(os.pathsep) if p]
        missing = [p for p in jars if not os.path.exists(p)]
        if missing:
            raise JavaNotFoundError(f"ALT_CLASSPATH names {', '.join(missing)}, which does not exist")
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        candidates = [os.path.join(here, "jars", _JAR), os.path.join(os.path.dirname(here), "target", _JAR)]
        found = [c for c in candidates if os.path.exists(c)]
        if not found:
            raise JavaNotFoundError(
                f"altml found no {_JAR} (looked at {' and '.join(candidates)}): build it at the repository's root with"
                f" 'mvn -B -ntp -pl alt-python -am package -DskipTests', then reinstall the package"
                f" (pip install ./alt-python), or set ALT_CLASSPATH to the jar")
        jars = [found[0]]
    if os.path.exists(_JPYPE_SUPPORT):
        jars.append(_JPYPE_SUPPORT)
    return jars


def start():
    """Starts the JVM for ALT if this process has none yet; returns nothing. Safe to call from any thread."""
    global _started
    if _started:
        return
    with _lock:
        if _started:
            return
        import jpype
        if jpype.isJVMStarted():
            # someone else started it: ALT's classes must be on its class path
            try:
                jpype.JClass("org.altml.python.PyLearner")
            except Exception as e:  # noqa: BLE001 - JPype raises its own types
                raise JavaNotFoundError("a JVM is already running in this process without ALT's jar on its class path:"
                                        " import altml before starting the JVM, or start it with altml's jar") from e
            _started = True
            return
        home = find_java_home()
        options = ["--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Xss4m"] + _JIT
        if (os.cpu_count() or 4) <= 3:
            options.append("-XX:CICompilerCount=3")
        options += os.environ.get("ALT_JAVA_OPTS", "").split()
        _quietly(lambda: jpype.startJVM(_libjvm(home), *options, classpath=find_classpath(), convertStrings=False))
        _started = True


def _quietly(start_jvm):
    """Runs ``start_jvm`` with the JVM's one-line notice of the incubator module taken out of stderr (as ./alt does)."""
    notice = b"WARNING: Using incubator modules: jdk.incubator.vector\n"
    if os.environ.get("ALT_INCUBATOR_WARNING") == "1":
        start_jvm()
        return
    import tempfile
    try:
        saved = os.dup(2)
    except OSError:
        start_jvm()
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            start_jvm()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            rest = caught.read().replace(notice, b"", 1)
            if rest:
                os.write(2, rest)


def jclass(name):
    """The Java class ``name`` (the JVM started first)."""
    start()
    import jpype
    return jpype.JClass(name)


def java_path(path):
    """``path`` as the JVM must be given it: absolute against Python's working directory. The JVM resolves a relative
    path against the directory the process started in, which ``os.chdir`` (a notebook's ``%cd``) does not change."""
    return os.path.abspath(os.fspath(path))
