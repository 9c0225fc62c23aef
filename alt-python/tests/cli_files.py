"""Helpers of the tests that compare altml with the command line: alt predict's output lines as Python writes them,
and Java's float printing (Float.toString), so that predictions and scores can be compared byte for byte."""

import decimal

import numpy as np


def java_float(value):
    """``Float.toString(value)`` of Java 19+: the shortest decimal that reads back as the same float, plain between
    10^-3 and 10^7 ("0.25", "100.0"), else computerized scientific notation ("1.0E-5", "1.2345678E7")."""
    f = np.float32(value)
    if np.isnan(f):
        return "NaN"
    if np.isinf(f):
        return "Infinity" if f > 0 else "-Infinity"
    sign = "-" if np.signbit(f) else ""
    if f == 0:
        return sign + "0.0"
    text = np.format_float_scientific(abs(f), unique=True, trim="-")
    mantissa, exponent = text.split("e")
    digits = mantissa.replace(".", "")
    exponent = int(exponent)
    if len(digits) == 1:
        # Java's rule: when one digit would do, the two-digit decimal closest to the float (1.4E-45, not 1.0E-45)
        exact = decimal.Decimal(float(abs(f)))
        two = exact.scaleb(-exponent).quantize(decimal.Decimal("0.1"), rounding=decimal.ROUND_HALF_EVEN)
        if two >= 10:
            two, exponent = two / 10, exponent + 1
        if np.float32(float(two.scaleb(exponent))) == abs(f):
            digits = str(two).replace(".", "").rstrip("0") or "0"
    if 1e-3 <= abs(float(f)) < 1e7:
        if exponent >= 0:
            whole = digits[:exponent + 1].ljust(exponent + 1, "0")
            fraction = digits[exponent + 1:] or "0"
            return f"{sign}{whole}.{fraction}"
        return f"{sign}0.{'0' * (-exponent - 1)}{digits}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exponent}"


def prediction_lines(predicted, scores=None):
    """The lines ``alt predict`` prints (without line ends) for a CSR indicator matrix of predicted labels and,
    optionally, the score matrix of decision_function (L label scores then the threshold per row)."""
    lines = []
    for i in range(predicted.shape[0]):
        labels = predicted.indices[predicted.indptr[i]:predicted.indptr[i + 1]]
        line = ",".join(str(int(label)) for label in sorted(labels))
        if scores is not None:
            line += "\t" + " ".join(java_float(s) for s in scores[i])
        lines.append(line)
    return lines


def read_lines(path):
    """A predictions file's lines without their line ends (every line, the last one ending in a line break)."""
    with open(path, "rb") as f:
        data = f.read().decode("ascii")
    assert data == "" or data.endswith("\n"), "a predictions file ends with a line break"
    return data.split("\n")[:-1]


def scores_of(lines):
    """The scores of alt predict --scores lines as float32 rows (parsed from Java's text)."""
    return np.array([[np.float32(t) for t in line.split("\t")[1].split(" ")] for line in lines], dtype=np.float32)
