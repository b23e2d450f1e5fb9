"""The rough edges a new GM hit (issue 15), each reproduced: --version and -h, plain help,
check's warnings (friendly fire, scripted dice never rolled) and the empty shoot:, at: a
landmark, unknown keys with a suggestion, 80-column status and batch tables, BBCode lists,
generated names, is_law, a bad JSON log's message."""

from __future__ import annotations

import re
import shutil

import pytest
from conftest import EXAMPLES, ROOT
from typer.testing import CliRunner

from narrator import __version__, npcs
from narrator.cli import app
from narrator.engine import run_fight
from narrator.errors import ScenarioError
from narrator.lint import unused_dice
from narrator.render import render
from narrator.scenario import load_scenario_text
from narrator.rulesets.boothill import generate as bh_generate

runner = CliRunner()

CHAR = "{{name: {n}, attributes: {{str: 10, coo: 12, obs: 10, sta: 10, luck: 10}}, " \
       "weapons: [{{type: colt}}], at: {at}}}"


def scenario(intents: str, a_at: str = "[0, 0]", extra: str = "") -> str:
    return (f"title: t\nmap:\n  wagon: {{at: [10, 4], name: the wagon}}\n{extra}sides:\n"
            f"  posse:\n    - {CHAR.format(n='Cole', at=a_at)}\n"
            f"    - {CHAR.format(n='Amos', at='[0, 3]')}\n"
            f"  gang:\n    - {CHAR.format(n='Dutch', at='[12, 0]')}\n"
            f"turns:\n  - intents: {intents}\n")


def test_version_and_short_help():
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and r.stdout == f"narrator {__version__}\n"
    r = runner.invoke(app, ["run", "-h"])
    assert r.exit_code == 0 and r.stdout.startswith("Usage: ")
    assert " run [OPTIONS]" in r.stdout.splitlines()[0]


def test_help_has_no_bool_type_and_unbroken_paragraphs():
    r = runner.invoke(app, ["generate", "--help"], terminal_width=80)
    assert "<bool>" not in r.stdout
    # the docstring's paragraph is rewrapped: no line ends in mid-sentence before a short one
    # (session 17: the docstring names every ruleset; its paragraph rewrapped the same)
    assert "a period weapon of that ruleset and a tactics profile fitting his side" in " ".join(
        r.stdout.split())
    assert not re.search(r"a period weapon of that\s*\n\s*\n", r.stdout)
    assert "--install-completion" in runner.invoke(app, ["--help"]).stdout


def test_max_turns_says_at_most_everywhere():
    for cmd in ("odds", "generate"):
        text = " ".join(runner.invoke(app, [cmd, "--help"], terminal_width=200).stdout.split())
        assert re.search(r"--max-turns <int range> Turns to fight at most", text), cmd


def test_friendly_fire_is_a_located_warning_unless_meant():
    loaded = load_scenario_text(scenario("{Cole: {shoot: Amos}}"), "ff.yaml")
    [w] = loaded.warnings
    assert w.one_line() == ("ff.yaml:11:29: warning: Cole shoots at Amos, who is on his own "
                            "side (posse); if that is meant (a betrayal), add friendly_fire: "
                            "true to the intent")
    meant = load_scenario_text(scenario("{Cole: {shoot: Amos, friendly_fire: true}}"))
    assert meant.warnings == []
    assert load_scenario_text(scenario("{Cole: {shoot: Dutch}}")).warnings == []


def test_check_prints_the_warning_and_passes(tmp_path):
    path = tmp_path / "ff.yaml"
    path.write_text(scenario("{Cole: {shoot: Amos}}"))
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 0 and r.stdout.startswith(f"{path}: ok")
    # (Amos and Dutch, declaring nothing, get a warning of their own: lint.idle)
    assert f"{path}:11:29: warning: Cole shoots at Amos" in r.stderr


def test_empty_shoot_is_an_error():
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(scenario("{Cole: {shoot: }}"), "e.yaml")
    assert err.value.one_line() == ("e.yaml:11:22: shoot: needs a target (a name or a list of "
                                    "names); to hold fire, leave shoot: out")


