"""Differential tests: every figure of ``prove --rules``, ``count --by``, ``find --count`` and
``diff`` on random rule files equals the reference model's (tests/reference), and every witness
does what it witnesses. A fast profile by default, a long one under ``-m slow``; the failing
examples found so far are pinned with ``@example`` (each failed before the fix named)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from reference.check import check_count, check_diff, check_find, check_prove
from reference.count import count
from reference.gen import claims_files, conditions, outcome_atoms, rule_files

FAST = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LONG = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

GOTOBLOCK = """\
name gotoblock
section 1 "x"
  goto 3 when HCP >= 15
  bid 1a when HCP >= 12 value 1C
  bid 1b when HCP >= 16 value 2C
section 2 "y"
  bid 2 when HCP >= 10 value 1D
section 3 "z"
  bid 3 when HCP >= 15 value 1NT
"""

GOTOIF = """\
name gotoif
section 1 "x"
  if LONGEST >= 5
    goto 3 when SUITLENGTH(D) = LONGEST
    bid 1a when SUITLENGTH(C) >= 5 value 1C
  bid 1b when SUITLENGTH(C) >= 5 value 2C
section 2 "y"
  bid 2 when HCP >= 10 value 1D
section 3 "z"
  bid 3 when HCP >= 15 value 1NT
"""

# Found by these tests. A gap in the section numbers: the Z3 and numpy readers sent a failed
# guard (and an empty section) to section 2, which does not exist, so 3a looked dead.
GAP = """\
name gap
section 1 "x" when HCP >= 12
  bid 1a when SUITLENGTH(S) >= 5 value 1S
section 3 "y"
  bid 3a when HCP >= 6 value 1C
"""

# A file ending before section 13: the readers looked for the pass at 14, so a tentative bid
# (resume) never stood, and the pass was never reached.
TENTATIVE = """\
name tentative
section 1 "x"
  bid 1a when HCP >= 10 value 1C resume 2 when HCP <= 11
section 2 "y"
  bid 2a when SUITLENGTH(S) >= 6 value 2S
"""

# Two tentative bids in a row (found by the long profile): the second replaces the first, as
# the executor runs it, but the Z3 formulas let the first stand too, so Z3 proposed a hand for
# 1a that the executor bids at 2a, and prove refused the file (exit 2).
TWO_TENTATIVE = """\
name gen
section 1 "s1" else goto 2
  bid 1a when HCP = 0 value PASS resume 2 when HCP = 0
section 2 "s2" else goto 14
  bid 2a when HCP = 0 value PASS resume 14 when HCP = 0
"""

# A bid point in a section control never reaches: 'no bid point 2a' (exit 2) instead of dead.
UNREACHED = """\
name unreached
section 1 "x"
  goto 3 when true
section 2 "y"
  bid 2a when HCP >= 10 value 1C
section 3 "z"
  bid 3a when HCP >= 12 value 1D
"""

CLAIMS = """\
claim c0
  source: generated
  quote: generated
  every: HCP >= 12
  has: bid != "PASS"
"""

# The same calls made at other bid points: 'diff --by bid' said "differ", exit 1.
# Two files alike but where section 1 jumps (found by the long profile): the proof section by
# section read each section as a file of its own, where a jump to 7 and one to 9 both end at the
# pass (Z3 "proved" them equivalent), and a jump past 14 found no section at all (a crash).
JUMPS = ("""\
name a
section 1 "s1"
  goto 7 when HCP >= 10
section 7 "s7"
  bid 7a when true value 1C
section 9 "s9"
  bid 9a when true value 1D
""", """\
name b
section 1 "s1"
  goto 9 when HCP >= 10
section 7 "s7"
  bid 7a when true value 1C
section 9 "s9"
  bid 9a when true value 1D
""")
FAR_JUMP = ("""\
name a
section 1 "s1"
  bid 1a when HCP >= 10 value 1D resume 28 when HCP >= 12
section 28 "s28"
  bid 28a when HCP >= 14 value 1S
