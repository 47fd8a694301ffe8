"""Shared Hypothesis strategies and settings.

``hands()``        concrete random 13-card hands (every card named), uniformly over the deck.
``hand_classes()`` hands where some spot cards are written ``x`` (a class of concrete hands);
                   a class may still name some spots (``K9xx``) or none (``Kxxx``).
``hand_cards()``   the Appendix 5 card numbers of a concrete hand, for openbid.model.algol.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from openbid.model.algol import cards_from_suits
from openbid.model.hand import HONOURS, Hand, Holding

# The solver and the rule compiler are slow on first use: no deadline anywhere.
settings.register_profile(
    "openbid", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("openbid")

RANKS = "AKQJT98765432"
DECK = tuple((suit, rank) for suit in range(4) for rank in RANKS)  # suit 0 = S ... 3 = C


def _hand_from_cards(cards) -> Hand:
    suits = ["", "", "", ""]
    for suit, rank in sorted(cards, key=lambda c: (c[0], RANKS.index(c[1]))):
        suits[suit] += rank
    return Hand.from_suits(*suits)


@st.composite
def hands(draw) -> Hand:
    """A concrete hand: 13 distinct cards drawn from the 52."""
    idx = draw(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True))
    return _hand_from_cards(DECK[i] for i in idx)


@st.composite
def hand_classes(draw) -> Hand:
    """A hand with ``x`` spots: a concrete hand with some of its spot cards forgotten.

    ``all_x=True`` in a draw turns every spot into ``x`` (the form OPENBID sees); otherwise a
    random subset of the spot cards is forgotten, so mixed holdings such as ``K9xx`` occur.
    """
    hand = draw(hands())
    if draw(st.booleans()):
        return hand.to_class()
    out = []
    for h in hand.holdings:
        spots = [r for r in h.ranks if r not in HONOURS]
        forget = draw(st.lists(st.sampled_from(spots), unique=True)) if spots else []
        kept = "".join(r for r in h.ranks if r not in forget)
        out.append(Holding(kept, len(forget)))
    return Hand(*out)


def hand_cards(hand: Hand) -> list[int]:
    """Appendix 5 card numbers of a concrete hand (a class is first made concrete)."""
    h = hand if hand.concrete else hand.lowest()
    return cards_from_suits(*(x.ranks for x in h.holdings))


# ---- the proof run and its report (tests/test_report.py, tests/test_browser.py) -----------------
def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/golden/report.md and report.json from this run")


# Run in a fresh interpreter by the fixture ``code_run``, so that nothing a test did before
# can reach it. prove_all itself runs every part in its own forked process, which collects and
# freezes the heap it inherited before its Z3 work: the witness hands are a function of the rules
# alone (tests/test_report.py compares them with the golden files).
_PROVE_SCRIPT = """
import pickle
import sys

from openbid.model.variants import load_variant
from openbid.verify.prove import prove_all

run = prove_all(load_variant("code"))
with open(sys.argv[1], "wb") as fh:
    pickle.dump(run, fh)
"""


@pytest.fixture(scope="session")
def code_run(tmp_path_factory):
    """``openbid prove`` for the code rules, all parts (about 30-60 s; computed once per
    session, in a fresh interpreter: see ``_PROVE_SCRIPT``)."""
    import os
    import pickle
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    out = tmp_path_factory.mktemp("run") / "run.pickle"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(root)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    r = subprocess.run([sys.executable, "-c", _PROVE_SCRIPT, str(out)], cwd=root, env=env,
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, f"prove_all failed:\n{r.stderr[-3000:]}"
    with open(out, "rb") as fh:
        return pickle.load(fh)


@pytest.fixture(scope="session")
def report_dir(code_run, tmp_path_factory):
    """The report of :func:`code_run`, written once: a directory with index.html, report.md and
    report.json."""
    from openbid.report.report import write_report

    directory = tmp_path_factory.mktemp("report")
    write_report(code_run, directory)
    return directory
