"""Hands: parse and print PBN (``AKJ32.Q4.KT9.876``) and the paper's notation (``S:KJxxx, H:QJ ...``).

A hand may leave spot cards unspecified (``x``): it then stands for the class of all hands it
covers. OPENBID reads only which of A K Q J T each suit holds and each suit's length (the paper's
own premise, p. 10), so a class with ``x`` spots is all OPENBID ever needs; concrete spots are kept
for evaluators that read nines and eights.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from math import comb, prod

from openbid.base.errors import HandError, shown


class Suit(IntEnum):
    """Suits numbered as the Algol numbers them (Appendix 5): C=1, D=2, H=3, S=4."""

    C = 1
    D = 2
    H = 3
    S = 4

    @property
    def letter(self) -> str:
        return self.name

    @property
    def word(self) -> str:
        return {1: "clubs", 2: "diamonds", 3: "hearts", 4: "spades"}[self.value]


DISPLAY_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
RANKS = "AKQJT98765432"
HONOURS = "AKQJT"
SPOTS = "98765432"
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}


@dataclass(frozen=True)
class Holding:
    """One suit: the concrete ranks held (in AKQ... order) plus ``xs`` unspecified spot cards."""

    ranks: str = ""
    xs: int = 0

    @property
    def length(self) -> int:
        return len(self.ranks) + self.xs

    def has(self, rank: str) -> bool:
        return rank in self.ranks

    @property
    def honour_mask(self) -> int:
        """Bit 4 = A, 3 = K, 2 = Q, 1 = J, 0 = T."""
        return sum(1 << (4 - i) for i, r in enumerate(HONOURS) if r in self.ranks)

    @property
    def spot_count(self) -> int:
        return self.length - sum(r in self.ranks for r in HONOURS)

    @property
    def concrete(self) -> bool:
        return self.xs == 0

    def text(self, ten: str = "T") -> str:
        body = self.ranks.replace("T", ten) + "x" * self.xs
        return body


@dataclass(frozen=True)
class Hand:
    """Thirteen cards, four holdings in display order S, H, D, C."""

    spades: Holding
    hearts: Holding
    diamonds: Holding
    clubs: Holding

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Read PBN (``AKJ32.Q4.KT9.876``), the paper's notation (``S:KJxxx, H:QJ, ...``) or the
        report's (``♠KJ1032 ♥QJ ♦QJ ♣K987``, a void ``—``)."""
        if not isinstance(text, str) or not text.strip():
            raise HandError("empty hand")
        stripped = text.strip()
        deal = _DEAL.match(stripped)
        if deal:
            seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[deal.group(1).upper()]
            first = deal.group(2)
            raise HandError(f"{shown(stripped)} is a whole deal (four hands, {seat}'s first), not "
                            f"one hand: give the hand that bids, e.g. {seat}'s {first}")
        if any(ch in _SYMBOLS for ch in stripped):
            stripped = "".join(f" {_SYMBOLS[ch]}:" if ch in _SYMBOLS else ch
                               for ch in stripped.replace("\ufe0f", "")).strip()
        body = stripped[2:] if re.match(r"^[NESWnesw]:[^:]*$", stripped) else stripped
        if ":" not in body and body.count(".") == 3:
            return cls._from_parts(body.split("."), text)
        if ":" not in body and "." in body:
            raise HandError(f"PBN needs four suits separated by three dots: {shown(text.strip())}")
        return cls._from_paper(stripped, text)

    @classmethod
    def from_suits(cls, spades: str, hearts: str, diamonds: str, clubs: str) -> "Hand":
        return cls._from_parts([spades, hearts, diamonds, clubs], f"{spades}.{hearts}.{diamonds}.{clubs}")

    @classmethod
    def from_class(cls, masks: tuple[int, int, int, int], spots: tuple[int, int, int, int]) -> "Hand":
        """The hand class with honour ``masks`` (bit 4 = A ... bit 0 = T) and ``spots``, S H D C."""
        parts = []
        for mask, n in zip(masks, spots):
            parts.append("".join(r for i, r in enumerate(HONOURS) if mask >> (4 - i) & 1) + "x" * n)
        return cls._from_parts(parts, ".".join(parts))

    @classmethod
    def _from_parts(cls, parts: list[str], original: str) -> "Hand":
        if len(parts) != 4:
            raise HandError(f"PBN needs four suits separated by dots, got {len(parts)}: "
                            f"{shown(original)}")
        holdings = [_holding(p, suit) for p, suit in zip(parts, DISPLAY_ORDER)]
        return cls._checked(holdings)

    @classmethod
    def _from_paper(cls, text: str, original: str) -> "Hand":
        chunks = list(re.finditer(r"([A-Za-z])\s*:", text))
        if not chunks:
            raise HandError(
                f"cannot read {shown(original.strip())}: expected PBN like AKJ32.Q4.KT9.876 "
                "or the paper's notation like S:KJxxx, H:QJ, D:QJ, C:Kxxx"
            )
        lead = text[: chunks[0].start()].strip(" ,")
        if lead:
            raise HandError(f"unexpected text {shown(lead)} before the first suit in "
                            f"{shown(original.strip())}")
        found: dict[Suit, str] = {}
        for i, m in enumerate(chunks):
            letter = m.group(1).upper()
            end = chunks[i + 1].start() if i + 1 < len(chunks) else len(text)
            if letter not in "SHDC":
                raise HandError(
                    f"unknown suit {m.group(1)!r} (expected S, H, D or C) in "
                    f"{shown(original.strip())}"
                )
            suit = Suit[letter]
            if suit in found:
                raise HandError(f"suit {letter} given twice in {shown(original.strip())}")
            found[suit] = text[m.end() : end].strip().strip(",").strip()
        missing = [s.letter for s in DISPLAY_ORDER if s not in found]
        if missing:
            raise HandError(
                f"no {', '.join(missing)} given in {shown(original.strip())} "
                "(write e.g. C:--- for a void)"
            )
        return cls._checked([_holding(found[s], s) for s in DISPLAY_ORDER])

    @classmethod
    def _checked(cls, holdings: list[Holding]) -> "Hand":
        total = sum(h.length for h in holdings)
        if total != 13:
            detail = ", ".join(f"{s.letter}:{h.length}" for s, h in zip(DISPLAY_ORDER, holdings))
            raise HandError(f"a hand has 13 cards, this one has {total} ({detail})")
        return cls(*holdings)

    # -- access -------------------------------------------------------------------------------
    def holding(self, suit: Suit) -> Holding:
        return (self.clubs, self.diamonds, self.hearts, self.spades)[suit - 1]

    @property
    def holdings(self) -> tuple[Holding, Holding, Holding, Holding]:
        """In display order S, H, D, C."""
        return (self.spades, self.hearts, self.diamonds, self.clubs)

    @property
    def concrete(self) -> bool:
        return all(h.concrete for h in self.holdings)

    @property
    def key(self) -> tuple[tuple[int, int], ...]:
        """What OPENBID can see: (honour mask, length) per suit, in Algol order C, D, H, S."""
        return tuple((self.holding(s).honour_mask, self.holding(s).length) for s in Suit)

    @property
    def class_size(self) -> int:
        """How many concrete hands this hand stands for (1 when every spot is given)."""
        return prod(comb(8 - (len(h.ranks) - sum(r in h.ranks for r in HONOURS)), h.xs)
                    for h in self.holdings)

    def concretes(self):
        """Every concrete hand this hand stands for (x spots filled in every possible way)."""
        options = []
        for h in self.holdings:
            free = [r for r in SPOTS if r not in h.ranks]
            options.append([_sorted_ranks(h.ranks + "".join(c)) for c in combinations(free, h.xs)])
        from itertools import product

        for choice in product(*options):
            yield Hand(*(Holding(r, 0) for r in choice))

    def lowest(self, small: str = SPOTS) -> "Hand":
        """The concrete hand with each ``x`` replaced by the lowest free card of ``small`` (the
        ranks an ``x`` may be: by default the spot cards 9-2)."""
        out = []
        for h in self.holdings:
            free = [r for r in reversed(small) if r not in h.ranks][: h.xs]
            if len(free) < h.xs:
                raise HandError(f"{h.text()}: {h.xs} x cards but only {len(free)} ranks for them")
            out.append(Holding(_sorted_ranks(h.ranks + "".join(free)), 0))
        return Hand(*out)

    @classmethod
    def from_states(cls, held: tuple[str, str, str, str], small: tuple[int, int, int, int]) -> "Hand":
        """The hand class holding the ranks ``held`` and ``small`` further cards (``x``) in
        each suit, S H D C."""
        parts = [_sorted_ranks(h) + "x" * n for h, n in zip(held, small)]
        return cls._from_parts(parts, ".".join(parts))

    def to_class(self) -> "Hand":
        """The same hand with every spot card written as ``x``."""
        return Hand(*(Holding("".join(r for r in h.ranks if r in HONOURS), h.spot_count)
                      for h in self.holdings))

    # -- printing -----------------------------------------------------------------------------
    def to_pbn(self) -> str:
        return ".".join(h.text() for h in self.holdings)

    def to_paper(self) -> str:
        return ", ".join(f"{s.letter}:{h.text('10') or '---'}" for s, h in zip(DISPLAY_ORDER, self.holdings))

    def __str__(self) -> str:
        return self.to_pbn()


