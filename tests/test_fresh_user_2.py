"""Defects a second fresh user found, each reproduced with its siblings (other commands,
formats and rulesets): outputs checked all together before anything is written or printed,
an output never replacing an input, ..."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import EXAMPLES


def _copy(tmp_path: Path, name: str = "shotgun-gang.yaml", as_: str = "x.yaml") -> Path:
    path = tmp_path / as_
    shutil.copyfile(EXAMPLES / name, path)
    return path


def _events(run_cli, tmp_path: Path) -> Path:
    log = tmp_path / "ev.json"
    r = run_cli(EXAMPLES / "shotgun-gang.yaml", "run", "-f", "json", "-o", str(log))
    assert r.exit_code == 0, r.stderr
    return log


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


# ------------------------------------------------ 1. every output checked before any is written
@pytest.mark.parametrize("extra", [[], ["--per-turn"], ["--discord"], ["--per-turn", "--discord"],
                                   ["-f", "html"], ["-f", "bbcode", "-m", "story"]])
@pytest.mark.parametrize("where", ["file", "stdout", "folder"])
def test_run_and_render_write_nothing_when_a_map_exists(run_cli, tmp_path, monkeypatch, extra,
                                                        where):
    monkeypatch.chdir(tmp_path)
    scenario = _copy(tmp_path)
    log = _events(run_cli, tmp_path)
    (tmp_path / "out").mkdir()
    for command, source in (("run", scenario), ("render", log)):
        stem = source.stem
        if where == "file" and "--per-turn" not in extra and "--discord" not in extra:
            out = ["-o", "w.txt"]
            svg = tmp_path / f"{stem}-turn03.svg"
        elif where == "stdout":
            out = []
            svg = tmp_path / f"{stem}-turn03.svg"
        else:
            out = ["-o", "out"]
            svg = tmp_path / "out" / f"{stem}-turn03.svg"
        svg.write_text("mine")
        before = _listing(tmp_path) | {f"out/{k}": v for k, v in _listing(tmp_path / "out").items()}
        r = run_cli(source, command, "--map", *out, *extra)
        assert r.exit_code == 2, (command, r.stderr)
        assert r.stderr == f"{svg.relative_to(tmp_path) if where != 'folder' else 'out/' + svg.name}" \
            ": exists; use --force to overwrite\n"
        assert r.stdout == ""
        after = _listing(tmp_path) | {f"out/{k}": v for k, v in _listing(tmp_path / "out").items()}
        assert after == before
        r = run_cli(source, command, "--map", *out, *extra, "--force")
        assert r.exit_code == 0, r.stderr
        assert svg.read_text().startswith("<?xml") or svg.read_text().startswith("<svg")
        svg.unlink()
        for p in [*tmp_path.glob("w.txt"), *(tmp_path / "out").iterdir()]:
            p.unlink()
        for p in tmp_path.glob("*.svg"):
            p.unlink()


def test_next_writes_and_prints_nothing_when_its_map_exists(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scenario = _copy(tmp_path)
    text = scenario.read_bytes()
    svg = tmp_path / "x-turn01.svg"
    svg.write_text("mine")
    for out in ([], ["-o", "post.md"]):
        r = run_cli(scenario, "next", "--map", *out)
        assert r.exit_code == 2 and r.stderr == "x-turn01.svg: exists; use --force to overwrite\n"
        assert r.stdout == "" and scenario.read_bytes() == text  # nothing recorded
        assert not (tmp_path / "post.md").exists() and svg.read_text() == "mine"
    r = run_cli(scenario, "next", "--map", "--force", "-o", "post.md")
    assert r.exit_code == 0, r.stderr
    assert svg.read_text() != "mine" and (tmp_path / "post.md").is_file()
    assert "resolved:" in scenario.read_text()


def test_next_with_an_existing_post_file_records_nothing_and_writes_no_map(run_cli, tmp_path,
                                                                           monkeypatch):
    monkeypatch.chdir(tmp_path)
    scenario = _copy(tmp_path)
    text = scenario.read_bytes()
    (tmp_path / "post.md").write_text("mine")
    r = run_cli(scenario, "next", "--map", "-o", "post.md")
    assert r.exit_code == 2 and r.stderr == "post.md: exists; use --force to overwrite\n"
    assert scenario.read_bytes() == text and not list(tmp_path.glob("*.svg"))


def test_a_failed_write_leaves_none_of_the_outputs(run_cli, tmp_path, monkeypatch):
    """The files are staged and renamed together: a write that fails half-way (here the
    third file) leaves no file of the command behind, and the one it was to replace intact."""
    import narrator.files as files

    monkeypatch.chdir(tmp_path)
    scenario = _copy(tmp_path)
    real = files._write_temp
    calls = []

    def third_fails(folder, name, blob, mode, owner=None):
        calls.append(name)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(folder, name, blob, mode, owner)

    monkeypatch.setattr(files, "_write_temp", third_fails)
    r = run_cli(scenario, "run", "--map", "-o", "w.md")
    assert r.exit_code == 2 and "cannot write: No space left on device" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.yaml"]


def test_batch_and_odds_check_their_outputs_first(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scenario = _copy(tmp_path, "luke-short.yaml")
    (tmp_path / "outputs").mkdir()
    (tmp_path / "outputs" / "x-1888.md").write_text("mine")
    r = run_cli(scenario, "batch", "--runs", "3", "--workers", "1")
    assert r.exit_code == 2 and r.stderr == "outputs/x-1888.md: exists; use --force to overwrite\n"
    assert sorted(p.name for p in (tmp_path / "outputs").iterdir()) == ["x-1888.md"]
    (tmp_path / "c.svg").write_text("mine")
    r = run_cli(scenario, "odds", "-n", "10", "--chart", "c.svg")
    assert r.exit_code == 2 and r.stderr == "c.svg: exists; use --force to overwrite\n"
    assert r.stdout == ""


# ------------------------------------------------------------- 2. an output is never an input
INPUT_MESSAGE = ("{out}:1:1: this is the {what} being read ({src}); an output never replaces "
                 "its input, even with --force: write it elsewhere\n")


@pytest.mark.parametrize("spelling", ["same", "relative", "symlink", "hardlink"])
@pytest.mark.parametrize("command", ["run", "next", "render"])
def test_an_output_on_its_input_is_refused_even_with_force(run_cli, tmp_path, monkeypatch, command,
                                                           spelling):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    source = _events(run_cli, tmp_path) if command == "render" else _copy(tmp_path)
    what = "event log" if command == "render" else "scenario"
    text = source.read_bytes()
    out = {"same": source.name, "relative": f"sub/../{source.name}",
           "symlink": "link", "hardlink": "hard"}[spelling]
    if spelling == "symlink":
        os.symlink(source.name, tmp_path / "link")
    elif spelling == "hardlink":
        os.link(source, tmp_path / "hard")
    for extra in ([], ["--map"], ["--discord"]):
        r = run_cli(Path(source.name), command, "-o", out, "--force", *extra)
        assert r.exit_code == 2, r.stderr
        assert r.stderr == INPUT_MESSAGE.format(out=out, what=what, src=source.name)
        assert source.read_bytes() == text and r.stdout == ""
        assert not list(tmp_path.glob("*.svg"))


def test_a_post_or_map_landing_on_the_input_is_refused(run_cli, tmp_path, monkeypatch):
    """Per-turn posts, Discord messages and maps are named by the command; one that is a link
    to the input (or the input's backup, for next) is refused like --out on it."""
    monkeypatch.chdir(tmp_path)
    scenario = _copy(tmp_path)
    text = scenario.read_bytes()
    os.symlink("x.yaml", tmp_path / "x-turn02.svg")
    r = run_cli(Path("x.yaml"), "run", "--map", "--force")
    assert r.exit_code == 2
    assert r.stderr == INPUT_MESSAGE.format(out="x-turn02.svg", what="scenario", src="x.yaml")
    (tmp_path / "x-turn02.svg").unlink()
    (tmp_path / "posts").mkdir()
    os.symlink("../x.yaml", tmp_path / "posts" / "x-turn04.md")
    os.symlink("../x.yaml", tmp_path / "posts" / "x-turn03-01.md")
    for extra, name in ((["--per-turn"], "x-turn04.md"),
                        (["--per-turn", "--discord"], "x-turn03-01.md")):
        r = run_cli(Path("x.yaml"), "run", "-o", "posts", "--force", *extra)
        assert r.exit_code == 2
        assert r.stderr == INPUT_MESSAGE.format(out=f"posts/{name}", what="scenario",
                                                src="x.yaml")
    assert scenario.read_bytes() == text
    r = run_cli(Path("x.yaml"), "next", "-o", "x.yaml.bak", "--force")
    assert r.exit_code == 2 and r.stderr == INPUT_MESSAGE.format(
        out="x.yaml.bak", what="scenario's backup", src="x.yaml.bak")
    os.symlink("x.yaml", tmp_path / "x-turn01.svg")
    r = run_cli(Path("x.yaml"), "next", "--map", "--force")
    assert r.exit_code == 2 and r.stderr.startswith("x-turn01.svg:1:1: this is the scenario")
    assert scenario.read_bytes() == text and not (tmp_path / "x.yaml.bak").exists()
    r = run_cli(Path("x.yaml"), "next", "--repost", "1", "-o", "x.yaml", "--force")
    assert r.exit_code == 2


def test_batch_and_odds_refuse_to_write_on_a_scenario(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "outputs").mkdir()
    first = _copy(tmp_path, "luke-short.yaml", "a.yaml")
    second = _copy(tmp_path, "luke-short.yaml", "outputs/a-1887.md")  # a scenario, oddly named
    text = second.read_bytes()
    r = run_cli(first, "batch", "outputs/a-1887.md", "--runs", "1", "--force", "--workers", "1")
    assert r.exit_code == 2
    assert r.stderr == INPUT_MESSAGE.format(out="outputs/a-1887.md", what="scenario",
                                            src="outputs/a-1887.md")
    assert second.read_bytes() == text
    os.symlink("a.yaml", tmp_path / "chart.svg")
    r = run_cli(Path("a.yaml"), "odds", "-n", "10", "--chart", "chart.svg", "--force")
    assert r.exit_code == 2 and r.stderr == INPUT_MESSAGE.format(
        out="chart.svg", what="scenario", src="a.yaml")
    assert first.read_bytes() == text


# --------------------------------------------- 5. numbers and flags are typed, never coerced
def _values(node, path=()):
    """Every scalar of a YAML tree with its path."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _values(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _values(v, path + (i,))
    else:
        yield path, node


def _wrong_types(value, path=()):
    """Values of another type that a lax model would have coerced into ``value``'s (not a
    decimal for a whole number: some of those fields take decimals, ``weight: 190``)."""
    if isinstance(value, bool):
        return [1 if value else 0, "true" if value else "false"]
    if isinstance(value, int):
        return [str(value), True]
    if isinstance(value, float):
        return [str(value), True]
    return []


@pytest.mark.parametrize("name", ["shotgun-gang.yaml", "bank-robbery.yaml", "graveyard.yaml",
                                  "fog-alley.yaml"])
def test_every_number_and_flag_of_a_scenario_refuses_a_wrong_type(name):
    """Each ruleset's example: every field holding a number or a flag (one of each field,
    wherever it stands) given a string, a flag or a number instead is refused, located at it
    (``str: "13"``, ``shots: true``, ``cock: 1``, ``seed: "7"``...). A lax model took them."""
    import copy
    import io
    import re

    from ruamel.yaml import YAML

    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario_text

    data = YAML(typ="safe").load((EXAMPLES / name).read_text(encoding="utf-8"))
    # each changed scenario written out in block style, in the example's order, by the C
    # emitter (ruamel.yaml.clib): a third of the cost of the round-trip dumper's pure Python,
    # the same YAML but for where a long line wraps
    dumper = YAML(typ="safe")
    dumper.default_flow_style = False
    dumper.sort_base_mapping_type_on_output = False
    seen, tried = set(), 0
    for path, value in _values(data):
        if path[0] == "dice" and tried:  # scripted dice: one of them is enough
            continue
        shape = tuple("#" if isinstance(p, int) else p for p in path)
        if path[0] == "sides":
            shape = shape[2:]  # the same field of every character
        if shape in seen or not _wrong_types(value, path):
            continue
        seen.add(shape)
        for wrong in _wrong_types(value, path):
            changed = copy.deepcopy(data)
            node = changed
            for p in path[:-1]:
                node = node[p]
            node[path[-1]] = wrong
            buf = io.StringIO()
            dumper.dump(changed, buf)
            with pytest.raises(NarratorError) as err:
                load_scenario_text(buf.getvalue(), "m.yaml")
            message = err.value.one_line()
            assert re.match(r"m\.yaml:\d+:\d+: ", message), message
            tried += 1
    assert tried > 30


@pytest.mark.parametrize("ruleset", ["boothill", "violence", "weird-west", "gaslight"])
def test_whole_numbers_are_taken_where_decimals_go(ruleset, tmp_path):
    """Strict, but not pedantic: ``at: [12, 4]`` (YAML integers for decimal coordinates) loads
    in every ruleset, as does ``at: [12.5, 4]``; ``at: [12, "4"]`` does not."""
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario_text
    from narrator.schema import skeleton

    text = skeleton(ruleset)
    at = re.search(r"at: \[(-?[\d.]+), (-?[\d.]+)\]", text)
    assert at, text
    loaded = load_scenario_text(text.replace(at.group(0), "at: [12, 4]", 1), "s.yaml")
    assert (12.0, 4.0) in [tuple(c.at) for _, c in loaded.scenario.characters()] + [
        tuple(lm.at) for lm in getattr(loaded.scenario, "map", {}).values()]
    load_scenario_text(text.replace(at.group(0), "at: [12.5, 4]", 1), "s.yaml")
    with pytest.raises(NarratorError, match=r"s\.yaml:\d+:\d+: .*at\[1\]: expected a number"):
        load_scenario_text(text.replace(at.group(0), 'at: [12, "4"]', 1), "s.yaml")


@pytest.mark.parametrize("before, after, where, expected", [
    ("str: 13,", 'str: "13",', "attributes.str",
     "expected a whole number (got '13': the quotes make it text; write 13 without them)"),
    ("str: 13,", "str: 13.0,", "attributes.str", "expected a whole number (got 13.0)"),
    ("str: 13,", "str: 13.5,", "attributes.str", "expected a whole number (got 13.5)"),
    ("shots: [hip]}", "shots: true}", "intents.Jim.shots",
     "expected a whole number or a list (got true)"),
    ("draw: fast, shots", "draw: fast, cock: 1, shots", "intents.Jim.cock",
     "expected true or false (got 1)"),
    ("seed: 1887", 'seed: "1887"', "seed",
     "expected a whole number (got '1887': the quotes make it text; write 1887 without them)"),
])
def test_the_fresh_users_wrong_types_are_refused(before, after, where, expected):
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario_text

    text = (EXAMPLES / "luke-short.yaml").read_text(encoding="utf-8")
    assert before in text
    with pytest.raises(NarratorError) as err:
        load_scenario_text(text.replace(before, after, 1), "l.yaml")
    assert re.fullmatch(rf"l\.yaml:\d+:\d+: \S*{re.escape(where)}: {re.escape(expected)}",
                        err.value.one_line()), err.value.one_line()


# ------------------------------------------------------------------- 8. plain words, plain numbers
@pytest.mark.parametrize("before, after, message", [
    ("at: [0, 5]", "at: [0, 5, 6]",
     "sides.Courtright[0].at: expected [x, y] in yards: two numbers (got [0, 5, 6])"),
    ("at: [0, 5]", "at: [0]", "sides.Courtright[0].at: expected [x, y] in yards: two numbers (got [0])"),
    ("at: [0, 5]", "at: []", "sides.Courtright[0].at: expected [x, y] in yards: two numbers (got [])"),
    ("shots: [hip]}", "shots: [hip], move: {gait: running, to: [1]}}",
     "turns[0].intents.Jim.move.to: expected [x, y] in yards: two numbers (got [1])"),
    ("str: 13,", "str: 0,", "sides.Short[0].attributes.str: should be at least 1 (got 0)"),
    ("str: 13,", "str: 31,", "sides.Short[0].attributes.str: should be at most 30 (got 31)"),
    ("attributes: {str: 13, ", "attributes: {", "sides.Short[0].attributes.str: is required"),
    ("short: Luke", "short: " + "L" * 70,
     "sides.Short[0].short: should be at most 60 characters long (this one has 70)"),
    ("weapons: [{type: single_action_revolver}]\n      at: [0, 0]",
     "weapons: []\n      at: [0, 0]", "sides.Short[0].weapons: needs at least one item (got [])"),
    ("at: [0, 5]", "at: [0, 1e8]", "sides.Courtright[0].at[1]: 100,000,000 yards is off the map: "
     "a position lies within 2,000 yards of [0, 0] each way"),
    ("at: [0, 5]", "at: [0, 1e308]", "sides.Courtright[0].at[1]: 1e308 yards is off the map: "
     "a position lies within 2,000 yards of [0, 0] each way"),
    ("at: [0, 5]", "at: [-2000.5, 5]", "sides.Courtright[0].at[0]: -2,000.5 yards is off the "
     "map: a position lies within 2,000 yards of [0, 0] each way"),
    ("seed: 1887", "seed: -1", "seed: should be at least 0 (got -1)"),
])
def test_pydantic_words_never_reach_the_user(before, after, message):
    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario_text

    text = (EXAMPLES / "luke-short.yaml").read_text(encoding="utf-8")
    assert before in text
    with pytest.raises(NarratorError) as err:
        load_scenario_text(text.replace(before, after, 1), "l.yaml")
    line = err.value.one_line()
    assert re.fullmatch(r"l\.yaml:\d+:\d+: " + re.escape(message), line), line


@pytest.mark.parametrize("name", ["shotgun-gang.yaml", "bank-robbery.yaml", "graveyard.yaml",
                                  "fog-alley.yaml"])
def test_no_pydantic_phrase_in_any_rulesets_bounds_messages(name):
    """Each ruleset's example with its first number set far out of bounds (each way), its
    first character's weapons emptied or name made too long: the messages are in plain words.
