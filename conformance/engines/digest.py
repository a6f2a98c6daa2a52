"""Observation digests: a short fingerprint of an observation, so that two engines' states can
be compared without sending or walking whole observations (the protocol's optional ``digest``
feature, docs/protocol.md "Optional features"; ``stud8 fuzz`` compares digests after every
action and fetches the observation only when they differ).

The digest is the lowercase hex SHA-256 of the observation's canonical JSON: object keys
sorted, no whitespace, ASCII, exactly the observation the engine would send in an
``observation`` answer (RFC 8785, the JSON Canonicalization Scheme, gives the same bytes for
the values an observation holds: whole numbers, ASCII text, booleans and null). Equal digests
mean equal observations; different digests mean only that the runner must look closer (an
engine listing ``legal`` in another order differs in digest but not in any compared field).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

FEATURES: tuple[str, ...] = ("digest", "batch")
"""Optional protocol features a runner may ask for in ``hello``. ``digest``: the ``ok``
answering ``start`` and ``act`` carries the digest of the observation the engine would now send.
``batch``: ``act`` may carry ``actions``, several actions applied in order up to the first
refused, answered with the digest after each one applied (``digests``)."""

DIGEST_PATTERN = "^[0-9a-f]{64}$"


def canonical_json(value: Any) -> str:
    """``value`` as canonical JSON: object keys sorted, no whitespace, ASCII."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def observation_digest(observation: Mapping[str, Any]) -> str:
    """The observation's digest (see the module docstring). The seat keys of the result are
    numbers in this process and text on the wire; ``json`` writes 1-8 as the same text, and
    sorts them the same way."""
    return hashlib.sha256(canonical_json(observation).encode("ascii")).hexdigest()
