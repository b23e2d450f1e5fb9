"""Story-mode lines a GM reader had to edit before posting a write-up as it stood (the goal:
the story posted unedited), one test per kind, each failing on the old text (quoted in its
docstring): an ambiguous "He", gun makes the scenario never named, dirt on a saloon floor,
two morale checks in the same words, a rider "shooting while walking", a retreat told every
round, the same pocket watch in every fight of a batch."""

from __future__ import annotations

import re
import sys
import tomllib
from functools import lru_cache
from pathlib import Path

from narrator import ruleset as registry
from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

from conftest import fight

sys.path.insert(0, str(Path(__file__).resolve().parent))
from prose_lint import story_prose  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=8)
def _generated(ruleset: str, setting: str, seed: int) -> str:
    """``narrator generate --ruleset RULESET --sides posse:3 gang:3 --setting SETTING --seed
    SEED``: the scenario's text."""
    return registry.get(ruleset).generate([("posse", 3), ("gang", 3)], setting, seed, 20, "")


def _story(text: str, seed: int | None = None, tense: str = "past", fmt: str = "text") -> str:
    """The story write-up of a scenario's text fought with ``seed`` (`narrator run --seed
    SEED -m story --tense TENSE -f FMT`)."""
    log = run_fight(load_scenario_text(text, "<generated>"), seed)
    return render(log, fmt, "story", options=Options(tense=tense))


def _prose(text: str, seed: int | None = None) -> str:
    """The story prose alone (no rolls, no status) of ``_story`` in Markdown."""
    return story_prose(_story(text, seed, fmt="markdown"), "markdown")


# ---------------------------------------------------------------- 1. "He" after "X hit Y"
def test_a_man_hit_is_he_only_when_he_was_the_last_subject():
    """Old (`generate --sides posse:3 gang:3 --setting saloon --seed 5`, seed 5): "Fred hit
    Herman square in the chest; it was a wound to die of. He dropped and did not move
    again." (He reads as Fred, the subject); "Isaac drills Levi in the head; he knows at
    once it is a killing wound." The pronoun stands for the last man told as a subject,
    else the name."""
    # (session 22's generated names drew other men at saloon seed 5: saloon seed 11's kill
    # is pinned since, the man hit named again, the man who fired the subject before him)
    prose = _prose(_generated("boothill", "saloon", 11), 11)
    assert "Charlie hit Hiram in the head; a mortal wound. Hiram crumpled" in prose, prose
    # (re-pinned: a fumbled draw's longer group moved the phrase stream; it was "...; it was
    # a wound to die of. Herman dropped")
    # (re-pinned again: a knife's draw told by its sheath moved the stream; it was "Fred hit
    # Herman square in the chest; a killing wound. Herman dropped": the man hit is the
    # subject of the clause before, so "He" is his)
    # (re-pinned, fresh-user trial 18's phrases moved the stream: it was "Fred's bullet struck
    # Herman high in the chest; a killing wound. Herman dropped")
    assert "it was a wound to die of. He dropped" not in prose
    # the man hit told as the subject: then "he" is his ("...; he reeled under it. He fell")
    canyon = _prose(_generated("boothill", "street", 11), 11)
    for text in (prose, canyon):
        for s in re.findall(r"(?:^|(?<=\. ))([A-Z][\w\" ]+?) (?:hit|drilled|shot|winged) "
                            r"([A-Z][\w\" ]+?) [^.A-Z]*\. (?:He|She) [^.]*\.", text):
            raise AssertionError(s)  # "X hit Y ...; it was serious. He ...": no subject
            # between ("...; Y reeled under it. He fell" is Y's)
        assert not re.search(r"\b(?:hit|drilled|shot) [A-Z][\w\"]+(?: [A-Z][\w\"]+)? [^.;]*; "
                             r"he (?:knew|reeled|staggered|sagged)\b", text), text


# ---------------------------------------------------------------- 2. makes never named
def test_a_weapon_type_is_told_as_its_kind_never_as_a_make():
    """Old: "Nothing but a dull click from Herman's Colt." for a ``single_action_revolver``
    (generated saloon, seed 5); "Carl's Colt roared" for a Violence ``revolver``
    (bank-robbery); "Winchester carbine" for a ``lever_action_carbine``. A make only where
    the scenario's weapon name (or a type that is a make: ``colt_peacemaker``) says so."""
    saloon = _story(_generated("boothill", "saloon", 11), 11)
    # (re-pinned: a knife's draw told by its sheath moved the stream; it was "Nothing but a
    # dull click from Herman's revolver."; then "Herman's revolver clicked: a dud round.",
    # saloon seed 5, until session 22's generated names drew other men there)
    assert "Nothing but a dull click from Charlie's revolver." in saloon, saloon
    bank = story_prose(render(fight("bank-robbery.yaml"), "markdown", "story",
                              options=Options(tense="past")), "markdown")
    for text in (story_prose(_story(_generated("boothill", "saloon", 11), 11, fmt="markdown"),
                             "markdown"), bank,
                 _prose(_generated("boothill", "canyon", 11), 11),
                 _prose(_generated("gaslight", "street", 3), 3),
                 _prose(_generated("violence", "street", 3), 3)):
        assert not re.search(r"\b(?:Colt|Winchester|Lightning|Sharps|Martini|Lee-Metford)\b",
                             text), text
    assert "Schofield" in bank  # Dutch's {type: revolver, name: Schofield}: the GM's name
    vocabulary = tomllib.loads((ROOT / "templates" / "common" / "vocabulary.toml").read_text())
    brands = re.compile(r"\b(?:Colt|Winchester|Lightning|Sharps|Martini|Lee-Metford|Remington|"
                        r"Henry|Spencer|Springfield|Enfield)\b")
    for rules in ("boothill", "violence", "gaslight"):
        for name, word in vocabulary["weapon"][rules].items():
            assert not brands.search(word) or brands.search(name), (rules, name, word)


