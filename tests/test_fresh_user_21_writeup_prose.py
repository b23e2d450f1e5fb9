"""Write-up faults a fresh user found in session 21 (tests/fresh21/: gen-boothill.yaml, a
generated eight-a-side Boot Hill street fight; v-knives.yaml, a Violence knife fight;
gen-violence.yaml), each checked over many seeds and generated fights, not only the
sentence reported."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

from narrator.engine import run_fight
from narrator.render import Options, render
from narrator.scenario import load_scenario_text

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
from prose_lint import (generated_fights, ruleset_fights, sentences, story_prose,  # noqa: E402
                        violence_fights)

FRESH = TESTS / "fresh21"


@lru_cache(maxsize=64)
def _fight(name: str, seed: int | None = None):
    scen = load_scenario_text((FRESH / name).read_text(), name)
    return run_fight(scen, seed) if seed is not None else run_fight(scen)


def _story(log) -> str:
    return story_prose(render(log, "text", "story"), "text")


#: a draw told as turning from one gun to another (``draw_switch``, ``draw_switch_fast``)
SWITCH = re.compile(
    r"\b(?:trades?|traded) (?:his|her|their) (?P<old>[\w -]+?) for (?:his|her|their) "
    r"(?P<new>[\w -]+?)(?: in a blink)?\.$"
    r"|\b(?:turns?|turned) to (?:his|her|their) (?P<new2>[\w -]+?)\.$"
    r"|\blets? the (?P<old3>[\w -]+?) be and (?:goes|go|went|snaps?|snapped) "
    r"(?:for )?(?:his|her|their) (?P<new3>[\w -]+?)(?: out)?\.$"
    r"|\b(?:leaves?|left) the (?P<old4>[\w -]+?) and (?:snaps?|snapped) "
    r"(?:his|her|their) (?P<new4>[\w -]+?) out\.$")


def test_gen_boothill_turn_2_names_both_guns():
    """gen-boothill.yaml (its own seed) turn 2: "Martin trades his shotgun for his revolver.",
    never "Martin trades his gun for his gun."; Slim goes for his revolver and Buckshot Pearl
    turns to her revolver, never to "her gun" (she carries a shotgun too)."""
    said = _story(_fight("gen-boothill.yaml"))
    assert "Martin trades his shotgun for his revolver." in said
    assert "Slim lets the shotgun be and goes for his revolver." in said
    assert "Buckshot Pearl turns to her revolver." in said
    assert "his gun for his gun" not in said


def test_a_switch_of_guns_names_both():
    """Over gen-boothill.yaml seeds 1..25 and 60 generated Boot Hill fights: a man told
    turning from one gun to another (he carries two at least) names the one he turns to,
    and the one he leaves, by kind: never "his gun" (which one?), never the same word
    twice ("trades his gun for his gun")."""
    logs = [(f"gen-boothill seed {s}", _fight("gen-boothill.yaml", s)) for s in range(1, 26)]
    logs += generated_fights(60)
    seen = 0
    for label, log in logs:
        for s in sentences(_story(log)):
            m = SWITCH.search(s)
            if not m:
                continue
            new = m.group("new") or m.group("new2") or m.group("new3") or m.group("new4")
            old = m.group("old") or m.group("old3") or m.group("old4")
            seen += 1
            assert new != "gun" and old != "gun", (label, s)
            assert old is None or old != new, (label, s)
    assert seen >= 20, seen


def test_gen_boothill_turn_1_run_told_at_albert():
    """gen-boothill.yaml turn 1: Zeke declared "runs towards Albert" (the engine moved him to
    a spot by Albert), and his first shot killed Albert; the run, told before that shot, is
    at Albert ("Zeke "Two-Gun" Young charges towards Albert "Dutch" Stokes."), never at
    James, whom Zeke turned to only after Albert fell."""
    said = sentences(_story(_fight("gen-boothill.yaml")))
    run = next(s for s in said if s.startswith('Zeke "Two-Gun" Young ') and " towards " in s
               or s.startswith('Zeke "Two-Gun" Young rushes at'))
    assert "Albert" in run and "James" not in run, run


def test_a_run_made_firing_is_told_at_the_man_it_went_for():
    """Over gen-boothill.yaml seeds 1..25 and 60 generated Boot Hill fights: a run of a man
    who fired that turn, at a man he declared he shoots at (the move closes on him), is told
    at that man (``motions``), not at another who stood near him, when his man was on his
    feet as the mover fired his first shot (the story tells the run before that shot); and at
    nobody when his man was down already."""
    from narrator.render.narrate import _closes_on, _down_after, motions

    logs = [(f"gen-boothill seed {s}", _fight("gen-boothill.yaml", s)) for s in range(1, 26)]
    logs += generated_fights(60)
    checked = fell = 0
    for label, log in logs:
        started = log.events[0]
        moves = motions(list(log.events), started)
        pos = {c.name: tuple(c.at) for c in started.characters if getattr(c, "at", None)}
        sides = {c.name: c.side for c in started.characters}
        down: set[str] = set()
        first: dict[str, frozenset[str]] = {}
        aims: dict[str, tuple[str, ...]] = {}
        for e in log.events:
            if e.kind == "turn_started":
                first, aims = {}, {}
            if e.kind == "intent_declared" and e.targets and not e.melee:
                aims[e.character] = tuple(e.targets)
            if e.kind == "shot_fired":
                first.setdefault(e.shooter, frozenset(down))
            if e.kind == "moved" and e.character in first and e.start != e.end \
                    and not e.penalties:
                start, end = tuple(e.start), tuple(e.end)
                meant = _closes_on(aims.get(e.character, ()), start, end, pos, frozenset(),
                                   sides, e.character)
                if meant is not None and meant in down:
                    m = moves.get(id(e), {})
                    up = _closes_on(aims[e.character], start, end, pos, first[e.character],
                                    sides, e.character)
                    if up is not None:
                        checked += 1
                        assert m.get("enemy") == up and m.get("way") == "towards", (label, e, m)
                    else:
                        fell += 1
                        assert m.get("way") != "towards", (label, e, m)
            if e.kind == "moved":
                pos[e.character] = tuple(e.end)
            _down_after(e, down)
    assert checked >= 3, (checked, fell)


def _forms(log) -> list[tuple[str, str, str]]:
    """``(name as told, character, pronoun)`` for every name the story calls a man by: in
    full, short, and the story's own short name."""
    from narrator.render.inflection import told_name
    from prose_lint import _shorts

    shorts = _shorts(log)
    out = []
    for c in log.events[0].characters:
        for x in {told_name(c.name), c.short, shorts.get(c.name, c.short)}:
            out.append((x, c.name, getattr(c, "pronoun", None) or "he"))
    return out


