"""docs/pokerkit.md is generated from an actual run of the suite on PokerKit and stays true:
regenerated here and compared with the committed page (tools/compare/pokerkit_doc.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.tools.compare import pokerkit_doc
from stud8.tools.compare.model import EngineRun

DOC = Path(__file__).resolve().parents[1] / "docs" / "pokerkit.md"

pytestmark = pytest.mark.skipif(not DOC.parent.is_dir(), reason="not running from a checkout")


def test_the_committed_page_is_what_a_run_gives() -> None:
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]'; it is in the test extra)")
    fresh = pokerkit_doc.generate()
    assert DOC.read_text(encoding="utf-8") == fresh, (
        "docs/pokerkit.md is stale: regenerate it with python -m stud8.tools.compare.pokerkit_doc --out docs/pokerkit.md")
    assert "| `pokerkit-native` |" in fresh and "## Where PokerKit differs, and whose reading is right" in fresh


def _run(spec: str, causes: list[tuple[str, list[str]]]) -> EngineRun:
    failures = {scenario: {"id": scenario, "outcome": "fail", "rules": ["pots.side-pots"], "title": "", "file": "f",
                           "line": 1, "field": "pots", "rule": rule} for rule, ids in causes for scenario in ids}
    return EngineRun(spec, spec, "", spec, f"{spec}.json", "0", spec, bytearray(), failures, causes)


def test_a_rule_failing_without_a_note_stops_the_page() -> None:
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]')")
    with pytest.raises(pokerkit_doc.NotesMismatch, match="rules that fail without a note: low.ordering"):
        pokerkit_doc.render(_run("pokerkit", []), _run("pokerkit-native", [("low.ordering", ["low-001"])]))


def test_a_note_for_a_rule_that_no_longer_fails_stops_the_page() -> None:
    pytest.importorskip("pokerkit", reason="PokerKit is not installed (pip install '.[pokerkit]')")
    with pytest.raises(pokerkit_doc.NotesMismatch, match="notes for rules that no longer fail: .*showdown.show-order"):
        pokerkit_doc.render(_run("pokerkit", []), _run("pokerkit-native", [("table.players", ["table-004"])]))
