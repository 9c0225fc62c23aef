#!/usr/bin/env python3
"""An independent float64 re-implementation of docs/spec.md (FALT, SALT, PA-I/PA-II binary relevance, the
seven metrics), written from the specification alone, to cross-check `alt evaluate` on the shared data sets.

Standard library only; slow (pure Python), so meant for small data or M = 1. Train-then-test in FILE
ORDER, no scaling, no bias (the only protocol it implements).

  reference.py LEARNER TRAIN.arff TEST.arff [--eta E] [--delta D] [--c C] [--max-updates M]
      -> one JSON object {"metrics": {...seven...}} on stdout
  reference.py prequential LEARNER STREAM.svm [--num-labels N] [options]
      -> prequential (predict, score, then learn, in file order) with every label known from the start:
         L = the largest label id + 1 unless --num-labels N (docs/spec.md#prequential)
  reference.py prequential-open LEARNER STREAM.svm [options]
      -> prequential with labels that appear mid-stream (docs/spec.md#open-labels, #open-prediction,
         #open-metrics): labels get internal ids in order of first appearance; example t is predicted with
         the labels known before it (a label first carried by t scores -inf); then the label set grows to
         L_t with zero weights and the update uses L_t
      both print {"metrics": {...seven...}, "labels": [names by internal id], "predictions": [[names], ...]}
  reference.py compare REF.json ALT.json TOLERANCE
      -> a markdown table row per metric; exit 1 when one differs by more than TOLERANCE

Options: --eta E, --delta D (falt, salt), --c C (pa1, pa2), --max-updates M or --max-updates-factor m
(M = max(1, ceil(m*L)), L the labels known at the update: L_t in an open stream; docs/spec.md#m-factor).

ARFF: dense or sparse ({index value, ...}) rows; the labels are the attributes named in the Mulan
XML file beside the ARFF (<dataset>.xml), every other numeric attribute is a feature.
LIBSVM (the prequential modes): `3,7 12:0.5 40:1`, numeric label ids (a label is named by its decimal text)
then index:value features; blank lines and text after '#' are skipped, zero values dropped.

Predicted sets and ranking loss compare the scores rounded to float32, the values a learner reports
(docs/spec.md#prediction); learning is float64 throughout.
"""
import json
import math
import os
import re
import struct
import sys

SEVEN = ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]


# ---------------------------------------------------------------------------------------------- data
def label_names(xml_path):
    with open(xml_path, encoding="utf-8") as f:
        return re.findall(r'<label\s+name="([^"]+)"', f.read())


def read_arff(path, labels):
    """Returns (examples, num_features, num_labels); an example is (sorted [(feature, value)], set)."""
    attributes = []
    rows = []
    in_data = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("%"):
                continue
            if not in_data:
                low = line.lower()
                if low.startswith("@attribute"):
                    rest = line[len("@attribute"):].strip()
                    if rest.startswith("'") or rest.startswith('"'):
                        q = rest[0]
                        name = rest[1:rest.index(q, 1)]
                    else:
                        name = rest.split()[0]
                    attributes.append(name)
                elif low.startswith("@data"):
                    in_data = True
                continue
            rows.append(line)
    label_index = {name: i for i, name in enumerate(labels)}
    feature_of = {}
    label_of = {}
    for a, name in enumerate(attributes):
        if name in label_index:
            label_of[a] = label_index[name]
        else:
            feature_of[a] = len(feature_of)
    examples = []
    for line in rows:
        x = {}
        y = set()
        if line.startswith("{"):
            items = [t.strip() for t in line[1:line.rindex("}")].split(",") if t.strip()]
            pairs = [(int(t.split()[0]), t.split()[1]) for t in items]
        else:
            pairs = list(enumerate(v.strip() for v in line.split(",")))
        for a, v in pairs:
            if a in label_of:
                if v not in ("0", "0.0"):
                    y.add(label_of[a])
            else:
                value = float(v)
                if value != 0.0:
                    x[feature_of[a]] = value
        examples.append((sorted(x.items()), y))
    return examples, len(feature_of), len(labels)


