"""The notation of the game, read and written in one place: characters and numbers from outside,
hands, deals, calls and auctions. Every reader of openbid (a hand on the command line, a PBN or
LIN file, a rule file's example, a double-dummy shard) parses through these functions and gets
the same messages.

**Characters.** A call, a number, a rank and a seat are read in ASCII only: the digits are
``0``-``9``. Any other character that looks like one (an Arabic-Indic ``١``, a superscript ``¹``,
a full-width ``１``) is an error that shows the character, its code point and name and its
position; when Unicode's compatibility mapping (NFKC) reads it as an ASCII character the message
says which to write. Nothing is mapped silently: what openbid reads is what was typed. The four
suit symbols (``♠ ♥ ♦ ♣`` and their white forms) are read as S H D C where a suit is expected.

**Hands** (:func:`parse_hand`): PBN (``AKJ32.Q4.KT9.876``), the paper's notation
(``S:KJxxx, H:QJ, D:QJ, C:Kxxx``) and the report's (``♠KJ1032 ♥QJ ♦QJ ♣K987``, a void ``—``); a
spot card may be ``x`` (unspecified). **Cards** are numbered 0-51, suit-major S H D C and rank
A..2 within a suit (``13 * suit + rank``). **Deals** (:func:`parse_deal`): PBN's ``"N:h h h h"``
from any first seat, ``-`` for a hand not given. **Calls**: :func:`canonical_call` (lenient in,
canonical out: ``PASS``, ``X``, ``XX``, ``1C`` ... ``7NT``), the legality of a call after an
auction (:func:`illegal`), the end of an auction and its contract.

May import: openbid.base (as the rest of openbid.bridge).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from openbid.base.errors import HandError, OpenbidError, shown

SEATS = "NESW"
SUITS = "SHDC"  # display order; a card's suit index
RANKS = "AKQJT98765432"
HONOURS = "AKQJT"
SPOTS = "98765432"
CARDS = 52
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}


# ---- characters and numbers ------------------------------------------------------------------
def describe_char(ch: str) -> str:
    """``'١' (U+0661 ARABIC-INDIC DIGIT ONE)``: a character as a message shows it."""
    name = unicodedata.name(ch, "")
    return f"{ch!r} (U+{ord(ch):04X}{' ' + name if name else ''})"


def _hint(ch: str) -> str:
    """What to write instead of ``ch``: the ASCII text NFKC reads it as, or the value of a
    decimal digit of another script ('' when neither)."""
    mapped = unicodedata.normalize("NFKC", ch)
    if mapped != ch and mapped.isascii() and mapped.isprintable():
        return f" (Unicode reads it as {mapped!r}: write {mapped})"
    value = unicodedata.decimal(ch, None)
    if value is not None:
        return f" (the digit {value} of another script: write {value})"
    return ""


def not_ascii(ch: str) -> str:
    """``'١' (U+0661 ARABIC-INDIC DIGIT ONE), not an ASCII digit (0-9) (...: write 1)``."""
    kind = "an ASCII digit (0-9)" if ch.isdigit() or ch.isnumeric() else "ASCII"
    return f"{describe_char(ch)}, not {kind}{_hint(ch)}"


def foreign_char(text: str, allowed: str = "") -> tuple[int, str] | None:
    """The first character of ``text`` that is not ASCII (nor in ``allowed``): its position
    (0-based) and the character; None when there is none."""
    for i, ch in enumerate(text):
        if not ch.isascii() and ch not in allowed:
            return i, ch
    return None


def ascii_problem(text: str, allowed: str = "") -> str:
    """'' when ``text`` is ASCII (or uses only the ``allowed`` other characters); otherwise why
    not: the offending character, its code point and name, its position, and what Unicode reads
    it as."""
    got = foreign_char(text, allowed)
    if got is None:
        return ""
    i, ch = got
    return f"character {i + 1} is {not_ascii(ch)}"


_INT = re.compile(r"[+-]?[0-9]+")


def number(text: str, what: str = "number", low: int | None = None,
           high: int | None = None) -> int:
    """``text`` as a whole number written in ASCII digits (an optional sign), within ``low`` ..
    ``high`` when given; an :class:`OpenbidError` naming ``what`` otherwise."""
    t = text.strip()
    why = ascii_problem(t)
    if why:
        raise OpenbidError(f"{what} {shown(t)}: {why}")
    if not _INT.fullmatch(t):
        raise OpenbidError(f"{what} {shown(t)} is not a whole number")
    if len(t) > 30:
        raise OpenbidError(f"{what} {shown(t)} is too long a number")
    value = int(t)
    if low is not None and value < low or high is not None and value > high:
        span = (f"from {low:,} to {high:,}" if low is not None and high is not None
                else f"at least {low:,}" if low is not None else f"at most {high:,}")
        raise OpenbidError(f"{what} {value:,} is out of range: {span}")
    return value


_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def decimal_number(text: str, what: str = "number") -> float:
    """``text`` as a decimal number written in ASCII (``0.5``, ``1e-3``)."""
    t = text.strip()
    why = ascii_problem(t)
    if why:
        raise OpenbidError(f"{what} {shown(t)}: {why}")
    if not _FLOAT.fullmatch(t):
        raise OpenbidError(f"{what} {shown(t)} is not a number")
    return float(t)


# ---- hands -----------------------------------------------------------------------------------
Holding = tuple[str, int]  # the concrete ranks held (A..2 order) and the unspecified spots (x)

_VOIDS = {"-", "--", "---", "—", "–", "void"}
# A whole deal in PBN (its Deal tag's value, or the tag): a seat, a colon, four hands (or "-").
_PBN_HAND = r"(?:[^\s.:]*\.){3}[^\s.:\"]*|-"
_DEAL_TEXT = re.compile(rf'^(?:\[Deal\s+")?([NESWnesw])\s*:\s*({_PBN_HAND})'
                        rf'(?:\s+(?:{_PBN_HAND})){{3}}\s*(?:"\])?$')
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def rank_order(ranks: str) -> str:
    """``ranks`` high to low (``"9TA"`` -> ``"AT9"``)."""
    return "".join(sorted(ranks, key=RANKS.index))


def parse_hand(text: str) -> tuple[Holding, Holding, Holding, Holding]:
    """The four holdings, S H D C, of a hand in PBN, the paper's or the report's notation;
    :class:`HandError` naming the problem (13 cards, a duplicate card, an unknown rank or suit,
    a whole deal given for a hand)."""
    if not isinstance(text, str) or not text.strip():
        raise HandError("empty hand")
    stripped = text.strip()
    deal = _DEAL_TEXT.match(stripped)
    if deal:
        seat = SEAT_WORDS[deal.group(1).upper()]
        raise HandError(f"{shown(stripped)} is a whole deal (four hands, {seat}'s first), not "
                        f"one hand: give the hand that bids, e.g. {seat}'s {deal.group(2)}")
    if any(ch in SUIT_SYMBOLS for ch in stripped):
        stripped = "".join(f" {SUIT_SYMBOLS[ch]}:" if ch in SUIT_SYMBOLS else ch
                           for ch in stripped.replace("\ufe0f", "")).strip()
    body = stripped[2:] if re.match(r"^[NESWnesw]:[^:]*$", stripped) else stripped
    if ":" not in body and body.count(".") == 3:
        return _checked([_holding(p, s) for p, s in zip(body.split("."), SUITS)])
    if ":" not in body and "." in body:
        raise HandError(f"PBN needs four suits separated by three dots: {shown(text.strip())}")
    return _from_paper(stripped, text)


def parse_holdings(parts: Sequence[str], original: str = "") -> tuple[Holding, Holding, Holding,
                                                                       Holding]:
    """The four holdings of a hand given suit by suit, S H D C (each as :func:`parse_hand`
    reads one suit: ``KQJxx``, ``K1098``, ``-`` for a void)."""
    if len(parts) != 4:
        raise HandError(f"PBN needs four suits separated by dots, got {len(parts)}: "
                        f"{shown(original or '.'.join(parts))}")
    return _checked([_holding(p, s) for p, s in zip(parts, SUITS)])


def _from_paper(text: str, original: str) -> tuple[Holding, Holding, Holding, Holding]:
    chunks = list(re.finditer(r"([A-Za-z])\s*:", text))
    if not chunks:
        raise HandError(f"cannot read {shown(original.strip())}: expected PBN like "
                        "AKJ32.Q4.KT9.876 or the paper's notation like S:KJxxx, H:QJ, D:QJ, C:Kxxx")
    lead = text[: chunks[0].start()].strip(" ,")
    if lead:
        raise HandError(f"unexpected text {shown(lead)} before the first suit in "
                        f"{shown(original.strip())}")
    found: dict[str, str] = {}
    for i, m in enumerate(chunks):
        letter = m.group(1).upper()
        end = chunks[i + 1].start() if i + 1 < len(chunks) else len(text)
        if letter not in SUITS:
            raise HandError(f"unknown suit {m.group(1)!r} (expected S, H, D or C) in "
                            f"{shown(original.strip())}")
        if letter in found:
            raise HandError(f"suit {letter} given twice in {shown(original.strip())}")
        found[letter] = text[m.end(): end].strip().strip(",").strip()
    missing = [s for s in SUITS if s not in found]
    if missing:
        raise HandError(f"no {', '.join(missing)} given in {shown(original.strip())} "
                        "(write e.g. C:--- for a void)")
    return _checked([_holding(found[s], s) for s in SUITS])


def _checked(holdings: list[Holding]) -> tuple[Holding, Holding, Holding, Holding]:
    if len(holdings) != 4:
        raise HandError(f"a hand has four suits, not {len(holdings)}")
    total = sum(len(r) + x for r, x in holdings)
    if total != 13:
        detail = ", ".join(f"{s}:{len(r) + x}" for s, (r, x) in zip(SUITS, holdings))
        raise HandError(f"a hand has 13 cards, this one has {total} ({detail})")
    return holdings[0], holdings[1], holdings[2], holdings[3]


def _holding(text: str, suit: str) -> Holding:
    """One suit's ranks: A K Q J T (or 10) 9-2, x for an unspecified spot, - or --- for a void."""
    body = text.replace(" ", "").replace(",", "")
    if body in _VOIDS or body == "":
        return "", 0
    body = body.replace("10", "T")
    seen: list[str] = []
    xs = 0
    for ch in body:
        r = ch.upper() if ch.isascii() else ch
        if ch in "xX":
            xs += 1
        elif r in RANKS:
            if r in seen:
                raise HandError(f"duplicate card: the {RANK_WORDS.get(r, r)} of "
                                f"{SUIT_WORDS[suit]} appears twice")
            seen.append(r)
        else:
            what = repr(ch) if ch.isascii() else not_ascii(ch)
            raise HandError(f"unknown rank {what} in {SUIT_WORDS[suit]} ({shown(text.strip())})")
    spots = sum(r in SPOTS for r in seen) + xs
    if spots > 8:
        raise HandError(f"{SUIT_WORDS[suit]} has {spots} spot cards (x and 2-9) but a suit has "
                        f"only 8 ({shown(text.strip())})")
    return rank_order("".join(seen)), xs


