"""One vocabulary of options for every command.

Every command declares the options below through this module, never by hand, so that each means
one thing everywhere (``tests/cli/test_options_vocabulary.py`` walks every sub-parser and
enforces it, and README's options table is generated from :data:`VOCABULARY` by
:func:`table_markdown`):

- ``--vul none|NS|EW|both`` and ``--dealer N|E|S|W``: a *deal's* vulnerability and dealer, by
  compass direction (absolute), on every command about deals or auctions;
- ``--vul none|we|they|both``: a *single hand's* context, from its own side's view (relative),
  only on commands where no auction and dealer fix it (the help says so);
- ``--seat 1|2|3|4``: a single hand's seat, 1 the dealer;
- ``--count N``: how many results a command produces; ``--limit N``: at most N shown (what is
  computed is not reduced);
- ``--quiet``: no progress on stderr; ``--json``: JSON on stdout, the same data as the text;
- a file a command reads (rules, claims, boards, hands) is ``-`` for standard input.

Old spellings (``find --count``, ``score --vul`` as a flag, ``explain --vul we|they``,
``--top``) keep working for one release; each prints one deprecation line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Iterator

from openbid.base.errors import OpenbidError
from openbid.cli.runtime import (DEALERS, SEATS, STDIN, STDIN_HELP, VUL_DEAL, VUL_HAND,
                                 deprecation, from_stdin)

__all__ = ["DEALERS", "SEATS", "STDIN", "STDIN_HELP", "VUL_DEAL", "VUL_HAND", "deprecation",
           "from_stdin"]


@dataclass(frozen=True)
class Option:
    """One entry of the vocabulary: its flag, values, and the meaning every command shares (the
    first words of each command's help)."""

    key: str
    flag: str
    values: str
    meaning: str
    help_start: str  # every command's help for it starts with these words


VOCABULARY: dict[str, Option] = {o.key: o for o in (
    Option("vul-deal", "--vul", "none, NS, EW, both",
           "the deal's vulnerability, by compass direction (absolute); on every command about "
           "deals or auctions",
           "the deal's vulnerability (absolute): none, NS, EW or both"),
    Option("vul-hand", "--vul", "none, we, they, both",
           "a single hand's vulnerability from its own side's view (relative: we = the "
           "bidder's side, or the declaring side of a score); only where no auction and dealer "
           "fix it",
           "the vulnerability from one side's view (relative; no auction fixes it): none, we, "
           "they or both"),
    Option("dealer", "--dealer", "N, E, S, W", "the deal's dealer (absolute)",
           "the dealer: N, E, S or W"),
    Option("seat", "--seat", "1, 2, 3, 4", "a single hand's seat, 1 the dealer (relative)",
           "the bidder's seat: 1 (the dealer) to 4"),
    Option("count", "--count", "N", "how many results the command produces (deals dealt, "
           "hands found); never a cap on what is shown",
           "how many to produce:"),
    Option("limit", "--limit", "N", "at most N shown (a cap on the output; what is computed is "
           "not reduced)",
           "at most N shown:"),
    Option("quiet", "--quiet", "", "no progress on stderr (errors and warnings still)",
           "no progress on stderr"),
    Option("json", "--json", "", "JSON on stdout: the same data as the text",
           "JSON on stdout:"),
    Option("variant", "--variant", "a shipped system", "the shipped system or variant to use "
           "(openbid rules list)", "the shipped system or variant:"),
    Option("rules", "--rules", "FILE or -", "a rule file instead of a shipped variant",
           "a rule file instead of a variant"),
    Option("file", "--file", "FILE or -", "inputs one per line (hands, results), after those "
           "given as arguments", "read one"),
    Option("boards", "--boards", "FILE or -", "a PBN or LIN file of boards",
           "the boards of a PBN or LIN file"),
    Option("claims", "--claims", "FILE or -", "a claims file (repeatable)", "a claims file"),
    Option("input", "FILE", "FILE or -", "a file a command reads as its argument (a system's "
           "rule file, a file of boards)", ""),
)}

# Deprecated spellings, one release: (command, old spelling) -> what to give instead.
DEPRECATED: dict[tuple[str, str], str] = {
    ("find", "--count (a flag)"): "--total",
    ("find", "--limit"): "--count",
    ("score", "--vul (a flag)"): "--vul we",
    ("explain", "--vul we|they"): "--vul NS|EW with --dealer",
    ("compare", "--top"): "--limit",
    ("audit", "--top"): "--limit",
}


def tag(action: argparse.Action, key: str, stdin: bool = False) -> argparse.Action:
    action.vocab = key  # type: ignore[attr-defined]
    action.stdin = stdin  # type: ignore[attr-defined]
    return action


def _default_text(default: object, say: str | None, note: str = "") -> str:
    """`` (default X; note)``: the default and a note of the command's own, in one bracket."""
    if say is not None:
        return f" (default: {say}{note})"
    if default is None:
        return f" ({note.lstrip('; ')})" if note else ""
    return f" (default {default}{note})"


# ---- the deal's and the hand's context ------------------------------------------------------

def add_deal_context(p, *, vul_default: str | None = "none", dealer_default: str | None = "N",
                     cycle: bool = False, dealer: bool = True, note: str = "") -> None:
    """``--dealer N|E|S|W`` and ``--vul none|NS|EW|both`` (absolute) of a command about deals or
    auctions; ``cycle`` adds the value ``cycle`` (by the board number)."""
    extra = ("cycle",) if cycle else ()
    if dealer:
        tag(p.add_argument("--dealer", choices=DEALERS + extra, default=dealer_default,
                            help=VOCABULARY["dealer"].help_start
                            + ("; or cycle, by the board number" if cycle else "")
                            + _default_text(dealer_default, None)), "dealer")
    tag(p.add_argument("--vul", choices=VUL_DEAL + extra, default=vul_default,
                        help=VOCABULARY["vul-deal"].help_start
                        + ("; or cycle, by the board number" if cycle else "")
                        + _default_text(vul_default, None if vul_default else "none", note)),
         "vul-deal")


def add_hand_context(p, *, seat: bool = True, vul_default: str | None = None,
                     say: str = "every case, where the rules read it", seat_default=None,
                     seat_say: str = "every seat, where the rules read it",
                     note: str = "") -> None:
    """``--seat 1|2|3|4`` and ``--vul none|we|they|both`` (relative) of a command about one
    hand where no auction fixes the context."""
    if seat:
        tag(p.add_argument("--seat", type=int, choices=SEATS, default=seat_default,
                            help=VOCABULARY["seat"].help_start
                            + _default_text(seat_default, seat_say if seat_default is None
                                            else None)), "seat")
    tag(p.add_argument("--vul", choices=VUL_HAND, default=vul_default,
                        help=VOCABULARY["vul-hand"].help_start
                        + _default_text(vul_default, say if vul_default is None else None,
                                        note)), "vul-hand")


class _DeprecatedHandVul(argparse.Action):
    """``--vul`` of a command about an auction: the absolute values; the relative ones (``we``,
    ``they``) still read for one release, with a deprecation line."""

    def __call__(self, parser, namespace, values, option_string=None):
        if values in ("we", "they"):
            deprecation(parser.prog.split()[-1], f"--vul {values} (the view of the player next "
                        "to call)", "--vul NS|EW (the deal's) and --dealer")
            namespace.vul_relative = values
            values = None
        setattr(namespace, self.dest, values)


def add_deal_context_upgrading(p, *, note: str = "") -> None:
    """:func:`add_deal_context` for a command whose ``--vul`` was relative: we and they still
    read (deprecated; ``args.vul_relative``)."""
    tag(p.add_argument("--dealer", choices=DEALERS, default="N",
                        help=VOCABULARY["dealer"].help_start + " (default N)"), "dealer")
    tag(p.add_argument("--vul", choices=VUL_DEAL + ("we", "they"), default=None,
                        metavar="{none,NS,EW,both}", action=_DeprecatedHandVul,
                        help=VOCABULARY["vul-deal"].help_start
                        + _default_text(None, None, note)), "vul-deal")
    p.set_defaults(vul_relative=None)


# ---- how many -------------------------------------------------------------------------------

def add_count(p, what: str, default: int | None) -> None:
    tag(p.add_argument("--count", type=int, default=default, metavar="N",
                        help=f"{VOCABULARY['count'].help_start} {what}"
                        + _default_text(default, None)), "count")


def add_limit(p, what: str, default: int | None, *, old: str | None = None) -> None:
    """``--limit N``; ``old`` (e.g. ``--top``) a deprecated spelling of it."""
    tag(p.add_argument("--limit", type=int, default=default, metavar="N",
                        help=f"{VOCABULARY['limit'].help_start} {what}"
                        + _default_text(default, None)), "limit")
    if old:
        add_deprecated(p, old, "--limit", dest="limit", type=int, metavar="N")


class _Deprecated(argparse.Action):
    def __init__(self, option_strings, dest, new: str = "", **kwargs) -> None:
        self.new = new
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        deprecation(parser.prog.split(maxsplit=1)[-1], option_string or "", self.new)
        setattr(namespace, self.dest, True if self.nargs == 0 else values)


def add_deprecated(p, old: str, new: str, *, dest: str, flag: bool = False, **kwargs) -> None:
    """An old spelling, hidden from the help, that still works for one release (one line on
    stderr each time it is given)."""
    if flag:
        kwargs["nargs"] = 0
    tag(p.add_argument(old, dest=dest, action=_Deprecated, new=new, help=argparse.SUPPRESS,
                        default=argparse.SUPPRESS, **kwargs), "deprecated")


# ---- output ---------------------------------------------------------------------------------

def add_quiet(p) -> None:
    p.set_defaults(_command=p.prog.split(maxsplit=1)[-1])
    tag(p.add_argument("--quiet", action="store_true",
                        help=VOCABULARY["quiet"].help_start + " (errors still)"), "quiet")


def add_json(p, what: str) -> None:
    tag(p.add_argument("--json", action="store_true",
                        help=f"{VOCABULARY['json'].help_start} {what}"), "json")


def add_output(p, json_what: str) -> None:
    """``--quiet`` and ``--json`` (every command has both)."""
    add_json(p, json_what)
    add_quiet(p)


# ---- files read -----------------------------------------------------------------------------

def add_rules(p, default_variant: str | None = None) -> None:
    """``--variant V`` and ``--rules FILE`` (``-`` for standard input)."""
    from openbid.systems.variants import VARIANTS

    tag(p.add_argument("--variant", metavar="V", default=default_variant,
                        help=f"{VOCABULARY['variant'].help_start} {', '.join(VARIANTS)} "
                             f"(default {default_variant or 'code'})"), "variant")
    tag(p.add_argument("--rules", metavar="FILE", default=None,
                        help=f"{VOCABULARY['rules'].help_start} (see 'openbid rules export') "
                             + STDIN_HELP), "rules", stdin=True)
    _spooled(p, "rules")


def add_file(p, what: str) -> None:
    """``--file FILE``: one input per line; ``-`` read as it comes (not spooled)."""
    tag(p.add_argument("--file", metavar="FILE", default=None,
                        help=f"{VOCABULARY['file'].help_start} {what} per line of FILE, after "
                             f"any given as arguments {STDIN_HELP}"), "file", stdin=True)


def add_boards(p, what: str = "") -> None:
    tag(p.add_argument("--boards", metavar="FILE", default=None,
                        help=f"{VOCABULARY['boards'].help_start}{what} {STDIN_HELP}"),
         "boards", stdin=True)
    _spooled(p, "boards")


def add_claims(p, what: str) -> None:
    tag(p.add_argument("--claims", metavar="FILE", action="append",
                        help=f"{VOCABULARY['claims'].help_start}{what} {STDIN_HELP}"),
         "claims", stdin=True)
    _spooled(p, "claims")


def add_input(p, dest: str, what: str, *, nargs=None, metavar: str = "FILE") -> None:
    """A file read as a positional argument."""
    kwargs = {"nargs": nargs} if nargs is not None else {}
    tag(p.add_argument(dest, metavar=metavar, help=f"{what} {STDIN_HELP}", **kwargs), "input",
         stdin=True)
    _spooled(p, dest)


def _spooled(p, dest: str) -> None:
    have = tuple(p.get_default("_stdin_files") or ())
    if dest not in have:
        p.set_defaults(_stdin_files=have + (dest,))


# ---- the README's table -------------------------------------------------------------------

def _leaves(parser: argparse.ArgumentParser, name: str = "") -> Iterator[
        tuple[str, argparse.ArgumentParser]]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield name, parser
        return
    for a in subs:
        for n, sp in a.choices.items():
            yield from _leaves(sp, f"{name} {n}".strip())


def leaves(parser: argparse.ArgumentParser | None = None) -> list[
        tuple[str, argparse.ArgumentParser]]:
    """Every command that runs (``bid``, ``dd fill``, ...) with its parser."""
    if parser is None:
        from openbid.cli.main import build_parser

        parser = build_parser()
    return list(_leaves(parser))


def users() -> dict[str, list[str]]:
    """Vocabulary key -> the commands that declare it (in --help's order)."""
    out: dict[str, list[str]] = {k: [] for k in VOCABULARY}
    for name, p in leaves():
        for a in p._actions:
            key = getattr(a, "vocab", None)
            if key in out and name not in out[key]:
                out[key].append(name)
    return out


def table_markdown() -> str:
    """README's options table (between ``<!-- options:begin -->`` and ``<!-- options:end -->``):
    one row per option of the vocabulary, with the commands that declare it, read from the
    parsers themselves."""
    used = users()
    every = [n for n, _ in leaves()]
    rows = ["| option | values | meaning | commands |", "|---|---|---|---|"]
    for key, o in VOCABULARY.items():
        cmds = used[key]
        if not cmds:
            continue
        where = "every command" if cmds == every else ", ".join(f"`{c}`" for c in cmds)
        flag = o.flag if o.flag.startswith("-") else f"{o.flag} (argument)"
        rows.append(f"| `{flag}` | {o.values or '(flag)'} | {o.meaning} | {where} |")
    old = "; ".join(f"`{c} {o}` (give `{n}`)" for (c, o), n in DEPRECATED.items())
    return ("\n".join(rows) + "\n\nOld spellings still read for one release, each with a line "
            f"on stderr: {old}.\n")


BEGIN, END = "<!-- options:begin -->", "<!-- options:end -->"


def write_readme_table(path) -> bool:
    """Replace the block between :data:`BEGIN` and :data:`END` of the Markdown file ``path``
    with :func:`table_markdown`; whether the file changed (written atomically)."""
    from pathlib import Path

    from openbid.base.files import write_atomic

    p = Path(path)
    text = p.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise OpenbidError(f"{p} has no {BEGIN} ... {END} block for the options table")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{table_markdown()}{END}{tail}"
    if new == text:
        return False
    write_atomic(p, new)
    return True


def _main(argv: list[str]) -> int:
    """``python -m openbid.cli.options``: the table on stdout; ``--write FILE...``: the table
    written into each file's options block."""
    if not argv:
        sys.stdout.write(table_markdown())
        return 0
    if argv[0] != "--write" or len(argv) < 2:
        print("usage: python -m openbid.cli.options [--write README.md ...]", file=sys.stderr)
        return 2
    for name in argv[1:]:
        try:
            changed = write_readme_table(name)
        except (OSError, OpenbidError) as exc:
            print(f"{name}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
            return 2
        print(f"{name}: options table {'written' if changed else 'already current'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