# ---------------------------------------------------------------- 3. dirt indoors
_OUTDOOR = re.compile(r"\b(?:dirt|dust|gravel|mud|street)\b|\b(?:on|to|hugging) the ground\b")
_INDOOR = re.compile(r"\b(?:floor|floorboards)\b")


def _tables() -> dict[str, dict[str, list[str]]]:
    files = {"common": ROOT / "templates" / "common" / "phrases.toml"}
    files.update({r: ROOT / "narrator" / "rulesets" / r / "templates" / "phrases.toml"
                  for r in ("weird_west", "gaslight", "violence")})
    return {k: tomllib.loads(p.read_text(encoding="utf-8")) for k, p in files.items()}


def test_phrases_of_the_ground_or_the_floor_are_told_only_where_they_fit():
    """Old: "Wildcat folds up in the dirt, too winded to rise." in the Occidental saloon
    (`generate --ruleset weird-west --setting saloon --seed 11`, seed 24), "Down in the dirt,
    Walter is a poor mark" (seed 17). A phrase naming the ground outdoors (dirt, dust, the
    street, "on the ground") is tagged <out>, one naming a floor <in>: a scene nothing marks
    indoors or out gets neither."""
    for table, groups in _tables().items():
        for group, phrases in groups.items():
            for p in phrases:
                if not isinstance(p, str):
                    continue
                if _OUTDOOR.search(p) and not re.search(r"\b(?:hit|reach)\] the ground", p):
                    assert p.startswith("<out>") or "<out>" in p.split("}")[0], (table, group, p)
                if _INDOOR.search(p):
                    assert "<in>" in p, (table, group, p)
    text = _generated("weird-west", "saloon", 11)
    for seed in (17, 24, 30):
        prose = _prose(text, seed)
        assert not _OUTDOOR.search(prose), (seed, _OUTDOOR.search(prose), prose)
    # the same beat, told on the floor now (seed 10: the phrase stream of seed 24 no longer
    # draws this phrase for it since the misses name their shooter, nor seed 5's since a gun
    # out of his hand is drawn before it is reloaded)
    # (seed 5 since fresh user 20: a sentence said before of the same man, by name or "he",
    # is not said again, and the phrase stream moved; since session 21 the Wind lost to an
    # arm or a leg is not his breath, and seed 5 tells Walter down on the floor instead)
    assert "Down on the floor, Walter was a poor mark" in _prose(text, 5)


# ---------------------------------------------------------------- 4. morale in the same words
def test_two_morale_checks_of_a_fight_say_why_and_differ():
    """Old (bank-robbery, seed 1921): "The nerve of the Cutler gang is shaken, but for now it
    holds." and "The townsmen waver, but they stand their ground, for now." (no reason; the
    same words in most fights). Now each says why the nerve was tried: the leader hit."""
    log = run_fight(load_scenario_text((ROOT / "scenarios" / "examples" / "bank-robbery.yaml")
                                       .read_text(), "<bank>"), 1921)
    prose = story_prose(render(log, "markdown", "story", options=Options(tense="past")),
                        "markdown")
    # (a crew keeps one number: "no one gave ground", "held firm", never "they stood their
    # ground" after "the Cutler gang was")
    holds = re.findall(r"[^.]*(?:\bit held|\bhung on|stood their ground|held on|held firm|"
                       r"gave ground|nobody broke|kept at it|but fought on)\.", prose)
    assert len(holds) == 2, holds
    assert holds[0].split()[-3:] != holds[1].split()[-3:], holds
    # (re-pinned to the facts: the Cutler gang's 5 against 7 holds firm, the townsmen's 5
    # against 5 is a near thing; fresh user 23)
    assert re.search(r"Jack hit, [^.]*(held firm|gave ground)", prose), prose
    assert re.search(r"Sam hit, [^.]*(ready to run|shaken|waver)", prose), prose
    assert all(re.search(r"\b(?:Jack|Sam)(?:'s)?\b|\bhalf\b", h) for h in holds), holds
    assert "for now" not in prose