def _sorted_ranks(ranks: str) -> str:
    return "".join(sorted(ranks, key=RANKS.index))


_VOIDS = {"-", "--", "---", "—", "–", "void"}
# A whole deal in PBN (its Deal tag's value, or the tag): a seat, a colon, four hands (or "-").
_PBN_HAND = r"(?:[^\s.:]*\.){3}[^\s.:\"]*|-"
_DEAL = re.compile(rf'^(?:\[Deal\s+")?([NESWnesw])\s*:\s*({_PBN_HAND})(?:\s+(?:{_PBN_HAND})){{3}}'
                   r'\s*(?:"\])?$')
_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}


def _holding(text: str, suit: Suit) -> Holding:
    """One suit's ranks: A K Q J T (or 10) 9-2, x for an unspecified spot, - or --- for a void."""
    body = text.replace(" ", "").replace(",", "")
    if body in _VOIDS or body == "":
        return Holding("", 0)
    body = body.replace("10", "T")
    seen: list[str] = []
    xs = 0
    for ch in body:
        r = ch.upper()
        if ch in "xX":
            xs += 1
        elif r in RANKS:
            if r in seen:
                word = RANK_WORDS.get(r, r)
                raise HandError(f"duplicate card: the {word} of {suit.word} appears twice")
            seen.append(r)
        else:
            raise HandError(f"unknown rank {ch!r} in {suit.word} ({shown(text.strip())})")
    spots = sum(r in SPOTS for r in seen) + xs
    if spots > 8:
        raise HandError(
            f"{suit.word} has {spots} spot cards (x and 2-9) but a suit has only 8 "
            f"({shown(text.strip())})"
        )
    return Holding(_sorted_ranks("".join(seen)), xs)
