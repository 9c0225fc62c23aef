"""Python exceptions for the errors ALT's Java code raises, with the Java message as theirs."""


class DataFormatError(ValueError):
    """A data file ALT cannot read: ``file``, ``line`` (1-based, 0 when not known) and ``problem`` say where and what."""

    def __init__(self, message, file=None, line=0, problem=None):
        super().__init__(message)
        self.file = file
        self.line = line
        self.problem = problem


class ModelFormatError(ValueError):
    """A model file (or pickled model) that is not one ALT wrote, or is damaged."""


class DivergenceError(ArithmeticError):
    """A learner's scores or weights stopped being finite (a step size too large for the data's scale)."""


class NotFittedError(ValueError, AttributeError):
    """A learner was asked to predict before it learnt anything (scikit-learn's ``NotFittedError`` contract)."""


_BY_JAVA_CLASS = [
    ("org.altml.sparse.io.DataFormatException", DataFormatError),
    ("org.altml.core.learner.CorruptStateException", ModelFormatError),
    ("org.altml.core.learner.DivergenceException", DivergenceError),
    ("org.altml.sparse.InsufficientMemoryException", MemoryError),
    ("java.lang.OutOfMemoryError", MemoryError),
    ("java.nio.file.NoSuchFileException", FileNotFoundError),
    ("java.io.FileNotFoundException", FileNotFoundError),
    ("java.nio.file.AccessDeniedException", PermissionError),
    ("java.nio.file.FileAlreadyExistsException", FileExistsError),
    ("java.io.UncheckedIOException", OSError),
    ("java.io.IOException", OSError),
    ("java.lang.IllegalArgumentException", ValueError),
    ("java.lang.IndexOutOfBoundsException", IndexError),
    ("java.lang.IllegalStateException", RuntimeError),
]
_classes = None


def translate(java_exception):
    """The Python exception for ``java_exception`` (a JPype ``JException``): its type by the Java class, its message the
    Java message (with the file named for a missing file); the Java exception is kept as ``java_exception``."""
    global _classes
    import jpype
    if _classes is None:
        _classes = [(jpype.JClass(name), py) for name, py in _BY_JAVA_CLASS]
    message = java_exception.getMessage()
    message = str(message) if message is not None else str(java_exception.getClass().getSimpleName())
    error = None
    for java_class, py in _classes:
        if isinstance(java_exception, java_class):
            if py is DataFormatError:
                error = DataFormatError(message, str(java_exception.file()), int(java_exception.line()),
                                        str(java_exception.problem()))
            elif py is FileNotFoundError and "NoSuchFile" in str(java_exception.getClass().getName()):
                error = FileNotFoundError(f"{message}: no such file")
            else:
                error = py(message)
            break
    if error is None:
        error = RuntimeError(f"{java_exception.getClass().getName()}: {message}")
    error.java_exception = java_exception
    return error