def holding_text(ranks: str, xs: int = 0, ten: str = "T") -> str:
    return ranks.replace("T", ten) + "x" * xs


def hand_text(holdings: Iterable[Holding | str]) -> str:
    """PBN of a hand (``AKJ32.Q4.KT9.876``) from its four holdings, S H D C: each a string of
    ranks or (ranks, unspecified spots)."""
    parts = [h if isinstance(h, str) else holding_text(*h) for h in holdings]
    if len(parts) != 4:
        raise HandError(f"a hand has four suits, not {len(parts)}")
    return ".".join(parts)


def paper_text(holdings: Iterable[Holding]) -> str:
    """The paper's notation: ``S:KJxxx, H:QJ, D:QJ, C:Kxxx`` (a void ``---``, the ten ``10``)."""
    return ", ".join(f"{s}:{holding_text(r, x, '10') or '---'}" for s, (r, x) in zip(SUITS, holdings))


# ---- cards and deals -------------------------------------------------------------------------
def card(suit: int, rank: str) -> int:
    return suit * 13 + RANKS.index(rank)


def card_text(c: int) -> str:
    """``SA``, ``H7``: a card's suit letter and rank."""
    return SUITS[c // 13] + RANKS[c % 13]


def card_of(text: str) -> int:
    """The card of ``SA``, ``h7``, ``DT`` (a suit letter then a rank)."""
    t = text.strip()
    up = t.upper() if t.isascii() else t
    if len(up) != 2 or up[0] not in SUITS or up[1] not in RANKS:
        why = ascii_problem(t)
        raise OpenbidError(f"card {shown(t)}: a suit letter (S H D C) then a rank (A K Q J T 9 "
                           "... 2)" + (f"; {why}" if why else ""))
    return card(SUITS.index(up[0]), up[1])


def hand_cards(text: str, where: str = "hand") -> list[int]:
    """The cards (sorted) of a concrete hand in PBN (``AKJ2.Q4.KT9.876``; ranks in any order,
    any case, the ten ``T`` or ``10``). It need not hold 13 cards (a deal checks that)."""
    suits = text.split(".")
    if len(suits) != 4:
        raise OpenbidError(f"{where}: a hand needs four suits separated by dots, not "
                           f"{shown(text)}")
    out = []
    for s, ranks in enumerate(suits):
        for ch in ranks.replace("10", "T"):
            r = ch.upper() if ch.isascii() else ch
            if r not in RANKS:
                what = shown(ch) if ch.isascii() else not_ascii(ch)
                raise OpenbidError(f"{where}: {what} is not a rank (A K Q J T 9 ... 2) in "
                                   f"{shown(text)}")
            c = card(s, r)
            if c in out:
                raise OpenbidError(f"{where}: the card {card_text(c)} is dealt twice in "
                                   f"{shown(text)}")
            out.append(c)
    return sorted(out)


def cards_text(cards: Iterable[int]) -> str:
    """PBN of one hand given by its cards: ``AKJ2.Q4.KT9.876``."""
    held = sorted(cards)
    return ".".join("".join(RANKS[c % 13] for c in held if c // 13 == s) for s in range(4))


_DEAL = re.compile(r"([^\s:]+)\s*:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)")


def parse_deal(text: str, where: str = "deal", partial: bool = False) -> list[list[int] | None]:
    """The four hands N, E, S, W (sorted cards) of a PBN deal ``"N:h h h h"`` (any first seat).
    Every card is dealt once, thirteen to a hand; an :class:`OpenbidError` names what is wrong.
    With ``partial`` a hand may be ``-`` (not given): None, except that when one hand alone is
    missing it is the 13 cards the others do not hold."""
    body = text.strip()
    match = _DEAL.fullmatch(body)
    if match is None:
        raise OpenbidError(f"{where}: cannot read {shown(body)} as a deal: expected 'N:' (or E:,"
                           " S:, W:) and four hands such as AKJT.QT874.JT.J2")
    first = match.group(1)
    if first.upper() not in tuple(SEATS):
        why = ascii_problem(first)
        raise OpenbidError(f"{where}: the first seat {shown(first)} is not N, E, S or W"
                           + (f" ({why})" if why else ""))
    start = SEATS.index(first.upper())
    hands: list[list[int] | None] = [None] * 4
    for k in range(4):
        at = (start + k) % 4
        text_k = match.group(k + 2)
        if text_k == "-":
            if not partial:
                raise OpenbidError(f"{where}: {SEAT_WORDS[SEATS[at]]}'s hand is not given "
                                   "('-'): a deal here needs all four")
            continue
        hands[at] = hand_cards(text_k, f"{where}, {SEAT_WORDS[SEATS[at]]}")
    known = [h for h in hands if h is not None]
    seen = sorted(c for h in known for c in h)
    if len(set(seen)) != len(seen):
        twice = sorted({c for c in seen if seen.count(c) > 1})
        raise OpenbidError(f"{where}: the card {card_text(twice[0])} is dealt twice")
    for letter, hand in zip(SEATS, hands):
        if hand is not None and len(hand) != 13:
            raise OpenbidError(f"{where}: {letter} holds {len(hand)} cards, not 13")
    if len(known) == 3:
        missing = hands.index(None)
        hands[missing] = sorted(set(range(CARDS)) - set(seen))
    return hands


def deal_text(hands: Sequence[str | None] | Mapping[str, str | None], first: str = "N") -> str:
    """PBN's deal ``"N:h h h h"``: the hands (PBN text, or None for ``-``) by seat, N E S W (a
    sequence) or keyed by seat letter, written from ``first`` clockwise."""
    by_seat = hands if isinstance(hands, Mapping) else dict(zip(SEATS, hands))
    i = SEATS.index(first)
    order = SEATS[i:] + SEATS[:i]
    return f"{first}:" + " ".join(by_seat.get(s) or "-" for s in order)


def deal_of_cards(hands: Sequence[Sequence[int] | None], first: str = "N") -> str:
    """:func:`deal_text` of four hands given by their cards, N E S W."""
    return deal_text([None if h is None else cards_text(h) for h in hands], first)


def deal_key(text: str, where: str = "deal") -> str:
    """The one spelling of a whole deal: from North, ranks in order (``N:AKJT.QT874.JT.J2 ...``).
    Any spelling of one deal (another first seat, ranks out of order, lower case) has one key."""
    return deal_of_cards(parse_deal(text, where))


def seat_hands(key: str) -> dict[str, str]:
    """``{"N": "AKJT.QT874.JT.J2", ...}`` of a deal's key (or any deal from North)."""
    return dict(zip(SEATS, key.split(":", 1)[1].split()))


def seat(text: str, what: str = "seat") -> str:
    """N, E, S or W from a seat letter or word (any case)."""
    t = text.strip()
    word = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}.get(t.upper(), t.upper())
    if word not in tuple(SEATS):
        why = ascii_problem(t)
        raise OpenbidError(f"{what} {shown(t)} is not N, E, S or W" + (f" ({why})" if why else ""))
    return word


# the vulnerability from the bidder's side -> the facts VUL and THEYVUL
SIDE_VULS: dict[str, tuple[bool, bool]] = {
    "none": (False, False),
    "we": (True, False),
    "they": (False, True),
    "both": (True, True),
}
_SIDE_OF = {facts: word for word, facts in SIDE_VULS.items()}


def vul_word(vul: bool, theyvul: bool) -> str:
    """The vulnerability word from the bidder's side (none, we, they, both) of the facts VUL
    and THEYVUL: :data:`SIDE_VULS` read backwards."""
    return _SIDE_OF[(bool(vul), bool(theyvul))]


def vul_word_of(context) -> str:
    """:func:`vul_word` of a context's facts (a fact it lacks: not vulnerable)."""
    return vul_word(context.get("VUL", False), context.get("THEYVUL", False))


def hand_context(seat: int | None = None, vul: str | None = None, *, seat_name: str = "seat",
                 vul_name: str = "vul") -> dict[str, object]:
    """The facts of the deal fixed for one hand: ``SEAT`` from ``seat`` (1-4), ``VUL`` and
    ``THEYVUL`` from ``vul`` (the bidder's side: none, we, they, both); None leaves a fact
    free. Bad values are an :class:`OpenbidError` naming ``seat_name`` or ``vul_name`` (an
    option, a parameter)."""
    from openbid.base.errors import OpenbidError

    out: dict[str, object] = {}
    if seat is not None:
        if isinstance(seat, bool) or seat not in (1, 2, 3, 4):
            raise OpenbidError(f"{seat_name} must be 1, 2, 3 or 4, not {seat}")
        out["SEAT"] = int(seat)
    if vul is not None:
        if vul not in SIDE_VULS:
            raise OpenbidError(f"{vul_name} must be one of {', '.join(SIDE_VULS)}, not {vul!r}")
        out["VUL"], out["THEYVUL"] = SIDE_VULS[vul]
    return out


DEAL_VULNERABILITIES = ("none", "NS", "EW", "both")  # a deal's (the sides vulnerable)


def side_vul(vul: str, seat: str) -> tuple[bool, bool]:
    """(``seat``'s side vulnerable, the other side) when the deal's vulnerability is ``vul``
    (none, NS, EW, both; another is an :class:`OpenbidError`)."""
    if vul not in DEAL_VULNERABILITIES:
        from openbid.base.errors import OpenbidError

        raise OpenbidError(f"vulnerability {vul!r}: expected none, NS, EW or both")
    ours = "NS" if seat in "NS" else "EW"
    return vul in ("both", ours), vul in ("both", "EW" if ours == "NS" else "NS")


def seat_vul(vul: str, at: str) -> str:
    """The deal's vulnerability (none, NS, EW, both) from the side of seat ``at``: none, we,
    they or both."""
    return vul_word(*side_vul(vul, at))


# ---- calls -----------------------------------------------------------------------------------
STRAIN_NUMBER = {"C": 1, "D": 2, "H": 3, "S": 4, "NT": 5}
_ALIASES = {"P": "PASS", "PASS": "PASS", "X": "X", "DBL": "X", "D": "X", "XX": "XX", "RDBL": "XX",
            "R": "XX"}
CALL_FORMS = "calls are P (PASS), X, XX, 1C ... 7NT"


def canonical_call(text: str) -> str:
    """``text`` as a canonical call (``PASS``, ``X``, ``XX``, ``1C`` ... ``7NT``): any case,
    ``P``, ``DBL``/``D``, ``RDBL``/``R``, ``1N``, a suit symbol (``1♥``). Anything else, a
    non-ASCII digit among it, is an :class:`OpenbidError` naming the character and where."""
    raw = text.strip()
    t = "".join(SUIT_SYMBOLS.get(ch, ch) for ch in raw.replace("\ufe0f", ""))
    why = ascii_problem(t)
    if why:
        raise OpenbidError(f"no such call {raw!r}: {why}")
    t = t.upper()
    if t in _ALIASES:
        return _ALIASES[t]
    level, strain = t[:1], t[1:]
    if strain == "N":
        strain = "NT"
    if level not in "1234567890" or not level or strain not in STRAIN_NUMBER:
        raise OpenbidError(f"no such call {raw!r}: {CALL_FORMS}")
    if not "1" <= level <= "7":
        raise OpenbidError(f"no such call {raw!r}: the level runs from 1 to 7")
    return f"{level}{strain}"


def is_bid(call: str) -> bool:
    return call not in ("PASS", "X", "XX")


def bid_rank(call: str) -> int:
    """Bids in order: 1C = 1 ... 7NT = 35."""
    return (int(call[0]) - 1) * 5 + STRAIN_NUMBER[call[1:]]


def call_text(call: str, style: str = "pbn") -> str:
    """A canonical call as a format writes it: ``pbn`` (Pass, X, XX, 1NT), ``lin`` (p, d, r,
    1N), ``bml`` (P, D, R, 1N)."""
    if style == "pbn":
        return "Pass" if call == "PASS" else call
    if style == "lin":
        return {"PASS": "p", "X": "d", "XX": "r"}.get(call, call.replace("NT", "N"))
    if style == "bml":
        return {"PASS": "P", "X": "D", "XX": "R"}.get(call, call.replace("NT", "N"))
    raise ValueError(f"no call style {style!r}")


# ---- auctions --------------------------------------------------------------------------------
def ended(auction: Sequence[str]) -> bool:
    """Four passes, or three passes after a call that is not a pass."""
    # (four passes end it, and so do three after a call: either way, at least four calls of
    # which the last three are passes)
    return len(auction) >= 4 and auction[-1] == auction[-2] == auction[-3] == "PASS"


def illegal(auction: Sequence[str], call: str) -> str:
    """Why ``call`` cannot be made after ``auction`` ('' when it can)."""
    if ended(auction):
        return "the auction has ended"
    if call == "PASS":
        return ""
    last_bid = next((i for i in range(len(auction) - 1, -1, -1) if is_bid(auction[i])), None)
    n = len(auction)
    if is_bid(call):
        if last_bid is not None and bid_rank(call) <= bid_rank(auction[last_bid]):
            return f"{call} is not higher than {auction[last_bid]}"
        return ""
    last = next((i for i in range(n - 1, -1, -1) if auction[i] != "PASS"), None)
    if call == "X":
        if last is None or not is_bid(auction[last]):
            return "X doubles only a bid that is not doubled yet"
        if (n - last) % 2 == 0:
            return "X doubles only an opponent's bid"
        return ""
    if last is None or auction[last] != "X":
        return "XX redoubles only a double"
    if (n - last) % 2 == 0:
        return "XX redoubles only an opponent's double"
    return ""


def parse_auction(text: str | Sequence[str]) -> tuple[str, ...]:
    """Calls from the dealer (``"P 1NT P 2C"``, commas allowed, or a sequence of calls),
    canonical; a call that cannot be made where it stands, or after the auction ended, is an
    :class:`OpenbidError` naming the call and its number."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out: list[str] = []
    for i, item in enumerate(items, 1):
        try:
            call = canonical_call(item)
        except OpenbidError as exc:
            raise OpenbidError(f"auction {shown(' '.join(items))}: call {i}: {exc}") from None
        why = illegal(out, call)
        if why:
            raise OpenbidError(f"auction {shown(' '.join(items))}: call {i} ({call}): {why}")
        out.append(call)
    return tuple(out)


def contract(auction: Sequence[str]) -> tuple[str, int | None]:
    """The final contract (``4SX``, ``3NT``, ``PASS``) and the declarer's turn offset from the
    dealer (0-3, None when passed out): the first player of the declaring side to name the
    strain."""
    bids = [(i, c) for i, c in enumerate(auction) if is_bid(c)]
    if not bids:
        return "PASS", None
    i, last = bids[-1]
    after = [c for c in auction[i + 1:] if c != "PASS"]
    suffix = "XX" if after[-1:] == ["XX"] else "X" if after[-1:] == ["X"] else ""
    strain = last[1:]
    first = next(j for j, c in bids if j % 2 == i % 2 and c[1:] == strain)
    return last + suffix, first % 4


def declarer(auction: Sequence[str], dealer: str) -> tuple[str, str | None]:
    """The final contract and the declarer's seat (None when passed out)."""
    final, offset = contract(auction)
    return final, None if offset is None else SEATS[(SEATS.index(dealer) + offset) % 4]
