"""The lemmas Part One leans on, the within-section claims, and Appendices 3 and 6, checked
Returns records; never prints."""

from __future__ import annotations

from dataclasses import dataclass, field
import numpy as np
import z3

from openbid.expr import parse
from openbid.hands.playtricks import APPENDIX3, HCP_OF, procedure_value, table_value
from openbid.systems.rules.model import Rules
from openbid.bridge.shape import all_shapes, shape_text
from openbid.studies.paper.part_one_data import APPENDIX6, LEMMAS, WITHIN_SECTION
from openbid.checks.claims import ClaimSolver
from openbid.readers.symbolic import SymbolicHand
from openbid.checks.verdicts import DEFAULT_RLIMIT, Status, Verdict, check, new_solver


@dataclass
class ClaimCheck:
    id: str
    kind: str  # lemma / within-section
    claim: str  # "premise => conclusion"
    verdict: Verdict | str  # a Verdict; "judgement" for a bridge opinion (nothing to check)
    witness: str | None = None
    in_context: str | None = None  # the verdict where the paper uses it (premise and context)
    context_witness: str | None = None
    quote: str = ""
    used_in: tuple[str, ...] = ()
    note: str = ""
    transcriber_expected: bool | None = None


@dataclass
class CellCheck:
    holding: str
    length: int
    table: int
    procedure: int
    fixed: int

    @property
    def differs(self) -> bool:
        return self.table != self.procedure


@dataclass
class ShapeCheck:
    shape: str
    printed_min: int
    printed_max: int
    min: int  # over all hands of the shape
    max_hcp15: int  # over hands with HCP <= 15 (the table's assumption)
    max_all: int  # over all hands of the shape
    min_witness: str
    max_witness: str
    footnote_max: int  # what the footnote predicts for HCP >= 16
    proved: bool  # Z3 proved the bounds on the real TOTALPTS

    @property
    def agrees(self) -> bool:
        return (self.printed_min, self.printed_max) == (self.min, self.max_hcp15)

    @property
    def footnote_agrees(self) -> bool:
        return self.max_all == self.footnote_max


@dataclass
class Lemmas:
    claims: list[ClaimCheck] = field(default_factory=list)
    appendix3: list[CellCheck] = field(default_factory=list)
    appendix6: list[ShapeCheck] = field(default_factory=list)


def _claim(cs: ClaimSolver, premise: str, conclusion: str) -> tuple[str, str | None]:
    """``premise => conclusion``; a conclusion of ``false`` claims the premise is impossible."""
    p = parse(premise)
    c = None if conclusion.strip() == "false" else parse(conclusion)
    v, w, _ = cs.claim([p], c)
    return v, w.to_pbn() if w else None


def check_claims(rules: Rules, rlimit: int = DEFAULT_RLIMIT) -> list[ClaimCheck]:
    cs = ClaimSolver(rules, rlimit)
    out: list[ClaimCheck] = []
    for lm in LEMMAS:
        v, w = _claim(cs, lm.premise, lm.conclusion)
        cc = ClaimCheck(lm.id, "lemma", f"{lm.premise} => {lm.conclusion}", v, w, quote=lm.quote,
                        used_in=lm.used_in, note=lm.note, transcriber_expected=lm.expected)
        if lm.context and lm.context != "true":
            cc.in_context, cc.context_witness = _claim(cs, f"({lm.premise}) and ({lm.context})",
                                                       lm.conclusion)
        out.append(cc)
    for ws in WITHIN_SECTION:
        if ws.kind != "fact" or ws.premise is None or ws.conclusion is None:
            out.append(ClaimCheck(ws.id, "within-section", "(a judgement of bridge merit)",
                                  "judgement", quote=ws.quote, note=ws.note))
            continue
        v, w = _claim(cs, ws.premise, ws.conclusion)
        out.append(ClaimCheck(ws.id, "within-section", f"{ws.premise} => {ws.conclusion}", v, w,
                              quote=ws.quote, note=ws.note, transcriber_expected=ws.expected))
    return out


def check_appendix3() -> list[CellCheck]:
    """Every printed cell of Appendix 3 against the PLAYINGTRICKS procedure."""
    out = []
    for name, row in APPENDIX3.items():
        ace, king = "A" in name, "K" in name
        pts = sum(HCP_OF[c] for c in name)
        for length, value in enumerate(row):
            if value is None:
                continue
            out.append(CellCheck(name or "-", length, value, procedure_value(pts, ace, king, length),
                                 table_value(name, length, fixed=True)))
    return out


