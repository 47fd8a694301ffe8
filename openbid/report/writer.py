"""Writing the report of ``openbid prove --report DIR``: ``report.json``, ``report.md`` and
``index.html`` (the data of :mod:`openbid.report.report`, rendered by :mod:`openbid.report.markdown`
and :mod:`openbid.report.html`), into a directory that is new, empty or openbid's own."""

from __future__ import annotations

import json
from pathlib import Path

from openbid.report.report import report_data, to_json


# ---- writing -----------------------------------------------------------------------------------
MARKER = ".openbid-report"  # in a directory openbid wrote: the only kind it writes into again
OWN_FILES = ("index.html", "report.md", "report.json")


def check_report_dir(directory: Path, force: bool = False) -> None:
    """Whether ``--report DIR`` may write here, asked before the work: a new or empty directory,
    or one openbid wrote before (its marker); with ``force`` also one holding other files, but
    never over an ``index.html``, ``report.md`` or ``report.json`` it did not write. The
    directory (or, if new, the nearest folder above it) must be writable."""
    from openbid.base.errors import OpenbidError

    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise OpenbidError(f"--report {directory}: exists and is not a directory")
    if directory.is_dir():
        try:
            names = {p.name for p in directory.iterdir()}
        except OSError as exc:
            raise OpenbidError(f"--report {directory}: cannot list it ({exc.strerror})") from None
        if MARKER not in names and not _legacy_report(directory):
            clash = sorted(n for n in names if n in OWN_FILES)
            if clash:
                raise OpenbidError(f"--report {directory}: its {clash[0]} was not written by "
                                   "openbid (no marker file); not replacing it: choose an "
                                   "empty or new directory")
            if names and not force:
                shown = ", ".join(sorted(names)[:3]) + (", ..." if len(names) > 3 else "")
                raise OpenbidError(f"--report {directory}: holds other files ({shown}); choose "
                                   "an empty or new directory (or --force to write beside them)")
        _probe(directory, directory)
        return
    above = directory.parent
    while not above.exists() and above != above.parent:
        above = above.parent
    if not above.is_dir():
        raise OpenbidError(f"--report {directory}: {above} is not a directory")
    _probe(above, directory)


def _legacy_report(directory: Path) -> bool:
    """A report openbid wrote before it left markers: its report.json says so."""
    try:
        data = json.loads((directory / "report.json").read_text(encoding="utf-8"))
        return isinstance(data, dict) and str(data.get("format", "")).startswith("openbid-report")
    except (OSError, ValueError):
        return False


def _probe(folder: Path, directory: Path) -> None:
    import tempfile

    from openbid.base.errors import OpenbidError

    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".openbid-probe-"):
            pass
    except OSError as exc:
        raise OpenbidError(f"--report {directory}: cannot write in {folder} "
                           f"({exc.strerror or exc})") from None


def write_report(run, directory: Path, changes=(), seconds: float | None = None,
                 rules=None) -> None:
    """Write ``report.json``, ``report.md`` and ``index.html`` into ``directory`` (created), with
    the marker that makes it openbid's (see :func:`check_report_dir`).

    ``rules``: the rules of the run, for the Graphviz picture of the control flow; when omitted
    the named variant is loaded if its digest matches the run's."""
    from openbid.report.html import render_html
    from openbid.report.markdown import render_md

    from openbid.base.files import write_files

    directory = Path(directory)
    changes = list(changes)
    data = report_data(run, changes)
    write_files({  # all or none: a full disk leaves no half report
        directory / MARKER: "written by 'openbid prove --report': openbid replaces its "
                            f"{', '.join(OWN_FILES)} here, and nothing else\n",
        directory / "report.json": to_json(data),
        directory / "report.md": render_md(run, data),
        directory / "index.html": render_html(run, data, seconds=seconds,
                                              rules=_rules_of(run, rules))})


def _rules_of(run, rules):
    if rules is not None:
        return rules
    from openbid.base.errors import OpenbidError
    from openbid.systems.variants import VARIANTS, load_variant
    from openbid.studies.prove import rules_digest

    if run.variant not in VARIANTS:
        return None
    try:
        candidate = load_variant(run.variant)
    except OpenbidError:
        return None
    return candidate if rules_digest(candidate) == run.digest else None
