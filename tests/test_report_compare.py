"""``stud8 report REPORT.json... --html FILE --badges DIR``: engines side by side, one static page
and a badge each (tools/compare/); in a real browser in tests/test_report_browser.py."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two reports over the odd-chip scenarios: the reference engine, and one that gives the odd
    chips of a tied half to the first winner listed (tests/engines/loop_engines.py), run with
    ``--label``."""
    import sys

    folder = tmp_path_factory.mktemp("reports")
    sys.path.insert(0, str(ENGINES))
    try:
        assert main(["conform", "--report", str(folder / "ref.json"), "--", "-q", "-k", "odd-chip"]) == 0
        assert main(["conform", "--engine", "python:loop_engines:odd_chip_first_listed", "--label", "Odd chips/first",
                     "--report", str(folder / "odd.json"), "--", "-q", "-k", "odd-chip"]) == 1
    finally:
        sys.path.remove(str(ENGINES))
    return folder / "ref.json", folder / "odd.json"


def test_text_lines_up_the_areas_and_the_root_causes(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path]) -> None:
    capsys.readouterr()
    assert main(["report", *map(str, reports)]) == 0
    out = capsys.readouterr().out.splitlines()
    # named by the engine's hello (name, version), or by --label; keyed by a slug of that name
    assert out[1].startswith("  stud8-reference-0-1-0: stud8-reference 0.1.0 (reference, report ")
    assert out[2].startswith("  odd-chips-first: Odd chips/first (python:loop_engines:odd_chip_first_listed, report ")
    header = next(line for line in out if line.startswith("area (pass/fail/error/n/a)"))
    assert header.split()[-2:] == ["stud8-reference-0-1-0", "odd-chips-first"]
    odd = next(line for line in out if line.startswith("odd-chip "))
    total = _count(reports[0])
    assert odd.split()[1] == f"{total}/0/0/0" and odd.split()[2].endswith("/0/0") and odd.split()[2] != f"{total}/0/0/0"
    cause = next(line for line in out if line.strip().startswith("odd-chip.within-half"))
    assert re.search(r"odd-chip-\d+", cause)


