"""Errors a user can cause. The CLI prints them as one line and exits 2; never a traceback."""

CLIP = 80  # characters of a user's input shown in a message


def clip(text: str, limit: int = CLIP) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was: a message quotes the
    start of a bad line, never all of a 10 MB one."""
    if len(text) <= limit:
        return text
    keep = max(limit - 30, 10)
    return f"{text[:keep]}... ({len(text):,} characters)"


def shown(text: str, limit: int = CLIP) -> str:
    """``repr`` of a user's text, cut (see :func:`clip`)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[: max(limit - 30, 10)] + '...'!r} ({len(text):,} characters)"


class OpenbidError(Exception):
    """Base class of every error caused by user input (hands, expressions, rule files, results)."""


class MissingFact(OpenbidError):
    """A rule read a fact of the deal (SEAT, VUL, ...) that the question did not give."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class HandError(OpenbidError):
    """A hand that cannot be read: wrong card count, duplicate card, unknown rank or suit, ..."""


class ExprError(OpenbidError):
    """An expression that cannot be parsed or resolved; ``pos`` points at the offending token."""

    def __init__(self, message: str, text: str = "", pos: int | None = None) -> None:
        self.text = text
        self.pos = pos
        self.problem = message  # without the excerpt and caret
        if pos is not None and text:
            window, at = _window(text, pos)
            if window != text:  # cut: say where
                message += f" (at character {pos + 1} of {len(text):,})"
            message = f"{message}\n  {window}\n  {' ' * at}^"
        super().__init__(message)


def _window(text: str, pos: int, width: int = 70) -> tuple[str, int]:
    """At most ``width`` characters of ``text`` around ``pos``, and where ``pos`` is in them."""
    text = "".join(ch if ch.isprintable() else " " for ch in text)  # one line, caret aligned
    if len(text) <= width:
        return text, pos
    start = max(0, min(pos - width // 2, len(text) - width))
    piece = text[start:start + width]
    at = pos - start
    if start > 0:
        piece, at = "..." + piece, at + 3
    if start + width < len(text):
        piece += "..."
    return piece, at


class RuleFileError(OpenbidError):
    """A rule file that cannot be read: names the file, the line and the problem."""

    def __init__(self, path: str, line: int, problem: str) -> None:
        self.path, self.line, self.problem = path, line, problem
        super().__init__(f"{path}:{line}: {problem}")


class ResultError(OpenbidError):
    """A contract result that cannot be scored (malformed, or an impossible number of tricks)."""