"""
    import io

    from ruamel.yaml import YAML

    from narrator.errors import NarratorError
    from narrator.scenario import load_scenario_text

    data = YAML(typ="safe").load((EXAMPLES / name).read_text(encoding="utf-8"))
    side = next(iter(data["sides"]))
    person = data["sides"][side][0]
    numbers = [(k, v) for k, v in _values(data) if isinstance(v, int)
               and not isinstance(v, bool) and not {"at", "to", "dice", "seed"} & set(k)]
    lines = []
    for change in ("big", "small", "long", "empty"):
        changed = YAML(typ="safe").load((EXAMPLES / name).read_text(encoding="utf-8"))
        target = changed["sides"][side][0]
        if change in ("big", "small"):
            node = changed
            path = numbers[0][0]
            for p in path[:-1]:
                node = node[p]
            node[path[-1]] = 10**9 if change == "big" else -(10**9)
        elif change == "long":
            target["name"] = "N" * 300
        else:
            target["weapons"] = []
        buf = io.StringIO()
        YAML().dump(changed, buf)
        try:
            load_scenario_text(buf.getvalue(), "m.yaml")
        except NarratorError as err:
            lines.append(err.one_line())
        else:
            assert change == "empty", change  # (a Weird West character may carry nothing)
    assert len(lines) >= 3
    for line in lines:
        assert re.match(r"m\.yaml:\d+:\d+: ", line), line
        for phrase in ("after validation", "Input should", "input should", "String should",
                       "List should", "tuple should", "list should", "e+0"):
            assert phrase not in line, line


def test_unknown_template_files_are_warned_about_with_the_nearest_name(run_cli, tmp_path):
    tpl = tmp_path / "tpl"
    for folder in ("markdown", "common/story", "mardown", "html"):
        (tpl / folder).mkdir(parents=True)
    for name in ("markdown/postt.j2", "common/story/fight_endd.j2", "common/phrase.toml",
                 "readme.txt", "mardown/post.j2", "markdown/.post.j2.swp"):
        (tpl / name).write_text("x")
    (tpl / "markdown" / "footer.j2").write_text(
        (EXAMPLES.parent.parent / "templates" / "markdown" / "footer.j2").read_text())
    (tpl / "html" / "page.j2").write_text(
        (EXAMPLES.parent.parent / "templates" / "html" / "page.j2").read_text())
    expected = [
        f"{tpl}/common/phrase.toml: --templates: overrides none of narrator's templates; did "
        "you mean common/phrases.toml? (used only if one of yours includes it)",
        f"{tpl}/common/story/fight_endd.j2: --templates: overrides none of narrator's "
        "templates; did you mean common/story/fight_ended.j2? (used only if one of yours "
        "includes it)",
        f"{tpl}/mardown: --templates: overrides nothing (templates go in the folders markdown, "
        "bbcode, html, text, common); did you mean 'markdown'?",
        f"{tpl}/markdown/postt.j2: --templates: overrides none of narrator's templates; did you "
        "mean markdown/post.j2? (used only if one of yours includes it)",
        f"{tpl}/readme.txt: --templates: overrides nothing (templates go in the folders "
        "markdown, bbcode, html, text, common)",
    ]
    luke = EXAMPLES / "luke-short.yaml"
    r = run_cli(luke, "run", "--templates", str(tpl))
    assert r.exit_code == 0 and r.stderr.splitlines() == expected, r.stderr
    log = _events(run_cli, tmp_path)
    for command in (["render", str(log)], ["render", str(log), "-f", "html", "-m", "story"]):
        r = run_cli(None, *command, "--templates", str(tpl))
        assert r.exit_code == 0 and r.stderr.splitlines() == expected, r.stderr
    # a ruleset's own template names are valid too (a Violence event's template)
    ours = EXAMPLES.parent.parent / "narrator" / "rulesets" / "violence" / "templates"
    own = next(p for p in sorted(ours.rglob("*.j2")))
    (tpl / "common" / own.relative_to(ours)).parent.mkdir(parents=True, exist_ok=True)
    (tpl / "common" / own.relative_to(ours)).write_text(own.read_text())
    r = run_cli(luke, "run", "--templates", str(tpl))
    assert r.stderr.splitlines() == expected


# ------------------------------------------------------- 4. an option that does nothing is refused
JSON_IDLE = "{} does nothing with --format json: the event log is the same whatever the " \
            "write-up's options"
IDLE = [
    (["-f", "json", "-m", "story"], JSON_IDLE.format("--mode")),
    (["-f", "json", "-m", "teaching"], JSON_IDLE.format("--mode")),
    (["-f", "json", "--tense", "present"], JSON_IDLE.format("--tense")),
    (["-f", "json", "--block", "ooc"], JSON_IDLE.format("--block")),
    (["-f", "json", "--spoiler-tag", "sp"], JSON_IDLE.format("--spoiler-tag")),
    (["-f", "json", "--ooc-tag", "oo"], JSON_IDLE.format("--ooc-tag")),
    (["-f", "json", "--cite"], JSON_IDLE.format("--cite")),
    (["-f", "json", "--per-turn"], JSON_IDLE.format("--per-turn")),
    (["-f", "json", "--templates", "."], JSON_IDLE.format("--templates")),
    (["--block", "ooc", "-m", "teaching"], "--block is for story mode (--mode story); teaching "
     "mode puts the rolls in the prose, not in a block"),
    (["--block", "spoiler"], "--block is for story mode (--mode story); teaching mode puts the "
     "rolls in the prose, not in a block"),
    (["--tense", "past", "-m", "teaching"], "--tense past is for story mode (--mode story); "
     "teaching mode explains each roll in the present, as the rulebook's examples do"),
    (["-m", "story", "--spoiler-tag", "sp"], "--spoiler-tag names a BBCode tag: it needs "
     "--format bbcode (markdown, html and text have their own spoiler blocks)"),
    (["-f", "html", "-m", "story", "--ooc-tag", "oo", "--block", "ooc"], "--ooc-tag names a "
     "BBCode tag: it needs --format bbcode (markdown, html and text have their own ooc blocks)"),
    (["-f", "bbcode", "--spoiler-tag", "sp"], "--spoiler-tag names the tag of story mode's "
     "rolls block: it needs --mode story"),
    (["-f", "bbcode", "-m", "story", "--ooc-tag", "oo"], "--ooc-tag names the tag of the ooc "
     "block: it needs --block ooc (the rolls go in a spoiler block)"),
    (["-f", "bbcode", "-m", "story", "--block", "ooc", "--spoiler-tag", "sp"], "--spoiler-tag "
     "names the tag of the spoiler block: it needs --block spoiler (the rolls go in an ooc "
     "block)"),
    (["--force"], "--force overwrites output files; without --out or --map nothing is written "
     "to a file"),
]


@pytest.mark.parametrize("args, message", IDLE, ids=[" ".join(a) for a, _ in IDLE])
@pytest.mark.parametrize("command", ["run", "render", "next"])
def test_an_option_that_does_nothing_is_refused(run_cli, tmp_path, monkeypatch, command, args,
                                                message):
    monkeypatch.chdir(tmp_path)
    source = _events(run_cli, tmp_path) if command == "render" else _copy(tmp_path)
    text = source.read_bytes()
    if command == "next" and "--per-turn" in args:
        args = [a for a in args if a != "--per-turn"] + ["--cite"]  # next's posts are per turn
    if command == "next" and "json" in args:
        message = "next writes a post; use 'narrator run --format json' for the event log"
    before = sorted(p.name for p in tmp_path.iterdir())
    r = run_cli(Path(source.name), command, *args)
    assert r.exit_code == 2 and r.stderr == message + "\n" and r.stdout == ""
    assert source.read_bytes() == text and sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize("args", [
    ["-f", "bbcode", "-m", "story", "--block", "ooc", "--ooc-tag", "oo"],
    ["-f", "bbcode", "-m", "story", "--spoiler-tag", "sp"],
    ["-m", "story", "--block", "ooc", "--tense", "past"],
    ["-m", "teaching", "--tense", "present", "--cite"],
    ["-f", "json", "--map"],
    ["--map", "--force"],
])
def test_options_that_do_something_are_taken(run_cli, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    log = _events(run_cli, tmp_path)
    r = run_cli(Path(log.name), "render", *args)
    assert r.exit_code == 0, r.stderr
    if "oo" in args:
        assert "[oo=" in r.stdout
    if "sp" in args:
        assert "[sp=" in r.stdout


def test_force_without_a_file_to_write_is_refused_by_every_command(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scenario = _copy(tmp_path, "luke-short.yaml")
    for args, options in ((["new"], "--out"),
                          (["generate", "--sides", "a:1", "b:1", "--seed", "1"], "--out"),
                          (["odds", "x.yaml", "-n", "5"], "--chart"),
                          (["next", "x.yaml", "--repost", "1", "--map"], "--out"),
                          (["run", "x.yaml"], "--out or --map"),
                          (["next", "x.yaml"], "--out or --map")):
        r = run_cli(None, *args, "--force")
        assert r.exit_code == 2, args
        assert r.stderr == (f"--force overwrites output files; without {options} nothing is "
                            f"written to a file\n"), args
        assert r.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.yaml"]
    assert scenario.read_text() == (EXAMPLES / "luke-short.yaml").read_text()
    r = run_cli(Path("x.yaml"), "odds", "-n", "5", "--workers", "2", "--scheduler",
                "tcp://127.0.0.1:9")
    assert r.exit_code == 2 and r.stderr == ("--workers does nothing with --scheduler: the "
                                             "cluster's workers do the fighting\n")


# --------------------------------------------- 6. --redo lists only turns that can be redone
@pytest.mark.parametrize("name", ["shotgun-gang.yaml", "bank-robbery.yaml"])
def test_redo_out_of_range_lists_only_resolved_turns_and_each_can_be_redone(run_cli, tmp_path,
                                                                            name):
    scenario = _copy(tmp_path, name)
    r = run_cli(scenario, "next", "--redo", "2")
    assert r.exit_code == 2 and r.stderr == (
        f"{scenario}: --redo 2: no turn is resolved yet, so none can be redone ('narrator next' "
        f"resolves turn 1)\n")
    for turn in (1, 2):
        assert run_cli(scenario, "next").exit_code == 0
        r = run_cli(scenario, "next", "--redo", "99")
        listed = ("only turn 1 is resolved and can be redone" if turn == 1
                  else "turns 1-2 are resolved and can be redone")
        assert r.exit_code == 2 and r.stderr == f"{scenario}: --redo 99: {listed}\n"
    resolved = scenario.read_bytes()
    for turn in (1, 2):  # every turn listed can be redone
        scenario.write_bytes(resolved)
        r = run_cli(scenario, "next", "--redo", str(turn))
        assert r.exit_code == 0, r.stderr
        assert r.stderr.startswith(f"{scenario}: turn {turn} resolved and recorded")


# ------------------------------- 3. a man who must draw first is declared with the draw he makes
def _duel(jim: str, jim_skills: str = "{pistol: 5, fast_draw: 3}", kind: str = "shootout",
          drawn: bool = False) -> str:
    text = (EXAMPLES / "luke-short.yaml").read_text(encoding="utf-8")
    text = text.replace("Jim: {shoot: Luke, draw: fast, shots: [hip]}", f"Jim: {jim}")
    text = text.replace("skills: {pistol: 5, fast_draw: 3}", f"skills: {jim_skills}")
    text = text.replace("  - kind: shootout\n", f"  - kind: {kind}\n")
    if kind == "combat":
        text = text.replace("Luke: {shoot: Jim, draw: fast, shots: [hip]}", "Luke: {shoot: Jim}")
    if drawn:
        text = text.replace("      at: [0, 5]\n", "      at: [0, 5]\n      drawn: true\n")
    return text.replace("  Jim: {fast_draw: [15]}\n", "")


@pytest.mark.parametrize("jim, skills, drawn, kind, said, made", [
    ("{shoot: Luke, shots: [hip]}", "{pistol: 5, fast_draw: 3}", False, "shootout",
     "fast draw; a hipshot at Luke", "fast"),
    ("{shoot: Luke, shots: 2}", "{pistol: 5, fast_draw: 3}", False, "shootout",
     "fast draw; shoots at Luke twice", "fast"),
    ("{shoot: Luke, shots: [hip]}", "{pistol: 5}", False, "shootout",
     "normal draw; a hipshot at Luke", "normal"),
    ("{shoot: Luke, draw: fast, shots: [hip]}", "{pistol: 5}", False, "shootout",
     "normal draw; a hipshot at Luke", "normal"),  # no Fast Draw skill: a normal draw (l.221)
    ("{shoot: Luke, draw: normal, shots: [hip]}", "{pistol: 5, fast_draw: 3}", False,
     "shootout", "normal draw; a hipshot at Luke", "normal"),
    ("{shoot: Luke, shots: [hip]}", "{pistol: 5, fast_draw: 3}", True, "shootout",
     ": a hipshot at Luke", None),                      # the gun in hand: no draw
    ("{shoot: Luke}", "{pistol: 5, fast_draw: 3}", False, "combat",
     ": shoots at Luke", None),                         # a combat turn's draw costs nothing
])
def test_the_declaration_names_the_draw_the_engine_makes(jim, skills, drawn, kind, said, made):
    """000 l.211-221, Table 5, B13: in a shootout turn a man whose gun is not in hand draws
    before he shoots; with no ``draw:`` he fast-draws if he has the skill (failures cost 2
    counts each and he draws again, B18(f)), normally if not. The declaration line, in
    teaching prose and in story mode's rolls block, names that draw, the same one the engine
    then rolls."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text

    log = run_fight(load_scenario_text(_duel(jim, skills, kind, drawn), "d.yaml"))
    declared = [e for e in log.events if e.kind == "intent_declared"
                and e.character.endswith("Courtright")]
    draws = [e for e in log.events if e.kind == "draw_made" and e.character.endswith("Courtright")]
    assert declared[0].draw == made
    assert (draws[0].draw if draws else None) == made
    teaching = render(log, "markdown", "teaching")
    line = next(x for x in teaching.splitlines() if x.startswith('- **"Long Haired" Jim'))
    assert said in line and ("draw" in line) == (made is not None), line
    story = render(log, "markdown", "story")
    line = next(x for x in story.splitlines() if x.startswith("- Jim:"))
    assert said in line and ("draw" in line) == (made is not None), line


