"""The order scenarios run in: ``--stud8-order file|reverse|random[:SEED]`` (``stud8 conform --order``).

One engine plays every scenario of a run (one per pytest-xdist worker), one hand after the
other. An engine that carries state from one hand to the next (options kept from the first
hand, a cache keyed on something that does not name the hand, a process that never resets)
fails, or passes by luck, according to the suite's fixed order. Running the suite in another
order moves such failures about; the fresh-engine recheck (``freshcheck.py``) names them.

* ``file`` (the default): the order of the files and of the scenarios in them;
* ``reverse``: that order backwards;
* ``random``: a seed is chosen and said (in the header, the summary and the report), so that
  ``random:SEED`` plays the same order again; ``random:SEED`` uses that seed.

The order is a pure function of the seed and the scenario ids: a scenario's place is given by
a hash of the seed and its id, never by a random generator's state. Every xdist worker collects
for itself and xdist requires the workers to agree, so they must compute the same order from the
same seed (the controller chooses a missing seed and hands it to the workers: ``plugin.py``,
``pytest_configure_node``). And two scenarios keep their order relative to each other in any
selection (``-k``, ``--lf``): a leak that one seed shows between two scenarios shows again when
only those two are run with that seed.

Only scenarios move: other tests collected in the same run (a project's own tests beside the
suite) keep their places, and the scenarios fill the places scenarios had.

>>> parse_order("random:7", "--order")
Order(kind='random', seed=7)
>>> ordered(["a", "x", "b", "c"], Order("reverse"), lambda name: None if name == "x" else name)
['c', 'x', 'b', 'a']
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import quoted

KINDS: tuple[str, ...] = ("file", "reverse", "random")
MAX_SEED_DIGITS = 19
"""A seed is a whole number of at most this many digits (it is typed back in to replay a run)."""

_T = TypeVar("_T")


@dataclass(frozen=True)
class Order:
    """How to order the scenarios; ``seed`` is None for ``file`` and ``reverse``, and for a
    ``random`` order whose seed is not chosen yet (``with_seed``)."""

    kind: str = "file"
    seed: int | None = None

    @property
    def spec(self) -> str:
        """The order as the option spells it: ``random:SEED`` replays a random order exactly."""
        return f"{self.kind}:{self.seed}" if self.seed is not None else self.kind

    def with_seed(self) -> Order:
        """A random order without a seed gets one (chosen once per run, by whoever runs first:
        the xdist controller, or the only process); any other order is returned as it is."""
        if self.kind != "random" or self.seed is not None:
            return self
        return Order("random", secrets.randbelow(10**6))


def order_problem(text: str, option: str) -> str:
    """The one-line usage error for an order that cannot be read, naming the option."""
    return (f"{option} must be file, reverse, random or random:SEED (SEED a whole number of at most "
            f"{MAX_SEED_DIGITS} digits), got {quoted(text)}")


def parse_order(text: str, option: str) -> Order:
    """``file``, ``reverse``, ``random`` or ``random:SEED``; anything else is a usage error
    (``Stud8Error`` with code ``usage``) naming ``option``, so that ``random:x`` or ``sideways``
    stops the run before it starts instead of running in some order."""
    kind, colon, seed = text.partition(":")
    if kind in KINDS and not colon:
        return Order(kind)
    if kind == "random" and seed.isascii() and seed.isdigit() and len(seed) <= MAX_SEED_DIGITS:
        return Order("random", int(seed))
    raise Stud8Error(order_problem(text, option), "usage")


def _key(seed: int, name: str) -> bytes:
    """A scenario's place in a random order: the same on every machine and every worker."""
    return hashlib.sha256(f"{seed}\0{name}".encode()).digest()


def ordered(items: Sequence[_T], order: Order, name_of: Callable[[_T], str | None]) -> list[_T]:
    """``items`` with the scenarios among them put in ``order``. ``name_of`` gives a
    scenario's id and None for anything else, which keeps its place. Ids, not test ids: the
    same seed then gives the same order in ``stud8 conform`` and in a plain ``pytest`` run,
    whose test ids differ. The sort is stable, so two files that share an id keep their files'
    order, which every worker collects alike."""
    places = [index for index, item in enumerate(items) if name_of(item) is not None]
    scenarios = [items[index] for index in places]
    if order.kind == "reverse":
        scenarios.reverse()
    elif order.kind == "random":
        seed = 0 if order.seed is None else order.seed
        scenarios.sort(key=lambda item: _key(seed, name_of(item) or ""))
    result = list(items)
    for index, item in zip(places, scenarios):
        result[index] = item
    return result
