"""What a GM reading story write-ups had to edit (issue 10, second reading), each pinned:
the head, the intro's tense, the initiative banner, lulls, gun names, luck saves by where
the shot struck, cover prepositions and a man's own horse, pronouns, alike names, endings
that say why, and the Violence tally and rolls headings. The mechanical checks over 100
generated fights are in ``test_prose_lint.py``."""

from __future__ import annotations

import re
from types import SimpleNamespace as NS

import pytest

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.render import inflection
from narrator.render.inflection import past_text
from narrator.render.markup import MARKUP
from narrator.render.narrate import Narration, Scene, distinct_shorts
from narrator.render.phrases import Phrases
from narrator.scenario import load_scenario

from conftest import EXAMPLES
from prose_lint import generated_fights

FORMATS = ("markdown", "bbcode", "html", "text")


def _log(name: str):
    return run_fight(load_scenario(EXAMPLES / name))


def _unblocked(text: str, fmt: str) -> str:
    """A write-up without its spoiler blocks: what a player sees without opening one."""
    return {"markdown": lambda t: re.sub(r"\|\|.*?\|\|", "", t, flags=re.S),
            "bbcode": lambda t: re.sub(r"\[spoiler=.*?\[/spoiler\]", "", t, flags=re.S),
            "html": lambda t: re.sub(r"<details>.*?</details>", "", t, flags=re.S),
            "text": lambda t: re.sub(r"^(Characters and rulings|Dice|Rolls, [^:]*):\n(  .*\n?)*",
                                     "", t, flags=re.M)}[fmt](text)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", ("abilene-saloon.yaml", "shotgun-gang.yaml",
                                  "bank-robbery.yaml"))
def test_story_head_keeps_stat_lines_rulings_and_dice_in_blocks(fmt, name):
    text = render(_log(name), fmt, "story")
    shown = _unblocked(text, fmt)
    for engine in ("STR ", "COO ", "House rule", "GM ruling", "rolls scripted", "scripted dice",
                   "dice log", "seconds into the fight", "combat turn", "shootout turn"):
        assert engine not in shown, engine
    assert "Characters and rulings" in text and "Dice" in text  # still there, in blocks
    assert "fight hash" in text  # the footer, in its block


def test_story_cast_names_each_side_in_words():
    text = render(_log("abilene-saloon.yaml"), "markdown", "story")
    assert "**Lawmen**: Sam McGee and Ben Jackson." in text
    assert '**Outlaws**: "Dirty Dan" McGrew and Quentin "Cool Hand" Luke.' in text
    # a side the scenario names in lower case is a label all the same; one named with its
    # article keeps it ("the dead's", never "the the dead's"), and "the living" are many
    text = render(_log("graveyard.yaml"), "text", "story", options=Options(tense="past"))
    assert "The living: Reverend Josiah Crane" in text and "The dead: Ike Haskell" in text
    assert "the the " not in text and re.search(r"\b(?:the dead (?:held|had) the field|the day "
                                                r"belonged to the dead|the dead (?:had carried "
                                                r"the day|had won it)|fight went to the dead)", text)
    from narrator.render.inflection import is_plural, side_name
    assert (side_name("the living"), side_name("posse"), side_name("Short")) == (
        "the living", "the posse", "Short")
    assert is_plural("the living") and not is_plural("the posse")