def read_libsvm(path):
    """Returns a list of (sorted [(feature, value)], [label names in the record's order]); a label is named by the
    decimal text of its id. Bad input raises ValueError naming the file and line."""
    examples = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            tokens = line.split()
            labels = []
            if ":" not in tokens[0]:
                for t in tokens.pop(0).split(","):
                    if not t.isdigit():
                        raise ValueError(f"{path}:{number}: label '{t}' is not a non-negative integer id")
                    name = str(int(t))
                    if name not in labels:
                        labels.append(name)
            x = {}
            for t in tokens:
                k, sep, v = t.partition(":")
                if not sep or not k.isdigit():
                    raise ValueError(f"{path}:{number}: '{t}' is not index:value")
                value = float(v)
                if not math.isfinite(value):
                    raise ValueError(f"{path}:{number}: feature {k} has the value {v}")
                if value != 0.0:
                    x[int(k)] = value
            examples.append((sorted(x.items()), labels))
    return examples


# ---------------------------------------------------------------------------------------------- learners
def reported(scores):
    """The scores a learner hands back: float64 rounded to float32 (docs/spec.md#prediction)."""
    n = len(scores)
    return list(struct.unpack(f"{n}f", struct.pack(f"{n}f", *scores))) if n else []


class Linear:
    """W feature-major: W[k] is the list of the L+1 (ALT: the threshold last) or L (PA) weights of feature k, made
    (zero) when an update first touches feature k, so d need not be known. grow(L) gives every row zero weights
    for the new labels, before the threshold (docs/spec.md#open-labels)."""

    def __init__(self, L, extra, max_updates, factor):
        self.L, self.extra, self.max_updates, self.factor = L, extra, max_updates, factor
        self.W = {}

    def tables(self):
        return [self.W]

    def row(self, table, k):
        r = table.get(k)
        if r is None:
            r = table[k] = [0.0] * (self.L + self.extra)
        return r

    def scores(self, x):
        s = [0.0] * (self.L + self.extra)
        for k, v in x:
            row = self.W.get(k)
            if row is not None:
                s = [a + v * b for a, b in zip(s, row)]
        return s

    def steps(self):
        """M, or the M factor resolved against the labels known now (docs/spec.md#m-factor)."""
        return self.max_updates if self.factor is None else max(1, math.ceil(self.factor * self.L))

    def grow(self, L):
        if L == self.L:
            return
        zeros = [0.0] * (L - self.L)
        for table in self.tables():
            for r in table.values():
                r[self.L:self.L] = zeros
        self.L = L


class Alt(Linear):
    def __init__(self, L, eta, delta, max_updates, adaptive, factor=None):
        super().__init__(L, 1, max_updates, factor)
        self.eta, self.delta, self.adaptive = eta, delta, adaptive
        self.G2 = {}

    def tables(self):
        return [self.W, self.G2]

    def predict(self, x):
        s = reported(self.scores(x))
        return s[: self.L], {i for i in range(self.L) if s[i] > s[self.L]}

    def update(self, x, y):
        if not x:
            return
        L = self.L
        ny, nbar = len(y), L - len(y)
        for _ in range(self.steps()):
            s = self.scores(x)
            t = s[L]
            coef = [0.0] * (L + 1)  # gradient of row i = coef[i] * x
            loss = 0.0
            a = b = 0
            for i in range(L):
                if i in y:
                    margin = s[i] - t
                    if margin < 1.0:
                        loss += (1.0 - margin) / ny
                        coef[i] = -1.0 / ny
                        a += 1
                else:
                    margin = t - s[i]
                    if margin < 1.0:
                        loss += (1.0 - margin) / nbar
                        coef[i] = 1.0 / nbar
                        b += 1
            if loss == 0.0:
                return
            coef[L] = (a / ny if ny else 0.0) - (b / nbar if nbar else 0.0)
            for k, v in x:
                row = self.row(self.W, k)
                if self.adaptive:
                    acc = self.row(self.G2, k)
                    for i in range(L + 1):
                        g = coef[i] * v
                        if g != 0.0:
                            acc[i] += g * g
                            row[i] -= self.eta * g / (self.delta + math.sqrt(acc[i]))
                else:
                    for i in range(L + 1):
                        if coef[i] != 0.0:
                            row[i] -= self.eta * coef[i] * v


