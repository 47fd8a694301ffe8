"""Named rule variants, selectable with ``--variant`` on every command, and rule files (``--rules``).

``code`` is the 1967 code under the default readings (docs/ERRATA.md). Every other variant of
OPENBID differs from it in exactly one reading or in the rules text, so that ``openbid diff code
V`` measures exactly that one decision. ``knr-optional`` and ``knr-mandatory`` are not OPENBID:
they are seed 000's K&R opening bids (docs/KNR.md, "K&R in rules"), rule files of their own;
``sayc`` is Standard American (docs/SYSTEMS.md, "The SAYC file").
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from importlib import resources

from openbid.base.errors import OpenbidError
from openbid.systems.rules.model import Rules
from openbid.systems.rules.text import load, loads

# name -> (rules file in openbid/systems/data, readings overrides, one-line description)
VARIANTS: dict[str, tuple[str, dict[str, str], str]] = {
    "code": ("code.rules", {}, "the 1967 code (Appendix 1) under the default readings"),
    "synopsis": ("synopsis.rules", {}, "the synopsis (pp. 4-7) read literally where it differs"),
    "playtricks-procedure": ("code.rules", {"playtricks": "procedure"},
                             "PLAYTRICKS from the printed PLAYINGTRICKS procedure"),
    "playtricks-table": ("code.rules", {"playtricks": "table"},
                         "PLAYTRICKS from the Appendix 3 table as printed"),
    "playtricks-table-fixed": ("code.rules", {"playtricks": "table-fixed"},
                               "Appendix 3 with its footnote's correction (KQ, length 3: 1)"),
    "solid-as-printed": ("code.rules", {"solid": "as-printed"},
                         "SOLID with the printed SUITPOINTS >= 2 (erratum E11 not applied)"),
    "notrumptry-appendix2": ("code.rules", {"notrumptry": "appendix2"},
                             "NOTRUMPTRY as Appendix 2 words it (Kx and Qxx suffice)"),
    "bumwrap": ("code.rules", {}, "the code with HCP and SUITPOINTS counted in Bumwrap points "
                "(seed 002), thresholds unchanged"),
    "knr-optional": ("knr-optional.rules", {}, "K&R opening bids (seed 000) at the optional "
                     "thresholds: 1H 1S 1NT 12.0, 1C 1D 13.0, 2C 22.0 / 24.0"),
    "knr-mandatory": ("knr-mandatory.rules", {}, "K&R opening bids (seed 000) at the mandatory "
                      "thresholds: 1H 1S 1NT 12.5, 1C 1D 13.5, 2C 22.0 / 24.0"),
    "sayc": ("sayc.rules", {}, "Standard American Yellow Card, the whole system: openings (by "
             "seat and vulnerability) and the later auctions (docs/SYSTEMS.md)"),
    "sayc-openings": ("sayc.rules", {}, "the SAYC opening bids alone (sayc's opening block: "
                      "every later auction off-system)"),
}

# Variants that read only the opening block of their file (the text before its first auction
# block): the auction tree of a whole system is too large for every node to be checked.
OPENING_ONLY = frozenset({"sayc-openings"})

# A variant's own definitions, put before the rules' first section (the rules stay written once).
DEFINES: dict[str, tuple[str, ...]] = {
    "bumwrap": (
        "# HCP and SUITPOINTS counted in Bumwrap points (seed 002 line 23: A 4.5,",
        "# K 3, Q 1.5, J 0.75, T 0.25, with its short-suit tables); every descriptor defined",
        "# from them follows (TOTALPTS, SP, SOLID, STOP, NOTRUMPTRY, SLIDEPOINTS, CANBEREBID).",
        "define SUITPOINTS(s) = BUMWRAP(s)",
        "define HCP = BUMWRAP",
    ),
}


def rules_text(filename: str) -> str:
    return resources.files("openbid.systems").joinpath("data", filename).read_text(
        encoding="utf-8")


@lru_cache(maxsize=None)
def load_variant(name: str) -> Rules:
    if name not in VARIANTS:
        raise OpenbidError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}")
    filename, overrides, _ = VARIANTS[name]
    text = rules_text(filename)
    if name in OPENING_ONLY and "\nauction " in text:
        text = text[: text.index("\nauction ") + 1]
    if name in DEFINES:
        at = text.index("\nsection ") + 1
        text = text[:at] + "\n".join(DEFINES[name]) + "\n\n" + text[at:]
    rules = loads(text, f"openbid/systems/data/{filename}")
    readings = rules.readings.replace(**overrides)
    return replace(rules, readings=readings, name=name)


def resolve(variant: str | None = None, rules_path: str | None = None) -> Rules:
    """The rules a command runs: a rule file if given, else the named variant (default code)."""
    if rules_path:
        if variant and variant != "code":
            raise OpenbidError("give either --variant or --rules, not both")
        return load(rules_path)
    return load_variant(variant or "code")


def resolve_spec(spec: str) -> Rules:
    """A variant name, or a path to a rule file (for ``openbid diff A B``)."""
    if spec in VARIANTS:
        return load_variant(spec)
    import os

    if os.path.exists(spec):
        return load(spec)
    raise OpenbidError(f"{spec!r} is neither a variant ({', '.join(VARIANTS)}) nor a rule file")