# ------------------------------- 7. check warns of a blow that cannot land; the reason told once
def _brawl(line: str, hale_moves: str = "") -> str:
    text = (EXAMPLES / "saloon-brawl.yaml").read_text(encoding="utf-8")
    old = "      Hale: {move: {gait: walking, to: card_table}}\n"
    assert old in text
    return text.replace(old, f"      Hale: {line}\n" + hale_moves, 1)


@pytest.mark.parametrize("line, extra, warned", [
    ("{strike: Charlie}", "", "strike"),
    ("{grapple: Charlie}", "", "grapple"),
    ("{strike: Charlie, weapon: fists, blows: 1}", "", "strike"),
    ("{strike: Charlie, move: {gait: running, to: [2, 4]}}", "", None),  # he moves into reach
    ("{strike: Swede}", "", "strike"),  # Swede stands at the bar, 12.7 yards from the doors
])
def test_check_warns_of_a_blow_out_of_reach_in_the_first_turn(run_cli, tmp_path, line, extra,
                                                              warned):
    from narrator.scenario import load_scenario_text

    text = _brawl(line, extra)
    loaded = load_scenario_text(text, "b.yaml")
    reach = [w.one_line() for w in loaded.warnings if "out of reach" in w.one_line()]
    if warned is None:
        assert reach == []
        return
    row = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith(f"      Hale: {line}"))
    column = text.splitlines()[row - 1].index(warned + ": ") + len(warned) + 3  # its value
    target = "Charlie Pitts" if "Charlie" in line else "Swede Larsen"
    assert len(reach) == 1 and re.fullmatch(
        rf"b\.yaml:{row}:{column}: warning: Deputy Tom Hale cannot {warned} {target}: "
        r"\d+\.\d yards apart at the start and neither moves in turn 1, out of reach \(a blow "
        r"or grapple reaches 2 yards, ruling B19\); give Deputy Tom Hale a move: into reach "
        r"first", reach[0]), reach
    path = tmp_path / "b.yaml"
    r = run_cli(text, "check", name="b.yaml")
    assert r.exit_code == 0 and reach[0].replace("b.yaml", str(path)) in r.stderr.splitlines()


