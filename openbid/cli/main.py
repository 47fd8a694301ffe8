"""Entry point of the ``openbid`` console script.

Sub-commands live in sibling modules; each exposes ``register(subparsers)`` which adds its parser
and sets ``func`` to a callable ``run(args) -> int``. Every error a user can cause ends the same
way: one line on stderr naming the problem (long input cut short) and exit code 2, never a
traceback: a malformed argument, an :class:`OpenbidError`, input nested too deeply, a file that
cannot be read or written. SIGINT, SIGTERM and SIGHUP stop the command (and its worker processes)
promptly with "openbid: interrupted" and exit 2; a signal the caller ignores stays ignored.
Standard output closed by its reader (``openbid ... | head``) ends the command quietly with the
status of a process ended by SIGPIPE (141, as ``yes | head`` leaves ``yes``); standard output that
cannot take the output (a full disk, ``> /dev/full``) is one line naming the cause, exit 2. A
command or action given without what it needs prints its usage on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import signal
import sys
import threading

from openbid.base.errors import OpenbidError, clip

# Each command as --help lists it: (name, the module that registers it, its one-line help as
# that module gives it; tests/cli/test_lazy_parser.py checks they agree). A command line names
# one command: only its module is imported (each imports much of the engine), the others are
# listed from here.
LISTED = (
    ("bid", "bid", "bid hands with OPENBID"),
    ("auction", "auction", "bid a whole deal to the end"),
    ("eval", "eval", "every hand evaluator (K&R, Bumwrap, ...) of each hand"),
    ("count", "count", "exact census of all hands by bid, section, or any expression"),
    ("find", "find", "find hands satisfying an expression (counterexample search)"),
    ("claim", "claim", "a partnership claim after an auction (HELD, FAILED with hands, VACUOUS)"),
    ("deal", "deal", "deals whose auction begins a given way (uniform, seeded, PBN)"),
    ("prove", "prove", "re-derive the paper's claims (Part One, Part Two, lemmas, ...) and the "
                       "seeds' (K&R, point scales, Binky)"),
    ("explain", "explain", "what an auction shows about each player's hand"),
    ("graph", "graph", "the control-flow graph (DOT, Mermaid, JSON, SVG) and its structural "
                       "claims"),
    ("rules", "rules", "export, check or list rule tables"),
    ("diff", "diff", "compare two variants or rule files on every hand"),
    ("score", "score", "score a duplicate bridge result, e.g. '6CX +1'"),
    ("imps", "duplicate", "turn differences of points into IMPs (WBF scale)"),
    ("mp", "duplicate", "score a board's results in matchpoints"),
    ("compare", "compare", "which of two systems scores better at double dummy (IMPs)"),
    ("dd", "dd", "fill, inspect and export the double-dummy store"),
    ("simulate", "simulate", "bid a whole system over many random deals: how often each auction "
                             "arises, where the system is silent"),
    ("audit", "audit", "where a session's auctions (PBN, LIN) depart from a system"),
    ("notes", "notes", "system notes computed from the rules (md, html, bml)"),
    ("check-algol", "check_algol", "compare the rules engine with the literal Algol on all "
                                   "classes"),
    ("binky", "binky", "derive Binky points from a table of double-dummy tricks (seed 003)"),
)
# Module names under openbid.cli, in the order they appear in --help.
COMMANDS = tuple(dict.fromkeys(module for _, module, _ in LISTED))


PIPE_CLOSED = 128 + signal.SIGPIPE  # the status of a process ended by SIGPIPE (141)
# a write that could not be done: a closed pipe, a full disk or quota, a file too large, I/O
_OUTPUT_ERRORS = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


class ArgumentError(OpenbidError):
    """A command line argparse rejected (its one-line message)."""


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad argument an :class:`ArgumentError` (one line, exit 2) instead of a
    usage block and ``SystemExit``; a number (``type=int`` or ``float``) read in ASCII digits
    only (Python's own ``int`` would take ``١٢``: :mod:`openbid.bridge.notation`)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.register("type", int, _ascii_int)
        self.register("type", float, _ascii_float)

    def error(self, message: str):  # type: ignore[override]
        raise ArgumentError(f"{message} (see '{self.prog} --help')")


def _ascii_int(text: str) -> int:
    """``int`` of ASCII digits; a non-ASCII character named (argparse's own message for the
    rest: "invalid int value")."""
    from openbid.bridge.notation import ascii_problem

    why = ascii_problem(text.strip())
    if why:
        raise argparse.ArgumentTypeError(f"the number {text.strip()!r}: {why}")
    return int(text)


def _ascii_float(text: str) -> float:
    from openbid.bridge.notation import ascii_problem

    why = ascii_problem(text.strip())
    if why:
        raise argparse.ArgumentTypeError(f"the number {text.strip()!r}: {why}")
    return float(text)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command (``argv`` None), or of the command ``argv`` names: then only
    that command's module is imported and registers its parser; every other command is listed
    with its help (:data:`LISTED`) but has no options of its own. Either parser reads ``argv``
    and prints ``openbid --help`` alike."""
    parser = _Parser(
        prog="openbid",
        description="Verify bridge bidding systems mechanically: check a system written as rule "
                    "blocks at every point of the auction for gaps, illegal calls, dead and "
                    "overlapping rules and failed claims, each with its exact count and a hand "
                    "re-bid by the executor; bid hands and deals, count hands exactly, compare "
                    "systems at double dummy. The 1967 paper it began with (London & "
                    "Wasserman's OPENBID) is re-derived by 'openbid prove'.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    if argv is not None:
        wanted = _named_module(argv)
        done = False
        for name, module_name, text in LISTED:
            if module_name != wanted:
                sub.add_parser(name, help=text)
            elif not done:  # the module registers each of its commands, in this order
                importlib.import_module(f"openbid.cli.{module_name}").register(sub)
                done = True
        return parser
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"openbid.cli.{name}")
        except ModuleNotFoundError as exc:  # a sub-command not built yet
            if exc.name == f"openbid.cli.{name}":
                continue
            raise
        module.register(sub)
    return parser


