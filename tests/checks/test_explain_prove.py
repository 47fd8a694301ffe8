"""Z3's proof of the own-calls ranges (openbid.checks.explain._prove): one query for every bound
of a player when they all hold; otherwise each bound asked on its own, so that a range Z3 cannot
decide is labelled as such and a range the census got wrong is a Disagreement naming it."""

from __future__ import annotations

import copy

import pytest

from openbid.checks import explain as E
from openbid.checks import table as T
from openbid.checks.search import Disagreement
from openbid.systems.auction import system_of
from openbid.systems.variants import resolve

RULES = "openbid/systems/examples/small.rules"


@pytest.fixture(scope="module")
def responder():
    """The census's view of the responder to 1NT who bids Stayman (small.rules), proved."""
    from pathlib import Path

    system = system_of(resolve(None, str(Path(__file__).resolve().parents[2] / RULES)))
    a = T.checked_auction(system, "1NT P 2C")
    given = T.history(system, a, 2)
    exprs = E.descriptors(system.rules)
    shows = E.shows(system.rules, given, exprs, {"SEAT": 3})
    return system, given, exprs, shows


def test_every_bound_is_proved(responder) -> None:
    _, _, _, shows = responder
    assert [s.proved for s in shows.shown] == ["z3"] * len(shows.shown)
    hcp = shows.shown[0]
    assert (hcp.name, hcp.lo) == ("HCP", 8)


def test_a_range_the_census_got_wrong_is_a_disagreement_naming_it(responder) -> None:
    system, given, exprs, shows = responder
    shown = copy.deepcopy(shows.shown)
    shown[3].hi = shown[3].hi - 1  # a hand above this maximum exists
    with pytest.raises(Disagreement, match=shown[3].name.replace("(", r"\(").replace(")", r"\)")):
        E._prove(system.rules, given, [e for _, e in exprs], shown, {"SEAT": 3},
                 E.DEFAULT_RLIMIT)


def test_a_budget_too_small_labels_each_bound_unproved(responder) -> None:
    system, given, exprs, shows = responder
    shown = copy.deepcopy(shows.shown)
    for s in shown:
        s.proved = ""
    E._prove(system.rules, given, [e for _, e in exprs], shown, {"SEAT": 3}, 1)
    assert all(s.proved.startswith("census only (Z3: ") for s in shown), \
        [s.proved for s in shown]


VUL_RULES = """\
name vul
define OVERBID = if VUL and not THEYVUL then 2 else if THEYVUL and not VUL then 4 else 3
section 1 "open" when HCP >= 12
  bid one when true value 1C
section 2 "preempt" when SUITLENGTH(S) >= OVERBID + 3
  bid three when true value 3S

auction "1C" else pass
  section 1 "overcall" when (VUL and HCP >= 9) or (not VUL and HCP >= 7)
    bid spades when SUITLENGTH(S) >= 5 value 1S
"""


@pytest.mark.parametrize("auction", ["P 3S", "1C 1S"])
def test_contexts_that_fold_alike_share_one_census_pass(tmp_path, monkeypatch, auction) -> None:
    """The preempt reads the vulnerability through OVERBID, which is 3 both when neither and
    when both sides are vulnerable: those two contexts fold alike and one pass answers both
    (counts, ends, hands the same as reading each); the overcall folds differently in each
    vulnerability of its side, and each reads its own pass."""
    path = tmp_path / "vul.rules"
    path.write_text(VUL_RULES)
    system = system_of(resolve(None, str(path)))
    a = T.checked_auction(system, auction)
    histories = [T.history(system, a, s) for s in range(len(a))]
    exprs = E.descriptors(system.rules)
    calls = []
    real = E.histograms_many

    def counting(*args, **kwargs):
        calls.append(args[4])
        return real(*args, **kwargs)

    monkeypatch.setattr(E, "histograms_many", counting)
    fixeds = [{"SEAT": s + 1} for s in range(len(a))]
    shared = E.shows_many(system.rules, histories, exprs, fixeds)
    n_shared = len(calls)
    monkeypatch.setattr(E, "_folded", lambda *args: None)  # every pass read
    every = E.shows_many(system.rules, histories, exprs, fixeds)
    assert shared == every
    assert (n_shared, len(calls) - n_shared) == ((3, 4) if auction == "P 3S" else (3, 3))