@pytest.mark.parametrize("text, past", [
    ("Sam McGee and Ben Jackson walk into a shabby Abilene saloon with a wanted poster for two "
     "stagecoach robbers. Ten feet from the bar Sam says loudly: \"Dan McGrew! You are both "
     "under arrest!\" Both outlaws go for their guns.",
     "Sam McGee and Ben Jackson walked into a shabby Abilene saloon with a wanted poster for two "
     "stagecoach robbers. Ten feet from the bar Sam said loudly: \"Dan McGrew! You are both "
     "under arrest!\" Both outlaws went for their guns."),
    ("Jack Cutler, his brother Lem and \"Dutch\" Henry Vogel step out of the Cattlemen's Bank, "
     "while Pete Ramsey holds the horses. The street is empty.",
     "Jack Cutler, his brother Lem and \"Dutch\" Henry Vogel stepped out of the Cattlemen's Bank, "
     "while Pete Ramsey held the horses. The street was empty."),
    ("The Bar-T outfit has been paid off and has been drinking since noon.",
     "The Bar-T outfit had been paid off and had been drinking since noon."),
    ("Two Texas Rangers ride round the corner and see the Shotgun Gang, about 40 yards away.",
     "Two Texas Rangers rode round the corner and saw the Shotgun Gang, about 40 yards away."),
    ("Three of the posse and three of the rustlers face each other on the main street.",
     "Three of the posse and three of the rustlers faced each other on the main street."),
    # nouns that lemminflect also knows as verbs stay nouns (the GM reader's third round)
    ("The coach has stopped at a barricade of felled pines; the road agents rise from behind it.",
     "The coach had stopped at a barricade of felled pines; the road agents rose from behind it."),
    ("The Double-R hands were paid off at noon. By ten Red Mike has decided that Swede waters "
     "the whiskey, and says so across the bar.",
     "The Double-R hands were paid off at noon. By ten Red Mike had decided that Swede watered "
     "the whiskey, and said so across the bar."),
    ("Dusk at Carlisle, the gas lit and the Scotch express blowing off steam.",
     "Dusk at Carlisle, the gas lit and the Scotch express blowing off steam."),
    ("The street is empty, and it should not be. \"It should not be,\" Sam says.",
     "The street was empty, and it should not have been. \"It should not be,\" Sam said."),
    ("Two of the deputies and three of the gang face each other in the saloon.",
     "Two of the deputies and three of the gang faced each other in the saloon."),
    ("Curly reaches across the bar. Charlie whoops and eggs Red Mike on.",
     "Curly reached across the bar. Charlie whooped and egged Red Mike on."),
    # a fresh user's scene: a verb and its particle after "and"; a compound noun after a
    # preposition and "the" (it was "calls out" left present and "the wagon bedded")
    ("Luis Varga steps off the porch of the feed store and calls out, \"You're a long way "
     "from Tascosa, Marshal.\" His brother Emil is already behind the rain barrel, and old "
     "Hiram Pike has his Sharps across the wagon bed.",
     "Luis Varga stepped off the porch of the feed store and called out, \"You're a long way "
     "from Tascosa, Marshal.\" His brother Emil was already behind the rain barrel, and old "
     "Hiram Pike had his Sharps across the wagon bed."),
    ("The riders rein in and the outlaws ride off.",
     "The riders reined in and the outlaws rode off."),
])
def test_the_scene_is_told_in_the_past_with_speech_left_alone(text, past):
    assert past_text(text) == past


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_the_intro_is_the_gms_description_word_for_word_in_either_tense(name):
    """The GM's ``description`` is his text: ``--tense past`` rewrites only the narrator's
    own sentences (a fresh user's "to settle accounts" came out "to settle accounted")."""
    log = _log(name)
    desc = log.events[0].description
    if not desc:
        return
    for tense in ("present", "past"):
        text = render(log, "text", "story", options=Options(tense=tense))
        assert f"\n\n{inflection.sided(desc)}\n\n" in text, tense


def _turn_banners(text: str) -> dict[int, str]:
    out = {}
    for m in re.finditer(r"^## Turn (\d+)\n\n\*([^*\n]+)\*$", text, flags=re.M):
        out[int(m.group(1))] = m.group(2)
    return out


def test_the_initiative_banner_names_the_side_that_fires_first():
    told = 0
    for _, log in generated_fights(40):
        text = render(log, "markdown", "story", options=Options(tense="past"))
        started = log.events[0]
        side_of = {c.name: c.side for c in started.characters}
        winners = {e.turn: e.winner for e in log.events if e.kind == "initiative_rolled"}
        for turn, line in _turn_banners(text).items():
            first = next(e for e in log.events
                         if e.kind == "shot_fired" and e.turn == turn)
            assert side_of[first.shooter] == winners[turn], (turn, line)
            told += 1
    assert told > 20


def test_a_run_of_quiet_turns_is_one_paragraph():
    seen = 0
    for _, log in generated_fights(30):
        text = render(log, "markdown", "story", options=Options(tense="past"))
        for m in re.finditer(r"^## Turns (\d+) to (\d+)\n\n([^\n]+)\n\n\|\|\*\*Rolls, turns "
                             r"(\d+) to (\d+)\*\*", text, flags=re.M):
            seen += 1
            assert m.group(1, 2) == m.group(4, 5)
            para = m.group(3)
            assert re.search(r"\b(seconds?|minute)\b", para), para  # says how long
            first, last = int(m.group(1)), int(m.group(2))
            hit = [e for e in log.events if e.kind == "wound_taken" and first <= e.turn <= last]
            assert not hit
    assert seen >= 5


