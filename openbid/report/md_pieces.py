"""The small Markdown pieces of ``report.md`` (a table and its cells), below the renderer
(:mod:`openbid.report.markdown`) and its sections (:mod:`openbid.report.seeds`,
:mod:`openbid.report.system`), which all import them from here."""

from __future__ import annotations


def cell(text) -> str:
    """Text safe inside a Markdown table cell."""
    s = "" if text is None else str(text)
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").strip()


def table(header: list[str], rows: list[list]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return out + [""]