class PaBr(Linear):
    def __init__(self, L, c, max_updates, variant, factor=None):
        super().__init__(L, 0, max_updates, factor)
        self.c, self.variant = c, variant

    def predict(self, x):
        s = reported(self.scores(x))
        return s, {i for i in range(self.L) if s[i] > 0.0}

    def update(self, x, y):
        sq = sum(v * v for _, v in x)
        if sq == 0.0:
            return
        for _ in range(self.steps()):
            s = self.scores(x)
            tau = [0.0] * self.L
            for i in range(self.L):
                yi = 1.0 if i in y else -1.0
                loss = max(0.0, 1.0 - yi * s[i])
                if loss > 0.0:
                    t = min(self.c, loss / sq) if self.variant == 1 else loss / (sq + 1.0 / (2.0 * self.c))
                    tau[i] = t * yi
            if not any(tau):
                return
            for k, v in x:
                row = self.row(self.W, k)
                for i in range(self.L):
                    if tau[i]:
                        row[i] += tau[i] * v


def make_learner(learner, L, opts):
    factor = opts["--max-updates-factor"]
    if learner in ("falt", "salt"):
        return Alt(L, opts["--eta"], opts["--delta"], opts["--max-updates"], learner == "salt", factor)
    if learner in ("pa1", "pa2"):
        return PaBr(L, opts["--c"], opts["--max-updates"], 1 if learner == "pa1" else 2, factor)
    raise ValueError(f"unknown learner '{learner}': falt, salt, pa1 or pa2")


# ---------------------------------------------------------------------------------------------- metrics
def ratio(num, den, both_empty):
    if den == 0:
        return 1.0 if both_empty else 0.0
    return num / den


class Metrics:
    """The seven metrics over a growing label set (docs/spec.md#metrics, #open-metrics): per-label counts start
    when a label first appears, the Hamming loss of an example divides by the labels known at it (an example
    with no label known yet counts 0), macro F1 divides by the labels given to report()."""

    def __init__(self):
        self.p, self.r, self.hamming, self.ranking = [], [], [], []
        self.tp, self.fp, self.fn = [], [], []

    def add(self, s, yhat, y, L):
        """s: the L label scores (-inf for a label first carried by this example), yhat the predicted set."""
        for counts in (self.tp, self.fp, self.fn):
            counts.extend([0] * (L - len(counts)))
        inter = len(y & yhat)
        self.p.append(ratio(inter, len(yhat), not y and not yhat))
        self.r.append(ratio(inter, len(y), not y and not yhat))
        self.hamming.append(len(y ^ yhat) / L if L else 0.0)
        for i in yhat | y:
            if i in yhat and i in y:
                self.tp[i] += 1
            elif i in yhat:
                self.fp[i] += 1
            else:
                self.fn[i] += 1
        if 0 < len(y) < L:
            bad = sum(1 for j in y for k in range(L) if k not in y and s[j] <= s[k])
            self.ranking.append(bad / (len(y) * (L - len(y))))

    def report(self, L):
        """The seven metrics; an average over no example, or a macro average over no label, is NaN."""
        n = len(self.p)
        if n == 0:
            return {m: math.nan for m in SEVEN}
        p, r = math.fsum(self.p) / n, math.fsum(self.r) / n
        tp, fp, fn = (c + [0] * (L - len(c)) for c in (self.tp, self.fp, self.fn))
        return {
            "precision": p,
            "recall": r,
            "f1": 2 * p * r / (p + r) if p + r > 0 else 0.0,
            "macroF1": math.fsum(ratio(2 * tp[i], 2 * tp[i] + fp[i] + fn[i], True) for i in range(L)) / L if L else math.nan,
            "microF1": ratio(2 * sum(tp), 2 * sum(tp) + sum(fp) + sum(fn), True),
            "hammingLoss": math.fsum(self.hamming) / n,
            "rankingLoss": math.fsum(self.ranking) / len(self.ranking) if self.ranking else 0.0,
        }


def evaluate(model, test, L):
    metrics = Metrics()
    for x, y in test:
        s, yhat = model.predict(x)
        metrics.add(s, yhat, y, L)
    return metrics.report(L)


