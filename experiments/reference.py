#!/usr/bin/env python3
"""An independent float64 re-implementation of docs/spec.md (FALT, SALT, PA-I/PA-II binary relevance, the
seven metrics), written from the specification alone, to cross-check `alt evaluate` on the shared data sets.

Standard library only; slow (pure Python), so meant for small data or M = 1. Train-then-test in FILE
ORDER, no scaling, no bias (the only protocol it implements).

  reference.py LEARNER TRAIN.arff TEST.arff [--eta E] [--delta D] [--c C] [--max-updates M]
      -> one JSON object {"metrics": {...seven...}} on stdout
  reference.py compare REF.json ALT.json TOLERANCE
      -> a markdown table row per metric; exit 1 when one differs by more than TOLERANCE

ARFF: dense or sparse ({index value, ...}) rows; the labels are the attributes named in the Mulan
XML file beside the ARFF (<dataset>.xml), every other numeric attribute is a feature.
"""
import json
import math
import os
import re
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


# ---------------------------------------------------------------------------------------------- learners
class Linear:
    """W feature-major: W[k] is the list of the L+1 (ALT) or L (PA) weights of feature k."""

    def __init__(self, d, width):
        self.W = [[0.0] * width for _ in range(d)]
        self.width = width

    def scores(self, x):
        s = [0.0] * self.width
        for k, v in x:
            row = self.W[k]
            s = [a + v * b for a, b in zip(s, row)]
        return s


class Alt(Linear):
    def __init__(self, d, L, eta, delta, max_updates, adaptive):
        super().__init__(d, L + 1)
        self.L, self.eta, self.delta, self.M, self.adaptive = L, eta, delta, max_updates, adaptive
        if adaptive:
            self.G2 = [[0.0] * (L + 1) for _ in range(d)]

    def predict(self, x):
        s = self.scores(x)
        return s[: self.L], {i for i in range(self.L) if s[i] > s[self.L]}

    def update(self, x, y):
        if not x:
            return
        L = self.L
        ny, nbar = len(y), L - len(y)
        for _ in range(self.M):
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
                row = self.W[k]
                if self.adaptive:
                    acc = self.G2[k]
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
    def __init__(self, d, L, c, max_updates, variant):
        super().__init__(d, L)
        self.L, self.c, self.M, self.variant = L, c, max_updates, variant

    def predict(self, x):
        s = self.scores(x)
        return s, {i for i in range(self.L) if s[i] > 0.0}

    def update(self, x, y):
        sq = sum(v * v for _, v in x)
        if sq == 0.0:
            return
        for _ in range(self.M):
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
                row = self.W[k]
                for i in range(self.L):
                    if tau[i]:
                        row[i] += tau[i] * v


# ---------------------------------------------------------------------------------------------- metrics
def ratio(num, den, both_empty):
    if den == 0:
        return 1.0 if both_empty else 0.0
    return num / den


def evaluate(model, test, L):
    n = 0
    sp = sr = 0.0
    tp = [0] * L
    fp = [0] * L
    fn = [0] * L
    sym = 0
    rl_sum = 0.0
    rl_n = 0
    for x, y in test:
        s, yhat = model.predict(x)
        inter = len(y & yhat)
        sp += ratio(inter, len(yhat), not y and not yhat)
        sr += ratio(inter, len(y), not y and not yhat)
        sym += len(y ^ yhat)
        for i in range(L):
            if i in yhat and i in y:
                tp[i] += 1
            elif i in yhat:
                fp[i] += 1
            elif i in y:
                fn[i] += 1
        if 0 < len(y) < L:
            bad = sum(1 for j in y for k in range(L) if k not in y and s[j] <= s[k])
            rl_sum += bad / (len(y) * (L - len(y)))
            rl_n += 1
        n += 1
    p, r = sp / n, sr / n
    return {
        "precision": p,
        "recall": r,
        "f1": 2 * p * r / (p + r) if p + r > 0 else 0.0,
        "macroF1": sum(ratio(2 * tp[i], 2 * tp[i] + fp[i] + fn[i], True) for i in range(L)) / L,
        "microF1": ratio(2 * sum(tp), 2 * sum(tp) + sum(fp) + sum(fn), True),
        "hammingLoss": sym / (n * L),
        "rankingLoss": rl_sum / rl_n if rl_n else 0.0,
    }


# ---------------------------------------------------------------------------------------------- main
def run(argv):
    learner, train_path, test_path = argv[0], argv[1], argv[2]
    opts = {"--eta": 1.0, "--delta": 1.0, "--c": 1.0, "--max-updates": 1}
    rest = argv[3:]
    for i in range(0, len(rest), 2):
        opts[rest[i]] = float(rest[i + 1]) if rest[i] != "--max-updates" else int(rest[i + 1])
    base = os.path.basename(os.path.dirname(os.path.abspath(train_path)))
    xml = os.path.join(os.path.dirname(train_path), base + ".xml")
    labels = label_names(xml)
    train, d1, L = read_arff(train_path, labels)
    test, d2, _ = read_arff(test_path, labels)
    d = max(d1, d2)
    if learner in ("falt", "salt"):
        model = Alt(d, L, opts["--eta"], opts["--delta"], opts["--max-updates"], learner == "salt")
    else:
        model = PaBr(d, L, opts["--c"], opts["--max-updates"], 1 if learner == "pa1" else 2)
    for x, y in train:  # file order; predict-before-update does not change a train-then-test model
        model.update(x, y)
    print(json.dumps({"metrics": evaluate(model, test, L), "learner": learner,
                      "settings": {k[2:]: v for k, v in opts.items()}}))
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


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "compare":
        sys.exit(compare(*sys.argv[2:5]))
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    sys.exit(run(sys.argv[1:]))
