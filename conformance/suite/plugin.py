"""The pytest plugin that turns scenario files into test items (registered as ``pytest11``).

pytest does the collecting, selecting (``-k``), reporting, JUnit XML and parallel runs; this
plugin only says which YAML files are scenario files, makes one item per scenario (named by
its immutable id) and runs it through the chosen engine.

Which files: YAML files under a scenario root. Roots come from the ini option
``stud8_scenarios`` (paths relative to the rootdir; the project's pyproject.toml names
``conformance/scenarios``) and from ``--stud8-scenarios DIR``. Other YAML files are left
alone, so installing stud8 never changes another project's test run.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.engines.api import Engine, EngineFault
from stud8.conformance.engines.spec import DEFAULT_TIMEOUT, make_engine
from stud8.conformance.suite.applicability import decide
from stud8.conformance.suite.baseline import BASELINED, Baseline, KnownFailure, known_failure, load_baseline, write_baseline
from stud8.conformance.suite.checks import rule_text
from stud8.conformance.suite.collapse import CollapseFailures, hidden_line
from stud8.conformance.suite.faults import EngineWatch, FaultGroup, FaultLog, fault_summary_lines, first_line
from stud8.conformance.suite.freshcheck import RECHECKS, FreshCheck, Rechecker
from stud8.conformance.suite.nextstep import next_hint
from stud8.conformance.suite.order import Order, ordered, parse_order
from stud8.conformance.suite.pytest_settings import add_ini_options, apply_settings, settings_header, settings_path
from stud8.conformance.suite.replay import ScenarioFailure, run_scenario
from stud8.conformance.suite.report import (
    Record,
    Report,
    counts_line,
    explain_command,
    failure_message,
    fresh_check_line,
    jsonable,
    root_cause_lines,
    stopped_text,
    summary_lines,
    write_report,
)
from stud8.conformance.suite.rootcause import attribute_playing, cause_text
from stud8.conformance.suite.scenarios import SCENARIO_SUFFIXES, Scenario, load_scenario_file
from stud8.conformance.suite.testids import root_labels, suite_path
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import printable, quoted, seconds_problem, shown_path
from stud8.spec.outputs import check_output_file
from stud8.spec.runfiles import declare_inputs, ensure_run_files
from stud8.spec.yamlio import Problem

ENGINE_KEY = pytest.StashKey[Engine]()
ROOTS_KEY = pytest.StashKey[list[tuple[Path, str]]]()
BASELINE_KEY = pytest.StashKey[Baseline]()
SEEN_KEY = pytest.StashKey[set[Path]]()
WATCH_KEY = pytest.StashKey[EngineWatch]()
FAULTS_KEY = pytest.StashKey[FaultLog]()
ORDER_KEY = pytest.StashKey[Order]()
RECHECKER_KEY = pytest.StashKey[Rechecker]()
PREVIOUS_KEY = pytest.StashKey[str]()
"""The scenario the engine of this process played last; absent while the engine is fresh."""
ORDER_INPUT = "stud8_order"
"""The key under which the xdist controller hands its order, its seed chosen, to each worker."""
FIXED = "now passes: remove it from the baseline"
NOT_RUN = "not run:"
"""How a scenario skipped because the run stopped says so: it gets no record (it was not played)."""

def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("stud8", "stud8 conformance scenarios")
    group.addoption("--stud8-scenarios", action="append", default=[], metavar="DIR",
                    help="a folder of scenario files to collect (repeatable)")
    # engine, timeout: None when not given, then the ini option or the project's stud8 settings (pytest_settings.py)
    group.addoption("--stud8-engine", default=None, metavar="SPEC",
                    help="the engine: reference (default), pokerkit, pokerkit-native, python:MODULE:FACTORY or cmd:COMMAND")
    group.addoption("--stud8-timeout", type=float, default=None, metavar="SECONDS",
                    help=f"seconds allowed for each engine message (default {DEFAULT_TIMEOUT:g})")
    group.addoption("--stud8-report", default=None, metavar="FILE", help="write the JSON conformance report to FILE")
    group.addoption("--stud8-report-quiet", action="store_true", default=False,
                    help="do not say where the report was written (stud8 conform --format json prints it instead)")
    group.addoption("--stud8-label", default=None, metavar="NAME",
                    help="a name for this run, kept in the report (stud8 report names the engine by it)")
    group.addoption("--stud8-keep-going", action="store_true", default=False,
                    help="after a difference, check every later checkpoint and the outcome too, and report them all")
    # order: None when not given, then the ini option or the project's stud8 settings (pytest_settings.py)
    group.addoption("--stud8-order", default=None, metavar="ORDER",
                    help="the order scenarios run in: file (default), reverse, random (a seed is chosen and said) "
                         "or random:SEED (that order again)")
    group.addoption("--stud8-no-fresh-check", action="store_true", default=False,
                    help=f"do not replay a failing scenario on a fresh engine (by default up to {RECHECKS} failures per "
                         "engine are, to tell state carried between hands from a rule mistake)")
    group.addoption("--stud8-baseline", default=None, metavar="FILE",
                    help="known failures (a baseline written by --stud8-update-baseline, a JSON report, or ids one a "
                         "line): they do not fail the run, but one that passes or fails another way does")
    group.addoption("--stud8-update-baseline", default=None, metavar="FILE",
                    help="write the failures of this run to FILE as the new baseline (entries for scenarios not run "
                         "are kept from FILE)")
    parser.addini("stud8_scenarios", "folders of stud8 scenario files, relative to the rootdir", type="paths", default=[])
    add_ini_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    added = apply_settings(config)  # ini options and stud8.toml / [tool.stud8] for what no flag gave
    roots = [Path(p).resolve() for p in config.getini("stud8_scenarios")]
    roots += [Path(p).resolve() for p in [*config.getoption("stud8_scenarios"), *added]]
    config.stash[ROOTS_KEY] = root_labels(roots, config.invocation_params.dir)
    config.stash[WATCH_KEY] = EngineWatch()
    config.stash[FAULTS_KEY] = FaultLog()
    config.pluginmanager.register(ConformanceReporter(config), "stud8-conformance-reporter")
    config.pluginmanager.register(JUnitEngineErrors(config), "stud8-junit-engine-errors")
    config.pluginmanager.register(CollapseFailures(config), "stud8-collapse-failures")
    baseline = config.getoption("stud8_baseline")
    report = config.getoption("stud8_report")
    why = seconds_problem(config.getoption("stud8_timeout"), "--stud8-timeout")
    try:
        if why:
            raise Stud8Error(why, "usage")
        # checked before the run, as stud8 conform does, in the run's ledger (stud8 conform's, or
        # one for these checks): no output is the baseline read or the other output
        with ensure_run_files():
            declare_inputs([baseline], "--baseline")
            # the files that configure this run are inputs too: stud8_report = pytest.ini once
            # replaced the ini file with the report
            declare_inputs([config.inipath], "pytest configuration file")
            declare_inputs([settings_path(config)], "settings file")
            declare_inputs(roots, "--scenarios", suffixes=SCENARIO_SUFFIXES)
            if report and not hasattr(config, "workerinput"):
                check_output_file(Path(report), "--stud8-report", slot="--report")
            update = config.getoption("stud8_update_baseline")
            if update and not hasattr(config, "workerinput"):
                check_output_file(Path(update), "--stud8-update-baseline", slot="--update-baseline",
                                  replaces=("--baseline",))
        config.stash[BASELINE_KEY] = load_baseline(Path(baseline)) if baseline else Baseline()
        config.stash[ORDER_KEY] = _order(config)
    except Stud8Error as error:
        raise pytest.UsageError(error.message) from None
    if not config.getoption("stud8_no_fresh_check"):
        config.stash[RECHECKER_KEY] = Rechecker(config.getoption("stud8_engine"), config.getoption("stud8_timeout"),
                                                limit=RECHECKS)
    if config.getoption("stud8_engine") != "reference":
        # Made at once so that a bad spec, a missing command or module is a usage error of the
        # whole run, not a failure of every scenario.
        _engine(config)


def _order(config: pytest.Config) -> Order:
    """The run's order, its seed chosen: an xdist worker takes the controller's (every worker
    must collect the same order, and a seed chosen by each would differ); any other process
    chooses a missing seed itself (``order.py``)."""
    given = getattr(config, "workerinput", {}).get(ORDER_INPUT)
    if given is not None:
        return parse_order(str(given), "--stud8-order")
    return parse_order(config.getoption("stud8_order") or "file", _order_flag(config)).with_seed()


def _order_flag(config: pytest.Config) -> str:
    """The flag a user gave the order with: ``--order`` under ``stud8 conform``, which passes
    its options to pytest as ``--stud8-*`` after reading the settings itself."""
    return "--order" if config.getoption("stud8_settings_read") else "--stud8-order"


def order_line(config: pytest.Config) -> str | None:
    """The line saying a run's order, and how to play the same order again; None for ``file``."""
    order = config.stash.get(ORDER_KEY, None)
    if order is None or order.kind == "file":
        return None
    again = f" (the same order again: {_order_flag(config)} {order.spec})" if order.kind == "random" else ""
    return f"stud8: scenarios in {order.kind} order" + (f", seed {order.seed}" if order.seed is not None else "") + again


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist, on the controller, for each worker it starts: the order with its seed, so
    that every worker collects the same order (pytest-randomly passes its seed the same way)."""
    order = node.config.stash.get(ORDER_KEY, None)
    if order is not None:
        node.workerinput[ORDER_INPUT] = order.spec


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [line for line in (settings_header(config), order_line(config)) if line]


def pytest_unconfigure(config: pytest.Config) -> None:
    engine = config.stash.get(ENGINE_KEY, None)
    if engine is not None:
        engine.close()


class PremadeEngine:
    """Hands an engine made before the run (``stud8 conform`` makes it, so that an engine that
    cannot start is reported as the command's own usage error) to the plugin."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        if not hasattr(config, "workerinput"):  # xdist workers make their own
            config.stash[ENGINE_KEY] = self.engine


def _engine(config: pytest.Config) -> Engine:
    """The engine for this run (each xdist worker has its own), made once."""
    if ENGINE_KEY not in config.stash:
        spec = config.getoption("stud8_engine")
        try:
            config.stash[ENGINE_KEY] = make_engine(spec, config.getoption("stud8_timeout"))
        except Stud8Error as error:
            raise pytest.UsageError(error.message) from None
        except EngineFault as fault:
            raise pytest.UsageError(f"engine {quoted(spec)} cannot start: {printable(first_line(fault.message), 400)}") from None
    return config.stash[ENGINE_KEY]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    order = config.stash.get(ORDER_KEY, Order())
    if order.kind != "file":  # only scenarios move; other tests keep their places (order.py)
        items[:] = ordered(items, order, lambda item: item.scenario.id if isinstance(item, ScenarioItem) else None)
    baseline = config.stash.get(BASELINE_KEY, Baseline())
    for item in items:
        if isinstance(item, ScenarioItem) and item.scenario.id in baseline:
            item.add_marker(pytest.mark.xfail(strict=True, reason="in the baseline of known failures"))
    collected = {item.scenario.id for item in items if isinstance(item, ScenarioItem)}
    unknown = sorted(baseline.ids() - collected)
    if hasattr(config, "workerinput"):  # said once, by the controller
        return
    lines = []
    if unknown:
        shown = ", ".join(unknown[:10]) + (f" and {len(unknown) - 10} more" if len(unknown) > 10 else "")
        lines.append(f"warning: the baseline names {len(unknown)} scenario id(s) not in this run: {shown}")
    note = baseline.note()
    if note:
        lines.append(note)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    for text in lines:
        if reporter is not None:
            reporter.write_line(text, yellow=True)
        else:
            print(text, file=sys.stderr)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if not isinstance(item, (ScenarioItem, InvalidFileItem)) or report.when != "call":
        return
    baseline = item.config.stash.get(BASELINE_KEY, Baseline())
    in_baseline = isinstance(item, ScenarioItem) and item.scenario.id in baseline
    outcome_name = _classify(report, call, in_baseline)
    message = ""
    error = call.excinfo.value if call.excinfo is not None else None
    current: KnownFailure | None = None
    if isinstance(error, ScenarioFailure):
        assert isinstance(item, ScenarioItem)
        message = failure_message(error.step, error.field, error.expected, error.got)
        report.user_properties.append(("stud8_failure", _failure_json(error)))
        if error.more:
            message += f" (and {len(error.more)} more difference{'s' if len(error.more) > 1 else ''})"
            report.user_properties.append(("stud8_differences", [_failure_json(f, brief=True) for f in error.all]))
        current = known_failure(item.scenario.id, "fail", error.at, error.field, error.rule,
                                expected=jsonable(error.expected), got=jsonable(error.got))
        fresh: FreshCheck | None = getattr(item, "fresh_check", None)
        if fresh is not None:
            report.user_properties.append(("stud8_fresh", fresh.as_json()))
            message += f" -- {fresh.text()}" if fresh.text() else ""
    elif error is not None:  # a fault in one line, with a crash's last stderr line (faults.first_line)
        message = (first_line(str(error)) if isinstance(error, EngineFault) else (str(error).splitlines() or [""])[0]) or type(error).__name__
        if isinstance(item, ScenarioItem):
            current = KnownFailure(item.scenario.id, error.outcome if isinstance(error, EngineFault) else "error")
    if outcome_name == "known-failure" and current is not None and baseline.verdict(current) == "changed":
        # In the baseline, but failing another way: a new problem, which fails the run.
        outcome_name = "changed"
        message = baseline.changed_message(current)
        report.outcome = "failed"
        if hasattr(report, "wasxfail"):
            del report.wasxfail
        assert isinstance(item, ScenarioItem) and isinstance(error, Exception)
        report.longrepr = f"{item.scenario.id}: {item.scenario.title}\n  {message}\n" + item.failure_text(error)
    if outcome_name == "fixed":
        # pytest would say "[XPASS(strict)] ..."; say what to do instead.
        assert isinstance(item, ScenarioItem)
        message = FIXED
        report.longrepr = f"{item.scenario.id}: {item.scenario.title}\n  {FIXED}"
    if isinstance(item, ScenarioItem):
        if report.skipped and isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:
            # pytest names where skip() was called (this file, in site-packages); JUnit and the
            # terminal get the scenario's own place instead, named relative to its suite
            reason = str(report.longrepr[2])
            report.longrepr = (item.scenario.path, item.scenario.line, reason)
            if reason.removeprefix("Skipped: ").startswith(NOT_RUN):
                outcome_name = "not-run"
        if outcome_name in ("fail", "changed", "known-failure", "error", "crash", "timeout"):
            report.user_properties.append(("stud8_hand", hand_of(item.scenario)))
    report.user_properties.append(("stud8_outcome", outcome_name))
    report.user_properties.append(("stud8_message", message))


def _recheck(config: pytest.Config, played: Scenario, previous: str | None) -> FreshCheck | None:
    """A failure replayed on a fresh engine (``freshcheck.py``): not when the run turned it off,
    nor when the scenario was its engine's first hand (it ran on a fresh engine already), nor
    for a known failure of the baseline (the few rechecks a run allows go to new failures)."""
    rechecker = config.stash.get(RECHECKER_KEY, None)
    if rechecker is None or previous is None or played.id in config.stash.get(BASELINE_KEY, Baseline()):
        return None
    return rechecker.recheck(played, previous)


def hand_of(scenario: Scenario) -> dict[str, Any]:
    """What a report keeps of a failing scenario, so that a reader sees the hand without the
    suite: the stakes, stacks, settings, the deal (or deck) and every step; for a hand case its
    cards."""
    data = scenario.data
    keys = ("stakes", "stacks", "profile", "options", "deal", "deck", "actions") if scenario.kind == "replay" \
        else ("cards", "hands")
    return {key: jsonable(data[key]) for key in keys if key in data and data[key] is not None}


def _failure_json(failure: ScenarioFailure, brief: bool = False) -> dict[str, Any]:
    data = {"step": failure.step, "field": failure.field, "expected": jsonable(failure.expected),
            "got": jsonable(failure.got), "at": failure.at,
            "details": [jsonable(detail) for detail in failure.as_json()["details"]]}
    if failure.rule:
        data["rule"] = failure.rule
    cause = cause_text(failure)
    if cause and not brief:
        data["cause"] = cause
    if failure.cause is not None and not brief:  # what differs at the root cause (collapse.kind_of)
        data["cause_difference"] = {"path": failure.cause.path, "expected": jsonable(failure.cause.expected),
                                    "got": jsonable(failure.cause.got)}
    return data


def _classify(report: pytest.TestReport, call: pytest.CallInfo[None], in_baseline: bool) -> str:
    if in_baseline:  # marked xfail(strict): a failure is expected, a pass fails the run
        return "known-failure" if hasattr(report, "wasxfail") else "fixed"
    if report.passed:
        return "pass"
    if report.skipped:
        return "not-applicable"
    error = call.excinfo.value if call.excinfo else None
    if isinstance(error, ScenarioFailure):
        return "fail"
    if isinstance(error, InvalidScenarioFile):
        return "invalid"
    if isinstance(error, EngineFault):
        return error.outcome
    return "error"


class JUnitEngineErrors:
    """What JUnit XML (``-- --junitxml FILE``) says beyond pytest's own: engine errors as
    errors, and a stopped run as stopped.

    * An engine error, crash or timeout is an ``<error>``, counted in the suite's ``errors``, not
      a ``<failure>``: the engine could not be judged there, as ``stud8 conform`` counts it
      apart. pytest writes every failing call as a failure; this turns the element it just wrote
      for such a scenario into an error and moves the count.
    * A run that stopped before playing what it selected (the engine does not answer, keeps
      failing, ``-x``, an interruption) looks complete to a JUnit reader: the scenarios not
      played are skips, and pytest's stop line is on the terminal only. So the suite gets the
      properties ``stud8_complete`` (``true``/``false``), ``stud8_scenarios_run`` and
      ``stud8_scenarios_selected``, and a stopped run ``stud8_stopped`` (why) and one last test
      case, ``stud8.run::stopped``, whose ``<error>`` says after how many scenarios and why: every
      JUnit reader shows an error, and CI marks the run red even where every scenario played
      passed."""

    STOPPED_CLASS = "stud8.run"
    STOPPED_NAME = "stopped"

    def __init__(self, config: pytest.Config) -> None:
        self.config = config

    def _xml(self) -> Any:
        try:
            from _pytest.junitxml import xml_key
        except ImportError:  # pragma: no cover - a pytest without it writes what it writes
            return None
        return self.config.stash.get(xml_key, None)

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call" or not report.failed:
            return
        if dict(report.user_properties).get("stud8_outcome") not in ("error", "crash", "timeout"):
            return
        xml = self._xml()
        if xml is None:
            return
        reporter = xml.node_reporter(report)
        for node in reversed(reporter.nodes):
            if node.tag == "failure":
                node.tag = "error"
                xml.stats["failure"] -= 1
                xml.stats["error"] += 1
                break

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Before pytest's JUnit writer runs (``tryfirst``): the run's state into the suite."""
        xml = self._xml()
        conformance = self.config.pluginmanager.get_plugin("stud8-conformance-reporter")
        if xml is None or hasattr(self.config, "workerinput") or not isinstance(conformance, ConformanceReporter):
            return
        conformance._run_state(session)
        state, played = conformance.report.run, len(conformance.report.records)
        xml.add_global_property("stud8_complete", "false" if state.stopped else "true")
        xml.add_global_property("stud8_scenarios_run", str(played))
        if state.collected is not None:
            xml.add_global_property("stud8_scenarios_selected", str(state.collected))
        if state.stopped is None:
            return
        reason = printable(state.stopped, None)
        xml.add_global_property("stud8_stopped", reason)
        case = xml.node_reporter(f"{self.STOPPED_CLASS}::{self.STOPPED_NAME}")
        case.attrs.update(classname=self.STOPPED_CLASS, name=self.STOPPED_NAME)
        # pytest's own way of adding an element (as for its internal errors): it counts it in errors
        case._add_simple("error", f"the run was {stopped_text(played, state.collected)}: {reason}",
                         f"The run did not play every scenario it selected: {reason}.\n"
                         f"Scenarios played: {played}" + (f" of {state.collected}" if state.collected else "")
                         + "; the others were not played (absent here, or skipped as 'not run'): none of them passed.")


class ConformanceReporter:
    """Collects one record per scenario (on the xdist controller too: reports carry the
    scenario's facts in ``user_properties``), prints the summary by rule area and writes the
    JSON report."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.report = Report()
        self.written: Path | None = None
        self.baseline_line: str | None = None
        self.hello: dict[str, Any] = {}
        self.collected: int | None = None
        self.session: pytest.Session | None = None
        self.terminal: Any = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        properties: dict[str, Any] = dict(report.user_properties)
        if report.when != "call" or "stud8_outcome" not in properties:
            return
        if properties["stud8_outcome"] == "not-run":
            return  # the run stopped before it: no record (the report says the run is incomplete)
        failure = properties.get("stud8_failure") or {}
        options = properties.get("stud8_options")
        self.report.records.append(Record(
            id=properties.get("stud8_id", report.nodeid),
            title=properties.get("title", ""),
            file=properties.get("stud8_file", report.location[0]),
            line=int(properties.get("stud8_line", 0)),
            rules=tuple(str(value) for key, value in report.user_properties if key == "rule"),
            outcome=properties["stud8_outcome"],
            message=properties.get("stud8_message", ""),
            step=failure.get("step"),
            field=failure.get("field"),
            expected=failure.get("expected"),
            got=failure.get("got"),
            differences=tuple(properties.get("stud8_differences") or ()),
            at=failure.get("at"),
            rule=failure.get("rule"),
            details=tuple(failure.get("details") or ()),
            cause=failure.get("cause"),
            engine_options=json.loads(options) if isinstance(options, str) else None,
            hand=properties.get("stud8_hand"),
            fresh=FreshCheck.from_json(properties.get("stud8_fresh")),
        ))

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.session = session
        if hasattr(self.config, "workerinput"):
            return
        try:  # who the engine says it is, kept now: a run that dies later still names it
            self.hello = dict(_engine(self.config).handshake())
        except (EngineFault, pytest.UsageError, Stud8Error):
            self.hello = {}

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if not hasattr(self.config, "workerinput"):  # under xdist the controller collects nothing itself
            self.collected = sum(1 for item in session.items if isinstance(item, (ScenarioItem, InvalidFileItem)))

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        """Under xdist, count the scenarios one worker collected (every worker collects the same
        items): only scenario files' items, so a run that also holds ordinary tests (the project's
        own suite) is not called stopped for the tests that are not scenarios."""
        if not self.collected:
            self.collected = sum(1 for nodeid in ids if nodeid.split("::", 1)[0].endswith(SCENARIO_SUFFIXES))

    def _run_state(self, session: pytest.Session) -> None:
        """Whether the run played what it selected; why not (``RunState``)."""
        state = self.report.run
        state.label = self.config.getoption("stud8_label")
        order = self.config.stash.get(ORDER_KEY, Order())
        state.order = None if order.kind == "file" else order.spec
        collected = self.collected if self.collected is not None else getattr(session, "testscollected", None)
        state.collected = collected or None
        watch = self.config.stash.get(WATCH_KEY, None)
        played = len(self.report.records)
        reason = session.shouldfail or session.shouldstop
        if watch is not None and watch.dead:
            state.stopped = watch.dead
        elif (collected and played < collected) or (not collected and reason):
            # stopped before the end (-x after a failure that was not the last one, an interruption)
            state.stopped = reason if isinstance(reason, str) else "the run was interrupted"

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(self.config, "workerinput"):
            return
        watch = self.config.stash.get(WATCH_KEY, None)
        dead = watch.dead if watch is not None else None
        self._run_state(session)
        path = self.config.getoption("stud8_report")
        update = self.config.getoption("stud8_update_baseline")
        if path is None and update is None:
            return
        if dead:
            self.report.engine = {**self.hello, "error": dead}
        else:
            try:
                self.report.engine = _engine(self.config).handshake()
            except (EngineFault, pytest.UsageError) as error:
                self.report.engine = {**self.hello, "error": str(error)}
        self.report.engine.setdefault("name", self.config.getoption("stud8_engine"))
        if self.report.run.label:
            self.report.engine["label"] = self.report.run.label
        # the spec too, so that a report says how to run an engine again (stud8 explain --engine SPEC)
        self.report.engine = {"spec": self.config.getoption("stud8_engine"), **self.report.engine}
        if path is not None:
            try:
                write_report(self.report, Path(path))
            except Stud8Error as error:  # checked before the run; the disk may still fill or the folder go
                print(f"stud8 conform: the report was not written: {error.message}", file=sys.stderr)
                session.exitstatus = pytest.ExitCode.USAGE_ERROR  # the run's result was not delivered: exit 2
                return
            self.written = Path(path)
        if update is not None:
            self._update_baseline(session, Path(update), dead)

    def _update_baseline(self, session: pytest.Session, path: Path, dead: str | None) -> None:
        """Write this run's failures as the baseline; entries of the file for scenarios this run
        did not play (deselected, or stopped before them) are kept."""
        if dead or session.shouldstop:
            self.baseline_line = f"baseline {path} not written: the run did not finish"
            return
        current = [known_failure(r.id, r.outcome, r.at, r.field, r.rule, r.message, r.expected, r.got)
                   for r in self.report.records if r.outcome in BASELINED]
        ran = {record.id for record in self.report.records}
        old = Baseline()
        if path.is_file():
            try:
                old = load_baseline(path, "--update-baseline")  # the file this output replaces
            except Stud8Error:
                old = Baseline()  # not a baseline: replaced whole
        kept = [entry for entry in old.entries.values() if entry.id not in ran]
        try:
            write_baseline(path, current + kept, self.report.engine)
        except Stud8Error as error:
            print(f"stud8 conform: the baseline was not written: {error.message}", file=sys.stderr)
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
            return
        before = {entry.id for entry in old.entries.values() if entry.id in ran}
        now = {entry.id for entry in current}
        self.baseline_line = (f"baseline {path} written: {len(current) + len(kept)} known failures "
                              f"({len(now - before)} added, {len(before - now)} removed"
                              + (f", {len(kept)} kept for scenarios not run" if kept else "") + ")")
        if session.exitstatus == pytest.ExitCode.TESTS_FAILED and not any(r.outcome == "invalid" for r in self.report.records):
            session.exitstatus = pytest.ExitCode.OK  # every failure is now a known one

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.report.records and not hasattr(self.config, "workerinput") and self.session is not None:
            self._run_state(self.session)
        self.terminal = terminalreporter  # printed last, once pytest's own lines are done

    @pytest.hookimpl(trylast=True)
    def pytest_unconfigure(self) -> None:
        terminal, self.terminal = self.terminal, None
        if terminal is not None and self.report.records:
            self._summary(terminal)

    def _summary(self, terminalreporter: Any) -> None:
        """The summary by rule area, by root cause, the engine's faults, the baseline, the
        report, and what to do next: the last thing a run prints (issue 27)."""
        terminalreporter.section(f"stud8 conformance: engine {self.config.getoption('stud8_engine')}")
        for line in summary_lines(self.report):
            terminalreporter.write_line(printable(line, None))
        played, state = len(self.report.records), self.report.run
        terminalreporter.write_line(counts_line(self.report.kinds(), played if state.stopped is None else None)
                                    + ("" if state.stopped is None else
                                       f" -- {stopped_text(played, state.collected).upper()}"),
                                    red=state.stopped is not None)
        causes = root_cause_lines(self.report)
        if causes:
            terminalreporter.write_line("")
            terminalreporter.write_line("failures by root cause (the rule each scenario's first difference tests; "
                                        "stud8 explain ID shows one):")
            for line in causes:  # an example quotes what an engine said: sanitised (issue 22)
                terminalreporter.write_line(printable(line, None))
            collapsed = hidden_line(self.config)
            if collapsed:
                terminalreporter.write_line(collapsed)
        fresh = fresh_check_line(self.report)
        if fresh:
            terminalreporter.write_line(fresh)
        baseline = self.config.getoption("stud8_baseline")
        if baseline:
            totals = self.report.totals()
            listed = len(self.config.stash.get(BASELINE_KEY, Baseline()))
            applied = totals["known-failure"] + totals["fixed"] + totals["changed"]
            line = f"baseline {shown_path(baseline)}: {applied} known failures applied ({listed} listed): {totals['known-failure']} still fail"
            if totals["changed"]:
                line += f", {totals['changed']} fail differently"
            if totals["fixed"]:
                line += f", {totals['fixed']} now pass: remove them from the baseline"
            terminalreporter.write_line(line)
        faults = fault_summary_lines(self.report.records)
        if faults:
            terminalreporter.write_line("")
            terminalreporter.write_line("engine faults (the first of each kind is shown in full above):")
            for line in faults:
                terminalreporter.write_line(printable(f"  {line}", None))
        if self.baseline_line:
            terminalreporter.write_line(self.baseline_line)
        if self.written is not None and not self.config.getoption("stud8_report_quiet"):
            terminalreporter.write_line(f"report written to {shown_path(self.written)}")
        order = order_line(self.config)
        if order:  # said last too: with -q pytest prints no header
            terminalreporter.write_line(order)
        watch = self.config.stash.get(WATCH_KEY, None)
        if watch is not None and watch.dead:
            terminalreporter.write_line(f"stud8 conform: {watch.dead}", red=True)
        hint = next_hint(self.report.records, self.config.getoption("stud8_engine"))
        if hint:
            terminalreporter.write_line(hint)


def _printable_lines(lines: list[str]) -> str:
    """A failure's lines for the terminal: what an engine answered or a file holds may carry
    control characters and ANSI escapes (``stud8.spec.limits.printable``)."""
    return "\n".join(printable(line, None) for line in lines)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix not in SCENARIO_SUFFIXES:
        return None
    resolved = file_path.resolve()
    labelled: list[tuple[Path, str]] = parent.config.stash.get(ROOTS_KEY, [])
    name = suite_path(resolved, labelled)
    if name is not None:
        # A file reached twice (a link to a folder above it, a loop of links) is collected once.
        seen = parent.config.stash.setdefault(SEEN_KEY, set())
        if resolved in seen:
            return None
        seen.add(resolved)
        # Named relative to its suite (conformance/suite/testids.py), not to the rootdir: the
        # same test id and JUnit class on every machine.
        # A file name with a newline or an escape would be printed raw by pytest itself (its
        # FAILED lines): the id shows it escaped (stud8.spec.limits.printable; issue 22).
        return ScenarioFile.from_parent(parent, path=file_path, nodeid=printable(name, None))
    return None


class InvalidScenarioFile(Exception):
    """A scenario file that does not validate: reported as one failing item."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class ScenarioFile(pytest.File):
    """One YAML file of scenarios."""

    def collect(self) -> Iterator[pytest.Item]:
        loaded = load_scenario_file(self.path, display=self.nodeid)
        if loaded.problems:
            yield InvalidFileItem.from_parent(self, name="(invalid file)", problems=loaded.problems)
            return
        for scenario in loaded.scenarios:
            yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)


class ScenarioItem(pytest.Item):
    """One scenario, run through the session's engine."""

    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        for rule_id in scenario.rules:
            self.user_properties.append(("rule", rule_id))
        self.user_properties += [("title", scenario.title), ("stud8_id", scenario.id),
                                 ("stud8_file", scenario.path), ("stud8_line", scenario.line)]

    def runtest(self) -> None:
        engine = _engine(self.config)
        watch = self.config.stash.get(WATCH_KEY, None)
        if watch is not None and watch.dead:
            pytest.skip(f"{NOT_RUN} the run was stopped")
        played = self.scenario
        previous: str | None = None
        try:
            decision = decide(engine, self.scenario)  # applicability by dependence (applicability.py)
            if not decision.applies:
                pytest.skip(f"not applicable: {decision.reason}")
            played = decision.scenario
            if decision.changed:
                self.user_properties.append(("stud8_options", json.dumps(decision.played_options, sort_keys=True)))
            previous = self.config.stash.get(PREVIOUS_KEY, None)
            self.config.stash[PREVIOUS_KEY] = self.scenario.id  # played on this engine, whatever its result
            run_scenario(engine, played, keep_going=self.config.getoption("stud8_keep_going"))
        except EngineFault as fault:
            engine.restart()  # the next scenario starts from a fresh engine
            if PREVIOUS_KEY in self.config.stash:  # restarted: its next hand counts as a first one (not rechecked)
                del self.config.stash[PREVIOUS_KEY]
            self.fault_group = self.config.stash.setdefault(FAULTS_KEY, FaultLog()).note(
                self.scenario.id, fault.outcome, fault.message)
            if watch is not None and watch.ran(fault):
                self.session.shouldfail = "stud8: the run was stopped: the engine keeps failing (why: at the end)"
            raise
        except pytest.skip.Exception:
            raise
        except ScenarioFailure as failure:
            attribute_playing(played, failure, engine)  # before pytest shows it: the rule is part of the message
            self.fresh_check = _recheck(self.config, played, previous)
            if watch is not None:
                watch.ran(None)
            raise
        except BaseException:
            if watch is not None:
                watch.ran(None)
            raise
        if watch is not None:
            watch.ran(None)

    fresh_check: FreshCheck | None = None
    """What replaying a failure on a fresh engine found (``freshcheck.py``); None when not rechecked."""

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, (EngineFault, ScenarioFailure)):
            # what an engine answered or a file holds may carry control characters and ANSI escapes
            return _printable_lines([f"{self.scenario.id}: {self.scenario.title}",
                                     *self.failure_text(excinfo.value).split("\n")])
        return str(super().repr_failure(excinfo))

    def failure_text(self, error: BaseException) -> str:
        """What went wrong, indented under the scenario's title: each difference with its step,
        the differing elements with their paths, and the rule the first one tests."""
        if isinstance(error, EngineFault):
            group: FaultGroup | None = getattr(self, "fault_group", None)
            if group is not None and group.first != self.scenario.id:  # said in full once (faults.py)
                return f"  {group.repeat_line()}"
            return f"  engine {error.outcome}: {error.message}"
        if not isinstance(error, ScenarioFailure):
            return f"  {error}"
        lines: list[str] = []
        for index, failure in enumerate(error.all):
            lines += [f"  at {failure.step}", f"  {failure.field}:",
                      f"    expected: {failure.expected}", f"    got:      {failure.got}"]
            if len(failure.details) > 1 or (failure.details and failure.details[0].path != failure.field):
                lines += [f"    {detail.text()}" for detail in failure.details]
            if failure.rule:
                title, _ = rule_text(failure.rule)
                lines.append(f"  rule: {failure.rule}" + (f" ({title})" if title else "")
                             + (" -- the first difference" if index == 0 and len(error.all) > 1 else ""))
            cause = cause_text(failure)
            if cause:
                lines.append(f"  cause: {cause}")
        fresh = self.fresh_check.text() if self.fresh_check is not None else None
        if fresh:  # said before explain's command: explain plays on a fresh engine, and will show no difference
            lines.append(f"  {fresh}")
        lines.append(f"  rerun it step by step: {explain_command(self.scenario.id, self.config.getoption('stud8_engine'))}")
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.line - 1, f"{self.scenario.id}: {self.scenario.title}"


class InvalidFileItem(pytest.Item):
    """Stands for a scenario file that failed validation, so the run cannot pass silently."""

    def __init__(self, *, problems: list[Problem], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems = problems

    def runtest(self) -> None:
        raise InvalidScenarioFile(self.problems)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, InvalidScenarioFile):
            return _printable_lines(["invalid scenario file:", *(f"  {p}" for p in excinfo.value.problems)])
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, "invalid scenario file"