_LULL_RELOAD = re.compile(r"\b(reload\w*|load(s|ed)? up|put(s)? in fresh rounds)")
_LULL_SHOT = re.compile(r"\b(fire[sd]?|tr(ies|ied) a shot|sen(ds|t))\b")


def test_a_lull_tells_each_mans_shots_and_reloads_in_the_order_he_did_them():
    """"Hiram reloaded and tried a shot at Cimarron Richard" was told of a man who shot in the
    first turn of the lull and reloaded in the next: every man of every lull in 40 generated
    fights whose lull holds both is checked against the order of his events."""
    checked = 0
    for _, log in generated_fights(40):
        text = render(log, "markdown", "story", options=Options(tense="past"))
        chars = log.events[0].characters
        for m in re.finditer(r"^## Turns (\d+) to (\d+)\n\n([^\n]+)\n", text, flags=re.M):
            first, last = int(m.group(1)), int(m.group(2))
            order: dict[str, list[str]] = {}
            for e in log.events:
                if not first <= (getattr(e, "turn", None) or 0) <= last:
                    continue
                who = getattr(e, "shooter", None) or getattr(e, "character", None)
                if e.kind == "shot_fired" and getattr(e, "result", "") != "dud":
                    what = "shot"
                elif e.kind == "reloaded":
                    what = "reload"
                else:
                    continue
                if what not in order.setdefault(who, []):
                    order[who].append(what)
            for clause in m.group(3).split(". ", 1)[-1].rstrip(".").split("; "):
                whose = [c.name for c in chars if clause.startswith((c.short, c.name))]
                if not whose or len(order.get(whose[0], [])) < 2:
                    continue
                spots = {k: hit.start() for k, hit in (("shot", _LULL_SHOT.search(clause)),
                                                       ("reload", _LULL_RELOAD.search(clause)))
                         if hit}
                assert len(spots) == 2, clause
                assert sorted(spots, key=spots.get) == order[whose[0]], clause
                checked += 1
    assert checked >= 10


_SWITCH = re.compile(r"\b(trade[sd]? (his|her|their) [^.]+? for|turn(s|ed)? to (his|her|their)|"
                     r"let the [^.]+? be and|left the [^.]+? and snapped)")


def test_a_man_drawing_a_second_gun_is_told_changing_guns_not_drawing_as_if_for_the_first_time():
    """bh street seed 21: "Cimarron Richard and Nellie pull their guns" in turn 2, after both
    had fired in turn 1 (his shotgun, her revolver), and "Nellie pulls her revolver the
    ordinary way" two turns after she fired it. A draw of another gun than the one a man last
    fired or drew is told alone as a change of guns, in 70 generated fights."""
    seen = 0
    for _, log in generated_fights(70):
        text = render(log, "markdown", "story", options=Options(tense="past"))
        chars = {c.name: c for c in log.events[0].characters}
        last: dict[str, str] = {}
        for e in log.events:
            if e.kind == "shot_fired":
                last[e.shooter] = e.weapon
            elif e.kind == "draw_made":
                had = last.get(e.character)
                if e.success:
                    last[e.character] = e.weapon
                if had is None or had == e.weapon or not e.success:
                    continue
                section = text.split(f"## Turn {e.turn}\n", 1)[-1].split("||**Rolls", 1)[0]
                short = chars[e.character].short
                dead_before = any(x.kind in ("died", "passed_out", "knocked_out")
                                  and x.character == e.character and x.turn <= e.turn
                                  for x in log.events if getattr(x, "turn", None))
                if dead_before or f"## Turn {e.turn}\n" not in text:
                    continue
                for sentence in re.split(r"(?<=[.!?]) ", section):
                    # he among the men drawing "their guns" (not the man they turn on:
                    # "Lefty and William both brought their guns round to Ira.")
                    if re.search(rf"\b{re.escape(short)}\b.*\btheir guns\b", sentence):
                        raise AssertionError(sentence)
                assert _SWITCH.search(section), (e, section)
                seen += 1
    assert seen >= 8


def test_per_turn_posts_tell_every_turn():
    log = generated_fights(12)[11][1]
    from narrator.render import render_posts
    posts = render_posts(log, "markdown", "story", per_turn=True)
    assert len(posts) == log.events[-1].turns
    assert all(re.search(r"^## Turn \d+$", p, flags=re.M) for p in posts)


def _narration(chars, tense="past"):
    table = {"x": ["{a}'s next shot [be] no better."]}
    return Narration(chars, MARKUP["text"], Phrases(table, 1, tense), bold=False)