""", """\
name b
section 1 "s1"
  bid 1a when HCP >= 10 value 1D resume 28 when HCP >= 13
section 28 "s28"
  bid 28a when HCP >= 14 value 1S
""")

SAME_CALLS = ("""\
name a
section 1 "x"
  bid 1a when HCP >= 12 value 1C
  bid 1b when HCP >= 10 value 1D
""", """\
name b
section 1 "x"
  bid 1c when HCP >= 12 value 1C
section 2 "y"
  bid 2a when HCP >= 10 value 1D
""")


@pytest.mark.parametrize("text", [GOTOBLOCK, GOTOIF], ids=["gotoblock", "gotoif"])
def test_the_files_of_the_report(text):
    """A goto before a bid point does not change its own condition: 1b is unreachable, not
    impossible; its meets and every overlap are the reference's."""
    ref = check_prove(text)["ref"]
    assert ref.states["1b"] == "unreachable" and ref.meets["1b"] > 0
    assert ref.pairs[("1b", "1a")] > 0
    check_find(text, 'meets("1b")')
    check_find(text, 'meets("1a") and meets("1b")')


@st.composite
def prove_cases(draw, max_sections: int = 4, max_depth: int = 3):
    rf = draw(rule_files(max_sections=max_sections, max_depth=max_depth))
    return rf.text, draw(claims_files(rf))


@FAST
@given(prove_cases())
@example((GAP, CLAIMS))
@example((TENTATIVE, CLAIMS))
@example((UNREACHED, CLAIMS))
@example((TWO_TENTATIVE, CLAIMS))
# (a table of one bid point and few guards: its opening reading counts every pattern of them,
# and the system checks take only those its rows have)
@example(('name gen\nsection 1 "s1" when HCP = 0 else goto 14\n  goto 14 when HCP = 0\n'
          '  goto 14 when LONGEST = 5\n  bid weak when (SUITLENGTH(S) = LONGEST) and '
          '(HCP != 0) value PASS resume 14 when HCP = 10\n',
          'claim c0\n  source: generated\n  quote: generated\n  every: HCP = 5\n'
          '  has: SUITLENGTH(S) = 0\n'))
def test_prove_agrees_with_the_reference(case):
    check_prove(*case)


@st.composite
def given_cases(draw, max_sections: int = 4, max_depth: int = 3):
    rf = draw(rule_files(max_sections=max_sections, max_depth=max_depth))
    return rf.text, draw(claims_files(rf)), draw(conditions())


@FAST
@given(given_cases())
@example((GAP, CLAIMS, "HCP <= 11"))  # the claim's premise, HCP >= 12, is vacuous here
@example((GOTOBLOCK, CLAIMS, "HCP >= 38"))  # selects no hand: refused
@example((TENTATIVE, CLAIMS, "SUITLENGTH(S) >= 6 and HCP >= 10"))
def test_prove_under_a_precondition_agrees_with_the_reference(case):
    """``prove --where COND``: every count, state, verdict and witness ranges over exactly the
    hands meeting COND, as the reference counts them; a COND no hand meets is refused."""
    check_prove(*case)


@st.composite
def count_cases(draw, max_sections: int = 4):
    rf = draw(rule_files(max_sections=max_sections))
    where = draw(st.one_of(st.none(), conditions(extra=outcome_atoms(rf))))
    return rf.text, where, draw(conditions(extra=outcome_atoms(rf)))


@FAST
@given(count_cases())
@example((GAP, 'bid = "1C"', 'meets("3a") and section = "14"'))
@example((TENTATIVE, None, 'section = "1a"'))
def test_count_and_find_agree_with_the_reference(case):
    text, where, expr = case
    check_count(text, where)
    check_find(text, expr)


@FAST
@given(rule_files(max_sections=3).map(lambda r: r.text),
       rule_files(max_sections=3).map(lambda r: r.text), st.sampled_from(["bid", "bid-section"]))
