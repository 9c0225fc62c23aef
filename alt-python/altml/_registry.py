"""``altml.learners()``: the learner kinds of ALT's registry and their parameters."""

from . import _jvm
from ._learner import python_name
from ._table import Table


def learners():
    """Every learner kind with its parameters, one row per parameter: ``kind``, ``parameter`` (the registry's name),
    ``python`` (the keyword :class:`altml.Learner` also takes), ``symbol`` (the paper's), ``default``, ``range`` and
    ``description``. ``sorted(set(learners().column("kind")))`` are the kinds."""
    registry = _jvm.jclass("org.altml.core.learner.LearnerRegistry")
    rows = []
    for spec in registry.all():
        for p in spec.parameters():
            default = p.defaultValue()
            rows.append({
                "kind": str(spec.name()),
                "parameter": str(p.name()),
                "python": python_name(str(p.name())),
                "symbol": str(p.symbol()),
                "default": None if default is None else str(p.format(default)),
                "range": str(p.range()),
                "description": str(p.description()),
            })
    return Table(["kind", "parameter", "python", "symbol", "default", "range", "description"], rows)


def describe(kind):
    """The registry's one-line description of ``kind``."""
    registry = _jvm.jclass("org.altml.core.learner.LearnerRegistry")
    return str(registry.get(kind).description())
