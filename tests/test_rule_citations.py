"""Every citation in the rule book says where in its source the rule is stated (issue 10).

A citation without a ``ref`` cannot be checked against its source, so a rule or option that
cites a source with an empty or missing ``ref`` fails here. The seed texts' sentences are
pinned where the issue found them cited wrongly or not at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from stud8.spec.rulebook import packaged_rules_path


def _book() -> dict[str, Any]:
    """A fresh plain copy of the packaged rule book (tests may change it)."""
    return yaml.safe_load(packaged_rules_path().read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def citations(book: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, citation) for every citation of every rule and option."""
    for section in book["sections"]:
        for rule in section["rules"]:
            for citation in rule["sources"]:
                yield f"rule {rule['id']}", citation
    for name, option in book["options"].items():
        for citation in option["sources"]:
            yield f"option {name}", citation


def empty_refs(book: dict[str, Any]) -> list[str]:
    """The citations whose ``ref`` is missing or blank, as 'where: SOURCE'."""
    return [f"{where}: {citation['source']}" for where, citation in citations(book)
            if not str(citation.get("ref") or "").strip()]


def cited(book: dict[str, Any], rule_id: str) -> dict[str, str]:
    for section in book["sections"]:
        for rule in section["rules"]:
            if rule["id"] == rule_id:
                return {c["source"]: c.get("ref", "") for c in rule["sources"]}
    raise KeyError(rule_id)


def test_every_citation_has_a_ref() -> None:
    assert empty_refs(_book()) == []


@pytest.mark.parametrize("ref", [None, "", "   "])
def test_an_empty_ref_is_found(ref: str | None) -> None:
    book = _book()
    citation = book["sections"][0]["rules"][0]["sources"][0]
    if ref is None:
        citation.pop("ref", None)
    else:
        citation["ref"] = ref
    assert empty_refs(book) == [f"rule table.players: {citation['source']}"]


@pytest.mark.parametrize("rule_id, source", [
    ("betting.fourth-street-open-pair", "SEED-PL"),
    ("betting.fourth-street-open-pair", "SEED-ET"),
    ("bring-in.lowest-upcard", "SEED-PL"),
    ("bring-in.lowest-upcard", "SEED-EL"),
    ("bring-in.facing", "SEED-PL"),
    ("bring-in.facing", "SEED-EL"),
    ("act-order.seventh-street", "SEED-ET"),
    ("low.qualifier", "SEED-EL"),
    ("showdown.ties", "SEED-EL"),
    ("showdown.scoop", "SEED-EL"),
    ("table.stakes", "STUD8"),
    ("deck.tda-recycle", "STUD8"),
])
def test_seed_sentences_are_cited_where_stated(rule_id: str, source: str) -> None:
    assert source in cited(_book(), rule_id)


def test_seed_sentences_are_not_cited_where_not_stated() -> None:
    book = _book()
    assert "SEED-PL" not in cited(book, "betting.limits")  # the Polish seed gives no bet sizes
    assert "full house" in cited(book, "hands.categories")["SEED-ET"]  # its list omits it


def test_option_values_carry_their_seed() -> None:
    book = _book()
    pair = {c["source"]: c["ref"] for c in book["options"]["fourth_street_open_pair_big_bet"]["sources"]}
    assert "true" in pair["SEED-PL"] and "false" in pair["SEED-ET"]
    show = {c["source"]: c["ref"] for c in book["options"]["show_first_without_bet"]["sources"]}
    assert "last_to_act" in show["SEED-ET"] and "first_to_act" not in show["SEED-ET"]