@example(*SAME_CALLS, "bid")
@example(*SAME_CALLS, "bid-section")
@example(GAP, TENTATIVE, "bid")
@example(*JUMPS, "bid")
@example(*FAR_JUMP, "bid-section")
@example(FAR_JUMP[0], FAR_JUMP[0], "bid")
def test_diff_agrees_with_the_reference(a, b, by):
    check_diff(a, b, by)


@FAST
@given(rule_files(max_sections=3).map(lambda r: r.text),
       rule_files(max_sections=3).map(lambda r: r.text), st.sampled_from(["bid", "bid-section"]),
       conditions())
@example(*SAME_CALLS, "bid", "HCP >= 12")  # the hands that bid 1C alike: equivalent there
@example(GAP, TENTATIVE, "bid", "HCP >= 38")  # selects no hand: refused
def test_diff_under_a_precondition_agrees_with_the_reference(a, b, by, where):
    check_diff(a, b, by, where)


@pytest.mark.slow
@LONG
@given(prove_cases(max_sections=6, max_depth=4))
def test_prove_agrees_with_the_reference_long(case):
    check_prove(*case)


@pytest.mark.slow
@LONG
@given(count_cases(max_sections=5), rule_files(max_sections=5).map(lambda r: r.text),
       st.sampled_from(["bid", "bid-section"]))
def test_count_find_diff_agree_with_the_reference_long(case, other, by):
    text, where, expr = case
    check_count(text, where)
    check_find(text, expr)
    check_diff(text, other, by)


def test_the_reference_counts_every_hand_once():
    from openbid.systems.rules.text import loads

    c = count(loads(GOTOBLOCK))
    assert sum(c.bids.values()) == 635_013_559_600


# ---- large files: more bid points than one 64-bit word (the overlap matrix, the census's keys) --
def test_a_file_of_70_points_counts_as_the_reference():
    """count --by bid-section on 70 bid points: the census numbered its (bid point, call) keys
    modulo 64 points and gave hands to the wrong points."""
    from reference.big import points_file

    from openbid.systems.rules.text import loads

    big = points_file(70)
    labels = loads(big).labels
    check_count(big)
    check_find(big, f'meets("{labels[64]}") or section = "{labels[68]}"')
    check_diff(big, points_file(70, seed=1), "bid-section")


@pytest.mark.slow
@pytest.mark.parametrize("n", [70, 300])
def test_prove_of_a_large_file_agrees_with_the_reference(n):
    """Every figure of prove --rules, the whole overlap matrix of n bid points included."""
    from reference.big import points_file

    ref = check_prove(points_file(n))["ref"]
    assert len(ref.labels) == n and sum(1 for v in ref.pairs.values() if v) > 62


@FAST
@given(given_cases(max_sections=3))
@example((GOTOBLOCK, CLAIMS, "HCP <= 14"))  # 3 is reached only by hands with 15+
def test_reachability_and_pairs_under_a_precondition_agree_with_the_reference(case):
    """The paper parts' Z3 deciders under a precondition: a bid point is reachable, a pair of
    bid points overlaps, exactly when the reference counts hands meeting it that do so; every
    witness meets the precondition."""
    from openbid.systems.rules.text import loads
    from openbid.bridge.hand import Hand
    from openbid.studies.paper.overlap import decide_pairs
    from openbid.studies.paper.reachability import reachability
    from openbid.checks.verdicts import Status, Verdict

    from reference.interp import Facts, Hand1

    text, _, where = case
    rules = loads(text)
    given = rules.parse(where)
    ref = count(rules, given=given)
    for p in reachability(rules, given=given):
        if p.label == rules.pass_label:
            continue
        assert (p.status is Status.SAT) == (ref.bids[p.label] > 0), (p.label, p.status)
        if p.witness is not None:
            assert Hand1(rules, Facts.of(p.witness)).truth(given, {})
    for pr in decide_pairs(rules, given=given).pairs:
        assert (pr.verdict is Verdict.FAILED) == (ref.pairs[(pr.n, pr.m)] > 0), (pr.n, pr.m)
        if pr.witness:
            assert Hand1(rules, Facts.of(Hand.parse(pr.witness))).truth(given, {})
