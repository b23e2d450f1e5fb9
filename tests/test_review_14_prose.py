"""Story prose a GM must be able to post unedited, fourteenth round (fresh user 13's items
left open): each test asserts the real text and failed on the code before its fix."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.render import inflection
from narrator.ruleset import get as get_ruleset
from narrator.scenario import load_scenario_text

RULESETS = ("boothill", "violence", "weird-west", "gaslight")
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "scenarios" / "examples"
FRESH13P = Path(__file__).resolve().parent / "fresh13p"


# ------------------------------------------------ 1. side names from their keys
def test_a_key_takes_its_members_spelling_and_reads_as_a_name():
    """Old: "O Neills", "Mcgee boys", "The Bar T" (told "of The Bar T"), "tx rangers"."""
    assert inflection.key_name("o_neills", ["Pat O'Neill", "Sean O'Neill"]) == "O'Neills"
    assert inflection.key_name("mcgee_boys", ["Tom McGee"]) == "McGee boys"
    assert inflection.key_name("mcgee_boys", ["Al Hatch"]) == "McGee boys"
    assert inflection.key_name("macdonalds", ["Angus MacDonald"]) == "MacDonalds"
    assert inflection.key_name("the_bar_t") == "the Bar T"
    assert inflection.key_name("tx_rangers") == "TX Rangers"
    assert inflection.key_name("st_louis_boys") == "St Louis boys"
    # unchanged: a vowel (y too) is no abbreviation; "a" is a word
    assert inflection.key_name("my_boys") == "my boys"
    assert inflection.key_name("a_team") == "a team"
    names = inflection.display_names(["the_bar_t", "tx_rangers"], {})
    inflection.set_side_names(names)
    try:
        assert inflection.side_name("the_bar_t") == "the Bar T"
        assert inflection.side_label("the_bar_t") == "Bar T"
        assert inflection.side_name("tx_rangers") == "the TX Rangers"
        assert inflection.sided("Jim was a the_bar_t man, not one of tx_rangers.") == \
            "Jim was a Bar T man, not one of the TX Rangers."
    finally:
        inflection.set_side_names({})


@lru_cache(maxsize=8)
def _keyed(ruleset: str) -> str:
    """A generated street fight of ``ruleset`` with sides o_neills (led by Pat O'Neill),
    mcgee_boys (Tom McGee), the_bar_t and tx_rangers, its description naming "a bar_t man"
    (the GM's words) and the_bar_t's key raw."""
    text = get_ruleset(ruleset).generate(
        [("o_neills", 1), ("mcgee_boys", 1), ("the_bar_t", 1), ("tx_rangers", 1)], "street",
        5, 4, "")
    people = re.findall(r"- name: (.+)", text)
    assert len(people) == 4, people
    for old, new in zip(people[:2], ("Pat O'Neill", "Tom McGee"), strict=True):
        text = text.replace(f"name: {old}", f'name: "{new}"', 1)
    text = re.sub(r"title: .*\n", "title: Trouble at the Crossing\n", text, count=1)
    return re.sub(r"description: >-\n(  .*\n)+", "description: >-\n  Old Jake was a the_bar_t "
                  "man once, and rode with the tx_rangers.\n", text, count=1)


@pytest.mark.parametrize("mode", ("story", "teaching"))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_keys_show_as_names_in_every_ruleset(ruleset, mode):
    """Every ruleset: the cast, the description and the prose name o_neills "O'Neills",
    mcgee_boys "McGee boys", the_bar_t "the Bar T" (never "The Bar T" inside a sentence, nor
    "the the") and tx_rangers "the TX Rangers"; no raw key in the post."""
    log = run_fight(load_scenario_text(_keyed(ruleset), "<keys>"), 5)
    text = render(log, "markdown", mode, options=Options())
    raw = re.findall(r"\b(?:o[_ \\]+neills|O Neills|[Mm]cgee|the[_\\]+bar|tx[_ \\]+rangers|"
                     r"bar[\\]*_t|[Tt]he [Tt]he)\b|(?<=[a-z,] )The Bar T|[Tt]x [Rr]angers", text)
    assert raw == [], raw
    assert "O'Neills" in text and "McGee boys" in text and "TX Rangers" in text
    assert "a Bar T man" in text, text[:600]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_generated_scenario_names_its_sides_as_the_write_up_does(ruleset):
    """Old (generate --sides the_bar_t:2 tx_rangers:2): "title: The_bar_t and Tx_rangers at
    ...", "Two of the the_bar_t and two of the tx_rangers face each other"."""
    text = get_ruleset(ruleset).generate([("the_bar_t", 2), ("tx_rangers", 2)], "street", 3,
                                         4, "")
    doc = yaml.safe_load(text)
    said = f"{doc['title']}. {doc['description']}"
    assert "Two of the Bar T and two of the TX Rangers face each other" in said, said
    assert not re.search(r"_|[Tt]he [Tt]he|[Tt]x [Rr]angers", said), said


# ------------------------------------------------ 3. the teaching post's shots and sums
_COUNT = {"a shot": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _volleys(text: str) -> list[tuple[str, list[str]]]:
    """Each "X fires N shots at Y ...:" line of a Gaslight teaching post with the labels of
    the shot lines under it ("Shot 1", "The shot", "Both barrels")."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    out = []
    for i, ln in enumerate(lines):
        if re.search(r"\*\* fires (a shot|two|three|four|five|six)( shots)? at", ln):
            labels = []
            for after in lines[i + 1:]:
                m = re.match(r"(Shot \d+|The shot|Both barrels)", after)
                if m:
                    labels.append(m.group(1))
                elif re.search(r"\*\* fires ", after) or after.startswith("#"):
                    break
            out.append((ln, labels))
    return out


def test_a_gaslight_volley_numbers_its_own_shots():
    """Old (fog-alley seed 1): "**Pike** fires a shot at **Rudd** ..., at the end of the
    round:" then "Shot 2, 28.5 feet: ..." (his second shot of the round), and "**Rudd** fires
    three shots at **Halloran** ...:" then Shot 3, Shot 4, Shot 5. A volley of one is "The
    shot"; a volley of N numbers its shots from 1 (fewer when some never went off)."""
    text = render(run_fight(load_scenario_text((EXAMPLES / "fog-alley.yaml").read_text(),
                                               "fog-alley.yaml"), 1), "markdown", "teaching")
    volleys = _volleys(text)
    assert len(volleys) >= 6
    for line, labels in volleys:
        n = _COUNT[re.search(r"fires (a shot|two|three|four|five|six)", line).group(1)]
        want = ["The shot"] if n == 1 else [f"Shot {k}" for k in range(1, n + 1)]
        assert labels and labels in (want[:len(labels)], ["Both barrels"]), (line, labels)
    assert any("Pike** fires a shot" in line and "end of the round" in line and
               labels == ["The shot"] for line, labels in volleys)
    assert any("Rudd** fires three shots" in line and labels[:1] == ["Shot 1"]
               for line, labels in volleys)


def test_a_gaslight_damage_roll_line_brackets_the_sum_it_multiplies():
    """Old (railway-platform, story rolls, text): "1d10 4 +1 smokeless ×1.5 = 7" (read
    as 4 + 1.5); now "1d10 (4 + 1 smokeless) × 1.5 = 7", as the teaching post's "(4 + 1
    (smokeless)) × 1.5 (impaling)"; one die alone needs no brackets ("1d10 8 × 1.5 = 12")."""
    log = run_fight(load_scenario_text((EXAMPLES / "railway-platform.yaml").read_text(),
                                       "railway-platform.yaml"), None)
    for fmt in ("text", "markdown"):
        text = render(log, fmt, "story")
        assert "1d10 (4 + 1 smokeless) × 1.5 = 7;" in text
        assert "1d10 8 × 1.5 = 12;" in text
        assert not re.search(r"\d ×\d|\d \+1 smokeless ×", text)


# ------------------------------------------------ 4. the ending: house numbers, a side's day
TABLES = [Path(__file__).resolve().parent.parent / "templates" / "common" / "phrases.toml",
          *sorted((Path(__file__).resolve().parent.parent / "narrator" / "rulesets").glob(
              "*/templates/phrases.toml"))]


def test_the_ending_tally_counts_in_words_to_ten_and_figures_above():
    """Old: "Of the 14 shots fired, 7 have gone home." (shotgun-gang seed 4: every number in
    figures once one passed ten). Words to ten, figures above, each number on its own."""
    log = run_fight(load_scenario_text((EXAMPLES / "shotgun-gang.yaml").read_text(),
                                       "shotgun-gang.yaml"), 4)
    text = render(log, "text", "story", options=Options())
    # (re-pinned, session 17: the tally drawn anew since a move a leg wound cut short is told
    # after the wound; the same 14 shots and seven hits)
    assert "By the count afterwards, 14 shots have been fired, for seven hits." in text
    assert inflection.tally(18, 7) == {"fired": "18 shots", "hits": "seven hits",
                                       "nhits": "seven", "cover": "no shots"}
    assert inflection.tally(9, 8)["fired"] == "nine shots"


def test_a_sentence_never_opens_on_a_figure():
    assert inflection.words_first("12 shots from Ada, and not one touches Bart.") == \
        "Twelve shots from Ada, and not one touches Bart."
    assert inflection.words_first("1.5 yards off") == "1.5 yards off"


def test_a_side_s_day_is_told_without_a_possessive_of_its_name():
    """Old: "the day was the police's", "It ends with the house the winners": no phrase of
    any table puts a possessive on a side's name nor calls a side "the winners"."""
    for path in TABLES:
        text = path.read_text(encoding="utf-8")
        assert "{side}'s" not in text, path
        assert "the winners" not in text, path


# ------------------------------------------------ 5. no sentence told twice in one story
def _story_sentences(text: str) -> list[str]:
    """The story's sentences of a markdown story post: no rolls block, heading, cast or
    status line."""
    text = re.sub(r"\|\|.*?\|\|", "", text, flags=re.S)
    paras = [p for p in text.split("\n\n") if p and not p.startswith(("#", "**", "*", "-"))]
    return [s.strip() for p in paras for s in re.split(r"(?<=[.!?])\s+", p) if s.strip()]


@pytest.mark.parametrize("name", ("bh-night.yaml", "bh-duel.yaml"))
def test_no_boot_hill_story_tells_one_sentence_twice(name):
    """Old: "Dutch works at the jammed rifle." twice (bh-night seed 28: Dutch's rifle jammed
    for three turns and the group had two phrases), "Ingrid fights the jammed gun." twice
    (seed 31), "Kid tugs at their Schofield again, no quicker." twice (bh-duel seed 30: Kid,
    pronoun they, fumbled five draws against four phrases). Every sentence of a story once,
    over 40 seeds of each."""
    scenario = (FRESH13P / name).read_text()
    told = []
    for seed in range(1, 41):
        log = run_fight(load_scenario_text(scenario, name), seed)
        said = _story_sentences(render(log, "markdown", "story", options=Options()))
        told += [f"seed {seed}: {s}" for s in set(said) if said.count(s) > 1]
    assert told == [], told


# ------------------------------------------------ (helper-82) a Gaslight reload's words
def test_a_gaslight_reload_that_takes_his_action_is_never_told_as_quick():
    """Old (fog-alley seed 1, round 3): "He loads the revolver again, quickly." for a reload
    that is his whole action (a snap-fire load has its own phrases, gl_reload_snap)."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    table = tomllib.loads((root / "narrator/rulesets/gaslight/templates/phrases.toml")
                          .read_text())
    assert "{a} [load] the {weapon} again, a cartridge at a time." in table["gl_reload"]
    assert not [p for p in table["gl_reload"] if "quick" in p]


def test_his_gun_is_not_said_after_a_sentence_naming_another_man_of_his_pronoun():
    """Old (stagecoach seed 1, round 3): "Dutch's bullet buries itself in the coach a hand's
    breadth from Quaid. His Colt has nothing left in it." (Quaid carries a Colt too)."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario

    log = run_fight(load_scenario(ROOT / "scenarios/examples/stagecoach.yaml"), 1)
    story = render(log, "markdown", "story")
    assert ("Dutch's bullet buries itself in the coach a hand's breadth from Quaid. That is "
            "the last round in Dutch's Colt.") in story


def test_gaslight_covering_fire_says_whom_it_waited_on():
    """Old (fog-alley seed 1, round 1): "Halloran, who has been waiting for precisely that,
    fires upon the instant, and misses." where the move that set it off (Rudd stepping into
    view) was never told: "that" pointed at nothing, or at the sentence before (a man
    falling)."""
    from narrator.engine import run_fight
    from narrator.render import render
    from narrator.scenario import load_scenario

    table = tomllib.loads((ROOT / "narrator/rulesets/gaslight/templates/phrases.toml")
                          .read_text())
    assert not [p for g in ("gl_cover_hit", "gl_cover_miss") for p in table[g]
                if "precisely that" in p]
    log = run_fight(load_scenario(ROOT / "scenarios/examples/fog-alley.yaml"), 1)
    assert ("Halloran has been waiting for Rudd to make a move; he fires upon the instant, "
            "and misses.") in render(log, "markdown", "story")