def test_a_pronoun_opens_a_sentence_only_when_the_sentence_before_named_no_other_man():
    chars = {n: NS(name=n, short=n, pronoun="he", side=s)
             for n, s in (("Ben", "a"), ("Quentin", "b"))}
    n = _narration(chars)
    n.phrases.table.update(hit=["{a} [shoot] {b} in the arm"], sev=["; {b} [stay] up."])
    n.say("hit", a="Ben", b="Quentin")
    n.focus("Quentin")
    n.say("sev", b="Quentin")
    assert n.say("x", a="Quentin") == "Quentin's next shot was no better."
    assert n.say("x", a="Quentin") == "His next shot was no better."


def test_joined_paragraphs_carry_the_pronoun_of_the_man_the_round_opened_on():
    """"It was Clegg who stirred first." opens on Clegg: the paragraphs joined after it open
    on "He", each (the last sentence as written, not as carried, decides the next)."""
    chars = {n: NS(name=n, short=n, pronoun="he", side=s)
             for n, s in (("Clegg", "a"), ("Halloran", "b"))}
    n = _narration(chars)
    assert n.flow(["It was Clegg who stirred first.", "Clegg made for the doorway.",
                   "Clegg loaded the shotgun afresh."]) == [
        "It was Clegg who stirred first. He made for the doorway. He loaded the shotgun afresh."]
    assert n.flow(["It was Clegg who stirred first.", "Halloran fired at Clegg.",
                   "Clegg loaded the shotgun afresh."]) == [
        "It was Clegg who stirred first. Halloran fired at Clegg. Clegg loaded the shotgun "
        "afresh."]


def test_alike_short_names_are_told_apart():
    chars = {n: NS(name=n, short=s) for n, s in (("Lewis Banks", "Lewis"),
                                                ('Louis "Dakota" Williamson', "Louis"),
                                                ("Sam Ray", "Sam"), ("Sal Ortiz", "Sal"),
                                                ("Ben Cole", "Ben"))}
    assert distinct_shorts(chars) == {'Louis "Dakota" Williamson': "Dakota", "Sal Ortiz": "Ortiz"}


def test_short_names_that_open_differently_are_kept():
    """A short name the scenario gives is kept in the story unless a reader could mix it up
    with another: "Nate" and "Hattie" (difflib 0.6 alike, but different first letters) stay
    Nate and Hattie, not Hollis and Boone."""
    chars = {n: NS(name=n, short=s) for n, s in (("Nate Hollis", "Nate"),
                                                ("Hattie Boone", "Hattie"),
                                                ("Kate Rand", "Kate"))}
    assert distinct_shorts(chars) == {}


def test_guns_are_called_what_a_man_calls_them():
    scene = Scene.from_toml((EXAMPLES.parent.parent / "templates" / "common"
                             / "vocabulary.toml").read_text(), NS(title="", description="",
                                                                 landmarks=(),
                                                                 ruleset="boothill"))
    for name, word in (("Colt .45 Peacemaker (cartridge)", "Colt"),
                       # a catalogue type is told as a plain noun of its kind, never a make
                       # the scenario did not name (a GM reader: "Winchester carbine" for a
                       # lever_action_carbine)
                       ("single-action revolver", "revolver"),
                       ("lever-action rifle", "rifle"),
                       ("double-barrelled shotgun", "shotgun"), ("scattergun", "scattergun"),
                       ("coach gun", "coach gun"), ("breech-loading rifle", "breech-loader"),
                       ("Navy pistol (percussion)", "Navy pistol"),
                       ("stolen Webley", "stolen Webley"), ("old Bull Dog", "old Bull Dog"),
                       ("revolver", "revolver")):  # a GM's own name is told as written
        assert scene.gun(name) == word
    assert [scene.at(x) for x in ("the cave mouth", "the swinging doors", "the rain barrels",
                                  "the alley mouth")] == ["in", "by", "behind", "in"]


def test_a_mans_own_horse_is_his_horse():
    text = render(_log("shotgun-gang.yaml"), "markdown", "story", options=Options(tense="past"))
    assert "behind his horse" in text
    assert "into cover behind Texas Jack's horse" not in text
    assert "Texas Jack's horse took the shot Eriksson meant for him" in text


