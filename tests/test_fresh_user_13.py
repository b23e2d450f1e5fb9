"""Fresh user 13's finds (a GM who read only the README, the docs and --help): each test
asserts the real output of his own scenarios (kept in tests/fresh13/) and failed on the code
before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "fresh13"


def _log(run_cli, tmp_path: Path) -> tuple[Path, str]:
    out = tmp_path / "livery.json"
    r = run_cli(DATA / "bh-livery.yaml", "run", "--format", "json", "--out", str(out))
    assert r.exit_code == 0, r.stderr
    return out, out.read_text()


# ------------------------------------------------------------------ 1. a hand-edited log
def test_render_refuses_a_log_whose_dice_were_edited(run_cli, tmp_path):
    """Old: events[8].roll 19 -> 2 rendered with exit 0 under the real fight's hash
    (``fight hash eeb4a48c8cb1``): a write-up of dice the fight never rolled."""
    out, text = _log(run_cli, tmp_path)
    assert run_cli(out, "render").exit_code == 0
    data = json.loads(text)
    assert data["events"][8]["kind"] == "location_rolled" and data["events"][8]["roll"] == 19
    data["events"][8]["roll"] = 2
    edited = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    out.write_text(edited)
    r = run_cli(out, "render")
    line = edited[:edited.index('"kind": "location_rolled"')].count("\n")  # the event's "{"
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"{out}:{line}:5: events[8] (location_rolled) is not the event "
                        f"narrator wrote: the log was edited after the fight; render takes the "
                        f"event log that 'narrator run --format json' writes, unedited\n")


@pytest.mark.parametrize("edit", ["location", "rolls", "drop", "unsealed"])
def test_render_refuses_every_other_edit(run_cli, tmp_path, edit):
    """bh-livery-events-spleen.json: location "head" -> "spleen" rendered with exit 0; so
    would an edited die of the roll log, a dropped event, or a log without its seal."""
    out, text = _log(run_cli, tmp_path)
    data = json.loads(text)
    if edit == "location":
        data["events"][8]["location"] = "spleen"
        want = "events[8] (location_rolled) is not the event narrator wrote"
    elif edit == "rolls":
        data["rolls"][5]["value"] = 7 - data["rolls"][5]["value"]
        want = 'its dice ("rolls") are not the ones narrator wrote'
    elif edit == "drop":
        data["events"].pop(3)
        want = f"events[3] ({data['events'][3]['kind']}) is not the event narrator wrote"
    else:
        del data["seal"]
        want = "it has no seal"
    out.write_text(json.dumps(data, indent=2))
    r = run_cli(out, "render")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.count("\n") == 1
    assert want in r.stderr and r.stderr.startswith(f"{out}:")
