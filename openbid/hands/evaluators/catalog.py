"""Every built-in evaluator, registered as descriptors (openbid.hands.entries.REGISTRY).

An evaluator of the one form (openbid.hands.evaluators.form) becomes registry entries, each read
by every reader: ``NAME(s)`` (a per-suit table: the holding value), ``NAME_PATTERN`` (a pattern
table, when the evaluator has a pattern value) and ``NAME``, the whole-hand total, a definition
in the expression language (``sum(s in SUITS: NAME(s)) + NAME_PATTERN``, then the evaluator's
final step, if any). An evaluator with options (the readings its source leaves open: K&R's, the
point scales') is a family: one entry per combination of the readings in force, built when
first asked.
"""

from __future__ import annotations

import re
from typing import Callable

from openbid.hands.evaluators.form import Evaluator
from openbid.hands.entries import (REGISTRY, Derived, Family, PatternTable, Reading, SuitTable)

GROUP = "evaluator"
PART = "evaluator-part"  # the pattern value and the raw total: usable, not listed by eval


def _entries(e: Evaluator, tag: tuple[str | None, str | None]) -> dict[tuple[str, int], object]:
    reading, choice = tag
    out: dict[tuple[str, int], object] = {}
    out[(e.name, 1)] = SuitTable(e.name, "num", e.reads, lambda h, n: e.holding_table[(h, n)],
                                 f"{e.doc} (the holding value of one suit)", reading, choice,
                                 e.source, GROUP)
    total = f"sum(s in SUITS: {e.name}(s))"
    if e.pattern is not None:
        out[(f"{e.name}_PATTERN", 0)] = PatternTable(
            f"{e.name}_PATTERN", "num", lambda p: e.pattern_table[p],
            f"{e.name}: the value of the pattern", reading, choice, e.source, PART)
        total += f" + {e.name}_PATTERN"
    if e.final is not None:
        out[(f"{e.name}_RAW", 0)] = Derived(f"{e.name}_RAW", "num", total, (),
                                            f"{e.name} before its final step", reading, choice,
                                            e.source, PART)
        total = re.sub(r"\bx\b", f"{e.name}_RAW", e.final)
    out[(e.name, 0)] = Derived(e.name, "num", total, (), e.doc, reading, choice, e.source, GROUP)
    return out


def register(e: Evaluator) -> None:
    """``e`` (no options) as registry entries."""
    for entry in _entries(e, (None, None)).values():
        REGISTRY.add(entry)  # type: ignore[arg-type]


def register_family(name: str, readings: tuple[str, ...],
                    build: Callable[[dict[str, str]], Evaluator]) -> None:
    """An evaluator whose definition depends on ``readings`` (registry names): the entries of
    each combination are built by ``build(choices)`` when first asked."""
    if not readings:
        register(build({}))
        return
    memo: dict[tuple, dict] = {}

    def entries(choices: dict[str, str]) -> dict:
        key = tuple(choices[r] for r in readings)
        got = memo.get(key)
        if got is None:
            tag = ("|".join(readings), "|".join(key))
            got = memo[key] = _entries(build(choices), tag)
        return got

    sample = entries({r: REGISTRY.readings[r].default for r in readings})
    for (entry_name, arity), entry in sample.items():
        REGISTRY.family(Family(entry_name, arity, readings,
                               lambda c, k=(entry_name, arity): entries(c)[k],  # type: ignore[misc]
                               getattr(entry, "group", GROUP)))


def reading(prefix: str, name: str, choices: tuple[str, ...], doc: str, where: str) -> str:
    """Register one option of an evaluator's source as a reading; returns its registry name."""
    full = f"{prefix}-{name.replace('_', '-')}"
    REGISTRY.reading(Reading(full, choices, choices[0], doc, where))
    return full


def _register_all() -> None:
    from openbid.hands.evaluators import knr, knr_variants, scales, scales_dealerv2

    # Seed 002: the point scales (docs/SCALES.md) and dealerv2's code for them.
    scale_readings = {k: reading("scale", k, v, f"seed 002: {k} ({', '.join(v)})", "docs/SCALES.md")
                      for k, v in scales.SCALE_READINGS.items() if len(v) > 1}
    for name in scales.NAMES:
        if name == "HCP_SEED002":
            continue  # the same table as HCP (4-3-2-1): a test holds them equal
        used = tuple(r for r in scales.METRIC_READINGS.get(name, ()) if r in scale_readings)

        def build(c: dict[str, str], n: str = name, u: tuple[str, ...] = used) -> Evaluator:
            return scales.build(n, {r: c[scale_readings[r]] for r in u})

        register_family(name, tuple(scale_readings[r] for r in used), build)
    for e in scales_dealerv2.DEALERV2.values():
        register(e)
    # Seed 000: K&R (docs/KNR.md) and the public implementations.
    knr_readings = {k: reading("knr", k, v, f"seed 000: {k} ({', '.join(v)})", "docs/KNR.md")
                    for k, v in knr.KNR_READINGS.items() if len(v) > 1}
    register_family("KNR", tuple(knr_readings.values()),
                    lambda c: knr.build_knr(**{k: c[r] for k, r in knr_readings.items()}))
    for e in (knr_variants.KNR_ENDPLAY, knr_variants.KNR_DEAL, knr_variants.KNR_SUITS1999,
              knr_variants.KNR_GOLDSMITH):
        register(e)
    from dataclasses import replace

    register(replace(knr_variants.KNR_DEALERV2, final="max(0, x)",
                     doc="K&R points as dealerv2's cccc computes them (clamped at 0, line 153)"))
    # Seed 003: Binky points from our own double-dummy data (docs/BINKY.md).
    from openbid.hands.evaluators.binky import BINKY_NT, BINKY_SUIT

    register(BINKY_SUIT)
    register(BINKY_NT)
    # HCP one suit at a time (the whole-hand HCP is PRELIM's).
    REGISTRY.add(SuitTable("HCP", "num", "AKQJ", lambda h, n: sum({"A": 4, "K": 3, "Q": 2, "J": 1}[r]
                                                                  for r in h),
                           "high-card points of one suit (the same as SUITPOINTS)",
                           source="seed 002 line 17, Note 4", group=GROUP))
    REGISTRY.add(Derived("PAVROUND", "num",
                         "if x - floor(x) < 0.45 then floor(x) else if x - floor(x) > 0.55 then "
                         "floor(x) + 1 else if BODY >= 12 then floor(x) + 1 else floor(x)",
                         (("x", "num"),), "Pavlicek's rounding of a number with the hand's BODY",
                         source="seed 002 lines 81-86", group="function"))


_register_all()