class _Version(argparse.Action):
    """``--version``: argparse's own, with the version read (from the installed metadata, whose
    import costs every command's start) only when asked."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show program's version number and exit") -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        formatter = parser._get_formatter()
        formatter.add_text(f"{parser.prog} {version()}")
        parser._print_message(formatter.format_help(), sys.stdout)
        parser.exit()


def _named_module(argv: list[str]) -> str | None:
    """The module of the command ``argv`` names (its first word not an option: the top-level
    options take no value), or None."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return next((m for name, m, _ in LISTED if name == word), None)
    return None


def version() -> str:
    """The installed distribution's version (its metadata: pyproject.toml's ``version``)."""
    from importlib import metadata

    try:
        return metadata.version("openbid")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed: pip install -e .)"


class Interrupted(KeyboardInterrupt):
    """SIGTERM or SIGHUP, handled as Ctrl-C is: the command stops, its workers with it."""


_STOPS = ("SIGINT", "SIGTERM", "SIGHUP")
_received: list[int] = []  # the stopping signals this command received


def interrupted() -> bool:
    """Whether the running command received SIGINT, SIGTERM or SIGHUP (an exception raised by a
    signal handler can be lost, e.g. inside a ``__del__``: this flag is not)."""
    return bool(_received)


_deferred: list[int] = []  # a signal whose handler could not raise (see _interrupt)


def _interrupt(signum, frame) -> None:
    _received.append(signum)
    f = frame
    while f is not None:  # an exception raised in a __del__ is lost (and printed): not now
        if f.f_code.co_name == "__del__":
            _deferred.append(signum)  # _Stopper signals again in a moment
            return
        f = f.f_back
    _deferred.clear()
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Interrupted(signal.Signals(signum).name)


