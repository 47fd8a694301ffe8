"""Errors a user can cause. The CLI prints them as one line and exits 2; never a traceback."""


class OpenbidError(Exception):
    """Base class of every error caused by user input (hands, expressions, rule files, results)."""


class HandError(OpenbidError):
    """A hand that cannot be read: wrong card count, duplicate card, unknown rank or suit, ..."""


class ExprError(OpenbidError):
    """An expression that cannot be parsed or resolved; ``pos`` points at the offending token."""

    def __init__(self, message: str, text: str = "", pos: int | None = None) -> None:
        self.text = text
        self.pos = pos
        if pos is not None and text:
            caret = " " * pos + "^"
            message = f"{message}\n  {text}\n  {caret}"
        super().__init__(message)


class RuleFileError(OpenbidError):
    """A rule file that cannot be read: names the file, the line and the problem."""

    def __init__(self, path: str, line: int, problem: str) -> None:
        self.path, self.line, self.problem = path, line, problem
        super().__init__(f"{path}:{line}: {problem}")


class ResultError(OpenbidError):
    """A contract result that cannot be scored (malformed, or an impossible number of tricks)."""
