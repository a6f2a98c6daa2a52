"""``stud8.spec.yamlio``: safe loading, duplicate keys, positions and problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud8.spec.yamlio import (
    PositionedDict,
    PositionedList,
    Problem,
    YamlProblem,
    load_yaml,
    load_yaml_file,
    position_of,
)

DATA = Path(__file__).parent / "data" / "yaml"


def problem_of(path: Path) -> Problem:
    with pytest.raises(YamlProblem) as caught:
        load_yaml_file(path, display=path.name)
    return caught.value.problem


def test_duplicate_key_is_refused_where_it_is_repeated() -> None:
    problem = problem_of(DATA / "duplicate_key.yaml")
    # "  inner: c" on line 5 repeats the key first given on line 3.
    assert (problem.path, problem.line, problem.column, problem.code) == ("duplicate_key.yaml", 5, 3, "duplicate-key")
    assert problem.message == "duplicate key 'inner' (first given on line 3)"
    assert problem.level == "error"
    assert str(problem) == "duplicate_key.yaml:5:3: [error] duplicate key 'inner' (first given on line 3) (duplicate-key)"


def test_duplicate_top_level_key() -> None:
    with pytest.raises(YamlProblem) as caught:
        load_yaml("a: 1\nb: 2\na: 3\n", "t.yaml")
    problem = caught.value.problem
    assert (problem.line, problem.column, problem.code) == (3, 1, "duplicate-key")
    assert "'a'" in problem.message and "line 1" in problem.message
    assert str(caught.value) == str(problem)


def test_same_key_in_sibling_mappings_is_fine() -> None:
    assert load_yaml("- {a: 1}\n- {a: 2}\n", "t.yaml") == [{"a": 1}, {"a": 2}]


def test_syntax_error_has_line_and_column() -> None:
    problem = problem_of(DATA / "syntax_error.yaml")
    assert problem.code == "yaml-syntax"
    # The flow sequence opened on line 1 is never closed: the parser stops on line 2.
    assert (problem.line, problem.column) == (2, 2)
    assert problem.path == "syntax_error.yaml"


def test_tab_indentation_is_a_syntax_error() -> None:
    with pytest.raises(YamlProblem) as caught:
        load_yaml("a:\n\tb: 1\n", "t.yaml")
    assert caught.value.problem.code == "yaml-syntax"
    assert caught.value.problem.line == 2


def test_python_tags_are_refused() -> None:
    problem = problem_of(DATA / "python_tag.yaml")
    assert problem.code == "yaml-syntax"
    assert problem.line == 2
    assert "python/object/apply" in problem.message


@pytest.mark.parametrize("text", ["!!python/name:os.system ''\n", "x: !!python/object:builtins.object {}\n"])
def test_other_python_tags_are_refused(text: str) -> None:
    with pytest.raises(YamlProblem):
        load_yaml(text, "t.yaml")


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(YamlProblem) as caught:
        load_yaml_file(missing)
    problem = caught.value.problem
    assert (problem.path, problem.line, problem.column, problem.code) == (str(missing), 1, 1, "unreadable")
    assert problem.message == "cannot read file: No such file or directory"


def test_folder_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(YamlProblem) as caught:
        load_yaml_file(tmp_path, display="shown.yaml")
    assert caught.value.problem.code == "unreadable"
    assert caught.value.problem.path == "shown.yaml"


def test_non_utf8_file_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(YamlProblem) as caught:
        load_yaml_file(path)
    # the byte and its line are named (issue 29: UTF-8 errors as FILE:LINE)
    assert caught.value.problem.code == "not-utf8"
    assert caught.value.problem.line == 1
    assert caught.value.problem.message.startswith("not UTF-8: byte 0xe9 at column 10")


def test_containers_are_positioned_plain_types() -> None:
    document = load_yaml_file(DATA / "positions.yaml")
    assert document == {"top": 1, "outer": {"inner": ["first", {"key": "value", "deep": ["x", "y"]}]}, "flow": {"a": 1, "b": 2}}
    assert isinstance(document, dict)
    assert isinstance(document, PositionedDict)
    assert isinstance(document["outer"]["inner"], PositionedList) and isinstance(document["outer"]["inner"], list)
    assert document.positions == {"top": (1, 1), "outer": (2, 1), "flow": (6, 1)}


@pytest.mark.parametrize(
    ("steps", "position"),
    [
        ([], (1, 1)),
        (["top"], (1, 1)),
        (["outer"], (2, 1)),
        (["outer", "inner"], (3, 3)),
        (["outer", "inner", 0], (4, 7)),
        (["outer", "inner", 1], (5, 7)),
        (["outer", "inner", 1, "deep"], (5, 20)),
        (["outer", "inner", 1, "deep", 1], (5, 30)),
        (["flow", "b"], (6, 14)),
        # Unknown steps stop at the nearest parent that exists.
        (["outer", "inner", 7], (3, 3)),
        (["outer", "missing", "x"], (2, 1)),
        (["outer", "inner", 1, "key", "deeper"], (5, 8)),
    ],
)
def test_position_of(steps: list[object], position: tuple[int, int]) -> None:
    document = load_yaml_file(DATA / "positions.yaml")
    assert position_of(document, steps) == position


def test_position_of_plain_values() -> None:
    assert position_of({"a": 1}, ["a"]) == (1, 1)
    assert position_of(None, []) == (1, 1)


def test_scalars_and_empty_documents() -> None:
    assert load_yaml("", "t.yaml") is None
    assert load_yaml("- 1\n- true\n- null\n- 2.5\n", "t.yaml") == [1, True, None, 2.5]


def test_merge_keys_still_work() -> None:
    document = load_yaml("base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n", "t.yaml")
    assert document["derived"] == {"x": 1, "y": 2}


def test_unhashable_key_is_refused() -> None:
    with pytest.raises(YamlProblem) as caught:
        load_yaml("? [1, 2]\n: value\n", "t.yaml")
    assert caught.value.problem.message == "a mapping key must be a plain value"
    assert caught.value.problem.line == 1


def test_problem_as_json() -> None:
    problem = Problem("f.yaml", 3, 7, "some-code", "what went wrong")
    assert problem.as_json() == {
        "path": "f.yaml", "line": 3, "column": 7, "level": "error", "code": "some-code", "message": "what went wrong",
    }
    assert str(Problem("f.yaml", 1, 2, "c", "m", level="warning")) == "f.yaml:1:2: [warning] m (c)"