# ---------------------------------------------------------------- 5. a rider's walk
_RIDER = """\
title: A Rider on Front Street
ruleset: boothill
seed: 4
description: A rider comes down Front Street at a walk towards the man by the trough.
map:
  trough: {at: [30, 0], name: the horse trough}
sides:
  Riders:
    - name: Cole Varney
      short: Cole
      attributes: {str: 14, coo: 15, obs: 12, sta: 8, luck: 7}
      skills: {pistol: 5, rifle: 3, fast_draw: 3}
      weapons: [{type: single_action_revolver}]
      at: [0, 0]
      mounted: true
  Townsmen:
    - name: Abel Pryor
      short: Abel
      attributes: {str: 12, coo: 14, obs: 12, sta: 10, luck: 8}
      skills: {pistol: 5, rifle: 2, fast_draw: 4}
      weapons: [{type: single_action_revolver}]
      at: [30, 0]
turns:
  - intents:
      Cole: {shoot: Abel, move: {gait: walking, to: trough}}
      Abel: {shoot: Cole, move: {gait: walking, to: trough}}
"""


def test_a_rider_shooting_at_a_walk_shoots_from_the_saddle():
    """Old: "Cole, careful shot at Abel, 30 yd (extreme): ... −2 (shooting while walking)"
    for a man on horseback walking his horse (000 Table 3: a rider's gaits are his horse's).
    The man on foot still shoots "while walking"."""
    log = run_fight(load_scenario_text(_RIDER, "<rider>"), dice_fallback="seeded")
    rolls = render(log, "text", "story")
    cole = re.search(r"Cole, careful shot at Abel[^\n]*", rolls).group(0)
    abel = re.search(r"Abel, careful shot at Cole[^\n]*", rolls).group(0)
    assert "−2 (shooting from the saddle at a walk)" in cole and "walking" not in cole, cole
    assert "−2 (shooting while walking)" in abel, abel
    teaching = render(log, "text", "teaching")
    assert "shooting from the saddle at a walk −2" in teaching, teaching
    assert teaching.count("shooting while walking") == 1, teaching  # Abel's


# ---------------------------------------------------------------- 6. a retreat every round
def test_a_gaslight_retreat_is_told_once_then_when_it_changes():
    """Old (`generate --ruleset gaslight --setting saloon --seed 11`, seed 11): "Albert fell
    back again.", "Albert kept backing away.", "Albert backed off a few more paces." in ten
    rounds of one long retreat from Walter. Told once, then only when it changes (another
    man backed from, or something else between), or where the round's first act is his."""
    # (re-pinned, session 17: a side of the law plays the law's profiles since, and the long
    # retreat of this fight is Henry Quill's, in eight rounds of thirteen, from Albert, then
    # from Harold: told once, then once when the man he backs from changes)
    text = _generated("gaslight", "saloon", 11)
    log = run_fight(load_scenario_text(text, "<generated>"), 11)
    assert sum(e.kind == "gl_moved" and e.character == "Henry Quill" for e in log.events) >= 8
    prose = _prose(text, 11)
    henry = re.findall(r"(?:Henry|He) (?:fell back|kept backing|backed off|backed away|"
                       r"gave (?:more )?ground|yielded|went on retreating)[^.]*\.", prose)
    assert 1 <= len(henry) <= 3, henry
    assert not re.search(r"\b(?:fell back again|kept backing away)\.", prose), prose


# ---------------------------------------------------------------- 7. the same keepsake
def test_luck_save_keepsakes_vary_from_fight_to_fight_and_repeat_with_the_seed():
    """Old: "a silver dollar in Zeke's vest turned the bullet" and the same five pocket things
    over every fight of a batch, each fight opening on the same few. Now each fight takes
    ``luck_keepsake`` in an order of its own seed: the first of fights of consecutive seeds
    differ, and the same seed gives the same thing."""
    from narrator.render.narrate import Narration
    from narrator.render.markup import MARKUP
    from narrator.render.phrases import Phrases

    table = tomllib.loads((ROOT / "templates" / "common" / "phrases.toml").read_text())
    things = table["luck_keepsake"]
    assert len(things) >= 10

    def firsts(seed: int, k: int = 3) -> list[str]:
        n = Narration({}, MARKUP["text"], Phrases(table, seed, "past"), bold=False)
        return [n.keepsake() for _ in range(k)]

    batch = [firsts(s)[0] for s in range(100, 100 + len(things))]
    assert sorted(batch) == sorted(things), batch  # a batch of that many: each once
    assert firsts(7) == firsts(7) and len(set(firsts(7, len(things)))) == len(things)
    # told: the generated saloon fight's light wound that a Luck check saved (seed 11; seed 5
    # until session 22's generated names drew other men there)
    saloon = _story(_generated("boothill", "saloon", 11), 11)
    said = re.search(r"the worst of them: (.*?) in Charlie's breast pocket", saloon).group(1)
    assert said in things and said == firsts(11)[0], said
    assert saloon == _story(_generated("boothill", "saloon", 11), 11)
