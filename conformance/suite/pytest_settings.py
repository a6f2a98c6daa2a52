"""The plugin's settings in a plain ``pytest`` run of the user's own project: its ini options,
the project's ``stud8.toml`` / ``[tool.stud8]``, and when the packaged suite joins the run.

``stud8 conform`` passes every setting as a ``--stud8-*`` flag. A user who runs ``pytest`` in
their own project passes none: there the engine, timeout, baseline, order and report come from the
ini options (``[tool.pytest.ini_options]``, ``pytest.ini``, ...) or, failing those, from the
project's stud8 settings (``projectconfig.py``), the same file ``stud8 conform`` reads. For
each: a ``--stud8-*`` flag wins, then the ini option, then the stud8 settings, then the default.

**When the packaged suite runs.** Installing stud8 must never change another project's test
run, so the suite is added only when the project names an engine (``stud8_engine``, or
``engine`` in its stud8 settings) and ``stud8_builtin`` is not false; and only when ``pytest``
was given no paths (it runs its ``testpaths`` or the current folder): ``pytest tests/x.py``
runs ``tests/x.py``. ``stud8_builtin = true`` adds it even with no engine named (the reference
engine then plays it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.conformance.engines.spec import DEFAULT_TIMEOUT
from stud8.conformance.suite.order import parse_order
from stud8.conformance.suite.projectconfig import ProjectConfig, ProjectConfigError, load_project_config
from stud8.conformance.suite.scenarios import packaged_scenarios_dir
from stud8.spec.errors import Stud8Error
from stud8.spec.limits import quoted

HEADER_KEY = pytest.StashKey[str]()
SETTINGS_PATH_KEY = pytest.StashKey[Path]()

INI_OPTIONS: tuple[tuple[str, str], ...] = (
    ("stud8_engine", "the engine (reference, python:MODULE:FACTORY, cmd:COMMAND LINE); --stud8-engine wins"),
    ("stud8_timeout", f"seconds allowed for each engine message (default {DEFAULT_TIMEOUT:g}); --stud8-timeout wins"),
    ("stud8_baseline", "known failures, relative to the rootdir (a baseline, a JSON report or ids one a line)"),
    ("stud8_report", "write the JSON conformance report to this file, relative to the rootdir"),
    ("stud8_order", "the order scenarios run in: file (default), reverse, random or random:SEED; --stud8-order wins"),
    ("stud8_builtin", ("run the packaged scenario suite in a plain pytest run: true, false, or unset (then: when an "
                       "engine is named)")),
)


def add_ini_options(parser: pytest.Parser) -> None:
    for name, help_text in INI_OPTIONS:
        parser.addini(name, help_text, type="string", default="")
    parser.getgroup("stud8").addoption(
        "--stud8-settings-read", action="store_true", default=False,
        help="the caller (stud8 conform) has applied stud8.toml / [tool.stud8] already: do not read them again")


def _truth(value: str, name: str) -> bool | None:
    text = value.strip().lower()
    if not text:
        return None
    if text in ("true", "yes", "1", "on"):
        return True
    if text in ("false", "no", "0", "off"):
        return False
    raise pytest.UsageError(f"{name} must be true or false, got {quoted(value)}")


def apply_settings(config: pytest.Config) -> list[Path]:
    """Fill the ``--stud8-*`` options not given from the ini options and the project's stud8
    settings; the scenario folders the run adds (the settings' ``scenarios``, the packaged
    suite when it joins the run)."""
    if config.option.stud8_settings_read:  # stud8 conform: its flags say everything, settings included
        config.option.stud8_engine = config.option.stud8_engine or "reference"
        config.option.stud8_timeout = config.option.stud8_timeout or DEFAULT_TIMEOUT
        config.option.stud8_order = config.option.stud8_order or "file"
        return []
    try:
        project = load_project_config(config.rootpath)
    except ProjectConfigError as error:
        raise pytest.UsageError(error.message) from None
    option = config.option
    root = config.rootpath
    engine_ini = config.getini("stud8_engine").strip()
    named_engine = bool(option.stud8_engine or engine_ini or (project is not None and project.engine))
    if option.stud8_engine is None:
        option.stud8_engine = engine_ini or (project.engine if project else None) or "reference"
    if option.stud8_timeout is None:
        option.stud8_timeout = _timeout(config.getini("stud8_timeout"), project)
    if option.stud8_baseline is None:
        ini = config.getini("stud8_baseline").strip()
        baseline = root / ini if ini else (project.baseline if project else None)
        option.stud8_baseline = None if baseline is None else str(baseline)
    if option.stud8_order is None:
        option.stud8_order = _order(config.getini("stud8_order"), project)
    if option.stud8_report is None and config.getini("stud8_report").strip():
        option.stud8_report = str(root / config.getini("stud8_report").strip())
    if project is not None:
        config.stash[HEADER_KEY] = f"stud8: settings from {project.where}"
        config.stash[SETTINGS_PATH_KEY] = project.path
    folders = list(project.scenarios) if project else []
    builtin = _truth(config.getini("stud8_builtin"), "stud8_builtin")
    if (named_engine if builtin is None else builtin) and config.args_source != pytest.Config.ArgsSource.ARGS:
        folders.append(packaged_scenarios_dir())
        config.args.extend(str(folder) for folder in folders)
        config.stash[HEADER_KEY] = (config.stash.get(HEADER_KEY, "stud8: settings from the ini options")
                                    + f"; the packaged suite runs against {option.stud8_engine}")
    return folders


def settings_path(config: pytest.Config) -> Path | None:
    """The stud8 settings file this run read (an input: no output of the run may replace it)."""
    return config.stash.get(SETTINGS_PATH_KEY, None)


def settings_header(config: pytest.Config) -> str | None:
    """The header line saying which file the settings came from (``pytest_report_header``)."""
    return config.stash.get(HEADER_KEY, None)


def _order(ini: str, project: ProjectConfig | None) -> str:
    """The order from the ini option (checked here, naming it), else the stud8 settings (checked
    when read), else the files' order."""
    if ini.strip():
        try:
            return parse_order(ini.strip(), "stud8_order").spec
        except Stud8Error as error:
            raise pytest.UsageError(error.message) from None
    return (project.order if project is not None else None) or "file"


def _timeout(ini: str, project: ProjectConfig | None) -> float:
    if ini.strip():
        try:
            return float(ini)
        except ValueError:
            raise pytest.UsageError(f"stud8_timeout must be a number of seconds, got {quoted(ini)}") from None
    if project is not None and project.timeout is not None:
        return project.timeout
    return DEFAULT_TIMEOUT
