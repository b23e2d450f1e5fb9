"""`narrator new` skeletons that run as they are, the JSON Schema of the scenario format
(generated from the models, packaged copies current), and the schema line heading new and
generated scenarios."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES
from ruamel.yaml import YAML
from typer.testing import CliRunner

from narrator import schema
from narrator.cli import app
from narrator.scenario import load_scenario
from narrator.ruleset import get as get_ruleset
from narrator.ruleset import names as ruleset_names

runner = CliRunner()
jsonschema = pytest.importorskip("jsonschema")


def _yaml(path):
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_packaged_schema_is_current(ruleset):
    assert schema.packaged_schema(ruleset).read_text(encoding="utf-8") == \
        schema.schema_text(ruleset), "run: python -m narrator.schema --write"


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_schema_is_valid_and_has_descriptions_and_enums(ruleset):
    s = schema.scenario_schema(ruleset)
    jsonschema.Draft202012Validator.check_schema(s)
    d = s["$defs"]
    rs = get_ruleset(ruleset)
    if ruleset == "weird-west":   # every type and alias a Weird West scenario may name
        assert set(rs.weapons()) <= set(d["WeaponSpec"]["properties"]["type"]["enum"])
    assert d["Character"]["properties"]["tactics"]["anyOf"][0]["enum"] == list(rs.profiles())
    assert s["properties"]["title"]["description"].startswith("The fight's title")
    assert list(rs.dice_purposes()) == \
        s["properties"]["dice"]["additionalProperties"]["propertyNames"]["enum"]
    if ruleset != "weird-west":
        assert "colt" in d["WeaponSpec"]["properties"]["type"]["enum"]
        assert list(rs.profiles()) == ["aggressive", "cautious", "coward", "sniper", "lawman"]
        assert "to_hit" in rs.dice_purposes()
    if ruleset == "boothill":
        hr = d["HouseRules"]["properties"]
        assert hr["hipshot_formula"]["enum"] == ["table", "pooled"]
        assert "(COO + skill)/4" in hr["hipshot_formula"]["description"]
        assert "single_action_revolver" in d["WeaponSpec"]["properties"]["type"]["enum"]


@pytest.mark.parametrize("name", ["shotgun-gang", "abilene-saloon", "luke-short",
                                  "bank-robbery", "barroom-brawl"])
def test_bundled_scenarios_pass_the_schema(name):
    data = _yaml(EXAMPLES / f"{name}.yaml")
    s = schema.scenario_schema(data.get("ruleset", "boothill"))
    jsonschema.Draft202012Validator(s).validate(data)


def test_schema_catches_what_an_editor_should_flag():
    s = schema.scenario_schema("boothill")
    data = _yaml(EXAMPLES / "luke-short.yaml")
    data["sides"]["Short"][0]["weapons"][0]["type"] = "single_action_revolvr"
    errors = list(jsonschema.Draft202012Validator(s).iter_errors(data))
    assert errors and "single_action_revolvr" in errors[0].message
    data = _yaml(EXAMPLES / "luke-short.yaml")
    data["teams"] = data.pop("sides")
    assert list(jsonschema.Draft202012Validator(s).iter_errors(data))


def test_cli_schema_prints_json():
    r = runner.invoke(app, ["schema", "--ruleset", "violence"])
    assert r.exit_code == 0
    assert json.loads(r.stdout)["properties"]["ruleset"]["const"] == "violence"


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_new_writes_a_skeleton_that_runs(tmp_path, ruleset):
    out = tmp_path / "fight.yaml"
    r = runner.invoke(app, ["new", "--ruleset", ruleset, "--out", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=file://")
    assert text.splitlines()[0].endswith(f"/schemas/{ruleset}.schema.json")
    sc = load_scenario(out).scenario
    assert len(sc.sides) == 2 and all(len(v) == 1 for v in sc.sides.values())
    assert len(sc.turns) == 1 and any(lm.cover for lm in sc.map.values())
    jsonschema.Draft202012Validator(schema.scenario_schema(ruleset)).validate(_yaml(out))
    r = runner.invoke(app, ["run", str(out), "--format", "text"])
    assert r.exit_code == 0 and "Status after " in r.stdout and "fight hash" in r.stdout
    r = runner.invoke(app, ["new", "--ruleset", ruleset, "--out", str(out)])
    assert r.exit_code == 2 and "exists; use --force" in r.stderr