def prequential(model, stream, names):
    """Predict, score, then learn each example in file order. names: the labels known from the start (fixed L:
    every id; open: none); a label not among them is added in order of first appearance (docs/spec.md#open-labels).
    Returns (metrics, names, predictions)."""
    index = {name: i for i, name in enumerate(names)}
    metrics = Metrics()
    predictions = []
    for x, labels in stream:
        known = model.L
        s, yhat = model.predict(x)  # with the labels known before this example (docs/spec.md#open-prediction)
        for name in labels:
            if name not in index:
                index[name] = len(names)
                names.append(name)
        y = {index[name] for name in labels}
        L = len(names)
        metrics.add(s + [-math.inf] * (L - known), yhat, y, L)
        predictions.append([names[i] for i in sorted(yhat)])
        model.grow(L)
        model.update(x, y)
    return metrics.report(len(names)), names, predictions


# ---------------------------------------------------------------------------------------------- main
OPTIONS = {"--eta": float, "--delta": float, "--c": float, "--max-updates": int, "--max-updates-factor": float,
           "--num-labels": int}


def options(rest):
    opts = {"--eta": 1.0, "--delta": 1.0, "--c": 1.0, "--max-updates": 1, "--max-updates-factor": None,
            "--num-labels": None}
    if len(rest) % 2:
        raise ValueError(f"option {rest[-1]} needs a value")
    for i in range(0, len(rest), 2):
        if rest[i] not in OPTIONS:
            raise ValueError(f"unknown option {rest[i]}: {', '.join(OPTIONS)}")
        opts[rest[i]] = OPTIONS[rest[i]](rest[i + 1])
    return opts


def settings(opts):
    return {k[2:]: v for k, v in opts.items() if v is not None}


def run(argv):
    learner, train_path, test_path = argv[0], argv[1], argv[2]
    opts = options(argv[3:])
    base = os.path.basename(os.path.dirname(os.path.abspath(train_path)))
    xml = os.path.join(os.path.dirname(train_path), base + ".xml")
    labels = label_names(xml)
    train, _, L = read_arff(train_path, labels)
    test, _, _ = read_arff(test_path, labels)
    model = make_learner(learner, L, opts)
    for x, y in train:  # file order; predict-before-update does not change a train-then-test model
        model.update(x, y)
    print(json.dumps({"metrics": evaluate(model, test, L), "learner": learner, "settings": settings(opts)}))
    return 0


def run_prequential(mode, argv):
    learner, path = argv[0], argv[1]
    opts = options(argv[2:])
    stream = read_libsvm(path)
    if mode == "prequential-open":
        if opts["--num-labels"] is not None:
            raise ValueError("prequential-open takes no --num-labels: its labels grow with the stream")
        names = []
    else:
        largest = max((int(name) + 1 for _, labels in stream for name in labels), default=0)
        L = opts["--num-labels"] if opts["--num-labels"] is not None else largest
        if L < 1:
            raise ValueError(f"{path}: no example has a label; give --num-labels")
        if L < largest:
            raise ValueError(f"{path}: label id {largest - 1} needs --num-labels of at least {largest}")
        names = [str(i) for i in range(L)]
    model = make_learner(learner, len(names), opts)
    metrics, names, predictions = prequential(model, stream, names)
    print(json.dumps({"metrics": metrics, "labels": names, "predictions": predictions, "learner": learner,
                      "settings": settings(opts)}))
    return 0


def compare(ref_path, alt_path, tolerance):
    with open(ref_path, encoding="utf-8") as f:
        ref = json.load(f)["metrics"]
    with open(alt_path, encoding="utf-8") as f:
        alt = json.load(f)["metrics"]
    worst = max(abs(ref[m] - alt[m]) for m in SEVEN)
    cells = [f"{alt[m]:.4f} / {ref[m]:.4f}" for m in SEVEN]
    verdict = "ok" if worst <= float(tolerance) else f"**DIFFERS** (> {tolerance})"
    print("| " + " | ".join(cells) + f" | {worst:.2e} | {verdict} |")
    return 0 if worst <= float(tolerance) else 1


def main(argv):
    if len(argv) >= 1 and argv[0] == "compare":
        return compare(*argv[1:4])
    try:
        if len(argv) >= 3 and argv[0] in ("prequential", "prequential-open"):
            return run_prequential(argv[0], argv[1:])
        if len(argv) < 3 or argv[0].startswith("prequential"):
            print(__doc__, file=sys.stderr)
            return 2
        return run(argv)
    except ValueError as e:
        print(f"reference.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