def test_luck_saves_fit_where_the_shot_struck():
    table = Phrases.from_toml((EXAMPLES.parent.parent / "templates" / "common"
                               / "phrases.toml").read_text(), 3).table
    torso = re.compile(r"watch|tobacco|Bible|cards|dollar|buckle|belt|rib\b")
    for where in ("head", "arm", "leg"):
        p = Phrases(table, 5)
        for _ in range(20):
            assert not torso.search(p.pick("luck_save", frozenset({where, "bullet"})))
    p = Phrases(table, 5)
    assert "<" not in p.pick("sev_serious", frozenset({"arm", "bullet"}))
    for _ in range(20):
        assert "double" not in p.pick("sev_serious", frozenset({"arm", "bullet"}))
        assert "tag" not in p.pick("hit_lead", frozenset({"torso", "grave", "bullet"}))
        assert "bark" not in p.pick("miss", frozenset({"out", "pellets"}))


@pytest.mark.parametrize("name, why", [
    ("abilene-saloon.yaml", r"(The scene ended there|That was where it stood), two seconds in"),
    ("luke-short.yaml", r"(ended there|where it stood), one second in"),
    ("barroom-brawl.yaml", r"the Silver Dollar men (?:held|had) the field|the day belonged to the "
     r"Silver Dollar men|the Silver Dollar men (?:had carried the day|had won it)|fight went "
     r"to the Silver Dollar men"),
])
def test_the_ending_says_why_it_ended_and_who_holds_the_field(name, why):
    text = render(_log(name), "text", "story", options=Options(tense="past"))
    assert re.search(why, text), text[-600:]
    assert "For now the shooting" not in text


def test_violence_tally_counts_covering_fire_and_rolls_say_round():
    text = render(_log("bank-robbery.yaml"), "markdown", "story", options=Options(tense="past"))
    # (words to ten, figures above, each number on its own: it said "5 shots ... 7 hits")
    assert "28 shots were fired, five shots of covering fire among them, for seven hits" in text
    assert "Rolls, round 1" in text and "Rolls, turn" not in text
    assert "past helping" not in text


def test_a_group_that_holds_and_then_breaks_in_the_same_round_is_told_breaking_only():
    from narrator.rulesets.violence.events import MoraleChecked

    hold = MoraleChecked(2, "gang", "the gang", "casualty", None, 3, 3, (2, 3), 5, 6, False,
                         None, ())
    rout = MoraleChecked(2, "gang", "the gang", "casualty", None, 2, 3, (5, 4), 9, 6, True,
                         "flee", ("Dutch", "Pete"))
    later = MoraleChecked(3, "gang", "the gang", "casualty", None, 2, 3, (5, 4), 9, 6, True,
                          "flee", ("Dutch", "Pete"))
    n = _narration({})
    n.events = [hold, rout]
    assert n.routed_later(hold) and not n.routed_later(rout)
    n.events = [hold, later]  # broke a round later: the hold is told
    assert not n.routed_later(hold)


SAVED_PELLET = """\
title: Saved pellet
ruleset: boothill
seed: 3
sides:
  law:
    - {name: Tom Beck, short: Beck, attributes: {str: 14, coo: 13, obs: 11, sta: 12, luck: 6},
       skills: {rifle: 5}, weapons: [{type: lever_action_rifle}], at: [0, 0]}
  gang:
    - {name: Emil Varga, short: Emil, attributes: {str: 15, coo: 12, obs: 10, sta: 13, luck: 5},
       skills: {rifle: 2}, weapons: [{type: double_barrelled_shotgun}], at: [25, 0]}
turns:
  - intents:
      Emil: {shoot: Beck}
dice:
  Emil: {to_hit: [4], pellets: [5], location: [20, 20], severity: [2, 5]}
  Beck: {luck: [1]}
dice_fallback: seeded
"""


@pytest.mark.parametrize("tense", ("present", "past"))
def test_a_luck_save_on_one_pellet_of_several_is_not_told_as_the_whole_blast(tense):
    """Two pellets in the head: a serious wound, and a mortal one Luck turns light. A fresh
    user read "A miracle: ..., and he was only lightly hurt" after the serious wound; the save
    is told as saving him from the worst of them, after the serious wound."""
    from narrator.scenario.loader import load_scenario_text
    log = run_fight(load_scenario_text(SAVED_PELLET))
    text = render(log, "text", "story", options=Options(tense=tense))
    story = text.split("Turn 1", 1)[1].split("Rolls, turn 1")[0]
    assert "only lightly hurt" not in story and "only a light wound" not in story
    assert "bleeding from more than one wound" in story or "wounds " in story
    saved = re.search(r"(Luck sav(?:es|ed) him from the worst of them|Luck (?:is|was) with "
                      r"him): one pellet ", story)  # never "the pellet" of two
    assert saved, story
