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
    chips of a tied half to the first winner listed (tests/engines/loop_engines.py)."""
    import sys

    folder = tmp_path_factory.mktemp("reports")
    sys.path.insert(0, str(ENGINES))
    try:
        assert main(["conform", "--report", str(folder / "ref.json"), "--", "-q", "-k", "odd-chip"]) == 0
        assert main(["conform", "--engine", "python:loop_engines:odd_chip_first_listed",
                     "--report", str(folder / "odd.json"), "--", "-q", "-k", "odd-chip"]) == 1
    finally:
        sys.path.remove(str(ENGINES))
    return folder / "ref.json", folder / "odd.json"


def test_text_lines_up_the_areas_and_the_root_causes(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path]) -> None:
    capsys.readouterr()
    assert main(["report", *map(str, reports)]) == 0
    out = capsys.readouterr().out.splitlines()
    # both engines say they are stud8-reference (one wraps the other): their specs tell them apart
    assert out[1].startswith("  reference: reference 0.1.0 (reference, report ")
    assert out[2].startswith("  python-loop-engines-odd-chip-first-listed: python:loop_engines:odd_chip_first_listed ")
    header = next(line for line in out if line.startswith("area (pass/fail/n/a)"))
    assert header.split()[-2:] == ["reference", "python-loop-engines-odd-chip-first-listed"]
    odd = next(line for line in out if line.startswith("odd-chip "))
    total = _count(reports[0])
    assert odd.split()[1] == f"{total}/0/0" and odd.split()[2].endswith("/0") and odd.split()[2] != f"{total}/0/0"
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
    assert odd["root_causes"][0]["rule"] == "odd-chip.within-half"
    area = next(item for item in document["areas"] if item["area"] == "odd-chip")
    assert area["engines"]["reference"]["pass"] == total


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
    # the drill-down: the failure's differences, its rule and the command that replays it
    failing = re.search(r'<details class="failure" id="fail-python-loop-engines-odd-chip-first-listed-(odd-chip-\d+)">',
                        text)
    assert failing, "no failure section"
    scenario = failing.group(1)
    section = text[failing.start():text.index("</details>", failing.start())]
    assert "<code>pots[0]." in section
    assert "Rule <code>odd-chip.within-half</code>" in section
    assert f"stud8 explain {scenario} --engine python:loop_engines:odd_chip_first_listed" in section
    assert f'href="#fail-python-loop-engines-odd-chip-first-listed-{scenario}"' in text  # linked from its cell
    assert 'id="cause-python-loop-engines-odd-chip-first-listed-odd-chip.within-half"' in text
    for name in ("reference.svg", "python-loop-engines-odd-chip-first-listed.svg"):
        svg = ET.fromstring((badges / name).read_text(encoding="utf-8"))
        texts = [node.text for node in svg.iter("{http://www.w3.org/2000/svg}text")]
        assert texts[0] == "stud8" and re.fullmatch(rf"\d+/{_count(reports[0])}", texts[1] or "")
    assert ET.fromstring((badges / "reference.svg").read_text()).find(
        "{http://www.w3.org/2000/svg}rect[@x]").get("fill") == "#2e8540"


def test_text_from_a_report_is_escaped(capsys: pytest.CaptureFixture[str], reports: tuple[Path, Path], tmp_path: Path) -> None:
    document = json.loads(reports[1].read_text())
    document["engine"]["name"] = "<script>alert(1)</script>"
    document["scenarios"][0]["title"] = "a & b <img src=x>"
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(document))
    page = tmp_path / "p.html"
    assert main(["report", str(hostile), "--html", str(page)]) == 0
    text = page.read_text()
    assert "<script>alert(1)</script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "<img src=x>" not in text


@pytest.mark.parametrize(("make", "message"), [
    (lambda folder: folder / "missing.json", "cannot read file"),
    (lambda folder: _write(folder / "x.json", "{not json"), "not a stud8 report: not JSON"),
    (lambda folder: _write(folder / "y.json", '{"format": 1}'), "not a stud8 report (spec/schema/report.schema.json)"),
])
def test_a_file_that_is_not_a_report_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Callable[[Path], Path], message: str) -> None:
    path = make(tmp_path)
    page = tmp_path / "page.html"
    capsys.readouterr()
    assert main(["report", str(path), "--html", str(page)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"stud8 report: {path}: ") and message in err and len(err.splitlines()) == 1
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
