"""Story prose a fresh user (a GM who posts the write-ups unedited) found wrong, eighth round:
each test asserts the real text of a bundled or small scenario, and failed on the code before
its fix."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from narrator import ruleset as registry
from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.render.phrases import tags_of
from narrator.scenario import load_scenario, load_scenario_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"


@lru_cache(maxsize=32)
def _bundled(name: str, seed: int):
    return run_fight(load_scenario(EXAMPLES / f"{name}.yaml"), seed)


def _story(log, fmt: str = "text", tense: str = "present") -> str:
    """`narrator run ... -m story -f FMT --tense TENSE`."""
    return render(log, fmt, "story", options=Options(tense=tense))


def _teaching(log, fmt: str = "text") -> str:
    return render(log, fmt, "teaching")


# ---------------------------------------------------------------- 1. "backs into cover"
def test_a_man_walking_across_the_enemys_line_into_cover_does_not_back_into_it():
    """Old (shotgun-gang, seed 1, turn 2): "Texas Jack backs into cover behind his horse." for
    a walk from (0, 2) to (0, 5), across the line to Stanshaw at 40 yards, not away from him."""
    text = _story(_bundled("shotgun-gang", 1))
    assert "Texas Jack gets behind his horse." in text
    assert "backs into cover" not in text


def test_every_backing_cover_phrase_is_for_a_move_away_only():
    """A "back" phrase of a cover group (the moved templates' cover_fast/cover_slow) is tagged
    ``<away>``: the templates give that context only to a move away from the nearest enemy."""
    files = [ROOT / "templates" / "common" / "phrases.toml",
             *sorted((ROOT / "narrator" / "rulesets").glob("*/templates/phrases.toml"))]
    seen = 0
    for f in files:
        table = tomllib.loads(f.read_text(encoding="utf-8"))
        for group in ("cover_fast", "cover_slow"):
            for phrase in table.get(group, ()):
                tags, body = tags_of(phrase)
                if "[back]" in body or "[fall] back" in body:
                    seen += 1
                    assert "away" in tags, (f.name, group, phrase)
    assert seen >= 2


# ---------------------------------------------------------------- 2. Gaslight streets
@lru_cache(maxsize=8)
def _generated(ruleset: str, setting: str, seed: int) -> str:
    """``narrator generate --ruleset RULESET --sides posse:3 gang:3 --setting SETTING --seed
    SEED``: the scenario's text."""
    return registry.get(ruleset).generate([("posse", 3), ("gang", 3)], setting, seed, 20, "")


_STREET_WORDS = re.compile(r"\b(street|cobbles|kerb|brickwork|brick|stones|railing)\b", re.I)


def test_a_generated_gaslight_corral_fight_has_a_scene_line_and_no_street():
    """Old (`generate --ruleset gaslight --setting corral --seed 5`, run seed 1): no scene
    line under the title; "the masters of the street", "lie dead upon the stones", "strike
    the brickwork" (run seeds 1 to 12), in a yard with a coal wagon and a horse trough."""
    text = _generated("gaslight", "corral", 5)
    assert "description: >-\n  Three of the posse and three of the gang face each other in the " \
           "stable yard behind the\n  King's Head, Leeds, about 16 yards apart.\n" in text
    scenario = load_scenario_text(text, "<generated>")
    first = _story(run_fight(scenario, 1))
    assert first.split("\n")[3] == ("Three of the posse and three of the gang face each other in "
                                    "the stable yard behind the King's Head, Leeds, about 16 "
                                    "yards apart.")
    # (the phrase stream moved with the Gaslight second-barrel phrases: the same open-ground
    # miss, now of Michael at John; session 17, the law's profiles for the posse: of William
    # at Thomas; fresh23, Michael's held fire told in round 1: another open-ground pick of
    # William's miss at Thomas): a miss at the open ground, never a street's
    assert re.search(r"William's shot (throws up a spurt of mud behind|kicks up the dirt a "
                     r"foot from) Thomas\.", first), first
    for seed in range(1, 13):
        story = _story(run_fight(scenario, seed))
        assert not _STREET_WORDS.search(story), (seed, _STREET_WORDS.search(story).group(0))


def test_a_gaslight_corral_fight_without_a_description_reads_its_ground_from_its_title():
    """The same fight as an older `generate` wrote it (no ``description:``): "A corral affray"
    is open ground, not a street."""
    text = re.sub(r"description: >-\n(  .*\n)+", "", _generated("gaslight", "corral", 5))
    assert "description" not in text
    scenario = load_scenario_text(text, "<generated>")
    for seed in range(1, 13):
        story = _story(run_fight(scenario, seed))
        assert not _STREET_WORDS.search(story), (seed, _STREET_WORDS.search(story).group(0))


def test_a_gaslight_street_fight_keeps_its_cobbles():
    """Fog in Dorset Street (an alley by the lamp post) is a paved street: its phrases of the
    street still come."""
    said = " ".join(_story(_bundled("fog-alley", seed)) for seed in range(1, 9))
    assert _STREET_WORDS.search(said.split("\n", 1)[1])


# ---------------------------------------------------------------- 4. misses with no shooter
#: A miss's sentence that names nobody who fired (the old <follows> phrases).
_NO_SHOOTER = re.compile(r"(?:^|[.!?] )(?:The (?:shot|bullet|ball|buckshot|charge) "
                         r"(?:goes|went|whips|whipped)|It (?:is|was) a clean miss|"
                         r"\w+ (?:hears|heard) the (?:shot|bullet|ball) go by)")


def test_a_miss_names_its_shooter():
    """Old (fog-alley, seed 12): "He breaks open the shotgun and slips in two fresh
    cartridges. The shot goes high; Halloran is untouched." (whose shot?); shotgun-gang:
    "Stanshaw gives ground towards the saloon doors. It is a clean miss; Texas Jack never
    flinches." Every miss says who fired ("He fires high; Halloran is untouched.")."""
    # (seed 12's phrase stream shifted: re-pinned; session 17, more reload phrases: seed 1,
    # the same reload of Clegg's and his miss, told "He fires")
    text = _story(_bundled("fog-alley", 1))
    assert "He breaks open the shotgun and slips in two fresh cartridges. He fires, and misses " \
           "Halloran clean." in text
    for name in ("fog-alley", "shotgun-gang", "abilene-saloon", "stagecoach", "railway-platform"):
        for seed in range(1, 13):
            prose = _story(_bundled(name, seed))
            assert not _NO_SHOOTER.search(prose), (name, seed, _NO_SHOOTER.search(prose).group(0))


def test_the_follows_misses_open_on_the_shooter():
    """The phrases for a shot right after a sentence on the shooter (``<follows>``) open on him
    or name his shot: "he" may stand for him there, but someone must have fired."""
    files = [ROOT / "templates" / "common" / "phrases.toml",
             *sorted((ROOT / "narrator" / "rulesets").glob("*/templates/phrases.toml"))]
    seen = 0
    for f in files:
        table = tomllib.loads(f.read_text(encoding="utf-8"))
        for group, phrases in table.items():
            for phrase in phrases if isinstance(phrases, list) else ():
                tags, body = tags_of(phrase)
                if "follows" in tags:
                    seen += 1
                    assert "{a}" in body, (f.name, group, phrase)
    assert seen >= 10


# ---------------------------------------------------------------- 5. endings said twice
def test_an_ending_says_still_standing_once():
    """Old (fog-alley, seed 11): "It is over, and the police have carried the day; Halloran,
    Pike and Thorne are still standing. ... Halloran and Pike are wounded and still
    standing." """
    # (seed 8: the phrase stream moved with the Gaslight second-barrel phrases, then with a
    # man going down later in the round not told staying up; the same ending, its wounded men
    # told without a second "still standing")
    # (seed 22 since Rudd's shots from beside Halloran's barrows lost the cover modifier,
    # GN26, and hit him once more: the phrase stream moved)
    # (fresh23: a held shot at a man already down told, the phrase stream moved again: the
    # same ending, its facts pinned, not its phrase)
    text = _story(_bundled("fog-alley", 22))
    ending = next(p for p in text.split("\n\n") if "The tally afterwards" in p)
    assert re.search(r"Halloran, Pike and Thorne (are )?still standing", ending), ending
    assert re.search(r"\. Halloran and Pike [a-z ]+\.", ending), ending   # the wounded, told
    assert ending.count("still standing") == 1
    for seed in range(1, 21):
        prose = _story(_bundled("fog-alley", seed))
        for para in prose.split("\n\n"):
            assert para.count("still standing") + para.count("on their feet") <= 1, (seed, para)


def _prose_paragraphs(text: str) -> list[str]:
    """The story's paragraphs of prose (no rolls block, status, heading or title)."""
    out = []
    for para in text.split("\n\n"):
        first = para.split("\n", 1)[0]
        if para.startswith(("  ", "-", "Rolls", "Dice", "Characters")) or "\n" in para.strip() \
                or first.endswith(":") or set(first) <= set("=-"):
            continue
        out.append(para.strip())
    return out


def test_two_paragraphs_in_a_row_do_not_open_on_when():
    """Old (saloon-brawl, seed 18): "When it is over, Red Mike comes to, sore but whole. ..."
    then the ending, "When the shooting stops, the day is the saloon men's: ..."."""
    text = _story(_bundled("saloon-brawl", 18))
    paras = _prose_paragraphs(text)
    assert paras[-2] == "Afterwards, Red Mike comes to, sore but whole. Charlie comes to " \
                        "as well, bloodied."  # (the wounded after the whole: "as well")
    # (was "It ends with ... the winners"; the men coming to open on "Afterwards" since
    # session 22, so the ending may open on "When" again)
    assert paras[-1].startswith("When the shooting stops, the day belongs to the saloon men: "
                                "Swede and Hale are still on their feet.")
    for name in ("saloon-brawl", "barroom-brawl", "abilene-saloon", "fog-alley"):
        for seed in range(1, 16):
            paras = _prose_paragraphs(_story(_bundled(name, seed)))
            for one, two in zip(paras, paras[1:]):
                assert not (one.startswith("When ") and two.startswith("When ")), \
                    (name, seed, one, two)


# ---------------------------------------------------------------- 6. "the readier woman"
def test_a_woman_quicker_than_men_is_not_the_readier_woman():
    """Old (`generate --ruleset gaslight --setting street --seed 7`, run seed 7): "Ada is the
    readier woman." of Ada beside five men; now "Ada is readier than the rest." (two of
    them: "the readier of the two"; "the readier man" only among men)."""
    # (re-pinned, session 17: the law's profiles for the posse since; Ada, among five men,
    # is first in round 1 at seed 3, and no seed of 1-29 calls any woman the readier woman)
    scenario = load_scenario_text(_generated("gaslight", "street", 7), "<generated>")
    text = _story(run_fight(scenario, 3))
    assert "Ada is readier than the rest." in text
    for seed in range(1, 30):
        assert "readier woman" not in _story(run_fight(scenario, seed)), seed
    scenario = load_scenario_text(_generated("gaslight", "street", 9), "<generated>")
    text = _story(run_fight(scenario, 9))
    # (session 16: the phrase stream moved and Nell's turn is no longer told by a comparison:
    # any comparison of her is "the readier of the two", never "the readier woman"; session 18:
    # moved again with Gaslight's told second barrels, and Nell, first of five in round 2, is
    # "readier than the rest")
    # (session 21: moved again with Gaslight's beats told in the order of the dice; Nell's
    # round 2 is no longer told by a comparison, Percy, first of five in round 3, is)
    assert "readier woman" not in text and "Percy is readier than the rest." in text


# ---------------------------------------------------------------- 3. a sentence said again
def _sentences_by_round(text: str) -> list[set[str]]:
    """The sentences (four words or more) of each round's prose in a text story."""
    out = []
    for part in re.split(r"\n(?:Round|Turn)s? [^\n]*\n-+\n", text)[1:]:
        prose = [p for p in part.split("\n\n") if p.strip()
                 and not p.startswith(("Rolls", "  ", "-", "Status", "Dice"))]
        out.append({s for p in prose for s in re.split(r"(?<=[.!?])\s+", p.strip())
                    if len(s.split()) >= 4})
    return out


def test_a_long_violence_fight_does_not_say_a_sentence_twice():
    """Old (`generate --ruleset violence --sides posse:4 gang:4 --setting street --seed 3`,
    seed 12): "Missouri Martin fires shot after shot at Samuel, and every one of them
    misses." in rounds 4 and 7 (seed 2: "Lead whips past Samuel as he breaks cover, but
    nothing touches him." in rounds 3 and 7): a man who empties his gun at the same man, or
    braves covering fire, round after round ran through the three (five) phrases of the
    group. 12 of 600 such fights said a sentence twice; none now."""
    text = registry.get("violence").generate([("posse", 4), ("gang", 4)], "street", 3, 20, "")
    scenario = load_scenario_text(text, "<generated>")
    for seed in (2, 12, 131, 163, 178, 190, 195, 242, 290, 308):
        rounds = _sentences_by_round(_story(run_fight(scenario, seed)))
        said: set[str] = set()
        for k, sents in enumerate(rounds, 1):
            assert not sents & said, (seed, k, sorted(sents & said))
            said |= sents


# ---------------------------------------------------------------- 8. one keepsake
_TEACHING_LUCK = re.compile(r"only a light wound, worth 1 wound point: ([^.]*)\.")


def test_teaching_and_story_tell_one_luck_save_alike():
    """Old (`generate --sides posse:3 gang:3 --setting saloon --seed 5`, seed 5): the teaching
    write-up said "the Bible in his coat pocket stops the shot" (a table of its own in
    teaching.py, picked by a checksum of the name) and the story "By luck, a brass match safe in
    Zeke's vest turned the bullet" (the phrase stream): two keepsakes for one save. Both now
    tell ``Narration.luck_choice``: one phrase, one thing. (Session 22's generated names drew
    other men at saloon seed 5, a fight without a save; saloon seed 11 has one, a keepsake.)"""
    for setting, seed, teaching_says, story_says in (
            ("saloon", 11, "a heavy brass key in his breast pocket soaks up the shot",
             "a heavy brass key in Charlie's breast pocket soaked up the shot"),
            ("corral", 6, "the shot goes through the side of his belly and touches nothing "
                          "that mattered",
             "the buckshot went through the side of John's belly and touched nothing that "
             "mattered")):
        text = registry.get("boothill").generate([("posse", 3), ("gang", 3)], setting, seed,
                                                 20, "")
        log = run_fight(load_scenario_text(text, "<generated>"), seed)
        teaching = _teaching(log)
        assert _TEACHING_LUCK.findall(teaching) == [teaching_says]
        assert story_says in _story(log, tense="past")
    # the bundled shotgun gang (its own seed): teaching "a pocket watch in his vest takes the
    # worst of it", story "By luck, a brass match safe in Stanshaw's vest pocket turns the
    # bullet"; one reason now
    log = _bundled("shotgun-gang", 1877)
    assert _TEACHING_LUCK.findall(_teaching(log)) == [
        "the shot strikes his gunbelt buckle and glances away"]
    assert "By luck, the bullet strikes Stanshaw's gunbelt buckle and glances away: only a " \
           "light wound." in _story(log)


# ---------------------------------------------------------------- 7. a GM's move, in words
def _pbp_moved(tmp_path: Path, at: str, *args: str) -> str:
    """`narrator new --ruleset boothill`, `next`, then the GM moves Miller to ``at`` in the
    state: the post `next ARGS` writes."""
    from typer.testing import CliRunner

    from narrator.cli import app

    runner = CliRunner()
    tmp_path.mkdir()
    path = tmp_path / "bh.yaml"
    assert runner.invoke(app, ["new", "--ruleset", "boothill", "--out", str(path)]).exit_code == 0
    assert runner.invoke(app, ["next", str(path)]).exit_code == 0
    head, state = path.read_text().split("\nstate:\n")
    assert "      at: [18, 2]\n" in state
    path.write_text(head + "\nstate:\n" + state.replace("      at: [18, 2]\n", f"      at: {at}\n", 1))
    r = runner.invoke(app, ["next", str(path), "--format", "text", *args])
    assert r.exit_code == 0, r.output
    return r.stdout


def test_a_gm_move_in_a_story_post_is_told_as_the_story_names_places(tmp_path):
    """Old: "GM adjustment: Miller's position (yards) is now 10, 4." in the story post (the
    field's yards); now the place as the story names it: a landmark within 3 yards, else how
    far from the nearest enemy. The teaching post keeps the figures."""
    story = _pbp_moved(tmp_path / "a", "[10, 4]", "--mode", "story")
    assert "GM adjustment: Miller is now by the water trough.\n" in story
    assert "position (yards)" not in story
    story = _pbp_moved(tmp_path / "b", "[14, 2]", "--mode", "story")
    assert "GM adjustment: Miller is now about 8 yards from Kane.\n" in story  # (yards: Boot Hill)
    teaching = _pbp_moved(tmp_path / "c", "[14, 2]")
    assert "GM adjustment: Miller's position (yards) is now 14, 2.\n" in teaching
