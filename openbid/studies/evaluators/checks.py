"""The evaluators checked: each seed's own claims, and each public
implementation against the seed's reading, exactly and by Z3.

* Seed 000 (K&R) and seed 002 (the point scales): every claim of the claim files
  (openbid/studies/evaluators/knr_claims.txt, scales_claims.txt) with its verdict.
* Every variant against its seed's evaluator: the exact number of hands of C(52, 13) on which
  the totals differ and the largest difference, with a hand (generating functions,
  openbid.hands.evaluators.distribution); and, where the variant's departures leave a class of hands alone,
  a Z3 proof that the two totals are equal on that class (:data:`EQUAL_ON`: the class is stated
  in the expression language from the departures; a wrong statement is refuted with a hand).
Returns records; never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from openbid.systems.rules.model import Rules
from openbid.checks.verdicts import DEFAULT_RLIMIT, Verdict

# Where a variant departs from nothing: for each, the hands none of its departures touch
# (openbid.hands.evaluators.knr_variants.DEPARTURES), stated per suit and per pattern.
_AKQJ = ("((if ACE(s) then 1 else 0) + (if KING(s) then 1 else 0) + (if QUEEN(s) then 1 else 0)"
         " + (if JACK(s) then 1 else 0))")
_NO_LONG_TEN = "not (TEN(s) and SUITLENGTH(s) >= 7)"
_DOUBLETON_OR_FLAT = 'any(s in SUITS: SUITLENGTH(s) = 2) or SHAPE = "4333"'


@dataclass(frozen=True)
class EqualOn:
    """A class of hands where a variant's total equals the seed evaluator's, and its proof in
    steps Z3 can take one at a time: per suit, ``suit(s)`` implies that the holding values
    differ by ``shift`` (a function of the length only); on the patterns ``pattern``, the
    pattern values differ by minus the sum of the shifts; and, for a variant with a final step,
    ``final`` implies that the final step changes nothing. Summed (the totals are the pattern
    value plus the four holding values: the registry's definition), the totals are equal."""

    suit: str
    shift: str = "0"
    pattern: str = "true"
    final: str = ""

    def statement(self) -> str:
        parts = [f"all(s in SUITS: {self.suit})"]
        if self.pattern != "true":
            parts.append(f"({self.pattern})")
        if self.final:
            parts.append(f"({self.final})")
        return " and ".join(parts)


EQUAL_ON: dict[str, EqualOn] = {
    "KNR_ENDPLAY": EqualOn(f"{_NO_LONG_TEN} and not (NINE(s) and SUITLENGTH(s) <= 6 and "
                           f"{_AKQJ} = 3 and not (TEN(s) and EIGHT(s)))",
                           shift="max(0, 3 - SUITLENGTH(s))"),  # endplay counts shortness per suit
    "KNR_DEALERV2": EqualOn(_NO_LONG_TEN, pattern=_DOUBLETON_OR_FLAT, final="KNR >= 0"),
    "KNR_DEAL": EqualOn("not (SUITLENGTH(s) = 2 and QUEEN(s) and not ACE(s) and not KING(s)) and "
                        f"not (SUITLENGTH(s) = 2 and JACK(s) and {_AKQJ} = 2)"),
    "KNR_SUITS1999": EqualOn("not (SUITLENGTH(s) = 2 and QUEEN(s))"),
    "KNR_GOLDSMITH": EqualOn(f"{_NO_LONG_TEN} and not (NINE(s) and SUITLENGTH(s) <= 6 and "
                             f"{_AKQJ} >= 3 and not TEN(s) and not EIGHT(s))",
                             pattern=_DOUBLETON_OR_FLAT),
}


def equality_steps(name: str, of: str, eq: EqualOn) -> list[tuple[str, str, str]]:
    """The claims (label, premise, conclusion) that together prove ``eq`` for ``name``."""
    steps = []
    for letter in "SHDC":
        steps.append((f"suit {letter}", eq.suit.replace("(s)", f"({letter})"),
                      f"{name}({letter}) - {of}({letter}) = "
                      + eq.shift.replace("(s)", f"({letter})")))
    shifts = " + ".join(eq.shift.replace("(s)", f"({x})") for x in "SHDC")
    steps.append(("pattern", eq.pattern, f"{name}_PATTERN - {of}_PATTERN = -({shifts})"))
    if eq.final:
        steps.append(("final step", f"({eq.final}) and {name}_RAW = {of}", f"{name} = {of}"))
    return steps


@dataclass
class SeedClaim:
    seed: str  # "000", "002"
    id: str
    lines: str
    quote: str
    verdict: Verdict
    detail: str = ""
    witness: str = ""


@dataclass
class VariantCheck:
    name: str  # the variant, e.g. KNR_DEAL
    of: str  # the seed's evaluator it is compared with, e.g. KNR
    source: str
    differing_hands: int
    largest: Fraction
    witness: str  # a hand showing the largest difference (PBN)
    departures: list[str] = field(default_factory=list)
    equal_on: str = ""  # the class of hands left alone, if stated
    equal_verdict: Verdict | None = None  # Z3's verdict on "equal on that class"
    equal_witness: str = ""
    equal_reason: str = ""  # for a failed or unknown proof: the step, and Z3's reason


@dataclass
class Distribution:
    """An evaluator's exact distribution over all C(52, 13) hands (generating functions)."""

    name: str
    doc: str
    source: str
    hands: int
    mean: Fraction
    least: Fraction
    greatest: Fraction
    bins: list[tuple[int, int]]  # (floor of the value, hands): every integer from least up
    distinct: int  # how many different values


@dataclass
class EvaluatorChecks:
    claims: list[SeedClaim] = field(default_factory=list)
    variants: list[VariantCheck] = field(default_factory=list)
    distributions: list[Distribution] = field(default_factory=list)


# The seeds' evaluators whose exact distributions the report shows (seed 002's scales in the
# seed's order, then K&R); Binky's are the binky part's (openbid.studies.binky.proofs).
DISTRIBUTIONS = ("HCP_SEED002", "HCPT050", "HCPA425", "HCPAT475", "BUMWRAP", "WOOLSEY",
                 "ANDY5THS", "BWJGM", "OPCJGM", "KNR")


def check_evaluators(rules: Rules, rlimit: int = DEFAULT_RLIMIT) -> EvaluatorChecks:
    from openbid.hands.evaluators import knr, scales

    out = EvaluatorChecks()
    out.claims = seed_claims()
    out.variants = knr_variants(rules, rlimit) + scale_variants()
    for name in DISTRIBUTIONS:
        out.distributions.append(distribution_of(knr.build_knr() if name == "KNR"
                                                 else scales.SCALES[name]))
    return out


def distribution_of(e) -> Distribution:
    """The exact distribution of a separable evaluator, in integer bins (floor of the value)."""
    from math import floor

    from openbid.hands.evaluators.distribution import distribution, summary

    dist = distribution(e)
    s = summary(sorted(dist.items()))
    bins: dict[int, int] = {}
    for v, w in dist.items():
        bins[floor(v)] = bins.get(floor(v), 0) + w
    lo, hi = min(bins), max(bins)
    return Distribution(e.name, e.doc, e.source, int(s["hands"]), s["mean"], s["min"], s["max"],
                        [(k, bins.get(k, 0)) for k in range(lo, hi + 1)], len(dist))


def seed_claims() -> list[SeedClaim]:
    from openbid.studies.evaluators import knr_claims, scales_claims

    out = []
    for r in knr_claims.check_claims():
        out.append(SeedClaim("000", r.id, _lines(r.lines), r.quote, Verdict(r.verdict), r.detail,
                             _text(getattr(r, "witness", ""))))
    for sr in scales_claims.check_all():
        out.append(SeedClaim("002", sr.id, _lines(sr.lines), sr.quote, Verdict(sr.verdict),
                             sr.detail,
                             _text(getattr(sr, "witness", "") or getattr(sr, "holdings", ""))))
    return out


def _lines(lines) -> str:
    if isinstance(lines, (tuple, list)):
        return ", ".join(str(x) for x in lines)
    return str(lines)


def _text(x) -> str:
    if x is None:
        return ""
    if isinstance(x, (tuple, list)):
        return "; ".join(str(i) for i in x)
    return str(x)


def knr_variants(rules: Rules, rlimit: int = DEFAULT_RLIMIT) -> list[VariantCheck]:
    from openbid.hands.evaluators import knr_variants as kv
    from openbid.expr import parse
    from openbid.checks.claims import ClaimSolver

    steps = {n: equality_steps(n, "KNR", eq) for n, eq in EQUAL_ON.items()}
    exprs = [parse(x) for st in steps.values() for _, p, c in st for x in (p, c)]
    cs = ClaimSolver(rules, rlimit, sample=True, exprs=exprs)
    out = []
    for name, v in kv.VARIANTS.items():
        c = kv.compare(name)
        check = VariantCheck(name, "KNR", v.source, c.differing_hands, c.largest, kv.pbn(c.witness),
                             [d.rule for d in v.departures])
        if name in EQUAL_ON:
            check.equal_on = EQUAL_ON[name].statement()
            check.equal_verdict = Verdict.HELD
            for label, premise, conclusion in steps[name]:
                verdict, witness, reason = cs.claim([parse(premise)], parse(conclusion))
                if verdict is Verdict.HELD:
                    continue
                if verdict is Verdict.VACUOUS:  # no hand in the class at this step: still equal
                    continue
                check.equal_verdict = verdict
                check.equal_witness = witness.to_pbn() if witness is not None else ""
                check.equal_reason = f"{label}: {conclusion} ({reason or verdict.value})"
                break
        out.append(check)
    return out


def scale_variants() -> list[VariantCheck]:
    from openbid.hands.evaluators import scales, scales_dealerv2 as sd
    from openbid.hands.evaluators.distribution import difference, distribution

    out = []
    for metric, e in sd.DEALERV2.items():
        seed = scales.SCALES[metric]
        dist = distribution(difference(e, seed))
        differing = sum(w for d, w in dist.items() if d != 0)
        largest = max(abs(d) for d in dist)
        departures = sd.departures_for(metric)
        witness = ""
        for d in departures:  # the departure's own example, in a hand that shows it
            suits = _with_holding(d.example)
            if suits is not None and e.hand_value(suits) != seed.hand_value(suits):
                witness = ".".join(suits)
                break
        out.append(VariantCheck(e.name, metric, e.source, differing, largest, witness,
                                [d.rule for d in departures]))
    return out


def _with_holding(example: str) -> tuple[str, str, str, str] | None:
    """A hand holding ``example`` (ranks, e.g. ``AQJT2``) in spades, the other suits filled with
    the lowest cards as evenly as the length allows (hearts first)."""
    if not example or any(r not in "AKQJT98765432" for r in example) or len(example) > 13:
        return None
    rest, suits = 13 - len(example), []
    for k in range(3):
        n = rest // 3 + (1 if k < rest % 3 else 0)
        suits.append("".join(reversed("23456789TJQKA"[:n])))
    return (example, suits[0], suits[1], suits[2])