def test_violence_empty_target_and_friendly_fire():
    text = (EXAMPLES / "bank-robbery.yaml").read_text()
    bad = text.replace("Carl: {shoot: [Lem, Dutch]}", "Carl: {shoot: }")
    with pytest.raises(ScenarioError, match="shoot: needs a target"):
        load_scenario_text(bad)
    ff = load_scenario_text(text.replace("Carl: {shoot: [Lem, Dutch]}", "Carl: {shoot: Wes}"))
    assert [w.message.split(",")[0] for w in ff.warnings] == [
        "warning: Carl Lutz shoots at Wes Boyd"]


def test_scripted_dice_never_rolled_are_warned(tmp_path):
    readme = (ROOT / "README.md").read_text()
    lazy_k = readme[readme.index("title: Trouble at the Lazy K"):]
    lazy_k = lazy_k[:lazy_k.index("```")]
    loaded = load_scenario_text(lazy_k, "lazyk.yaml")
    assert unused_dice(loaded, run_fight(loaded)) == []  # the README's dice are all rolled
    unused = lazy_k.replace("Dutch: {to_hit: [4], location: [16]}",
                            "Dutch: {to_hit: [4, 5], location: [16]}")
    path = tmp_path / "lazyk.yaml"
    path.write_text(unused)
    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 0
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: warning: scripted to_hit die 5 for "
                    r"Dutch never rolled \(the fight rolled 1 of 2\)", r.stderr)


def test_at_a_landmark():
    loaded = load_scenario_text(scenario("{Cole: {shoot: Dutch}}", a_at="wagon"))
    assert loaded.scenario.sides["posse"][0].at == (10, 4)
    loaded = load_scenario_text(scenario("{Cole: {shoot: Dutch}}", a_at="the wagon"))
    assert loaded.scenario.sides["posse"][0].at == (10, 4)
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(scenario("{Cole: {shoot: Dutch}}", a_at="wagn"), "w.yaml")
    assert err.value.one_line().startswith("w.yaml:6:")
    assert "at: no landmark called 'wagn'; did you mean 'wagon'?" in err.value.message


@pytest.mark.parametrize("edit,expected", [
    (("Cole: {shoot: Dutch}", "Cole: {target: Dutch}"),
     "unknown key 'target'; did you mean 'shoot'? (valid keys here: shoot, shots, draw,"),
    (("title: t", "title: t\nteams: {}"), "unknown key 'teams'; did you mean 'sides'?"),
])
def test_unknown_keys_get_a_suggestion(edit, expected):
    text = scenario("{Cole: {shoot: Dutch}}").replace(*edit)
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(text)
    assert err.value.message.startswith(expected)


def test_shotgun_skill_points_at_rifle():
    text = scenario("{Cole: {shoot: Dutch}}").replace(
        "weapons: [{type: colt}], at: [0, 0]", "skills: {shotgun: 4}, weapons: [{type: colt}], "
        "at: [0, 0]")
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(text)
    assert err.value.message == ("unknown key 'shotgun'; shotguns and scatterguns use the Rifle "
                                 "skill (rifle:)")


def test_violence_weapon_typo_suggests_the_alias():
    text = (EXAMPLES / "barroom-brawl.yaml").read_text().replace(
        "{type: knife, name: Bowie knife}", "{type: bowie_knif, name: Bowie knife}")
    with pytest.raises(ScenarioError, match=r"unknown weapon type 'bowie_knif'; did you mean "
                                            r"'bowie_knife'\?"):
        load_scenario_text(text)


def _widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def test_status_and_batch_fit_80_columns(tmp_path):
    path = tmp_path / "fight.yaml"
    shutil.copy(EXAMPLES / "shotgun-gang.yaml", path)
    r = runner.invoke(app, ["next", str(path), "--out", str(tmp_path / "post.md")])
    assert r.exit_code == 0
    r = runner.invoke(app, ["status", str(path)])
    assert r.exit_code == 0 and _widest(r.stdout) <= 80
    assert "Texas Rangers:" in r.stdout and "6/14" in r.stdout
    # a gun's name wraps between its words, never inside one
    assert "double-barrelled" in r.stdout and "double-barrelle\n" not in r.stdout.replace(
        " ", "")
    r = runner.invoke(app, ["batch", str(EXAMPLES / "bank-robbery.yaml"), str(path), "--runs",
                            "2", "--out", str(tmp_path / "out"), "--workers", "1"])
    assert r.exit_code == 0 and _widest(r.stdout) <= 80
    assert "bank-robbery-1892.md" in r.stdout  # file names whole, never cut


