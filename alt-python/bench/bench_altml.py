#!/usr/bin/env python3
"""How fast altml is against the command line and against the learner itself (issue 40's speed targets).

(a) ``Learner.fit`` on a data set against the same learner's ``trainSeconds`` in ``alt evaluate --json`` (same
    settings, file order, JVM start-up and reading left out on both sides): Python's Java-side pass time
    (``fit_seconds_``) and the wall time of ``fit()`` with the array conversion, in a fresh Python process (cold, as
    the CLI's fresh JVM; once more with alt evaluate's JIT warm-up run while it reads) and repeated in this one
    (warm); the CLI also without its warm-up. CLI and Python runs alternate; medians; ratio Python / CLI.
(b) ``learn_one``, ``predict_one`` on the data's rows as dicts ``{int: float}`` with their label sets: time per call
    from Python minus the learner's own time per example, measured in the same JVM by a Java loop over the same rows
    (``OwnTime.java`` beside this script, compiled here with the JDK's javac; never shipped), alternating in chunks
    of 100 rows; wall and thread CPU time. Medians of the repetitions, each on a fresh learner.

Run with a Python that has numpy, scipy and JPype (Debian's /usr/bin/python3), after
``mvn -B -ntp -pl alt-cli,alt-python -am package -DskipTests``:

    /usr/bin/python3 alt-python/bench/bench_altml.py --data DATASETS_DIR/rcv1subset1/rcv1subset1.arff.gz

Without --data (or when the file is absent) it writes an RCV1-shaped corpus with ``alt generate --kind text``.
ALTML_BENCH_PACKAGE=DIR measures the altml package in DIR/altml instead of this tree's (a before/after comparison).
"""

import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
REPO = os.path.dirname(PACKAGE_ROOT)
# the altml to measure: this tree's, or another copy of the package (ALTML_BENCH_PACKAGE, the folder holding altml/)
ALTML = os.environ.get("ALTML_BENCH_PACKAGE") or PACKAGE_ROOT
JAR = os.path.join(PACKAGE_ROOT, "target", "altml-java.jar")
CLI_JAR = os.path.join(REPO, "alt-cli", "target", "alt-cli.jar")
JIT = ["-XX:CompileCommand=quiet",
       "-XX:CompileCommand=CompileThresholdScaling,org.altml.core.internal.vectorization.*::*,0.1"]


def default_data():
    root = os.environ.get("ALT_DATASETS") or os.path.join(os.path.dirname(REPO), "shared", "datasets")
    return os.path.join(root, "rcv1subset1", "rcv1subset1.arff.gz")


def java_cmd():
    sys.path.insert(0, ALTML)
    from altml import _jvm
    home = _jvm.find_java_home()
    opts = ["--add-modules", "jdk.incubator.vector"] + JIT
    if (os.cpu_count() or 4) <= 3:
        opts.append("-XX:CICompilerCount=3")
    return home, [os.path.join(home, "bin", "java")] + opts


def compile_own_time(home, out):
    """OwnTime.java compiled against altml-java.jar into ``out``."""
    javac = os.path.join(home, "bin", "javac")
    subprocess.run([javac, "-nowarn", "-cp", JAR, "-d", out, os.path.join(HERE, "OwnTime.java")],
                   check=True, capture_output=True, text=True)


def start(extra_classpath=None):
    """altml from this tree, its JVM started (with the OwnTime class when given)."""
    if extra_classpath:
        os.environ["ALT_CLASSPATH"] = os.pathsep.join([JAR, extra_classpath])
    sys.path.insert(0, ALTML)
    import altml  # noqa: F401
    from altml import _jvm
    _jvm.start()
    return _jvm


def read(path):
    """(X CSR float32, Y CSR indicator, the raw arrays) of a data file, through ALT's reader."""
    import numpy as np
    import scipy.sparse as sp
    _jvm = start()
    data = _jvm.jclass("org.altml.python.PyData").read(path, -1, -1, False, None)
    indptr, indices, values = (np.asarray(a) for a in (data.indptr(), data.indices(), data.values()))
    y_ptr, y_ids = np.asarray(data.labelIndptr()), np.asarray(data.labelIds())
    n, d, labels = indptr.size - 1, int(data.numFeatures()), int(data.numLabels())
    X = sp.csr_matrix((values, indices, indptr), shape=(n, d))
    Y = sp.csr_matrix((np.ones(y_ids.size, np.int8), y_ids, y_ptr), shape=(n, labels))
    return X, Y, (indptr, indices, values, y_ptr, y_ids)