def _named_at(sentence: str, forms) -> list[tuple[int, str, str]]:
    """``(end, character, pronoun)`` of each name in ``sentence``."""
    out = []
    for x, who, pron in forms:
        for m in re.finditer(rf"(?<![\w]){re.escape(x)}(?![\w])", sentence):
            out.append((m.end(), who, pron))
    return sorted(out)


#: a sentence opening on a pronoun, by the pronoun it stands for
OPENS = {"He": "he", "His": "he", "She": "she", "Her": "she"}


def test_gen_boothill_turn_3_flinch_names_whiskey_jim():
    """gen-boothill.yaml turn 3: "Whiskey Jim hits James in the right leg; James sags, badly
    hurt, but stays up. Whiskey Jim flinches as James's bullet goes by.", never "He flinches"
    (the last man named is James)."""
    said = _story(_fight("gen-boothill.yaml"))
    assert "but stays up. Whiskey Jim flinches as James's bullet goes by." in said
    assert "He flinches as James's bullet" not in said


def test_a_pronoun_opening_is_not_the_man_the_last_clause_was_about():
    """Over gen-boothill.yaml seeds 1..25 and 60 generated Boot Hill fights: a sentence that
    opens on "He"/"His" ("She"/"Her") and names, further on, the man of that pronoun whose
    name (or possessive) opened the last clause of the sentence before (so the pronoun is
    not he, but a reader takes it for him) does not follow it: "...; James sags, but stays
    up. He flinches as James's bullet goes by", "Slim is lucky: Martin's bullet goes
    astray. He fires at Martin" (a subject the clause before did not change, "Albert ducks
    Slim's swing. He swings at Slim", stays "he"); and so over 30 generated fights of each
    other ruleset."""
    logs = [(f"gen-boothill seed {s}", _fight("gen-boothill.yaml", s)) for s in range(1, 26)]
    logs += generated_fights(60) + violence_fights(30)
    logs += ruleset_fights("weird-west", 30) + ruleset_fights("gaslight", 30)
    opened = 0
    for label, log in logs:
        forms = _forms(log)
        for para in _story(log).split("\n\n"):
            said = sentences(para)
            for x, y in zip(said, said[1:]):
                pron = OPENS.get(y.split(" ", 1)[0])
                if pron is None:
                    continue
                opened += 1
                clause = re.split(r"[;:] +", x)[-1]
                first = [(who, mine) for end, who, mine in _named_at(clause, forms)
                         if any(clause.startswith(f) and end == len(f) for f, w, _ in forms
                                if w == who)]
                if not first or first[0][1] != pron:
                    continue
                assert all(who != first[0][0] for _, who, _ in _named_at(y, forms)), (
                    label, x, y)
    assert opened >= 100, opened