def test_no_reach_warning_when_the_target_moves_nor_for_the_examples():
    from narrator.scenario import load_scenario_text

    text = (EXAMPLES / "saloon-brawl.yaml").read_text(encoding="utf-8")
    text = text.replace("      Hale: {move: {gait: walking, to: card_table}}\n",
                        "      Hale: {strike: Charlie}\n", 1)
    moved = text.replace("      Charlie: {other: whoops and eggs Red Mike on}\n",
                         "      Charlie: {move: {gait: walking, to: batwing_doors}}\n", 1)
    assert moved != text
    assert not [w for w in load_scenario_text(moved, "b.yaml").warnings
                if "out of reach" in w.one_line()]
    for name in ("saloon-brawl.yaml", "shotgun-gang.yaml", "abilene-saloon.yaml"):
        # the examples' blows are all within reach (Red Mike 1.5 yards from Swede)
        loaded = load_scenario_text((EXAMPLES / name).read_text(encoding="utf-8"), name)
        assert not [w for w in loaded.warnings if "out of reach" in w.one_line()]


def test_a_refused_blow_gives_its_reason_once_in_teaching_and_story():
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text

    log = run_fight(load_scenario_text(_brawl("{strike: Charlie}"), "b.yaml"))
    refused = [e for e in log.events if e.kind == "action_refused" and e.reason == "out_of_reach"]
    assert [(e.turn, e.character, e.target, e.detail) for e in refused] == [
        (1, "Deputy Tom Hale", "Charlie Pitts", "9.2 yards")]
    teaching = [x for x in render(log, "markdown", "teaching").splitlines() if "out of reach" in x]
    assert teaching == ["**Hale** cannot strike at Charlie: Charlie is out of reach: a blow or "
                        "grapple reaches 2 yards (ruling B19) (9.2 yards)."]
    story = [x for x in render(log, "markdown", "story").splitlines() if "out of reach" in x]
    assert story == ["Hale cannot strike: out of reach (9.2 yards)."]


