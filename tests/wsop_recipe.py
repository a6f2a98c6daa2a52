"""The commands that make ``conformance/scenarios/real/wsop-2023-*.yaml`` from the PHH files in
``tests/data/real-hands`` (``tests/test_phh.py`` checks that they still make exactly those files).
Run from the checkout's root, adding ``-o conformance/scenarios/real/NAME``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HANDS = Path("tests/data/real-hands")
SOURCE = "{comment}, PokerKit 0.7.7 (github.com/uoftcprg/pokerkit); PHH file {path}"

WSOP: dict[str, tuple[str, str, str, str]] = {
    "wsop-2023-43.yaml": (
        "test_2023_43_5__", "real-001", "WSOP 2023 event #43, PokerKit hand {hand}: {summary}",
        ("Seven Stud/8 hands of the 2023 World Series of Poker, event #43 ($50,000 Poker Players\n"
        "Championship), day 5, as recorded in PokerKit's WSOP test suite (uoftcprg/pokerkit,\n"
        "pokerkit/tests/test_wsop/test_2023_43_5.py, PokerKit 0.7.7). Hands of the event follow each\n"
        "other: one hand's finishing stacks are the next one's starting stacks.\n"
        "Made by `stud8 hh import` from tests/data/real-hands/test_2023_43_5__*.phh: tests/wsop_recipe.py\n"
        "holds the command, and tests/test_phh.py checks that it still makes this file."),
    ),
    "wsop-2023-54.yaml": (
        "test_2023_54_4__", "real-008", "WSOP 2023 event #54, PokerKit hand {hand}: {summary}",
        ("Six Stud/8 hands of the 2023 World Series of Poker, event #54 (H.O.R.S.E.), day 4, as\n"
        "recorded in PokerKit's WSOP test suite (uoftcprg/pokerkit, pokerkit/tests/test_wsop/test_2023_54_4.py,\n"
        "PokerKit 0.7.7). Hands of the event follow each other: one hand's finishing stacks are the next\n"
        "one's starting stacks.\n"
        "Made by `stud8 hh import` from tests/data/real-hands/test_2023_54_4__*.phh: tests/wsop_recipe.py\n"
        "holds the command, and tests/test_phh.py checks that it still makes this file."),
    ),
}


def wsop_argv(name: str) -> list[str]:
    """``stud8`` arguments that import the hands of scenario file ``name`` (to standard output)."""
    prefix, first_id, title, comment = WSOP[name]
    files = sorted(str(path) for path in HANDS.glob(f"{prefix}*.phh")) if Path.cwd() == ROOT else \
        sorted(str(path.relative_to(ROOT)) for path in (ROOT / HANDS).glob(f"{prefix}*.phh"))
    return ["hh", "import", *files, "--id", first_id, "--title", title, "--source", SOURCE, "--comment", comment]