#: a gun told emptied as one that held several rounds ("fired dry", "the last round")
EMPTIED = re.compile(r"\bdry\b|\bempt|last (?:round|cartridge)|no rounds left|nothing left in|"
                     r"not a cartridge left|out of cartridges")


def _single_shots(log) -> dict[str, set[str]]:
    """Each man's one-round guns (the roster's capacity 1: a single-shot rifle, a musket) by
    the words a story names them by: the name, and its last word where no other gun of his
    ends in it."""
    out: dict[str, set[str]] = {}
    for e in log.events:
        if e.kind not in ("roster_listed", "gl_roster"):
            continue
        for f in e.fighters:
            guns = [g for g in (getattr(f, "guns", None) or f.weapons) if g.capacity]
            for g in guns:
                if g.capacity != 1:
                    continue
                words = {g.name}
                head = g.name.split()[-1]
                if all(o.name.split()[-1] != head for o in guns if o is not g):
                    words.add(head)
                out.setdefault(f.name, set()).update(words)
    return out


def test_gen_violence_round_1_single_shot_rifle_is_spent():
    """gen-violence.yaml (its own seed) round 1: Jim's single-shot rifle, fired, "That is the
    one round in Jim's single-shot rifle; it wants reloading.", never "Jim has fired his
    single-shot rifle dry."; Virgil's the same round, never "That empties Virgil's rifle."."""
    said = _story(_fight("gen-violence.yaml"))
    assert "That is the one round in Jim's single-shot rifle; it wants reloading." in said
    assert "That is the one round in Virgil's rifle; it wants reloading." in said
    assert "fired his single-shot rifle dry" not in said and "empties Virgil's" not in said


def test_a_one_round_gun_is_never_told_fired_dry():
    """Over gen-violence.yaml seeds 1..20, 60 generated Violence fights and gl-street.yaml (a
    Gaslight fight with a musket) seeds 1..20: a gun that holds one round is told spent
    (``spent_single``), never told emptied as a gun of several rounds ("fired dry", "That
    empties", "the last cartridge in Jacob's musket", "not a cartridge left")."""
    gl = TESTS / "fresh19" / "gl-street.yaml"
    logs = [(f"gen-violence seed {s}", _fight("gen-violence.yaml", s)) for s in range(1, 21)]
    logs += violence_fights(60)
    logs += [(f"gl-street seed {s}", run_fight(load_scenario_text(gl.read_text(), "gl"), s))
             for s in range(1, 21)]
    spent = 0
    for label, log in logs:
        single = _single_shots(log)
        if not single:
            continue
        forms = _forms(log)
        for s in sentences(_story(log)):
            men = {who for _, who, _ in _named_at(s, forms)}
            if re.search(r"the one round in|spent and wants? reloading|"
                         r"have to reload the", s):
                spent += 1
            if not EMPTIED.search(s):
                continue
            for who in men & set(single):
                assert not any(re.search(rf"\b{re.escape(w)}\b", s) for w in single[who]), (
                    label, s)
    assert spent >= 20, spent


#: melee words of fists or a club only (never of a knife fight), of a blade only, and of a
#: man out to kill only
BLUNT_ONLY = re.compile(r"\bby the collar\b|\bwades? into\b.*\bwith both fists\b|"
                        r"\bbeats? \S+(?: \S+)? down\b|\bwith a savage blow\b|"
                        r"\blays? \S+(?: \S+)? out flat\b|\bknocks? .* senseless\b|"
                        r"\btrades? blows\b|\bhard blows\b")
BLADE_ONLY = re.compile(r"\bout for blood\b|\bslash(?:es)? at\b|\bcuts? \S+(?: \S+)? down\b|"
                        r"\b(?:knife|blade|Bowie|axe|sword) finds\b|\bdrives? (?:his|her|their) "
                        r"\S+(?: \S+)? home\b|\bBoth are cut\b")
