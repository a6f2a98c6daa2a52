"""The comparison page of ``stud8 report --html`` in a real browser: it opens without console or
Content-Security-Policy errors, and its drill-downs work (a failing cell opens the failure with
its differences and its explain command; an area opens to its scenarios; the filter and links
into closed sections work).

Runs only where a headless Chromium is installed; it skips, saying so, where none is. The page
is probed on a copy: a test script is appended and its hash added to the copy's policy (the
page's own policy allows only its own script), loaded in an iframe, and reports what it saw
through ``postMessage`` into the harness page, which ``--dump-dom`` prints.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import sys
from pathlib import Path

import pytest
from headless import NEEDS_CHROMIUM, run_chromium

from stud8.tools.cli import main

ENGINES = Path(__file__).parent / "engines"
ENGINE = "python:loop_engines:odd_chip_first_listed"
KEY = "stud8-reference-0-1-0-2"  # the second engine named stud8-reference 0.1.0 (it wraps the reference engine)


pytestmark = NEEDS_CHROMIUM


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("compare")
    sys.path.insert(0, str(ENGINES))
    try:
        main(["conform", "--report", str(folder / "ref.json"), "--", "-q", "-k", "odd-chip or pots"])
        main(["conform", "--engine", ENGINE, "--report", str(folder / "odd.json"), "--", "-q", "-k", "odd-chip or pots"])
    finally:
        sys.path.remove(str(ENGINES))
    assert main(["report", str(folder / "ref.json"), str(folder / "odd.json"), "--html", str(folder / "page.html")]) == 0
    return folder / "page.html"


PROBE = """window.addEventListener("load", function () {
  var out = {};
  var anchor = ANCHOR;
  var target = document.getElementById(anchor);
  out.closedAtFirst = !target.open && !target.parentElement.closest("details").open;
  function allOpen(node) {
    for (; node; node = node.parentElement) { if (node.tagName === "DETAILS" && !node.open) { return false; } }
    return true;
  }
  var link = document.querySelector("#scenarios td a[href='#" + anchor + "']");
  out.cellLink = !!link;
  link.click();
  out.openAfterClick = target.open && allOpen(target);
  var command = target.querySelector(".command code");
  out.command = command.textContent;
  out.commandVisible = command.offsetParent !== null;
  out.diffRows = [].slice.call(target.querySelectorAll("table.diff tbody tr")).map(function (row) {
    return row.textContent.replace(/\\s+/g, " ").trim(); });
  out.copyButtonShown = !target.querySelector("button[data-copy]").hidden;
  var area = document.getElementById("area-pots");
  area.querySelector("summary").click();
  out.areaOpen = area.open;
  out.areaRows = [].slice.call(area.querySelectorAll("tr[data-search]")).filter(function (row) {
    return row.offsetParent !== null; }).length;
  var box = document.getElementById("q");
  box.value = "pots-005";
  box.dispatchEvent(new Event("input"));
  out.filtered = [].slice.call(document.querySelectorAll("tr[data-search]")).filter(function (row) {
    return !row.hidden; }).map(function (row) { return row.querySelector("code").textContent; });
  out.count = document.getElementById("count").textContent;
  box.value = "";
  box.dispatchEvent(new Event("input"));
  var show = document.getElementById("show");
  show.value = "failing";
  show.dispatchEvent(new Event("change"));
  out.failingShown = [].slice.call(document.querySelectorAll("tr[data-search]")).filter(function (row) {
    return !row.hidden; }).length;
  var cause = document.getElementById(CAUSE);
  [].slice.call(document.querySelectorAll("details")).forEach(function (node) { node.open = false; });
  location.hash = "#" + CAUSE;
  setTimeout(function () {
    out.causeOpenedByHash = cause.open && allOpen(cause);
    parent.postMessage(JSON.stringify(out), "*");
  }, 200);
});"""


def probe(page: Path, anchor: str, cause: str, tmp: Path) -> dict:
    script = PROBE.replace("ANCHOR", json.dumps(anchor)).replace("CAUSE", json.dumps(cause))
    digest = "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"
    text = page.read_text(encoding="utf-8")
    text = text.replace("script-src ", f"script-src {digest} ", 1).replace("</body>", f"<script>{script}</script></body>", 1)
    copy = page.with_name("probe-" + page.name)
    copy.write_text(text, encoding="utf-8")
    harness = page.with_name("harness.html")
    harness.write_text(
        f'<!DOCTYPE html><html><body style="margin:0"><iframe src="{copy.name}" style="border:0;width:1200px;'
        'height:900px"></iframe><script>window.addEventListener("message", function (e) { '
        'document.body.setAttribute("data-probe", e.data); });</script></body></html>', encoding="utf-8")
    done = run_chromium(["--window-size=1240,960", "--virtual-time-budget=10000", "--dump-dom", harness.as_uri()], tmp)
    found = re.search(r'data-probe="([^"]*)"', done.stdout)
    assert found, "the probe reported nothing: the page's script or the probe failed to run"
    return json.loads(html.unescape(found.group(1)))


def test_drill_down_from_a_failing_cell_to_its_differences(page: Path, tmp_path: Path) -> None:
    text = page.read_text(encoding="utf-8")
    anchor = re.search(rf'id="(fail-{KEY}-odd-chip-\d+)"', text)
    assert anchor
    scenario = anchor.group(1).removeprefix(f"fail-{KEY}-")
    result = probe(page, anchor.group(1), f"cause-{KEY}-odd-chip.within-half", tmp_path)
    assert result["closedAtFirst"] and result["cellLink"]
    assert result["openAfterClick"], "clicking the failing cell did not open the failure"
    assert result["commandVisible"] and result["command"] == f"stud8 explain {scenario} --engine {ENGINE}"
    assert result["diffRows"] and all(row.startswith("pots[0].") for row in result["diffRows"])
    assert result["copyButtonShown"]
    assert result["areaOpen"] and result["areaRows"] >= 10
    assert result["filtered"] == ["pots-005"] and result["count"].startswith("1 of ")
    assert result["failingShown"] == text.count(f'href="#fail-{KEY}-')
    assert result["causeOpenedByHash"], "a link into a closed section did not open it"


@pytest.mark.parametrize("width", [390, 1280])
def test_opens_without_console_or_policy_errors(page: Path, tmp_path: Path, width: int) -> None:
    for name, address in (("top", page.as_uri()), ("failure", page.as_uri() + f"#fail-{KEY}-odd-chip-002")):
        shot = tmp_path / f"{name}-{width}.png"
        done = run_chromium(["--hide-scrollbars", "--enable-logging=stderr", "--v=0", f"--window-size={width},900",
                     f"--screenshot={shot}", address], tmp_path)
        assert shot.is_file()
        if name == "top":
            assert shot.stat().st_size > 10_000, "the page drew next to nothing"
        console = [line for line in done.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line
                   or "Content Security Policy" in line or "Content-Security-Policy" in line]
        assert console == [], name
