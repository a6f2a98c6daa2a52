"""Every observation field is pinned by a hand-worked checkpoint in every phase of a hand
(conformance/suite/field_matrix.py): the matrix field x phase has no empty cell."""

from __future__ import annotations

import json
from typing import Any

from stud8.conformance.mutants.run import load_scenarios
from stud8.conformance.suite.field_matrix import FIELDS, PHASES, field_matrix, matrix_lines, phases_of
from stud8.spec.rulebook import packaged_rules_path

# the observation's own names for the fields a checkpoint names otherwise
CHECKPOINT_NAME = {"stack": "stacks"}


def _observation_schema() -> dict[str, Any]:
    path = packaged_rules_path().parent / "schema" / "protocol" / "response-observation.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))["properties"]["observation"]  # type: ignore[no-any-return]


def test_every_field_of_the_observation_is_in_the_matrix() -> None:
    schema = _observation_schema()
    seat_fields = set(schema["properties"]["seats"]["items"]["required"]) - {"seat"}
    fields = (set(schema["required"]) - {"seats", "result"}) | {CHECKPOINT_NAME.get(f, f) for f in seat_fields}
    # result is compared by every scenario's outcome, not by checkpoints
    assert fields == set(FIELDS)


def test_no_cell_of_the_matrix_is_empty() -> None:
    matrix = field_matrix(load_scenarios())
    assert len(matrix) == len(FIELDS) * len(PHASES)
    empty = [f"{field} x {phase}" for (field, phase), ids in matrix.items() if not ids]
    assert not empty, "no hand-worked checkpoint pins: " + ", ".join(empty) + "\n" + "\n".join(matrix_lines(matrix))


def _observation(**fields: Any) -> dict[str, Any]:
    seats = [{"seat": n, "folded": False, "all_in": False} for n in (1, 2, 3)]
    for number in fields.pop("folded", []):
        seats[number - 1]["folded"] = True
    for number in fields.pop("all_in", []):
        seats[number - 1]["all_in"] = True
    return {"street": "third", "over": False, "community": None, "seats": seats, **fields}


def test_phases_of_a_state() -> None:
    assert phases_of(_observation(), opened=False) == {"bring-in due"}
    assert phases_of(_observation(), opened=True) == {"after the bring-in"}
    assert phases_of(_observation(street="fifth", folded=[2], all_in=[3]), opened=True) == \
        {"later street", "after a fold", "all-in"}
    assert phases_of(_observation(street="fourth", over=True, folded=[1, 2]), opened=True) == {"over uncontested"}
    assert phases_of(_observation(street="seventh", over=True, community="Th"), opened=True) == \
        {"over at a showdown", "community card"}
    # a folded seat is not all-in, whatever it says
    assert "all-in" not in phases_of(_observation(folded=[2], all_in=[2]), opened=True)
