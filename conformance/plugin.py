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

from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from stud8.conformance.engines import Engine, ReferenceEngine
from stud8.conformance.replay import ScenarioFailure, run_scenario
from stud8.conformance.scenarios import SCENARIO_SUFFIXES, Scenario, load_scenario_file
from stud8.spec.yamlio import Problem

ENGINE_KEY = pytest.StashKey[Engine]()
ROOTS_KEY = pytest.StashKey[list[Path]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("stud8", "stud8 conformance scenarios")
    group.addoption("--stud8-scenarios", action="append", default=[], metavar="DIR",
                    help="a folder of scenario files to collect (repeatable)")
    group.addoption("--stud8-engine", default="reference", metavar="SPEC",
                    help="the engine to run the scenarios through (default: reference)")
    parser.addini("stud8_scenarios", "folders of stud8 scenario files, relative to the rootdir", type="paths", default=[])


def pytest_configure(config: pytest.Config) -> None:
    roots = [Path(p).resolve() for p in config.getini("stud8_scenarios")]
    roots += [Path(p).resolve() for p in config.getoption("stud8_scenarios")]
    config.stash[ROOTS_KEY] = roots
    # An unknown engine is a usage error of the whole run, not a failure of every scenario.
    _check_engine_spec(config.getoption("stud8_engine"))


ENGINE_FACTORIES: dict[str, Callable[[], Engine]] = {
    "reference": ReferenceEngine,
    "pokerkit": lambda: _pokerkit(native=False),
    "pokerkit-native": lambda: _pokerkit(native=True),
}
"""Engine specs this runner knows: the reference engine and PokerKit 0.7.7 (optional extra)."""


def _pokerkit(*, native: bool) -> Engine:
    from stud8.conformance.pokerkit_engine import PokerKitEngine

    return PokerKitEngine(native=native)


def _check_engine_spec(spec: str) -> None:
    if spec not in ENGINE_FACTORIES:
        raise pytest.UsageError(f"unknown engine {spec!r} (available: {', '.join(ENGINE_FACTORIES)})")


def _engine(config: pytest.Config) -> Engine:
    """The engine for this run, made once, on first use."""
    if ENGINE_KEY not in config.stash:
        spec = config.getoption("stud8_engine")
        _check_engine_spec(spec)
        try:
            config.stash[ENGINE_KEY] = ENGINE_FACTORIES[spec]()
        except Exception as error:  # an engine that cannot start is a usage problem of the run
            raise pytest.UsageError(f"engine {spec!r} cannot start: {error}") from None
    return config.stash[ENGINE_KEY]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix not in SCENARIO_SUFFIXES:
        return None
    resolved = file_path.resolve()
    roots = parent.config.stash.get(ROOTS_KEY, [])
    if any(resolved.is_relative_to(root) for root in roots):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class InvalidScenarioFile(Exception):
    """A scenario file that does not validate: reported as one failing item."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class ScenarioFile(pytest.File):
    """One YAML file of scenarios."""

    def collect(self) -> Iterator[pytest.Item]:
        loaded = load_scenario_file(self.path, display=str(self.path))
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
        self.user_properties.append(("title", scenario.title))

    def runtest(self) -> None:
        engine = _engine(self.config)
        data = self.scenario.data
        if self.scenario.kind == "replay":
            reason = engine.unsupported(data.get("profile"), data.get("options", {}))
            if reason:
                pytest.skip(f"not applicable: {reason}")
        run_scenario(engine, self.scenario)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            failure = excinfo.value
            return (
                f"{self.scenario.id}: {self.scenario.title}\n"
                f"  at {failure.step}\n"
                f"  {failure.field}:\n"
                f"    expected: {failure.expected}\n"
                f"    got:      {failure.got}"
            )
        return str(super().repr_failure(excinfo))

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
            return "invalid scenario file:\n" + "\n".join(f"  {p}" for p in excinfo.value.problems)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, "invalid scenario file"
