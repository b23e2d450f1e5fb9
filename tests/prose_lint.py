"""Story-prose lint: pull the story prose out of a write-up and count what a GM would have to
edit (issue 10). Shared by ``tests/test_prose_lint.py`` and ``benchmarks/prose_defects.py``;
not a test module.

The story prose is what a player reads as the story: the turn paragraphs and the ending, not
the title and cast, the rolls block (spoiler/OOC), the status block or the footer.
"""

from __future__ import annotations

import html as _html
import re
from collections import Counter
from dataclasses import dataclass, field

from narrator import npcs
from narrator.engine import run_fight
from narrator.events import FightLog
from narrator.render.narrate import distinct_shorts
from narrator.scenario import load_scenario_text
from narrator.rulesets.boothill import generate as bh_generate

SETTINGS = npcs.SETTINGS


def generated_fights(n: int, start: int = 1) -> list[tuple[str, FightLog]]:
    """``n`` generated Boot Hill fights: every setting, one-on-one to five-on-five, and every
    sixth one three-sided. Returns ``[(label, log)]``; the same ``n`` and ``start`` always give
    the same fights."""
    out = []
    for i in range(start, start + n):
        setting = SETTINGS[i % len(SETTINGS)]
        size_a, size_b = 1 + i % 5, 1 + (i // 5) % 5
        sides = [("posse" if i % 2 else "marshals", size_a), ("rustlers", size_b)]
        if i % 6 == 0:
            sides.append(("comancheros", 1 + i % 3))
        text = bh_generate.to_yaml(bh_generate.generate(sides, setting, seed=i, max_turns=12))
        label = f"{setting} {'v'.join(str(k) for _, k in sides)} seed {i}"
        out.append((label, run_fight(load_scenario_text(text, f"<generated {i}>"))))
    return out


def story_prose(text: str, fmt: str) -> str:
    """The story prose of a write-up rendered in story mode with spoiler blocks."""
    if fmt == "html":
        text = text.split("<body>", 1)[-1]
        text = re.split(r"<hr>|<footer>", text)[0]
        text = re.sub(r"<details>.*?</details>", "\n", text, flags=re.S)
        text = re.sub(r"<ul>.*?</ul>", "\n", text, flags=re.S)  # status blocks
        text = re.sub(r"<h2>", "\n\n<h2>", text)
        text = re.sub(r"</?(p|br|li|ul|h\d)[^>]*>", "\n\n", text)
        text = _html.unescape(re.sub(r"<[^>]+>", "", text))
    elif fmt == "bbcode":
        text = text.split("[hr]")[0]
        text = text.replace("[*]", "- ")  # phpBB list items, as the other formats' "- " lines
        text = re.sub(r"\[spoiler[^\]]*\].*?\[/spoiler\]", "\n", text, flags=re.S)
        text = re.sub(r"\[size=\d+\](.*?)\[/size\]", r"\n\n## \1\n\n", text, flags=re.S)
        text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", text)
    elif fmt == "markdown":
        text = re.sub(r"\|\|.*?\|\|", "\n", text, flags=re.S)
        text = text.replace("\\", "")
    else:  # text: the rolls block is indented under "Rolls, turn N:"
        text = re.sub(r"^Rolls, (?:turns?|rounds?) [\d to]+:\n(  .*\n?)*", "\n", text, flags=re.M)
    # the title and cast come before the first turn; the footer after the last rule
    parts = re.split(r"^(?:## |<h2>)?(?:Turns? 1\b|Rounds? 1\b).*$", text, maxsplit=1, flags=re.M)
    text = parts[-1]
    text = re.split(r"^(?:-{3,}|\* \* \*|_{3,})\s*\n(?=\W*(?:seed |Dice|\(OOC\) Dice))", text, flags=re.M)[0]
    text = text.split("<footer>")[0]
    text = text.split("\u2500" * 10)[0]
    keep = []
    status = False
    for para in re.split(r"\n\s*\n", text):
        p = para.strip().strip("*_")
        if not p:
            continue
        if re.match(r"^(#+ )?(Turns? \d+|Rounds? \d+)", p) or re.match(r"^=+$|^-+$", p):
            status = False
            continue
        if p.startswith("Status after"):
            status = True
            continue
        if status and p.lstrip().startswith("- "):
            continue
        status = False
        keep.append(re.sub(r"\s+", " ", p.replace("*", "").replace("_", " ")
                           if fmt != "text" else p))
    return "\n\n".join(keep)


def sentences(prose: str) -> list[str]:
    """Sentences, quoted speech kept inside its sentence."""
    out = []
    for para in prose.split("\n\n"):
        for s in re.split(r"(?<=[.!?])[\"\u201d]?\s+(?=[A-Z\"\u201c])", para):
            s = s.strip()
            if s:
                out.append(s)
    return out


ENGINE = re.compile(
    r"cannot shoot|cannot act|can't shoot|GM adjustment|: calls on|is already down|"
    r"\brefus|\bdeclared?\b|\bcount \d|\b\d+/\d+ WP|\(\d{3} l\.|\bl\.\s?\d+|\bWP\b")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
PYTHON = re.compile(r"\b(True|False|None)\b")
COORD = re.compile(r"\b\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\b(?! (yards|feet|shots|hits))")
CITE = re.compile(r"\(\d{3} l\.|\bl\.\s?\d+|\blines? \d+")
QUOTE = re.compile(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d")
# present-tense forms a past-tense story must not use outside quoted speech
PRESENT = re.compile(
    r"\b(is|are|has|have|does|do|will|can|isn't|aren't|doesn't|won't|can't|hits|takes|goes|"
    r"fires|misses|stays|keeps|falls|drops|runs|walks|shoots|knows|passes|dies|lies|comes|"
    r"gives|moves|turns|draws|breaks|reloads|seems|stops|clears)\b")
COUNTED = re.compile(r"\b(\d+|no|one|two|three|four|five|six|seven|eight|nine|ten) (hits|shots)\b")
THEY_AGREE = re.compile(r"\b[Tt]hey (is|was|has|does|\w+[^s\W]s)\b")
# what the GM reader of issue 10 had to edit (second round)
AGAIN = re.compile(r"\b(fired|fires|fire|tried|tries) (again|once more)\b(?! and again)|\bnext (shot|bullet|ball|"
                   r"buckshot|arrow)\b|\bkeeps? shooting\b|\bkept shooting\b|^Again \S+|"
                   r"^Still nothing for\b|^Another shot from\b|\band miss(ed|es)? again\b")
CATALOGUE = re.compile(r"\b(single-action|double-action|fast-draw|long-barrelled|lever-action|"
                       r"breech-loading|muzzle-loading|revolving-cylinder|smoothbore|"
                       r"double-barrelled) (revolver|rifle|carbine|shotgun|pistol|musket)\b|"
                       r"\((cartridge|cap and ball|percussion)\)")
SHOTGUN = re.compile(r"buckshot|shotgun|scattergun|coach gun|\bbarrels?\b|\bpattern\b")
POPGUN = re.compile(r"\bsnap(s|ped)? a shot\b|\bbark(s|ed)?\b")
TORSO_THINGS = re.compile(r"pocket watch|tobacco tin|Bible|deck of cards|silver dollar|"
                          r"gunbelt buckle|cartridge belt|\brib\b")
TORSO = re.compile(r"\b(chest|belly|gut|stomach)\b")
DOUBLED = re.compile(r"\bdoubl(e|es|ed) over\b")
SLIGHT = re.compile(r"\b(tag|tags|tagged|nick|nicks|nicked)\b")
GRAVE = re.compile(r"mortal|killing|serious|bad wound|bad one|\bdead\b|dying|killed|"
                   r"hurt badly|hurt bad\b")
BAD_PREP = re.compile(r"\bbehind (the |a |an )?([\w'-]+ )*?(mouth|doors?|doorway|window|gate|"
                      r"alley)\b|\bdive(s|d)? by\b")
OWN_COVER = re.compile(r"\b([A-Z][\w-]+)\b[^.;]*?\bbehind \1's\b")
TIME_OF_DAY = re.compile(r"\b(afternoon|morning|evening|tonight|sunset|sundown|dawn|midday)\b")
CHORUS = re.compile(r"\b(kept|keeps|keep) (running|loading|backing off|at the loading)\b|"
                    r"\b(ran|runs) on\b|^Still \S+ (ran|runs)\b|\b(did|does) not stop running\b|"
                    r"\b(went|goes) on loading\b|\bpush(ed|es)? more rounds in\b")
ENDING = re.compile(r"\bfield\b|settled|nobody (was|is) left|last one standing")
FOOTING = re.compile(r"shifts? (his|her|their) footing|shifted (his|her|their) footing")


@dataclass
class Count:
    """Defect counts over a set of write-ups (see ``check``)."""

    fights: int = 0
    sentences: int = 0
    engine: int = 0
    snake: int = 0
    python: int = 0
    coords: int = 0
    cites: int = 0
    present_in_past: int = 0
    they_agreement: int = 0
    footing: int = 0
    repeats: int = 0
    same_name_twice: int = 0
    dead_unnamed: int = 0
    again_first: int = 0
    openings: int = 0
    catalogue: int = 0
    shotgun_pop: int = 0
    luck_place: int = 0
    verb_fit: int = 0
    bad_prep: int = 0
    own_cover: int = 0
    time_of_day: int = 0
    chorus: int = 0
    ending_why: int = 0
    examples: dict[str, list[str]] = field(default_factory=dict)

    def note(self, key: str, text: str) -> None:
        ex = self.examples.setdefault(key, [])
        if len(ex) < 3:
            ex.append(text)


def _shorts(log: FightLog) -> dict[str, str]:
    """name -> the short name story prose calls him by (men whose short names are alike go
    by a nickname or surname: ``narrate.distinct_shorts``)."""
    chars = {c.name: c for c in getattr(log.events[0], "characters", ())}
    out = {n: c.short for n, c in chars.items()}
    out.update(distinct_shorts(chars))
    return out


def _names(log: FightLog) -> list[tuple[str, str]]:
    return list(_shorts(log).items())


def fallen(log: FightLog) -> list[str]:
    """Names (short) of everyone dead or dying at the end of the fight."""
    status = [e for e in log.events if e.kind == "turn_ended"]
    out = []
    shorts = _shorts(log)
    if status:
        for s in status[-1].status:
            if s.condition in ("dead", "dying"):
                out.append(shorts.get(s.name, s.name))
    return out


def check(prose: str, tense: str, log: FightLog | None, count: Count) -> None:
    """Count the defects of one write-up's story prose into ``count``."""
    count.fights += 1
    sents = sentences(prose)
    count.sentences += len(sents)
    for key, rx in (("engine", ENGINE), ("snake", SNAKE), ("python", PYTHON), ("coords", COORD),
                    ("cites", CITE), ("they_agreement", THEY_AGREE), ("footing", FOOTING)):
        for s in sents:
            hits = len(rx.findall(QUOTE.sub("", s) if key != "engine" else s))
            if hits:
                setattr(count, key, getattr(count, key) + hits)
                count.note(key, s)
    if tense == "past":
        for s in sents:
            hits = PRESENT.findall(COUNTED.sub("", QUOTE.sub("", s)))
            if hits:
                count.present_in_past += len(hits)
                count.note("present_in_past", s)
    for para in prose.split("\n\n"):
        ps = sentences(para)
        for i, s in enumerate(ps):
            plain = QUOTE.sub("", s)
            if i == 0 and AGAIN.search(plain):
                count.again_first += 1
                count.note("again_first", s)
            if i and s.split()[:3] == ps[i - 1].split()[:3] and len(s.split()) > 3:
                count.openings += 1
                count.note("openings", f"{ps[i - 1]} / {s}")
            before = ps[i - 1] if i else ""
            for key, bad in (
                    ("catalogue", CATALOGUE.search(plain)),
                    ("shotgun_pop", SHOTGUN.search(plain) and POPGUN.search(plain)),
                    ("luck_place", TORSO_THINGS.search(plain)
                     and not TORSO.search(plain + before)),
                    ("verb_fit", (DOUBLED.search(plain) and not TORSO.search(plain))
                     or (SLIGHT.search(plain) and GRAVE.search(plain))),
                    ("bad_prep", BAD_PREP.search(plain)),
                    ("own_cover", OWN_COVER.search(plain)),
                    ("time_of_day", TIME_OF_DAY.search(plain)),
                    ("chorus", CHORUS.search(plain))):
                if bad:
                    setattr(count, key, getattr(count, key) + 1)
                    count.note(key, s)
    closing = prose.rsplit("\n\n", 1)[-1]
    if log is not None and not ENDING.search(closing):
        count.ending_why += 1
        count.note("ending_why", closing[:160])
    long = Counter(s for s in sents if len(s.split()) >= 6)
    for s, k in long.items():
        if k > 1:
            count.repeats += k - 1
            count.note("repeats", f"{k}x {s}")
    if log is not None:
        shorts = [short for _, short in _names(log)]
        for s in sents:
            for short in shorts:
                if len(re.findall(rf"(?<![\w']){re.escape(short)}(?![\w])", s)) > 1:
                    count.same_name_twice += 1
                    count.note("same_name_twice", s)
                    break
        last = prose.rsplit("\n\n", 1)[-1]
        for short in fallen(log):
            if short not in last:
                count.dead_unnamed += 1
                count.note("dead_unnamed", f"{short}: {last[:120]}")