KILL_ONLY = re.compile(r"\bout for blood\b|\bslash(?:es)? at\b|\bwades? into\b")


def _melee_arms(log) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Each man's melee weapons ("blade", "blow", "fist", by the roster's type) and the aims
    he announced ("kill", "subdue"), from the log's melee exchanges."""
    types = {}
    for e in log.events:
        if e.kind == "roster_listed":
            for f in e.fighters:
                for w in f.weapons:
                    types[(f.name, w.name)] = w
    arms: dict[str, set[str]] = {}
    aims: dict[str, set[str]] = {}
    for e in log.events:
        if e.kind != "melee_fought":
            continue
        for side in (e.attacker, e.defender):
            w = types.get((side.character, side.weapon))
            kind = "fist" if w is None or w.kind == "unarmed" else "blow" if w.kind == "gun" \
                else "blade" if re.search(r"knife|axe|sword|spear|bowie", w.type_name, re.I) \
                else "blow"
            arms.setdefault(side.character, set()).add(kind)
        aims.setdefault(e.attacker.character, set()).add(e.attacker.intent)
    return arms, aims


def test_v_knives_melee_is_told_as_a_knife_fight():
    """v-knives.yaml (its own seed) round 1: Jake's knife attack on Ruiz, meant to kill, is
    never "Jake Tolliver grabs Ruiz by the collar."; Ruiz's knife puts Jake down, never
    "Ruiz beats Jake down."."""
    said = _story(_fight("v-knives.yaml"))
    assert "Jake Tolliver grabs Ruiz by the collar." not in said
    assert "Ruiz beats Jake down." not in said
    assert "Jake Tolliver comes at Ruiz with his knife, out for blood." in said


def test_melee_words_fit_the_weapon_and_the_aim():
    """Over v-knives.yaml, v-knives-subdue.yaml and v-fists.yaml seeds 1..25 and 80 generated
    Violence fights: a sentence of a melee opening on a man tells it in the words of his
    weapon (a blade's never "grabs him by the collar", "beats Jake down", "knocks him
    senseless", "trade blows"; fists' or a club's never "slashes at", "cuts him down") and
    of his aim ("out for blood" and "slashes at" only of a man out to kill)."""
    logs = [(f"{name} seed {s}", _fight(name, s)) for name in (
        "v-knives.yaml", "v-knives-subdue.yaml", "v-fists.yaml") for s in range(1, 26)]
    logs += violence_fights(80)
    seen = 0
    for label, log in logs:
        arms, aims = _melee_arms(log)
        if not arms:
            continue
        forms = _forms(log)
        for s in sentences(_story(log)):
            named = _named_at(s, forms)
            first = next((who for end, who, _ in named
                          if any(s.startswith(x) and end == len(x) for x, w, _ in forms
                                 if w == who)), None)
            if first is None or first not in arms:
                continue
            if BLUNT_ONLY.search(s) or BLADE_ONLY.search(s):
                seen += 1
            if BLUNT_ONLY.search(s):
                assert arms[first] != {"blade"}, (label, s)
            if BLADE_ONLY.search(s):
                assert "blade" in arms[first], (label, s)
            if KILL_ONLY.search(s):
                assert "kill" in aims.get(first, set()), (label, s)
    assert seen >= 40, seen


def test_cast_line_says_the_preacher_inside_the_list():
    """ww-night.yaml (tests/fresh19: "The Preacher", short "Preacher"), every format: the cast
    line is "Judge Orrin Haskett, Deacon Mills and the Preacher.", as the story tells him
    ("Lady Luck deals the Preacher a joker"), never "Deacon Mills and The Preacher"."""
    log = run_fight(load_scenario_text((TESTS / "fresh19" / "ww-night.yaml").read_text(),
                                       "ww-night.yaml"), 1)
    for fmt in ("text", "markdown", "bbcode", "html"):
        out = render(log, fmt, "story")
        assert "Judge Orrin Haskett, Deacon Mills and the Preacher." in out, fmt
        assert "and The Preacher" not in out, fmt