def test_json(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path]) -> None:
    capsys.readouterr()
    assert main(["report", *map(str, reports), "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    ref, odd = document["engines"]
    total = _count(reports[0])
    assert ref["spec"] == "reference" and ref["counts"]["fail"] == 0 and ref["badge"] == f"{total}/{total}"
    assert odd["spec"] == "python:loop_engines:odd_chip_first_listed" and odd["counts"]["fail"] > 0
    assert odd["label"] == "Odd chips/first" and odd["complete"] is True and odd["stopped"] is None
    assert odd["root_causes"][0]["rule"] == "odd-chip.within-half"
    area = next(item for item in document["areas"] if item["area"] == "odd-chip")
    assert area["engines"]["stud8-reference-0-1-0"]["pass"] == total


def test_page_and_badges(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path], tmp_path: Path) -> None:
    page, badges = tmp_path / "out" / "page.html", tmp_path / "badges"
    (tmp_path / "out").mkdir()
    assert main(["report", *map(str, reports), "--html", str(page), "--badges", str(badges)]) == 0
    text = html.unescape(page.read_text(encoding="utf-8"))
    assert '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'sha256-' in text
    # self-contained: nothing from the network (the only URL is SVG's namespace)
    assert set(re.findall(r"https?://[^\s\"'<>]+", text)) <= {"http://www.w3.org/2000/svg"}
    assert "<link" not in text and " src=" not in text
    assert str(tmp_path) not in text and str(reports[0].parent) not in text  # reports are named by file name
    # the drill-down: each failing scenario once, with its hand, then how the engine fails it:
    # its differences, its rule (linked to its statement, written once) and the command that replays it
    failing = re.search(r'<details class="failure" id="fail-odd-chips-first-(odd-chip-\d+)">', text)
    assert failing, "no failure section"
    scenario = failing.group(1)
    block = text[text.index(f'<details class="scenario-failure" id="scenario-{scenario}">'):failing.start()]
    assert '<table class="deal">' in block and "<th scope=\"row\">third</th>" in block  # the deal, no engine needed
    assert '<ol class="steps" start="0">' in block
    section = text[failing.start():text.index("</details>", failing.start())]
    assert "<code>pots[0]." in section
    assert 'Rule <a href="#rule-odd-chip.within-half"><code>odd-chip.within-half</code></a>' in section
    assert f"stud8 explain {scenario} --engine python:loop_engines:odd_chip_first_listed" in section
    assert f'href="#fail-odd-chips-first-{scenario}"' in text  # linked from its cell
    assert 'id="cause-odd-chips-first-odd-chip.within-half"' in text
    assert text.count('<dt id="rule-odd-chip.within-half">') == 1  # the statement once, however many fail
    for name in ("stud8-reference-0-1-0.svg", "odd-chips-first.svg"):
        svg = ET.fromstring((badges / name).read_text(encoding="utf-8"))
        texts = [node.text for node in svg.iter("{http://www.w3.org/2000/svg}text")]
        assert texts[0] == "stud8" and re.fullmatch(rf"\d+/{_count(reports[0])}", texts[1] or "")
    assert ET.fromstring((badges / "stud8-reference-0-1-0.svg").read_text()).find(
        "{http://www.w3.org/2000/svg}rect[@x]").get("fill") == "#2e8540"


def test_text_from_a_report_is_escaped(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path], tmp_path: Path) -> None:
    document = json.loads(reports[1].read_text())
    document["engine"]["name"] = document["run"]["label"] = "<script>alert(1)</script>"
    document["scenarios"][0]["title"] = "a & b <img src=x> \u202eevil"
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(document))
    page = tmp_path / "p.html"
    assert main(["report", str(hostile), "--html", str(page)]) == 0
    text = page.read_text()
    assert "<script>alert(1)</script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "<img src=x>" not in text
    assert "\u202e" not in text and "\\u202eevil" in text  # a bidi override is shown, not obeyed


def test_a_forged_id_never_becomes_a_runnable_line(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path],
                                                   tmp_path: Path) -> None:
    """Issue 29: the page's explain command (and its copy button) is built from shell-quoted
    parts of printable values; an id or spec with a newline, an escape or a quote stays one
    argument."""
    import shlex

    document = json.loads(reports[1].read_text())
    forged = "odd-chip-1\nrm -rf ~ #\x1b[2J'\"$(id)"
    failing = next(item for item in document["scenarios"] if item["outcome"] == "fail")
    failing["id"] = forged
    document["engine"]["spec"] = "cmd:./e\ntouch /tmp/owned"
    hostile = tmp_path / "forged.json"
    hostile.write_text(json.dumps(document))
    page = tmp_path / "p.html"
    assert main(["report", str(hostile), "--html", str(page)]) == 0
    capsys.readouterr()
    text = page.read_text()
    assert "\x1b" not in text
    commands = [html.unescape(found) for found in re.findall(r'data-copy="([^"]*)"', text)]
    forged_commands = [command for command in commands if "rm -rf" in command]
    assert forged_commands
    for command in commands:
        assert "\n" not in command and "\r" not in command
        argv = shlex.split(command)
        assert argv[:2] == ["stud8", "explain"] and argv[3:] == ["--engine", "cmd:./e\\ntouch /tmp/owned"]
    assert shlex.split(forged_commands[0])[2] == "odd-chip-1\\nrm -rf ~ #\\x1b[2J'\"$(id)"