# ---- Appendix 6 --------------------------------------------------------------------------
def _derive_shape(shape: tuple[int, int, int, int]):
    """TOTALPTS - HCP over every choice of top honours (A K Q J) per suit, from Appendix 2's
    definitions (independently of openbid.systems.descriptors): (min, max with HCP<=15, max, and the
    honour choices attaining them)."""
    masks = range(16)  # bits: A=8 K=4 Q=2 J=1
    per = []
    for n in shape:
        rows = []
        for m in masks:
            a, k, q, j = bool(m & 8), bool(m & 4), bool(m & 2), bool(m & 1)
            if not n - 9 <= a + k + q + j <= n:  # only T and 8 spot cards besides A K Q J
                continue
            adj = 0
            if a and n == 1:
                adj += 1  # singleton ace +1
            if k and n == 1:
                adj -= 2
            if q and n == 1:
                adj -= 2
            if q and n == 2:
                adj -= 1
            if j and n <= 2:
                adj -= 1
            rows.append((m, adj, int(a), 4 * a + 3 * k + 2 * q + j))
        per.append(rows)
    distp = sum(3 - n for n in shape if n < 3)
    length_bonus = sum(2 * (n - 5) + 1 for n in shape if n >= 5)
    # Every combination of one row per suit at once: a grid with one axis per suit, in the
    # order itertools.product would visit it, so argmin/argmax pick the first optimum.
    cols = [np.array(rows, dtype=np.int64) for rows in per]
    axes = [c.reshape([-1 if a == i else 1 for a in range(4)] + [4]) for i, c in enumerate(cols)]

    def grid(f: int) -> np.ndarray:  # row field f summed over the four suits (one axis each)
        return axes[0][..., f] + axes[1][..., f] + axes[2][..., f] + axes[3][..., f]

    adj_grid, aces, hcp_grid = (grid(f) for f in (1, 2, 3))
    delta = (1 - int(distp == 0) - (aces == 0) + (aces == 4) + length_bonus + adj_grid).ravel()
    hcp = np.broadcast_to(hcp_grid, adj_grid.shape).ravel()
    low = np.iinfo(np.int64).min
    picks = {"min": int(np.argmin(delta)), "max": int(np.argmax(delta))}
    best: dict[str, int | None] = {"min": int(delta[picks["min"]]), "max": int(delta[picks["max"]]),
                                   "max15": None}
    if (hcp <= 15).any():
        picks["max15"] = int(np.argmax(np.where(hcp <= 15, delta, low)))
        best["max15"] = int(delta[picks["max15"]])
    shape_of = [len(c) for c in cols]
    arg = {key: tuple(int(cols[i][j][0]) for i, j in enumerate(np.unravel_index(flat, shape_of)))
           for key, flat in picks.items()}
    return best, arg


def check_appendix6(rules: Rules, rlimit: int = DEFAULT_RLIMIT) -> list[ShapeCheck]:
    sym = SymbolicHand(rules)
    # exact terms over a denominator each (a rule file may count HCP in fractions: bumwrap)
    d = sym.exact(parse("TOTALPTS - HCP", want="num"))
    h = sym.exact(parse("HCP", want="num"))

    class _Scaled:  # comparisons of a ZNum with whole numbers, as Z3 terms
        def __init__(self, z) -> None:
            self.t, self.n = z.term, z.den

        def __lt__(self, k):
            return self.t < k * self.n

        def __gt__(self, k):
            return self.t > k * self.n

        def __le__(self, k):
            return self.t <= k * self.n

        def __eq__(self, k):  # type: ignore[override]
            return self.t == k * self.n

    delta, hcp = _Scaled(d), _Scaled(h)
    solver = new_solver(rlimit)
    solver.add(sym.domain)
    out = []
    for shape in all_shapes():
        text = shape_text(shape)
        best, arg = _derive_shape(shape)
        is_shape = sym.cond(parse(f'SHAPE = "{text}"'))
        proved = True
        # The derived bounds hold for the real TOTALPTS (nothing below the min / above the max:
        # one query, unsat only if every bound holds) ...
        beyond = z3.Or(delta < best["min"], z3.And(hcp <= 15, delta > best["max15"]), delta > best["max"])
        proved &= check(solver, is_shape, beyond).status is Status.UNSAT
        # ... and are attained.
        wit = {}
        for key, cond in (("min", delta == best["min"]), ("max", z3.And(hcp <= 15, delta == best["max15"]))):
            r = check(solver, is_shape, cond)
            proved &= r.status is Status.SAT
            wit[key] = sym.witness(r.model).to_pbn() if r.status is Status.SAT else ""
        pmin, pmax = APPENDIX6[text]
        footnote = pmax + (1 if min(shape) > 0 else 0)
        out.append(ShapeCheck(text, pmin, pmax, best["min"], best["max15"], best["max"],
                              wit["min"], wit["max"], footnote, proved))
    return out


def check_lemmas(rules: Rules, rlimit: int = DEFAULT_RLIMIT) -> Lemmas:
    return Lemmas(check_claims(rules, rlimit), check_appendix3(), check_appendix6(rules, rlimit))

