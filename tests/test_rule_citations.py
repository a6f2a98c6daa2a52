"""Every citation in the rule book says where in its source the rule is stated (issue 10), and
quotes the sentence it rests on so that a reader can check it (issue 19).

A citation without a ``ref`` cannot be checked against its source, so a rule or option that
cites a source with an empty or missing ``ref`` fails here; so does one with neither a quote nor
``verified: false`` and the reason. Quotes of the seed texts must stand in the seed files, word
for word (``…`` marks a cut); quotes of this book's own decisions (STUD8) in the citing rule,
which ``spec.rulebook`` checks on loading. The seed texts' sentences are pinned where the issue
found them cited wrongly or not at all, and the references issue 19 found wrong stay corrected.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from stud8.spec.rulebook import BOOK_SOURCE, check_rulebook, packaged_rules_path, quoted_in

SEED_FILES = {"SEED-ET": "000_7823eb13fd885f11.txt", "SEED-PL": "001_4b229a6500f675fc.txt",
              "SEED-EL": "003_691b7f733cbaf140.txt"}


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


# --- quotes (issue 19) ----------------------------------------------------------------------


def unquoted(book: dict[str, Any]) -> list[str]:
    """The citations that neither quote their sentence nor say (verified: false, why) that no
    text could be checked, as 'where: SOURCE REF'."""
    def fine(citation: dict[str, Any]) -> bool:
        if citation.get("verified") is False:
            return bool(str(citation.get("why") or "").strip()) and "quote" not in citation
        return bool(str(citation.get("quote") or "").strip())
    return [f"{where}: {c['source']} {c.get('ref', '')}" for where, c in citations(book) if not fine(c)]


def test_every_citation_quotes_its_sentence_or_says_why_not() -> None:
    book = _book()
    assert unquoted(book) == []
    verified = [c for _, c in citations(book) if c.get("verified") is not False]
    assert len(verified) >= 100, "most citations are checked against a text"


def test_a_citation_without_its_quote_is_found() -> None:
    book = _book()
    rule = book["sections"][0]["rules"][0]
    citation = next(c for c in rule["sources"] if "quote" in c)
    del citation["quote"]
    assert unquoted(book) == [f"rule {rule['id']}: {citation['source']} {citation['ref']}"]
    assert any(p.code == "schema" for p in check_rulebook(book, "rules.yaml"))


@pytest.mark.parametrize("change", ["quote", "no-why"])
def test_an_unverified_citation_carries_no_quote_and_says_why(change: str) -> None:
    book = _book()
    citation = next(c for _, c in citations(book) if c.get("verified") is False)
    if change == "quote":
        citation["quote"] = "an invented sentence"
    else:
        del citation["why"]
    assert unquoted(book)
    assert any(p.code == "schema" for p in check_rulebook(book, "rules.yaml"))


def _seeds_folder() -> Path | None:
    """The seed texts (``shared/seeds`` beside the checkout or a folder above it), if present."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "shared" / "seeds").is_dir():
            return folder / "shared" / "seeds"
    return None


def test_seed_quotes_stand_in_the_seed_texts() -> None:
    folder = _seeds_folder()
    if folder is None:
        pytest.skip("the seed texts (shared/seeds) are not beside this checkout")
    texts = {key: (folder / name).read_text(encoding="utf-8") for key, name in SEED_FILES.items()}
    quoted = [(where, c) for where, c in citations(_book()) if c["source"] in texts]
    assert len(quoted) >= 50
    for where, citation in quoted:
        assert quoted_in(citation["quote"], texts[citation["source"]]), f"{where}: {citation['quote']!r}"
    assert not quoted_in("kõik 9 mängijat", texts["SEED-ET"]), "a quote that is not in the text is found"


def test_book_quotes_stand_in_the_citing_rule() -> None:
    book = _book()
    for section in book["sections"]:
        for rule in section["rules"]:
            for citation in rule["sources"]:
                if citation["source"] == BOOK_SOURCE:
                    assert quoted_in(citation["quote"], rule["statement"]), rule["id"]


def test_quotes_are_short_and_read_in_a_named_copy() -> None:
    book = _book()
    used: set[tuple[str, str]] = set()
    for where, citation in citations(book):
        quote = citation.get("quote", "")
        assert len(quote) <= 600, f"{where}: a few lines at most"
        copies = book["sources"][citation["source"]].get("copies", {})
        if quote and copies:
            assert citation["copy"] in copies, where
            used.add((citation["source"], citation["copy"]))
    for key, source in book["sources"].items():
        for copy in source.get("copies", {}):
            assert (key, copy) in used, f"copy {key}/{copy} is read for no citation"


def test_unverified_citations_point_to_a_note_that_says_what_was_tried() -> None:
    book = _book()
    for where, citation in citations(book):
        if citation.get("verified") is False and "note on the source" in citation["why"]:
            assert book["sources"][citation["source"]].get("note"), f"{where}: {citation['source']} has a note"


def refs(book: dict[str, Any], where: str, source: str) -> list[str]:
    return [c["ref"] for w, c in citations(book) if w == where and c["source"] == source]


def test_references_found_wrong_stay_corrected() -> None:
    """Issue 19: RR's Seven-Card Stud rule on running out of cards (the burns, dead cards, the
    community card) is rule 15, not 10 (10 is picking up one's upcards); the eight-or-better
    qualifier is High-Low rule 2, not 6 (6 is straights and flushes)."""
    book = _book()
    every = [c["ref"] for _, c in citations(book) if c["source"] == "RR"]
    assert not [r for r in every if "Seven-Card Stud 10" in r]
    for where in ("rule deal.dead-cards", "rule act-order.community-card", "option deck_exhaustion",
                  "option seventh_street_with_community"):
        assert any("Seven-Card Stud 15" in r for r in refs(book, where, "RR")), where
    assert any("13 and 15" in r for r in refs(book, "rule deal.burns", "RR"))
    assert refs(book, "rule low.qualifier", "RR") == ["Seven-Card Stud High-Low 2"]
    assert refs(book, "rule low.ignores-straights-flushes", "RR") == ["Seven-Card Stud High-Low 6"]
    # sections the copies read do not state: no longer cited
    assert refs(book, "rule hands.kickers", "RR") == [] and refs(book, "rule bring-in.no-option", "RR") == []