@pytest.mark.parametrize(("make", "message"), [
    (lambda folder: folder / "missing.json", "cannot read file"),
    (lambda folder: _write(folder / "x.json", "{not json"), "1: not a stud8 report: not JSON"),
    (lambda folder: _write(folder / "y.json", '{"format": 1}'), "not a stud8 report (spec/schema/report.schema.json)"),
])
def test_a_file_that_is_not_a_report_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Callable[[Path], Path], message: str) -> None:
    path = make(tmp_path)
    page = tmp_path / "page.html"
    capsys.readouterr()
    assert main(["report", str(path), "--html", str(page)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"stud8 report: {path}:") and message in err and len(err.splitlines()) == 1
    assert not page.exists() and out == ""


def test_an_unwritable_page_writes_nothing(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path], tmp_path: Path) -> None:
    capsys.readouterr()
    assert main(["report", str(reports[0]), "--html", str(tmp_path / "no" / "page.html"), "--badges", str(tmp_path / "b")]) == 2
    assert "stud8 report: --html " in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


def _count(report: Path) -> int:
    """How many scenarios a report holds (the odd-chip area, as selected above)."""
    return len(json.loads(report.read_text())["scenarios"])


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_many_reports_turn_the_tables_and_repeat_nothing(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path],
                                                        tmp_path: Path) -> None:
    """Issue 29: a thousand reports must not make a page of a thousand columns. Past eight
    engines the page has a row per engine and per scenario a count; each failing scenario is
    written once, with one entry per way it fails, naming the engines; the page grows with the
    engines' rows, not with engines times scenarios."""
    document = json.loads(reports[1].read_text())
    paths = []
    for number in range(24):
        document["run"]["label"] = f"fleet engine {number}"
        path = tmp_path / f"r{number:02}.json"
        path.write_text(json.dumps(document))
        paths.append(path)
    sizes = {}
    for count in (12, 24):
        page = tmp_path / f"p{count}.html"
        assert main(["report", *map(str, paths[:count]), "--html", str(page), "--badges", str(tmp_path / f"b{count}")]) == 0
        sizes[count] = page.stat().st_size
    capsys.readouterr()
    text = (tmp_path / "p24.html").read_text()
    failing = len([item for item in document["scenarios"] if item["outcome"] == "fail"])
    assert text.count('<details class="scenario-failure"') == failing  # each failing scenario once
    assert text.count('<details class="failure"') == failing  # 24 engines failing alike: one entry each
    assert "fleet engine 0, fleet engine 1, fleet engine 2" in text and "and 12 more" in text
    assert 'id="engine-filter"' in text and text.count(" data-engine=") == 2 * 24  # summary and areas
    assert "<th scope=\"col\">fleet engine 3</th>" not in text  # no column per engine
    # twelve more engines cost their rows, not another copy of every scenario and failure
    assert sizes[24] - sizes[12] < 0.6 * sizes[12]
    assert sorted(path.name for path in (tmp_path / "b24").iterdir())[:2] == ["fleet-engine-0.svg", "fleet-engine-1.svg"]


def test_a_run_that_stopped_is_marked_everywhere(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path],
                                                 tmp_path: Path) -> None:
    document = json.loads(reports[1].read_text())
    document["scenarios"] = document["scenarios"][:3]
    document["run"] = {"complete": False, "scenarios_run": 3, "scenarios_selected": 25,
                       "stopped": "the engine does not answer: 3 scenarios in a row timed out"}
    stopped = tmp_path / "stopped.json"
    stopped.write_text(json.dumps(document))
    page, badges = tmp_path / "p.html", tmp_path / "b"
    capsys.readouterr()
    assert main(["report", str(stopped), "--html", str(page), "--badges", str(badges)]) == 0
    out = capsys.readouterr().out
    assert "-- STOPPED AFTER 3 OF 25 SCENARIOS: the engine does not answer" in out
    text = html.unescape(page.read_text())
    assert "1 run stopped early" in text and "stopped after 3 of 25 scenarios" in text
    [badge] = badges.iterdir()
    svg = ET.fromstring(badge.read_text())
    texts = [node.text for node in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["stud8", "stopped after 3"]
    assert main(["report", str(stopped), "--format", "json"]) == 0
    [engine] = json.loads(capsys.readouterr().out)["engines"]
    assert engine["complete"] is False and engine["badge"] == "stopped after 3" and engine["scenarios_run"] == 3
