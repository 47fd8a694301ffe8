"""The small HTML pieces every part of ``index.html`` draws with (a verdict's badge, a hand, a
table), below the page (:mod:`openbid.report.html`) and its sections (:mod:`openbid.report.seeds`,
:mod:`openbid.report.system`), which all import them from here."""

from __future__ import annotations

from html import escape

SIGN = {"held": "\u2713", "failed": "\u2717", "vacuous": "\u2205", "unknown": "?",
        "judgement": "~"}


def hand(pbn: str | None) -> str:
    """A PBN hand as four suits with their symbols (hearts and diamonds red)."""
    if not pbn:
        return ""
    parts = pbn.split(".")
    if len(parts) != 4:
        return f"<code>{escape(pbn)}</code>"
    out = []
    for sym, cls, cards in zip("\u2660\u2665\u2666\u2663", ("s", "h", "d", "c"), parts):
        cards = escape(cards.replace("T", "10")) or "\u2014"
        out.append(f'<span class="{cls}">{sym}</span>{cards}')
    return f'<span class="hand" title="{escape(pbn)}">{" ".join(out)}</span>'


def badge(verdict: str, text: str | None = None) -> str:
    return (f'<span class="mk {escape(verdict)}" title="{escape(verdict)}">{SIGN.get(verdict, "?")}'
            f'{" " + escape(text) if text else ""}</span>')


def table(header: list[str], rows: list[list[str]], cls: str = "") -> str:
    """Cells are HTML already."""
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
