"""The expression language (docs/expressions.md): parse, unparse, types, errors with positions.

Random trees are built from openbid.expr.ast over the names of openbid.expr.names and must
survive unparse -> parse unchanged.  Expected trees below are written from the grammar.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from strategies import hands
from hypothesis import example, given, settings
from hypothesis import strategies as st

from openbid.base.errors import ExprError, OpenbidError
from openbid.systems.evaluate import value
from openbid.expr import parse, unparse
from openbid.expr.ast import (And, Arith, Call, Compare, Const, Ite, Name, Neg, Not, Or,
                                    Quant, expand_quantifiers, substitute)
from openbid.expr.names import KEYWORDS, SIGNATURES, SUIT_CONSTANTS
from openbid.bridge.hand import Hand
from openbid.systems.variants import load_variant

C, D, H, S = 1, 2, 3, 4
CODE = load_variant("code")


def n(x: str) -> Name:
    return Name(x)


def cmp(op, a, b) -> Compare:
    return Compare(op, a, b)


# ---- real expressions -----------------------------------------------------------------------
REAL = [
    # from openbid/systems/data/code.rules and the synopsis (pp. 4-7)
    "TOTALPTS <= 6",
    "PLAYTRICKS >= 12 and ACES = 4",
    "(PLAYTRICKS - 6) * 10 + 5 >= 65",
    "(HCP >= 23 or (HCP >= 22 and TOTALPTS >= 25) or TOTALPTS >= 26) and PLAYTRICKS >= 9",
    "HCP >= 15 and HCP <= 18 and EVENDIST and STOP = 4",
    "not (((HCP >= 17 and TOTALPTS >= 19) or (SUITLENGTH(H) = 5 and SUITPOINTS(H) >= 5) "
    "or (SUITLENGTH(S) = 5 and SUITPOINTS(S) >= 5)) and not SOLID)",
    "HCP >= 17 or (HCP >= 16 and TOTALPTS >= 20) or TOTALPTS >= 21",
    "SUITLENGTH(C) >= 6 and SUITPOINTS(C) >= 9 and HONORCOUNT(C) >= 4 and HCP <= 14",
    "HCP >= 6 and HCP <= 12 and LONGEST >= 6 and TOTALPTS <= 7 + LONGEST",
    "any(suit in S, H: HONORCOUNT(suit) >= 9 - SUITLENGTH(suit) and SUITLENGTH(suit) >= 6)",
    "any(suit in S, H, D: SUITLENGTH(suit) = LONGEST and SLIDEPOINTS(suit, 18, 2) "
    "and (VOIDFLAG or LONGEST >= 8 or OUTSIDEACE(suit)))",
    "[(HCP >= 11 and (TOTALPTS >= 13 or FOUR441)) or (HCP >= 10 and VOIDFLAG) "
    "or (HCP >= 12 and DISTP != 0)] and TOTALPTS >= 11",
    "SLIDEPOINTS(D, 34, 8) and (SUITLENGTH(H) <= 2 or (SUITLENGTH(S) <= 3 and SUITLENGTH(H) <= 3))",
    "not (HCP <= 12 and TOTALPTS <= 12 and SUITPOINTS(H) <= 3)",
    "any(s1 in SHD: SUITLENGTH(s1) = LONGEST and LONGEST = 5 and SUITPOINTS(s1) = 0 "
    "and any(s2 in SHD: SUITLENGTH(s2) = 4 and SUITPOINTS(s2) >= 4))",
    "SUITLENGTH(C) >= 5 and HCP >= 13 and SUITPOINTS(C) >= 5 - HONORCOUNT(C)",
    "SUITLENGTH(S) = 4 and SUITPOINTS(S) = SP(1)",
    # from docs/expressions.md
    "HCP >= 17 or (HCP >= 16 and TOTALPTS >= 20)",
    'SHAPE = "4441" and any(s in SUITS: SUITLENGTH(s) = 1 and ACE(s))',
    'meets("10") and TOTALPTS <= 6',
    "count(s in SUITS: SUITLENGTH(s) = LONGEST) >= 2",
    # outcomes, unicode operators, exact arithmetic
    'bid = "1S" and section != "12a" and bidval >= 14',
    "HCP ≥ 12 and DISTP ≠ 0 and TOTALPTS ≤ 7 × 2",
    "HCP / 2 >= 0.5 * TOTALPTS - 1.25",
    "all(s in MAJORS: SAFE(s)) and any(s in MINORS: NOTR(s)) or not CANBEREBID(S)",
    "-HCP < -(TOTALPTS - 3) and 6 <= HCP <= 12",
    "KINGS + ACES * 2 > SUMP - XTRP + SUB and PT(S) + PT(H) >= 2",
    "QUEEN(H) = JACK(H) and TEN(C) != KING(C) and MAJOR(S) and MINOR(C)",
]


@pytest.mark.parametrize("text", REAL)
def test_real_expressions_round_trip(text: str) -> None:
    e = parse(text)
    again = parse(unparse(e))
    assert again == e
    assert unparse(again) == unparse(e)  # unparse is a fixed point after one pass


# ---- random trees ---------------------------------------------------------------------------
ALL_SIGS = [sig for sigs in SIGNATURES.values() for sig in sigs]
SUIT_ARGS = sorted({s.name for s in ALL_SIGS if s.args == ("suit",)})
NUM_NAMES = sorted({s.name for s in ALL_SIGS if not s.args and s.result == "num"})
BOOL_NAMES = sorted({s.name for s in ALL_SIGS if not s.args and s.result == "bool"})
STR_NAMES = sorted({s.name for s in ALL_SIGS if not s.args and s.result == "str"})
NUM_SUIT_FNS = sorted({s.name for s in ALL_SIGS if s.args == ("suit",) and s.result == "num"})
BOOL_SUIT_FNS = sorted({s.name for s in ALL_SIGS if s.args == ("suit",) and s.result == "bool"})
VARS = ["s", "t", "suit", "x1"]
OPS = ["=", "!=", "<", "<=", ">", ">="]


def test_the_generator_covers_every_name() -> None:
    covered = set(NUM_NAMES + BOOL_NAMES + STR_NAMES + SUIT_ARGS) | {"SP", "SLIDEPOINTS", "meets",
                                                                    "PAVROUND", "chose"}
    assert covered == set(SIGNATURES)
    assert not set(VARS) & (set(SIGNATURES) | KEYWORDS | set(SUIT_CONSTANTS))


def _suits(scope: tuple[str, ...]):
    return st.sampled_from([*SUIT_CONSTANTS, *scope]).map(Name)


def _num_leaf(scope):
    return st.one_of(
        st.integers(0, 40).map(Const),
        st.sampled_from([Fraction(1, 2), Fraction(5, 4), Fraction(3, 8), Fraction(1, 3),
                         Fraction(7, 6)]).map(Const),
        st.sampled_from(NUM_NAMES).map(Name),
        st.integers(1, 4).map(lambda i: Call("SP", (Const(i),))),
        st.builds(lambda f, s: Call(f, (s,)), st.sampled_from(NUM_SUIT_FNS), _suits(scope)),
    )


def _bool_leaf(scope):
    return st.one_of(
        st.booleans().map(Const),
        st.sampled_from(BOOL_NAMES).map(Name),
        st.builds(lambda f, s: Call(f, (s,)), st.sampled_from(BOOL_SUIT_FNS), _suits(scope)),
        st.builds(lambda name, text, op: Compare(op, Name(name), Const(text)),
                  st.sampled_from([n for n in STR_NAMES if n != "bid"]),
                  st.sampled_from(["4432", "1S", "12a", "PASS"]), st.sampled_from(["=", "!="])),
        # a string compared with bid must be a bid (the parser checks it)
        st.builds(lambda text, op: Compare(op, Name("bid"), Const(text)),
                  st.sampled_from(["1S", "PASS", "7NT", "2D"]), st.sampled_from(["=", "!="])),
        st.sampled_from(["1", "10", "12g", "8"]).map(lambda lb: Call("meets", (Const(lb),))),
        st.builds(lambda a, c: Call("chose", (Const(a), Const(c))),
                  st.sampled_from(["", "PASS", "1NT PASS"]), st.sampled_from(["1S", "PASS", "2C"])),
    )


def _folds(a, b) -> bool:
    """``1 / 2`` between two literals is read as the exact constant 1/2 (by design)."""
    return isinstance(a, Const) and isinstance(b, Const)


@st.composite
def nums(draw, scope: tuple[str, ...] = (), depth: int = 3):
    if depth <= 0 or draw(st.integers(0, 2)) == 0:
        return draw(_num_leaf(scope))
    kind = draw(st.sampled_from(["neg", "arith", "count", "slide", "sum", "ite", "builtin"]))
    if kind == "sum":
        var = draw(st.sampled_from(VARS))
        suits = tuple(draw(st.lists(st.sampled_from([S, H, D, C]), min_size=1, max_size=4,
                                    unique=True)))
        return Quant("sum", var, suits, draw(nums(scope + (var,), depth - 1)))
    if kind == "ite":
        return Ite(draw(bools(scope, depth - 1)), draw(nums(scope, depth - 1)),
                   draw(nums(scope, depth - 1)))
    if kind == "builtin":
        fn = draw(st.sampled_from(["max", "min", "floor", "largest"]))
        if fn == "floor":
            return Call("floor", (draw(nums(scope, depth - 1)),))
        args = tuple(draw(st.lists(nums(scope, depth - 1), min_size=1, max_size=4)))
        if fn == "largest":
            return Call("largest", (Const(draw(st.integers(1, len(args)))),) + args)
        return Call(fn, args)
    if kind == "neg":
        inner = draw(nums(scope, depth - 1))
        if isinstance(inner, Const):  # "-2" is read as the constant -2 (by design)
            return Const(-inner.value)
        return Neg(inner)
    if kind == "arith":
        op = draw(st.sampled_from(["+", "-", "*", "/"]))
        a, b = draw(nums(scope, depth - 1)), draw(nums(scope, depth - 1))
        if op == "/":
            # The language divides only by a non-zero constant (x / 0 has no value); and
            # "1 / 2" between two literals is read as the exact constant 1/2.
            b = Const(draw(st.sampled_from([2, 3, 4, Fraction(1, 2), Fraction(5, 4)])))
            if _folds(a, b):
                op = "*"
        return Arith(op, a, b)
    if kind == "count":
        var = draw(st.sampled_from(VARS))
        suits = tuple(draw(st.lists(st.sampled_from([S, H, D, C]), min_size=1, max_size=4,
                                    unique=True)))
        return Quant("count", var, suits, draw(bools(scope + (var,), depth - 1)))
    return draw(_num_leaf(scope))


@st.composite
def bools(draw, scope: tuple[str, ...] = (), depth: int = 3):
    if depth <= 0 or draw(st.integers(0, 2)) == 0:
        return draw(_bool_leaf(scope))
    kind = draw(st.sampled_from(["cmp", "boolcmp", "and", "or", "not", "quant", "slide", "ite"]))
    if kind == "ite":
        return Ite(draw(bools(scope, depth - 1)), draw(bools(scope, depth - 1)),
                   draw(bools(scope, depth - 1)))
    if kind == "cmp":
        return Compare(draw(st.sampled_from(OPS)), draw(nums(scope, depth - 1)),
                       draw(nums(scope, depth - 1)))
    if kind == "boolcmp":
        return Compare(draw(st.sampled_from(["=", "!="])), draw(bools(scope, depth - 1)),
                       draw(bools(scope, depth - 1)))
    if kind in ("and", "or"):
        items = tuple(draw(st.lists(bools(scope, depth - 1), min_size=2, max_size=3)))
        return (And if kind == "and" else Or)(items)
    if kind == "not":
        return Not(draw(bools(scope, depth - 1)))
    if kind == "quant":
        var = draw(st.sampled_from(VARS))
        suits = tuple(draw(st.lists(st.sampled_from([S, H, D, C]), min_size=1, max_size=4,
                                    unique=True)))
        return Quant(draw(st.sampled_from(["any", "all"])), var, suits,
                     draw(bools(scope + (var,), depth - 1)))
    return Call("SLIDEPOINTS", (draw(_suits(scope)), draw(nums(scope, depth - 1)),
                                draw(nums(scope, depth - 1))))


@settings(max_examples=200)
@given(bools())
@example(Or((And((Name("VOIDFLAG"), Name("SOLID"))), Not(Or((Name("EVENDIST"), Const(True)))))))
@example(Compare("=", Compare("<", Name("HCP"), Const(3)), Not(Name("SOLID"))))
@example(Compare(">", Arith("-", Name("HCP"), Arith("-", Const(1), Const(-2))),
                 Arith("*", Arith("+", Const(1), Const(2)), Const(Fraction(1, 3)))))
@example(Compare("=", Arith("/", Name("HCP"), Const(Fraction(1, 2))), Const(Fraction(5, 4))))
@example(Quant("any", "s", (S,), Quant("all", "s", (H, D), Call("ACE", (Name("s"),)))))
def test_random_trees_round_trip(e) -> None:
    text = unparse(e)
    assert parse(text) == e, text


@settings(max_examples=100)
@given(nums())
def test_random_numeric_trees_round_trip(e) -> None:
    assert parse(unparse(e), want="num") == e


# ---- precedence, chains, brackets, decimals, quantifiers ------------------------------------
def test_and_binds_tighter_than_or() -> None:
    a, b, c = n("VOIDFLAG"), n("SOLID"), n("EVENDIST")
    assert parse("VOIDFLAG or SOLID and EVENDIST") == Or((a, And((b, c))))
    assert parse("VOIDFLAG and SOLID or EVENDIST") == Or((And((a, b)), c))
    assert parse("(VOIDFLAG or SOLID) and EVENDIST") == And((Or((a, b)), c))
    assert parse("not VOIDFLAG and SOLID") == And((Not(a), b))
    assert parse("not (VOIDFLAG and SOLID)") == Not(And((a, b)))
    assert parse("VOIDFLAG or SOLID or EVENDIST") == Or((a, b, c))  # flat, not nested


def test_arithmetic_precedence_and_associativity() -> None:
    hcp, one, two, three = n("HCP"), Const(1), Const(2), Const(3)
    assert parse("HCP + 1 * 2 > 3") == cmp(">", Arith("+", hcp, Arith("*", one, two)), three)
    assert parse("HCP - 1 - 2 > 3") == cmp(">", Arith("-", Arith("-", hcp, one), two), three)
    assert parse("HCP - (1 - 2) > 3") == cmp(">", Arith("-", hcp, Arith("-", one, two)), three)
    assert parse("-HCP * 2 < 1") == cmp("<", Arith("*", Neg(hcp), two), one)
    assert parse("HCP >= 1 + 2 and TOTALPTS < 3") == And((
        cmp(">=", hcp, Arith("+", one, two)), cmp("<", n("TOTALPTS"), three)))


def test_chained_comparisons() -> None:
    hcp = n("HCP")
    assert parse("6 <= HCP <= 12") == And((cmp("<=", Const(6), hcp), cmp("<=", hcp, Const(12))))
    assert parse("1 < HCP < TOTALPTS <= 20") == And((
        cmp("<", Const(1), hcp), cmp("<", hcp, n("TOTALPTS")), cmp("<=", n("TOTALPTS"), Const(20))))


def test_chained_comparison_means_both() -> None:
    h = Hand.parse("AKQJ.xxx.xxx.xxx")  # HCP 10
    assert value(parse("6 <= HCP <= 12"), h, CODE) is True
    assert value(parse("6 <= HCP <= 9"), h, CODE) is False
    assert value(parse("11 <= HCP <= 12"), h, CODE) is False


def test_square_brackets_are_parentheses() -> None:
    assert parse("[HCP >= 1 or SOLID] and VOIDFLAG") == parse("(HCP >= 1 or SOLID) and VOIDFLAG")


@pytest.mark.parametrize("text,expected", [
    ("0.5", Fraction(1, 2)),
    ("1.25", Fraction(5, 4)),
    ("0.1", Fraction(1, 10)),  # exact, not the float 0.1000000000000000055...
    ("2.0", 2),
    ("1 / 3", Fraction(1, 3)),
    ("2 / 4", Fraction(1, 2)),
    ("17", 17),
])
def test_exact_numbers(text: str, expected) -> None:
    e = parse(text, want="num")
    assert isinstance(e, Const) and e.value == expected
    assert type(e.value) is type(expected)


def test_decimals_are_exact_in_evaluation() -> None:
    h = Hand.parse("AKQJ.xxx.xxx.xxx")  # HCP 10
    assert value(parse("HCP * 0.1 = 1"), h, CODE) is True  # a float would give 1.0000000000000002
    assert value(parse("HCP / 3 > 3.3"), h, CODE) is True  # 10/3 = 3.333...
    assert value(parse("HCP / 3 < 3.34"), h, CODE) is True


def test_quantifiers_parse() -> None:
    e = parse("any(s in S, H: ACE(s))")
    assert e == Quant("any", "s", (S, H), Call("ACE", (n("s"),)))
    assert parse("all(s in SUITS: SAFE(s))") == Quant("all", "s", (S, H, D, C),
                                                        Call("SAFE", (n("s"),)))
    assert parse("count(s in SHD: KING(s)) >= 2") == cmp(
        ">=", Quant("count", "s", (S, H, D), Call("KING", (n("s"),))), Const(2))
    assert parse("any(s in MINORS: NOTR(s))").suits == (D, C)
    assert parse("any(s in MAJORS, C: NOTR(s))").suits == (S, H, C)


@pytest.mark.parametrize("text,expected", [
    # S AKxx (A K), H Axx (A), D KQx (K), C xxx: aces S H; kings S D.
    ("any(s in SUITS: ACE(s) and KING(s))", True),   # spades
    ("any(s in H, D, C: ACE(s) and KING(s))", False),
    ("all(s in S, H: ACE(s))", True),
    ("all(s in SUITS: ACE(s))", False),
    ("count(s in SUITS: ACE(s))", 2),
    ("count(s in SUITS: KING(s))", 2),
    ("count(s in SUITS: SUITLENGTH(s) = 3)", 3),
    ("count(s in SUITS: any(t in SUITS: SUITLENGTH(t) > SUITLENGTH(s)))", 3),
])
def test_quantifiers_evaluate(text: str, expected) -> None:
    h = Hand.parse("AKxx.Axx.KQx.xxx")
    assert value(parse(text, want=None), h, CODE) == expected


# ---- errors: message and position -----------------------------------------------------------
def _err(text: str, **kw) -> ExprError:
    with pytest.raises(ExprError) as info:
        parse(text, **kw)
    return info.value


@pytest.mark.parametrize("text,pos,pattern", [
    # unknown names, with the "did you mean" hint
    ("HCPP >= 3", 0, r"unknown name 'HCPP' \(did you mean HCP\?\)"),
    ("HCP >= 3 and TOTALPOINTS > 2", 13, r"unknown name 'TOTALPOINTS' \(did you mean TOTALPTS\?\)"),
    ("hcp > 3", 0, r"did you mean HCP\?"),
    ("SUITLENGHT(S) = 4", 0, r"unknown function 'SUITLENGHT' \(did you mean SUITLENGTH\?\)"),
    ("HCP > 1 and ZORK", 12, r"unknown name 'ZORK'$"),
    ("ACE(s)", 4, r"unknown name 's'"),  # a suit variable outside its loop
    # type errors
    ("HCP and 3", 0, r"expected a condition here, found a number"),
    ("SOLID and 3", 10, r"expected a condition here, found a number"),
    ("HCP >= 1 or 3", 12, r"expected a condition here, found a number"),
    ("HCP + SOLID > 1", 6, r"expected a number here, found a condition"),
    ("HCP = true", 4, r"cannot compare a number with a condition"),
    ('"4432" < SHAPE', 7, r"cannot compare a string with a string using '<'"),
    ("HCP", 0, r"expected a condition \(true/false\), found a number"),
    ("not HCP", 4, r"expected a condition here, found a number"),
    ("count(s in SUITS: HCP) > 1", 18, r"expected a condition here, found a number"),
    # wrong arity
    ("SUITLENGTH(S, H) = 3", 0, r"SUITLENGTH takes 1 argument\(s\) \(suit\), given 2"),
    ("SLIDEPOINTS(S, 3) ", 0, r"SLIDEPOINTS takes 3 argument\(s\).*given 2"),
    ("SUITLENGTH = 3", 0, r"SUITLENGTH needs 1 argument\(s\): SUITLENGTH\(suit\)"),
    ("HCP > SP", 6, r"SP needs 1 argument"),
    # bad suit arguments
    ("SUITLENGTH(4) = 3", 11, r"SUITLENGTH needs a suit"),
    ("ACE(HCP)", 4, r"ACE needs a suit"),
    ("SUITLENGTH(X) = 3", 11, r"unknown name 'X'"),
    ("any(s in X: ACE(s))", 9, r"expected a suit .* found 'X'"),
    ("any(S in SUITS: ACE(S))", 4, r"'S' cannot be a suit variable"),
    # SP(i) needs i = 1..4
    ("SP(5) > 1", 3, r"SP needs a constant from 1 to 4 here"),
    ("SP(0) > 1", 3, r"SP needs a constant from 1 to 4 here"),
    ("HCP > 1 and SP(2.5) > 1", 15, r"SP needs a constant from 1 to 4 here"),
    # the conditional and the built-in functions
    ("if HCP then 1 else 2", 3, r"expected a condition here, found a number"),
    ("(if SOLID then 1 else VOIDFLAG) > 1", 1, r"branches of 'if' must both be"),
    ("if SOLID then 1 > 0", 19, r"expected 'else', found end of expression"),
    ("largest(3, HCP, DISTP) > 1", 8, r"largest\(i, a, b, ...\) needs a constant i from 1 to 2"),
    ("floor(HCP, 2) > 1", 0, r"floor takes one number"),
    ("max(SOLID, 1) > 1", 4, r"expected a number here, found a condition"),
    ("sum(s in SUITS: ACE(s)) > 1", 16, r"expected a number here, found a condition"),
    # unbalanced brackets and other syntax
    ("(HCP >= 3", 9, r"expected '\)', found end of expression"),
    ("HCP >= 3)", 8, r"unexpected '\)'"),
    ("((HCP >= 3) and SOLID", 21, r"expected '\)'"),
    ("[HCP >= 1)", 9, r"expected '\]', found '\)'"),
    ("HCP >= 3 +", 10, r"unexpected end of expression"),
    ("HCP >> 3", 5, r"unexpected '>'"),
    ("HCP @ 3", 4, r"unexpected character '@'"),
    ("HCP > 1 and and SOLID", 12, r"unexpected keyword 'and'"),
    ("1 / 0 > HCP", 2, r"division by zero"),
    ("", 0, r"empty expression"),
])
def test_errors_point_at_the_token(text: str, pos: int, pattern: str) -> None:
    err = _err(text)
    assert err.pos == pos, str(err)
    assert err.text == text
    first, *rest = str(err).splitlines()
    assert re.search(pattern, first), first
    # the message shows the expression and a caret under the column (nothing to show if empty)
    assert rest == ([f"  {text}", "  " + " " * pos + "^"] if text else [])


@pytest.mark.parametrize("text,pos", [
    ('bid = "1S"', 0),
    ('HCP > 1 and section = "12a"', 12),
    ('meets("10")', 0),
    ("bidval > 3", 0),
    ('HCP > 1 or (SOLID and bid != "PASS")', 22),
])
def test_outcome_names_are_forbidden_in_rules(text: str, pos: int) -> None:
    parse(text)  # allowed in ``openbid find`` and in claims
    err = _err(text, outcome=False)
    assert err.pos == pos
    assert "is an outcome; it cannot be used in a rule" in str(err)


def test_meets_needs_a_quoted_label() -> None:
    err = _err("meets(10)")
    assert err.pos == 6 and 'meets needs a quoted label, e.g. meets("10")' in str(err)


def test_expr_error_is_a_user_error() -> None:
    assert issubclass(ExprError, OpenbidError)


# ---- the Python reader on random hands: quantifiers are their expansions --------------------
@settings(max_examples=40)
@given(hands())
def test_quantifier_equals_its_expansion(h: Hand) -> None:
    for text in ("any(s in SHD: SUITLENGTH(s) = LONGEST and SUITPOINTS(s) >= 4)",
                 "all(s in SUITS: SAFE(s)) = (STOP = 4)",
                 "count(s in SUITS: ACE(s)) = ACES"):
        e = parse(text)
        assert value(e, h, CODE) == value(expand_quantifiers(e), h, CODE)
    # two of the identities are Appendix 2's own definitions: they must hold
    assert value(parse("all(s in SUITS: SAFE(s)) = (STOP = 4)"), h, CODE) is True
    assert value(parse("count(s in SUITS: ACE(s)) = ACES"), h, CODE) is True


# ---- known bugs -----------------------------------------------------------------------------
def test_unparse_of_substituted_tree_parses() -> None:
    e = parse("count(s in SUITS: ACE(s)) >= 2 and SUITLENGTH(S) > 2")
    for tree in (substitute(parse("any(s in S: SUITLENGTH(s) = 4)").body, "s", S),
                 expand_quantifiers(e)):
        again = parse(unparse(tree), want=None)
        h = Hand.parse("AKxx.Axx.KQx.xxx")
        assert value(again, h, CODE) == value(tree, h, CODE)


@pytest.mark.parametrize("text,expected", [
    # S AKxx (7), H Axx (4), D KQx (5), C xxx (0): HCP 16
    ("sum(s in SUITS: SUITPOINTS(s))", 16),
    ("sum(s in MAJORS: SUITLENGTH(s) * 2)", 14),
    ("if HCP >= 16 then 1 else 0", 1),
    ("(if HCP > 20 then 1 else 0) + 1", 1),
    ("max(SUITPOINTS(S), SUITPOINTS(H), SUITPOINTS(D))", 7),
    ("min(SUITPOINTS(S), SUITPOINTS(C))", 0),
    ("floor(HCP / 3)", 5),
    ("floor(-HCP / 3)", -6),
    ("largest(2, SUITPOINTS(S), SUITPOINTS(H), SUITPOINTS(D), SUITPOINTS(C))", 5),
    ("largest(4, 3, 1, 2, 7)", 1),
])
def test_conditionals_sums_and_builtins_evaluate(text: str, expected) -> None:
    h = Hand.parse("AKxx.Axx.KQx.xxx")
    e = parse(text, want=None)
    assert value(e, h, CODE) == expected
    assert parse(unparse(e), want=None) == e


def test_sp_index_must_be_a_constant() -> None:
    # Either the parser rejects SP(HCP) (an ExprError pointing at the argument) ...
    try:
        e = parse("SP(HCP) >= 0")
    except ExprError as err:
        assert err.pos == 3
        return
    # ... or every hand evaluates it without a crash (SP(i) >= 0 always holds for i = 1..4).
    assert value(e, Hand.parse("AKQJ.AKQ.AKQ.AKQ"), CODE) is True  # HCP 37: SP[37]


# ---- limits (issue 17) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text,pos", [
    ("(" * 130 + "HCP > 1" + ")" * 130, 64),  # the 65th parenthesis
    ("not " * 1000 + "HCP > 1", 4 * 64),  # the 65th 'not' (the whole is no level)
    ("+".join(["HCP"] * 10_000) + " > 1", 4 * 64 + 3),  # the 65th '+'
    ("- " * 500 + "HCP > 1", 2 * 64),
    ("HCP > 1 and " + "(" * 70 + "true" + ")" * 70, 12 + 64),
])
def test_nesting_deeper_than_the_limit_is_an_error_at_its_token(text: str, pos: int) -> None:
    from openbid.base.errors import ExprError

    with pytest.raises(ExprError, match="nested too deeply: more than 64 levels") as exc:
        parse(text)
    assert exc.value.pos == pos


def test_nesting_up_to_the_limit_reads_everywhere() -> None:
    """The deepest expression the parser accepts runs through every reader (the executor's
    compiled Python, Z3, the census's numpy)."""
    from openbid.systems.evaluate import holds
    from openbid.readers.census.census import Census
    from openbid.readers.symbolic import SymbolicHand
    from openbid.base.errors import ExprError
    from openbid.checks.verdicts import Status, check, new_solver

    deep = "(" * 62 + " + ".join(["HCP"] * 3) + " >= 60" + ")" * 62  # 64 levels
    chain = " + ".join(["HCP"] * 65) + " >= 1300"  # 64 operators
    nots = "not " * 64 + "HCP > 20"
    with pytest.raises(ExprError, match="nested too deeply: more than 64 levels"):
        parse("not " + nots)
    code = load_variant("code")
    for text in (deep, chain, nots):
        e = parse(text)
        assert holds(e, Hand.parse("AKQJ.AKQ.AKQ.AKQ"), code)
        sym = SymbolicHand(code)
        solver = new_solver()
        solver.add(sym.domain, sym.cond(e))
        assert check(solver).status is Status.SAT
    groups = Census([code]).group([], where=parse(chain))
    assert sum(groups.weights.values()) > 0


def test_quantifiers_nest_at_most_four_deep() -> None:
    from openbid.base.errors import ExprError

    four = "any(a in S: any(b in S: any(c in S: any(d in S: HCP > 1))))"
    parse(four)
    with pytest.raises(ExprError, match="more than 4 nested quantifiers"):
        parse("any(e in S: " + four + ")")


def test_a_huge_expression_is_refused_without_echoing_it() -> None:
    from openbid.base.errors import ExprError

    with pytest.raises(ExprError, match="expression too long: 200,006 characters") as exc:
        parse("HCP > " + "1" * 200_000)
    assert len(str(exc.value)) < 200
    with pytest.raises(ExprError) as exc:
        parse("HCP > 1 and " * 2000 + "@")
    assert len(str(exc.value)) < 300 and "at character 24001 of 24,001" in str(exc.value)


def test_bind_keeps_shared_subtrees_shared():
    """A condition made from a rules table shares its subtrees (every earlier guard negated at
    each bid point): binding a name in it binds each shared subtree once, and the result shares
    them too (65,535 nodes written out, 17 distinct ones here)."""
    from openbid.expr.ast import And, Const, bind

    one = parse("SUITLENGTH(u) >= 5", {"u"})
    e = one
    for _ in range(16):
        e = And((e, e))
    got = bind(e, {"u": Const(4)})
    assert isinstance(got, And) and got.items[0] is got.items[1]
    leaf = got
    for _ in range(16):
        leaf = leaf.items[0]
    assert leaf == bind(one, {"u": Const(4)}) != one  # (as the subtree bound alone)
    quant = parse("any(u in SUITS: SUITLENGTH(u) >= 5)")
    assert bind(quant, {"u": Const(4)}) == quant  # (a variable the quantifier binds is its own)