def cli_train_seconds(java, data, learner, warmup=True):
    """trainSeconds of ``alt evaluate --json`` (the data as training and test set, file order); ``warmup`` false turns
    off the JIT warm-up it runs while reading (-Dalt.jit.warmup=false)."""
    cmd = java + ([] if warmup else ["-Dalt.jit.warmup=false"]) + ["-jar", CLI_JAR, "evaluate", "--learner", learner, "--order", "file", "--scale", "none", "--seed", "1",
                  "--train", data, "--test", data, "--json", "-q"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"alt evaluate failed ({done.returncode}): {done.stderr}")
    return json.loads(done.stdout)["trainSeconds"]


def python_fit(X, Y, learner):
    """(fit_seconds_, wall seconds of fit())."""
    import altml
    model = altml.Learner(learner)
    t = time.perf_counter()
    model.fit(X, Y)
    return model.fit_seconds_, time.perf_counter() - t


def child_fit(args):
    warmup = None
    if args.child_warmup:  # what alt evaluate does: the learner's kernels compiled on the spare core while it reads
        _jvm = start()
        spec = _jvm.jclass("org.altml.core.learner.LearnerRegistry").get(args.learner)
        settings = _jvm.jclass("org.altml.core.learner.Settings").parse(spec, _jvm.jclass("java.util.HashMap")())
        warmup = _jvm.jclass("org.altml.core.eval.JitWarmup").start(settings, args.child_warmup, 76, 0, 60_000_000_000)
    X, Y, _ = read(args.data)
    if warmup is not None:
        warmup.close()
    print(json.dumps(python_fit(X, Y, args.learner)))