@pytest.mark.parametrize("ruleset", ["boothill", "violence", "weird-west", "gaslight"])
def test_the_rulings_block_names_a_side_as_the_cast_line_does(run_cli, tmp_path, ruleset):
    """A lower-case side key ("kesslers") heads its characters' stat lines capitalised, as the
    cast line names it, in every ruleset and mode."""
    path = tmp_path / "k.yaml"
    r = run_cli(None, "generate", "--sides", "posse:1", "kesslers:1", "--seed", "3", "--ruleset",
                ruleset, "-o", str(path), "--max-turns", "2")
    if r.exit_code == 2 and "has no generator" in r.stderr:
        pytest.skip(f"{ruleset} has no generator")
    assert r.exit_code == 0, r.stderr
    for mode in ("teaching", "story"):
        r = run_cli(path, "run", "-m", mode)
        assert r.exit_code == 0, r.stderr
        lines = r.stdout.splitlines()
        assert "**kesslers**" not in r.stdout and "**posse**" not in r.stdout
        assert any(x.startswith("**Kesslers**") for x in lines), (mode, r.stdout[:2000])
        assert any(x.startswith("**Posse**") for x in lines)


FOLDED = """\
title: Desc
ruleset: boothill
seed: 3
description: >
  Marshal Cobb rides in.
  "Nobody has to die!"
sides:
  law:
    - {name: Eli Cobb, attributes: {str: 14, coo: 15, obs: 12, sta: 10, luck: 9},
       skills: {pistol: 5}, weapons: [{type: colt}], at: [0, 0], tactics: lawman}
  gang:
    - {name: Jubal Reese, attributes: {str: 12, coo: 12, obs: 10, sta: 9, luck: 5},
       skills: {pistol: 3}, weapons: [{type: colt}], at: [20, 0], tactics: aggressive}
max_turns: 1
"""
LITERAL = FOLDED.replace("""description: >
  Marshal Cobb rides in.
  "Nobody has to die!"
""", """description: |
  Marshal Cobb rides in.

  The gang does not listen.
""")


