"""The limits are stated once (``stud8.spec.limits``) and docs/cli.md and docs/protocol.md give
the same values: a limit changed in the code but not in the documents fails here."""

from __future__ import annotations

from pathlib import Path

from stud8.spec import limits

ROOT = Path(__file__).parent.parent


def _section(path: Path, title: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n#", start + len(title))
    return text[start:] if end < 0 else text[start:end]


def test_the_cli_reference_states_every_limit() -> None:
    section = _section(ROOT / "docs" / "cli.md", "## Limits")
    for value in (f"{limits.MAX_NESTING} levels", f"{limits.MAX_YAML_NODES:,}", f"{limits.MAX_FILE_BYTES >> 20} MiB",
                  f"{limits.MAX_AMOUNT:,}", f"| {limits.MAX_AMOUNT_DIGITS} |", f"| {limits.MAX_PLAYERS} |",
                  f"{limits.MAX_MESSAGE_BYTES >> 20} MiB", f"{limits.MAX_ERRORS_PER_FILE} (then",
                  f"{limits.MAX_QUOTE_CHARS} characters", f"{limits.MAX_JOBS}"):
        assert value in section, value
    assert limits.MAX_SECONDS == 7 * 24 * 3600 and "at most a week" in section


def test_the_cli_reference_states_the_hand_history_limits() -> None:
    """Issue 22: hand histories (file size above, line, hand, hands per file, names), the
    unseen-card budget and the Dask timeout are in the table too, with the values used."""
    section = _section(ROOT / "docs" / "cli.md", "## Limits")
    for value in (f"| {limits.MAX_LINE_CHARS:,} characters |", f"| {limits.MAX_HAND_CHARS:,} characters |",
                  f"| {limits.MAX_HANDS_PER_FILE:,} (then", f"| {limits.MAX_NAME_CHARS} characters |",
                  f"| {limits.UNSEEN_TRIALS:,} fillings or {limits.UNSEEN_SECONDS:g} s", f"| {limits.DASK_TIMEOUT:g} s |",
                  f"| {limits.MAX_PATH_CHARS:,} characters (escaped) |", "hand history) | 4 MiB |"):
        assert value in section, value


def test_the_hand_history_code_uses_the_one_set_of_limits() -> None:
    from stud8.conformance import executor
    from stud8.conformance.handhistory import audit, readers

    assert executor.CONNECT_TIMEOUT == limits.DASK_TIMEOUT
    assert (audit.UNSEEN_TRIALS, audit.UNSEEN_SECONDS) == (limits.UNSEEN_TRIALS, limits.UNSEEN_SECONDS)
    assert readers.MAX_LINE_CHARS == limits.MAX_LINE_CHARS and readers.MAX_HANDS_PER_FILE == limits.MAX_HANDS_PER_FILE


def test_the_protocol_document_states_the_protocol_limits() -> None:
    from stud8.conformance.engines.protocol import MAX_LINE_BYTES
    from stud8.conformance.engines.subprocess_adapter import MAX_BLANK_LINES

    section = _section(ROOT / "docs" / "protocol.md", "### Limits")
    assert MAX_LINE_BYTES == limits.MAX_MESSAGE_BYTES
    for value in (f"{limits.MAX_MESSAGE_BYTES >> 20} MiB", f"| {MAX_BLANK_LINES} |", f"{limits.MAX_NESTING} levels",
                  f"{limits.MAX_AMOUNT:,}", f"| {limits.MAX_AMOUNT_DIGITS}:", f"| {limits.MAX_PLAYERS} |"):
        assert value in section, value


def test_the_largest_amount_is_exact_in_a_double() -> None:
    assert limits.MAX_AMOUNT < 2**53 and float(limits.MAX_AMOUNT) == limits.MAX_AMOUNT
    assert limits.MAX_AMOUNT_DIGITS == len(str(limits.MAX_AMOUNT))


def test_the_player_limit_is_the_rule_books() -> None:
    from stud8.spec.rulebook import default_rulebook

    assert limits.MAX_PLAYERS == default_rulebook().max_players