def _kid_second(ruleset: str, i: int):
    """A generated fight of ``ruleset`` (two sides of two to four) whose second man is "The
    Nueces Kid" (short "The Kid"): inside his side's cast list."""
    from narrator import ruleset as rulesets
    from narrator.npcs import SETTINGS

    sides = [("posse", 2 + i % 3), ("rustlers", 2 + (i // 3) % 3)]
    setting = SETTINGS[i % len(SETTINGS)]
    if ruleset == "boothill":
        from narrator.rulesets.boothill import generate as bh

        text = bh.to_yaml(bh.generate(sides, setting, seed=i, max_turns=4))
    else:
        text = rulesets.get(ruleset).generate(sides, setting, seed=i, max_turns=4, command="")
    names = list(re.finditer(r"^( +- )name: .*\n( +)short: .*$", text, flags=re.M))
    m = names[1]
    text = text[:m.start()] + f"{m.group(1)}name: The Nueces Kid\n{m.group(2)}short: The Kid" \
        + text[m.end():]
    return run_fight(load_scenario_text(text, f"<kid {ruleset} {i}>"))


def test_cast_lines_lower_the_inside_a_list():
    """Over 8 generated fights of each ruleset whose second man is "The Nueces Kid", story
    and teaching, text and markdown: a cast line never says "The" of a name inside its list
    ("Jim Reed and The Nueces Kid"): "the Nueces Kid", as the story tells him."""
    seen = 0
    for ruleset in ("boothill", "violence", "weird-west", "gaslight"):
        for i in range(1, 9):
            log = _kid_second(ruleset, i)
            for mode in ("story", "teaching"):
                for fmt in ("text", "markdown"):
                    out = render(log, fmt, mode)
                    for line in out.splitlines():
                        if "Nueces Kid" not in line or not re.match(r"^\**[A-Z][\w ]*\**: ", line):
                            continue
                        seen += 1
                        assert not re.search(r"(?:, |\band )The Nueces", line), (
                            ruleset, i, mode, fmt, line)
    assert seen >= 40, seen


#: buckshot counted as if by the piece ("Another of Ned's buckshot", "two buckshot")
COUNTED_BUCKSHOT = re.compile(r"\b(?:[Aa]nother|[Oo]ne|[Bb]oth|two|three|four|five|six|more) "
                              r"(?:of [\w\"' -]+'s? )?buckshot\b")


def test_buckshot_is_counted_by_the_load():
    """Weird West canyon 4v2 seed 39 (generated): "Another load of One-Eye's buckshot finds
    Ben in the ribs" (Ned "One-Eye" Smith since session 22's names; "One-Eye Ned" before),
    never "Another of One-Eye Ned's buckshot"; and over 80 Weird West, 60
    Boot Hill, 40 Gaslight and 40 Violence generated fights no sentence counts buckshot by
    the piece."""
    from prose_lint import _ruleset_one  # (the fight ruleset_fights gives as seed 39)

    said = _story(_ruleset_one("weird-west", 39, 8)[1])
    assert "Another load of One-Eye's buckshot finds Ben in the ribs" in said
    logs = ruleset_fights("weird-west", 80) + generated_fights(60)
    logs += ruleset_fights("gaslight", 40) + violence_fights(40)
    for label, log in logs:
        for s in sentences(_story(log)):
            assert not COUNTED_BUCKSHOT.search(s), (label, s)


def test_every_phrase_counting_shots_counts_buckshot_by_the_load():
    """Every phrase of every ruleset's table that counts a man's shots ({shots}), made for a
    shotgun (``inflection.mass_shots``), counts buckshot by the load: "Another load of {a}'s
    {shot}", "Both loads of ...", "{n} loads of buckshot" ({shots_counted}), never "Another
    of {a}'s buckshot" nor "two buckshot"."""
    import tomllib

    from narrator.render import inflection

    root = TESTS.parent
    files = [root / "templates" / "common" / "phrases.toml",
             *sorted((root / "narrator" / "rulesets").glob("*/templates/phrases.toml"))]
    counted = 0
    for f in files:
        for group, phrases in tomllib.loads(f.read_text()).items():
            for p in phrases if isinstance(phrases, list) else ():
                if "{shots}" not in p:
                    continue
                counted += 1
                made = inflection.mass_shots(p)
                assert "{shots}" not in made, (f.name, group, p)
                assert not re.search(r"\b(?:[Aa]nother|[Oo]ne|[Bb]oth|\{which\}|\{n\}) of "
                                     r"\{[ab]\}'s \{shot\}", made), (f.name, group, made)
                assert not re.search(r"(?:\btwo|\bboth|\{n\}|\bmore) \{shot\}", made), (
                    f.name, group, made)
    assert counted >= 20, counted
