"""Cards: ranks, suits, and their text form (``As``, ``Td``, ``7c``).

Every other module speaks in these value types. The text form is the one PHH and the scenario
files use: a rank character ``2-9 T J Q K A`` followed by a suit character ``c d h s``.

Suit order matters in Stud/8 (rule ``bring-in.suit-order``): clubs < diamonds < hearts < spades.
``Suit`` values are ordered that way, so ``max``/``min`` over cards by ``(rank, suit)`` give the
"highest/lowest card by suit" the bring-in and odd-chip rules speak of.

>>> Card.parse("As")
Card.parse('As')
>>> str(Card.parse("td"))
'Td'
>>> [str(c) for c in parse_cards("As Kd 7c")]
['As', 'Kd', '7c']
>>> [str(c) for c in parse_cards("AsKd7c")]
['As', 'Kd', '7c']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from stud8.reference.errors import CardError
from stud8.spec.limits import quoted


class Rank(enum.IntEnum):
    """Card ranks with the ace high (its value in high hands and the bring-in)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The rank's character in card text: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_CHARS[self]

    @property
    def low_value(self) -> int:
        """The rank's value in a low hand: the ace counts 1 (rule ``low.ace-low``)."""
        return 1 if self is Rank.ACE else int(self)


class Suit(enum.IntEnum):
    """Suits in their tiebreak order, lowest first: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The suit's character in card text: ``c``, ``d``, ``h``, ``s``."""
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol for human-readable output."""
        return "\u2663\u2666\u2665\u2660"[self]


RANK_CHARS: dict[Rank, str] = {rank: "23456789TJQKA"[rank - 2] for rank in Rank}
SUIT_CHARS: dict[Suit, str] = {suit: "cdhs"[suit] for suit in Suit}
_RANK_BY_CHAR: dict[str, Rank] = {char: rank for rank, char in RANK_CHARS.items()}
_SUIT_BY_CHAR: dict[str, Suit] = {char: suit for suit, char in SUIT_CHARS.items()}


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. Cards order by rank (ace high), then by suit (clubs lowest)."""

    rank: Rank
    suit: Suit
    index: int = field(init=False, compare=False, repr=False)
    """A dense index 0..51 (rank-major, suit-minor): 2c=0, 2d=1, ..., As=51. Stored, not
    computed, because engines turn whole decks into indices on every hand."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", (self.rank - 2) * 4 + self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``As``, ``td``, ``7C``: a rank character then a suit character."""
        if not isinstance(text, str) or len(text) != 2:
            raise CardError(f"bad card {quoted(text)}: a card is a rank (2-9 T J Q K A) and a suit (c d h s)")
        rank = _RANK_BY_CHAR.get(text[0].upper())
        suit = _SUIT_BY_CHAR.get(text[1].lower())
        if rank is None:
            raise CardError(f"bad card {text!r}: unknown rank {text[0]!r} (ranks are 2-9 T J Q K A)")
        if suit is None:
            raise CardError(f"bad card {text!r}: unknown suit {text[1]!r} (suits are c d h s)")
        return cls(rank, suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given dense index (the inverse of ``index``)."""
        return ALL_CARDS[index]

    def __str__(self) -> str:
        return self.rank.char + self.suit.char

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 cards in canonical order: 2c 2d 2h 2s 3c ... As (also the order of ``Card.index``)."""


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards written with or without spaces (``"As Kd"``, ``"AsKd"``) or as a list.

    Repeated cards are not an error here: whether a repeat is allowed depends on the caller
    (see ``require_distinct``).
    """
    if isinstance(text, str):
        tokens = text.split()
        if len(tokens) == 1 and len(tokens[0]) > 2:
            word = tokens[0]
            if len(word) % 2:
                raise CardError(f"bad cards {quoted(text)}: cards are two characters each")
            tokens = [word[i : i + 2] for i in range(0, len(word), 2)]
        return [Card.parse(token) for token in tokens]
    return [Card.parse(token) for token in text]


def require_distinct(cards: Iterable[Card]) -> None:
    """Raise ``CardError`` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"card {card} appears twice")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated text, the inverse of ``parse_cards``."""
    return " ".join(str(card) for card in cards)
