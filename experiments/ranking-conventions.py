#!/usr/bin/env python3
"""Ranking loss (and example-based precision, recall, F1) of one model's test predictions under the
conventions a paper's code may use.

    ranking-conventions.py TEST.arff LABELS.xml PREDICTIONS

PREDICTIONS is `alt predict --scores` output (labels, a tab, the L label scores and the threshold score). The
label order is the Mulan XML file's, as ALT reads it. Scores are compared as printed: ALT's scores are float,
and Java prints the shortest decimal that reads back as the same float, so ties and order are the metric's.

Prints the tied (relevant, irrelevant) pairs and the ranking loss in % with ties counted as errors (docs/spec.md#ranking-loss),
as half an error, or not at all, each averaged over the examples with 0 < |Y| < L (docs/spec.md#ranking-loss, and Zhang's
Matlab Ranking_loss.m) and over all examples with the others counted as 0 (scikit-learn's label_ranking_loss).
The first number is what ALT reports. Then precision, recall and F1 (= 2PR/(P+R) of the averages, as the
paper) of the predicted label sets under the zero division of docs/spec.md#zero-division (0/0 is 1 when both sets it compares are
empty, else 0) and under scikit-learn's zero_division=1 (every 0/0 is 1).
"""
import re
import sys


def label_order(xml):
    return [m.group(1).replace("&apos;", "'").replace("&amp;", "&") for m in re.finditer(r'<label\s+name="([^"]*)"', open(xml, encoding="utf-8").read())]


def attribute_name(line):
    rest = line.split(None, 1)[1].strip()
    if rest[0] in "'\"":
        q = rest[0]
        i, out = 1, []
        while rest[i] != q:
            if rest[i] == "\\":
                i += 1
            out.append(rest[i])
            i += 1
        return "".join(out)
    return rest.split()[0]


def label_sets(arff, names):
    attributes, rows, data = [], [], False
    for line in open(arff, encoding="utf-8"):
        s = line.strip()
        if not data:
            if s.lower().startswith("@attribute"):
                attributes.append(attribute_name(s))
            elif s.lower().startswith("@data"):
                data = True
                where = [attributes.index(n) for n in names]
            continue
        if s and not s.startswith("%"):
            v = s.split(",")
            rows.append([j for j, a in enumerate(where) if v[a].strip() == "1"])
    return rows


def main():
    arff, xml, predictions = sys.argv[1:4]
    names = label_order(xml)
    L = len(names)
    Y = label_sets(arff, names)
    S = [list(map(float, line.rstrip("\n").split("\t")[1].split()))[:L] for line in open(predictions)]
    if len(S) != len(Y):
        sys.exit(f"{predictions}: {len(S)} lines, {arff} has {len(Y)} examples")
    weight = {"errors": 1.0, "half": 0.5, "not errors": 0.0}
    sums = dict.fromkeys(weight, 0.0)
    defined = pairs = tied = 0
    for y, s in zip(Y, S):
        if not y or len(y) == L:
            continue
        defined += 1
        others = [k for k in range(L) if k not in y]
        below = sum(1 for j in y for k in others if s[j] < s[k])
        ties = sum(1 for j in y for k in others if s[j] == s[k])
        pairs += len(y) * len(others)
        tied += ties
        for mode, w in weight.items():
            sums[mode] += (below + w * ties) / (len(y) * len(others))
    print(f"{arff}: {len(Y)} test examples, {len(Y) - defined} with Y empty or all labels; "
          f"{100 * tied / pairs:.1f}% of the (relevant, irrelevant) pairs tied")
    print("| ties count as | over examples with 0 < abs(Y) < L (SPEC) | over all examples, the others 0 |")
    print("|---|---:|---:|")
    for mode in weight:
        print(f"| {mode} | {100 * sums[mode] / defined:.2f} | {100 * sums[mode] / len(Y):.2f} |")
    predicted = [set(map(int, line.split("\t")[0].split(","))) if line.split("\t")[0].strip() else set() for line in open(predictions)]
    print()
    print("| zero division | precision | recall | F1 |")
    print("|---|---:|---:|---:|")
    for mode in ("SPEC", "every 0/0 is 1"):
        ps, rs = [], []
        for y, p in zip(Y, predicted):
            y = set(y)
            ps.append(len(y & p) / len(p) if p else (1.0 if mode != "SPEC" or not y else 0.0))
            rs.append(len(y & p) / len(y) if y else (1.0 if mode != "SPEC" or not p else 0.0))
        P, R = sum(ps) / len(ps), sum(rs) / len(rs)
        print(f"| {mode} | {100 * P:.2f} | {100 * R:.2f} | {100 * 2 * P * R / (P + R):.2f} |")


if __name__ == "__main__":
    main()