def cold_python_fit(data, learner, warmup_labels=0):
    """(fit_seconds_, wall) of the first fit in a fresh Python process; with ``warmup_labels``, the JIT warmed up
    for that L while it reads the data, as alt evaluate does."""
    cmd = [sys.executable, os.path.abspath(__file__), "--child-fit", "--data", data, "--learner", learner,
           "--child-warmup", str(warmup_labels)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"the cold Python fit failed: {done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def one_at_a_time(raw, n_labels, learner, rows, reps, chunk=100):
    """Microseconds per call, medians over the repetitions: learn_one and predict_one from Python, and the learner's
    own update and predict on a twin learner in a Java loop, alternating in chunks of ``chunk`` rows so both sides see
    the same load; wall time and this thread's CPU time (JPype runs Java on the calling thread)."""
    import altml
    import jpype
    import numpy as np
    from altml import _jvm
    indptr, indices, values, y_ptr, y_ids = raw
    own = _jvm.jclass("org.altml.python.OwnTime")
    rows = min(rows, (indptr.size - 1) // 2)
    xs = [dict(zip(indices[indptr[i]:indptr[i + 1]].tolist(), values[indptr[i]:indptr[i + 1]].tolist()))
          for i in range(2 * rows)]
    ys = [set(y_ids[y_ptr[i]:y_ptr[i + 1]].tolist()) for i in range(rows)]
    JI, JF = jpype.JArray(jpype.JInt), jpype.JArray(jpype.JFloat)  # the rows as Java arrays once, before any clock
    j_x = (JI(indptr), JI(indices), JF(values))
    j_y = (JI(y_ptr), JI(y_ids))
    keys = ("learn", "own_update", "predict", "own_predict")
    out = {k: [] for k in keys}
    for rep in range(reps + 1):  # the first repetition warms the JIT up and is not counted
        python = altml.Learner(learner, n_labels=n_labels)
        twin = altml.Learner(learner, n_labels=n_labels)
        twin._start_online()
        total = {k: np.zeros(2) for k in keys}
        for phase in ("learn", "predict"):
            base = 0 if phase == "learn" else rows
            for c, start in enumerate(range(0, rows, chunk)):
                stop = min(rows, start + chunk)
                for side in (("python", "java") if (c + rep) % 2 == 0 else ("java", "python")):
                    if side == "java" and phase == "learn":
                        total["own_update"] += own.updates(twin._java, *j_x, *j_y, start, stop)
                    elif side == "java":
                        total["own_predict"] += own.predicts(twin._java, *j_x, base + start, base + stop)
                    else:
                        w, t = time.perf_counter(), time.thread_time()
                        if phase == "learn":
                            for i in range(start, stop):
                                python.learn_one(xs[i], ys[i])
                        else:
                            for i in range(base + start, base + stop):
                                python.predict_one(xs[i])
                        total[phase] += (time.perf_counter() - w, time.thread_time() - t)
        if rep:
            for k in keys:
                out[k].append(total[k] / rows * 1e6)
    nnz = float(np.mean(np.diff(indptr[:2 * rows + 1])))
    return {k: np.median(np.array(v), axis=0) for k, v in out.items()}, nnz, rows


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    return f"{os.cpu_count()} CPUs ({model}), {platform.python_implementation()} {platform.python_version()}, load " \
           + " ".join(f"{v:.2f}" for v in load)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=default_data(), help="data file (default: rcv1subset1 of ALT_DATASETS)")
    parser.add_argument("--learner", default="falt")
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each measurement (medians)")
    parser.add_argument("--rows", type=int, default=2000, help="examples learnt one at a time per repetition")
    parser.add_argument("--skip-fit", action="store_true", help="only the one-at-a-time part")
    parser.add_argument("--child-fit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child-warmup", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_fit:
        child_fit(args)
        return
    home, java = java_cmd()
    work = tempfile.mkdtemp(prefix="altml-bench-")
    if not os.path.exists(args.data):
        generated = os.path.join(work, "rcv-shaped.svm")
        print(f"# {args.data} is absent: an RCV1-shaped corpus (alt generate --kind text -n 6000 --seed 1)")
        subprocess.run(java + ["-jar", CLI_JAR, "generate", "--kind", "text", "-n", "6000", "--seed", "1", generated],
                       check=True, capture_output=True)
        args.data = generated
    classes = os.path.join(work, "classes")
    compile_own_time(home, classes)
    start(classes)
    X, Y, raw = read(args.data)
    started = datetime.datetime.now(datetime.timezone.utc)
    print(f"# {started:%Y-%m-%d %H:%M} UTC; {machine()}")
    print(f"# {' '.join(shlex.quote(a) for a in [sys.executable] + sys.argv)}")
    if ALTML != PACKAGE_ROOT:
        print(f"# altml from {ALTML}")
    print(f"# data {args.data}: {X.shape[0]} x {X.shape[1]}, {Y.shape[1]} labels, {X.nnz / X.shape[0]:.1f} nnz/row;"
          f" learner {args.learner} (defaults, file order, scale none, seed 1)")
    if not args.skip_fit:
        cli, bare, cold, warmed, warm = [], [], [], [], []
        python_fit(X, Y, args.learner)  # this process's first fit compiles the code: "warm" means the ones after it
        for rep in range(args.reps):
            cli.append(cli_train_seconds(java, args.data, args.learner))
            bare.append(cli_train_seconds(java, args.data, args.learner, warmup=False))
            cold.append(cold_python_fit(args.data, args.learner))
            warmed.append(cold_python_fit(args.data, args.learner, Y.shape[1]))
            warm.append(python_fit(X, Y, args.learner))
        c = statistics.median(cli)
        rows = [("alt evaluate --json trainSeconds (fresh JVM)", c, None),
                ("the same without its JIT warm-up", statistics.median(bare), None),
                ("fit, fresh Python: fit_seconds_", statistics.median(r[0] for r in cold), None),
                ("fit, fresh Python: wall of fit()", statistics.median(r[1] for r in cold), None),
                ("the same, JIT warmed up while reading: fit_seconds_", statistics.median(r[0] for r in warmed), None),
                ("the same, JIT warmed up while reading: wall", statistics.median(r[1] for r in warmed), None),
                ("fit, warm (same process): fit_seconds_", statistics.median(r[0] for r in warm), None),
                ("fit, warm (same process): wall of fit()", statistics.median(r[1] for r in warm), None)]
        print(f"\n(a) fit: {args.reps} alternating repetitions, medians (seconds), ratio to the CLI's trainSeconds")
        print(f"{'what':52s} {'seconds':>9s} {'/ CLI':>7s}")
        for name, value, _ in rows:
            print(f"{name:52s} {value:9.4f} {value / c:7.2f}")
        print("# every CLI run: " + " ".join(f"{v:.4f}" for v in cli))
        print("# every CLI run without warm-up: " + " ".join(f"{v:.4f}" for v in bare))
        print("# every cold fit (fit_seconds_, wall): " + " ".join(f"{a:.4f}/{b:.4f}" for a, b in cold))
        print("# every cold fit warmed up: " + " ".join(f"{a:.4f}/{b:.4f}" for a, b in warmed))
    per, nnz, rows = one_at_a_time(raw, Y.shape[1], args.learner, args.rows, args.reps)
    print(f"\n(b) one at a time: {rows} rows as dicts ({nnz:.1f} features each on average), {args.reps} repetitions"
          " on fresh learners, alternating with the learner's own loop in chunks of 100 rows; medians, µs per call")
    print(f"{'call':12s} {'clock':6s} {'from Python':>12s} {'learner own':>12s} {'overhead':>9s}")
    for name, mine, theirs in (("learn_one", "learn", "own_update"), ("predict_one", "predict", "own_predict")):
        for i, clock in enumerate(("wall", "CPU")):
            a, b = per[mine][i], per[theirs][i]
            print(f"{name:12s} {clock:6s} {a:12.2f} {b:12.2f} {a - b:9.2f}")
    print(f"# load at the end: {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