def test_status_never_cuts_a_position(tmp_path):
    """A GM's edit of ``at`` to a long position ("-120.9, -31.8") in a table that must shrink
    to 80 columns: the position is shown whole (it was "-120.9, -31." and "20.9, -31",
    the table cropped at its right edge), and so is each word of a gun's name."""
    path = tmp_path / "fight.yaml"
    shutil.copy(EXAMPLES / "abilene-saloon.yaml", path)
    assert runner.invoke(app, ["next", str(path), "--out", str(tmp_path / "1.md")]).exit_code == 0
    head, state = path.read_text().split("\nstate:\n")
    for old, new in (("at: [2, 3.3]", "at: [20.9, -31.8]"), ("at: [0, 0]", "at: [-120.9, -31.8]")):
        assert old in state
        state = state.replace(old, new, 1)
    path.write_text(head + "\nstate:\n" + state)
    r = runner.invoke(app, ["status", str(path)])
    assert r.exit_code == 0 and _widest(r.stdout) <= 80
    assert "-120.9, -31.8" in r.stdout and " 20.9, -31.8" in r.stdout
    assert "single-action" in r.stdout


def test_bbcode_lists_are_phpbb_lists():
    from conftest import fight
    post = render(fight("bank-robbery.yaml"), "bbcode", "story")
    assert "\n- " not in post
    assert "[b]Cutler gang[/b]\n[list]\n[*]Jack Cutler (Cutler gang): revolver" in post
    assert post.count("[list]") == post.count("[/list]") > 0


def test_generated_names():
    for seed in range(60):
        sk = bh_generate.generate([("posse", 5), ("outlaws", 6)], "street", seed)
        people = [c for cs in sk.sides.values() for c in cs]
        shorts = [c.short for c in people]
        assert len(set(shorts)) == len(shorts)
        for c in people:   # the nickname between given name and surname, never glued to
            assert not c.name.startswith('"'), c.name   # one ('"Smiley Otto" Aguilar')
        firsts = [c.name.split()[0] for c in people]
        assert len(set(firsts)) == len(firsts), firsts


def test_is_law_reads_words():
    assert not npcs.is_law("outlaws") and not npcs.is_law("Outlaw gang")
    assert npcs.is_law("lawmen") and npcs.is_law("posse") and npcs.is_law("the_deputies")


def test_bad_json_log_message(tmp_path):
    path = tmp_path / "log.json"
    path.write_text('{"events": []}')
    r = runner.invoke(app, ["render", str(path)])
    assert r.exit_code == 2
    assert r.stderr == (f"{path}:1:1: not a narrator event log (its \"format\" is not "
                        f"narrator-log/1); render takes the event log that 'narrator run "
                        f"--format json' writes\n")


def test_state_loaded_by_type_id_and_capacity_checked(tmp_path):
    path = tmp_path / "fight.yaml"
    shutil.copy(EXAMPLES / "shotgun-gang.yaml", path)
    assert runner.invoke(app, ["next", str(path), "--out", str(tmp_path / "1.md")]).exit_code == 0
    text = path.read_text()
    assert "loaded: {fast-draw revolver: 5}" in text
    path.write_text(text.replace("loaded: {fast-draw revolver: 5}",
                                 "loaded: {fast_draw_revolver: 6}"))
    r = runner.invoke(app, ["status", str(path)])
    assert r.exit_code == 0 and "with the GM's edits" in r.stdout
    path.write_text(text.replace("loaded: {fast-draw revolver: 5}", "loaded: {fdr: 9}"))
    r = runner.invoke(app, ["status", str(path)])
    assert r.exit_code == 2
    assert "loaded: fast-draw revolver: 9 rounds; a whole number from 0 to 6" in r.stderr