def _install_handlers() -> dict:
    """SIGINT, SIGTERM and SIGHUP raise :class:`KeyboardInterrupt` (not where the caller set
    them to be ignored, as ``nohup`` does, or installed its own). Returns those to restore."""
    old = {}
    for name in _STOPS:
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        current = signal.getsignal(signum)
        if current not in (signal.SIG_DFL, signal.default_int_handler):
            continue
        old[signum] = current
        signal.signal(signum, _interrupt)
    return old


class _Stopper:
    """On a stopping signal, from a thread of its own (woken through the signal wakeup fd): stop
    the worker processes and interrupt Z3. The main thread runs the Python handler only between
    bytecodes: not during a Z3 call (up to its whole budget), and an exception it raises can be
    lost. Z3's own Ctrl-C handler is off (openbid.checks.verdicts): it answers UNKNOWN, which
    cannot be told from a spent budget, and catches a Ctrl-C the caller ignores."""

    def __init__(self) -> None:
        import os

        self.r, self.w = os.pipe()
        os.set_blocking(self.w, False)
        self.old = signal.set_wakeup_fd(self.w, warn_on_full_buffer=False)
        self.stops = {getattr(signal, n) for n in _STOPS if hasattr(signal, n)}
        self.main = threading.main_thread().ident or 0
        self.closed = False
        self.thread = threading.Thread(target=self._watch, name="openbid-stop", daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        import os

        while True:
            try:
                data = os.read(self.r, 64)
            except OSError:
                return
            if not data or 0 in data:  # end of file, or close()'s stop byte
                return
            if not self.stops & set(data):
                continue
            for signum in self.stops & set(data):
                _received.append(signum)
            for name in ("openbid.base.workers", "openbid.dd.engine"):  # no import from here
                workers = sys.modules.get(name)
                if workers is not None:
                    try:
                        workers.stop_all()
                    except Exception:  # noqa: BLE001 - best effort, never fatal
                        pass
            z3 = sys.modules.get("z3.z3")
            ctx = getattr(z3, "_main_ctx", None) if z3 else None
            if ctx is not None:
                try:
                    ctx.interrupt()
                except Exception:  # noqa: BLE001
                    pass
            self._again()

    def _again(self) -> None:
        """The handler found itself in a ``__del__`` and did not raise: signal the main thread
        again until it does (or the command ends)."""
        import time

        for _ in range(200):
            time.sleep(0.05)
            if not _deferred or self.closed:
                return
            try:
                signal.pthread_kill(self.main, _deferred[-1])
            except (OSError, ValueError):
                return

    def close(self) -> None:
        import os

        self.closed = True
        signal.set_wakeup_fd(self.old)
        try:
            os.write(self.w, b"\0")  # a forked worker may hold the pipe open: no end of file
        except OSError:
            pass
        self.thread.join(1)
        os.close(self.w)
        os.close(self.r)


def main(argv: list[str] | None = None, *, exiting: bool = False) -> int:
    """Run one command; its exit code. ``exiting`` (the console script): the process ends with
    the command, so the stopping signals stay handled to the end and are then blocked (a signal
    in the interpreter's own finalisation would otherwise kill it with no message)."""
    _received.clear()
    _deferred.clear()
    if threading.current_thread() is not threading.main_thread():
        return _main(argv)
    old = _install_handlers()
    stopper = _Stopper()
    try:
        return _main(argv)
    finally:
        if exiting:
            signal.pthread_sigmask(signal.SIG_BLOCK, stopper.stops)
        stopper.close()
        if not exiting:
            for signum, handler in old.items():
                signal.signal(signum, handler)


def run() -> None:
    """The console script: the command, then the process ends at once with its exit code (its
    output flushed; worker processes die with it). No interpreter finalisation follows, so
    nothing (a signal, a half-freed solver) can change the exit code the command chose."""
    import gc
    import os

    # A command builds many small objects that live to its end (a census's counts of every
    # node, its findings): the collector's default thresholds would scan them again and
    # again (a fifth of a re-check from the cache). Cycles are still collected, less often.
    gc.set_threshold(50_000, 20, 100)
    try:
        code = main(exiting=True)
    except KeyboardInterrupt:  # a signal between the command's end and the block above
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
        code = _stopped()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: what it could not take is dropped
            pass
    os._exit(code)


def _main(argv: list[str] | None) -> int:
    try:
        from openbid.cli.runtime import flush_deprecations, stdin_files, upgrade_argv
        from openbid.cli.progress import configure

        flush_deprecations(write=False)
        words = upgrade_argv(list(sys.argv[1:] if argv is None else argv))
        parser = build_parser(words)
        try:
            args = parser.parse_args(words)
        except ArgumentError:
            flush_deprecations(write=False)  # the error alone
            raise
        if not getattr(args, "func", None):
            flush_deprecations()
            return usage(parser)
        configure(getattr(args, "_command", None) or args.command, getattr(args, "quiet", False))
        with stdin_files(args):
            code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full or closed output is found here, not lost at exit
        # a deprecated spelling is named once the command has run (bad input is shown alone:
        # one message)
        flush_deprecations(write=code != 2)
    except KeyboardInterrupt:
        return _stopped()
    except OpenbidError as exc:
        if interrupted():
            return _stopped()
        _error(str(exc))
        return 2
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except OSError as exc:  # the output (a file says which it is; openbid's own are wrapped)
        if interrupted():
            return _stopped()
        if exc.filename is None and exc.errno not in _OUTPUT_ERRORS:
            raise  # not a write that failed: a fault of openbid's, shown as such
        return _output_failed(exc)
    except RecursionError:  # every reader limits nesting; this is the last line of defence
        if interrupted():
            return _stopped()
        _error("the input is nested too deeply to read")
        return 2
    except MemoryError:
        _error("out of memory (the input is too large)")
        return 2
    except Exception:
        if interrupted():  # whatever the interrupt broke (a cancelled Z3 call, a killed pool)
            return _stopped()
        raise
    return _stopped() if interrupted() else code


def _stopped() -> int:
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    print("openbid: interrupted", file=sys.stderr)
    # Objects an interrupt left half-built (z3's among them) fail in their __del__ when they
    # are freed, up to the interpreter's exit: nothing the user should see.
    sys.unraisablehook = _quiet
    return 2


def _quiet(unraisable) -> None:
    return None


def _error(message: str) -> None:
    lines = [clip(line, 300) for line in message.splitlines()[:6]] or [""]
    try:
        print("openbid: error: " + "\n".join(lines), file=sys.stderr)
    except (OSError, ValueError):  # stderr closed too: the exit status says it
        pass


def usage(parser: argparse.ArgumentParser) -> int:
    """A command or action given without what it needs: its help on stderr, exit 2."""
    try:
        parser.print_help(sys.stderr)
    except (OSError, ValueError):
        pass
    return 2


def _output_failed(exc: OSError) -> int:
    """Standard output could not take the output: closed by its reader (quietly, 141), or full
    or broken (one line naming the cause, exit 2). What it still holds is dropped."""
    _flush_quietly()
    if isinstance(exc, BrokenPipeError) or exc.errno == errno.EPIPE:
        return PIPE_CLOSED
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename:  # a file a command did not wrap in an OpenbidError: still one line
        _error(f"{exc.filename}: {reason}")
    else:
        _error(f"cannot write the output: {reason}")
    return 2


def _flush_quietly() -> None:
    """After a broken pipe or an interrupt, drop what stdout still holds (flushing it again
    would raise at exit)."""
    try:
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        try:
            import os

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass


if __name__ == "__main__":  # pragma: no cover
    run()
