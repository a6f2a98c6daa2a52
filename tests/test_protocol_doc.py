"""docs/protocol.md says what the runner does: the options table matches the rule book, and a
``start`` request carries every option resolved."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from stud8.conformance.engines.subprocess_adapter import SubprocessEngine, resolved_options
from stud8.spec.rulebook import default_rulebook

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def _table_rows() -> dict[str, list[str]]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### Options"):text.index("### act")]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells
    return rows


def _shown(value: object) -> str:
    return f"`{json.dumps(value) if isinstance(value, bool) else value}`"


def test_the_options_table_matches_the_rule_book() -> None:
    book = default_rulebook()
    rows = _table_rows()
    assert list(rows) == list(book.options), "one row per option, in the rule book's order"
    tda = book.profiles["tda"]
    for name, option in book.options.items():
        _, title, values, default, in_tda = rows[name]
        assert title == option.title
        assert default == _shown(option.default)
        assert in_tda == (_shown(tda[name]) if name in tda else "default")
        if option.values:
            assert re.findall(r"`([^`]+)`", values) == list(option.values)


def test_start_carries_every_option_resolved() -> None:
    book = default_rulebook()
    defaults = {name: option.default for name, option in book.options.items()}
    assert resolved_options(None, {}) == defaults
    assert resolved_options("robert", {}) == defaults
    tda = resolved_options("tda", {"raise_cap": 6})
    assert tda == {**defaults, **book.profiles["tda"], "raise_cap": 6}
    # settings the rule book refuses go as given, for the engine to refuse
    assert resolved_options(None, {"raise_cap": 0}) == {"raise_cap": 0}
    assert resolved_options("nonesuch", {}) == {}


RECORDER = '''
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    kind = request["type"]
    if kind == "start":
        with open(sys.argv[1], "a") as log:
            log.write(json.dumps(request) + "\\n")
    answer = {"hello": {"type": "hello", "protocol": 1, "engine": {"name": "recorder", "version": "1"},
                        "options": {}, "profiles": ["robert"]},
              "start": {"type": "ok"}, "stop": {"type": "bye"}}.get(kind, {"type": "error", "message": kind})
    print(json.dumps({"id": request["id"], **answer}), flush=True)
    if kind == "stop":
        break
'''


def test_the_subprocess_engine_sends_the_resolved_options(tmp_path: Path) -> None:
    script = tmp_path / "recorder.py"
    script.write_text(RECORDER)
    log = tmp_path / "starts.jsonl"
    engine = SubprocessEngine([sys.executable, str(script), str(log)], timeout=10)
    try:
        engine.start(stacks=[40, 40], stakes={"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40},
                     deck=[], profile="tda", options={"burn_before_third": True})
    finally:
        engine.close()
    [request] = [json.loads(line) for line in log.read_text().splitlines()]
    assert request["profile"] == "tda"
    assert request["options"] == resolved_options("tda", {"burn_before_third": True})
    assert len(request["options"]) == len(default_rulebook().options)


@pytest.mark.parametrize("claim", ["**`legal`** is compared **as a set**", "**`cbr T` with T their whole stack",
                                   "it plays exactly the `robert` profile", "1. `malformed-action`",
                                   "**`null` when nobody was forced**", "**Folded seats keep their"])
def test_the_document_answers_what_engine_authors_asked(claim: str) -> None:
    assert claim in " ".join(DOC.read_text().split())