@pytest.mark.parametrize("fmt, left, right", [
    ("markdown", "*", "*"), ("bbcode", "[i]", "[/i]"), ("html", "<em>", "</em>")])
@pytest.mark.parametrize("mode", ["story", "teaching"])
def test_a_description_keeps_its_italics_closed_on_each_paragraph(fmt, left, right, mode):
    """A folded (>) description ends in a line break ("*text\\n*" shows two stars in
    Markdown), and a literal one (|) may hold paragraphs: the marks hug the words, and each
    paragraph gets its own pair."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario_text
    quote = "&#34;" if fmt == "html" else '"'
    text = render(run_fight(load_scenario_text(FOLDED)), fmt, mode)
    assert f"{left}Marshal Cobb rides in. {quote}Nobody has to die!{quote}{right}" in text
    text = render(run_fight(load_scenario_text(LITERAL)), fmt, mode)
    assert f"{left}Marshal Cobb rides in.{right}" in text
    assert f"{left}The gang does not listen.{right}" in text
    assert f"\n{right}\n" not in text and f"\n{left}\n" not in text  # no lone mark


def test_the_seventh_readings_slips_are_put_right(run_cli, tmp_path):
    """Issue 10, seventh reading: "narrator check" said "1 turns"; a cover named by a bare map
    key read "in cover at trough" (no article); a Boot Hill chance below zero read "(chance
    -1)" with a hyphen for a minus."""
    one = _copy(tmp_path, "abilene-saloon.yaml")
    text = one.read_text(encoding="utf-8")
    start = text.index("  - kind: shootout   # l.825-870")
    one.write_text(text[:start] + text[text.index("rulings:"):].replace(
        "  - {turn: 2, initiative: {Lawmen: 6, Outlaws: 12}, why: the rulebook's worked example "
        "has these numbers (l.825)}\n  - turn: 2\n    cancel_modifier: {character: Quentin, "
        "modifier: wrong_hand}\n    why: in the rulebook's worked example only running and "
        "wounds count against Quentin's last shot (l.858)\n", ""), encoding="utf-8")
    r = run_cli(one, "check")
    assert r.exit_code == 0, r.output
    assert "2 sides, 4 characters, 1 turn" in r.stdout and "1 turns" not in r.stdout
    bank = tmp_path / "bank.yaml"
    bank.write_text((EXAMPLES / "bank-robbery.yaml").read_text(encoding="utf-8").replace(
        "water_trough: {at: [25, 10], name: the water trough, cover: true}",
        "trough: {at: [25, 10], cover: true}").replace("cover: water_trough", "cover: trough"),
        encoding="utf-8")
    for mode in ("teaching", "story"):
        r = run_cli(bank, "run", "-m", mode)
        assert r.exit_code == 0, r.output
        assert "in cover at the trough" in r.stdout and "at trough" not in r.stdout
    r = run_cli(EXAMPLES / "abilene-saloon.yaml", "run")
    assert "a natural 1 and a Luck check (chance \u22122)" in r.stdout
    assert not re.search(r"\(chance -\d", r.stdout)
