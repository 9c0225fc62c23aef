"""altml: ALT's online multi-label learners from Python, on the JVM through JPype.

    import altml
    X, Y, features, labels = altml.read("train.svm")
    learner = altml.Learner("salt", eta=0.25, max_updates=2).fit(X, Y)
    predicted = learner.predict(X_test)          # a scipy CSR 0/1 label-indicator matrix

The JVM starts on first use (a JDK 21+ found as ./alt finds it, or ALT_JAVA_HOME). docs/python.md is the guide.
"""

from ._data import DataWarning, generate, read
from ._errors import DataFormatError, DivergenceError, ModelFormatError, NotFittedError
from ._eval import Metrics, PrequentialResult, evaluate, prequential
from ._experiment import ExperimentResult, Tuning, experiment, tune
from ._jvm import JavaNotFoundError
from ._learner import Learner, OneScores, load
from ._registry import learners

__all__ = ["Learner", "OneScores", "load", "learners", "read", "generate", "evaluate", "prequential", "tune",
           "experiment", "Metrics", "PrequentialResult", "Tuning", "ExperimentResult", "DataWarning", "DataFormatError",
           "DivergenceError", "ModelFormatError", "NotFittedError", "JavaNotFoundError"]
__version__ = "0.1.0"
