#!/usr/bin/env python3
"""Converters of alt-bench/open-bench.sh (issue 42's benchmarks), standard library only.

  open-convert.py ids WORDS.jsonl OUT.svm
      A stream of named words and tags (alt generate --kind words) as numeric LIBSVM: labels and features get ids
      in the order of first appearance (labels from 0, features from 1), so an open run over OUT (labels named by
      their id text) follows the open run over WORDS.jsonl, and a fixed run can be told every label up front.
      Prints L, the number of distinct labels.
  open-convert.py names DATA.arff[.gz] LABELS.xml OUT.svm
      A sparse Mulan ARFF as the name:value LIBSVM variant (alt prequential --open --format libsvm-names): labels
      by their attribute names (those of the Mulan XML), features by their attribute names. Writes the feature
      names, one a line, to OUT.features. Prints the number of feature names.
"""
import gzip
import json
import re
import sys


def ids(src, out):
    labels, features = {}, {}
    with open(src, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as w:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"{src}: line {n}: not JSON: {e}")
            ys = [labels.setdefault(name, len(labels)) for name in rec.get("labels", [])]
            xs = sorted((features.setdefault(name, len(features) + 1), v) for name, v in rec.get("features", {}).items())
            w.write(",".join(map(str, ys)) + " " + " ".join(f"{i}:{v!r}" for i, v in xs) + "\n")
    print(len(labels))


def names(src, xml, out):
    with open(xml, encoding="utf-8") as f:
        label_names = set(re.findall(r'<label\s+name="([^"]+)"', f.read()))
    opener = gzip.open if src.endswith(".gz") else open
    attrs = []
    with opener(src, "rt", encoding="utf-8") as f, open(out, "w", encoding="utf-8") as w:
        for n, line in enumerate(f, 1):
            s = line.strip()
            if not s or s.startswith("%"):
                continue
            low = s.lower()
            if low.startswith("@attribute"):
                attrs.append(s.split()[1].strip("'\""))
                continue
            if low.startswith("@"):
                continue
            if not (s.startswith("{") and s.endswith("}")):
                sys.exit(f"{src}: line {n}: not a sparse ARFF row")
            ys, xs = [], []
            for item in s[1:-1].split(","):
                if not item.strip():
                    continue
                i, v = item.split()
                name = attrs[int(i)]
                if name in label_names:
                    if v != "0":
                        ys.append(name)
                else:
                    xs.append(f"{name}:{v}")
            w.write(",".join(ys) + " " + " ".join(xs) + "\n")
    feature_names = [a for a in attrs if a not in label_names]
    with open(out + ".features", "w", encoding="utf-8") as w:
        w.write("\n".join(feature_names) + "\n")
    print(len(feature_names))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "ids":
        ids(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "names":
        names(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
