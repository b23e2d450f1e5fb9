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


def violence_fights(n: int, start: int = 1) -> list[tuple[str, FightLog]]:
    """``n`` generated Violence fights, sized and set like ``generated_fights``."""
    from narrator.rulesets.violence import generate as v_generate

    out = []
    for i in range(start, start + n):
        setting = SETTINGS[i % len(SETTINGS)]
        size_a, size_b = 1 + i % 5, 1 + (i // 5) % 5
        sides = [("deputies" if i % 2 else "townsmen", size_a), ("gang", size_b)]
        if i % 4 == 0:
            sides.append(("drifters", 1 + i % 3))
        text = v_generate.to_yaml(v_generate.generate(sides, setting, seed=i, max_turns=8))
        label = f"violence {setting} {'v'.join(str(k) for _, k in sides)} seed {i}"
        out.append((label, run_fight(load_scenario_text(text, f"<generated violence {i}>"))))
    return out


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
        text = re.sub(r"<figure.*?</figure>", "\n", text, flags=re.S)  # the map (its scale)
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
        for s in re.split(r"(?<=[.!?])(?<!No\.)[\"\u201d]?\s+(?=[A-Z0-9\"\u201c])", para):
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
    r"(?<!should )(?<!would )(?<!could )(?<!might )(?<!must )(?<!not )\b(is|are|has|have|does|do|will|can|isn't|aren't|doesn't|won't|can't|hits|takes|goes|"
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
# what the GM reader of the third round had to edit
NOTHING_SAID = re.compile(r"\b(was|is) still (untouched|standing)\b")  # a miss told as no news
HEARD = re.compile(r"\bhears? ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*)'s \w+ go by|\bheard ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*)'s \w+ go by")
SOON = re.compile(r"not last long|only seconds left|dying fast|minutes left|bleeding out")
DIGIT_START = re.compile(r"^\d")
TWO_PLACES = re.compile(r"\b(in|through|across|high in|low in|square in|high on) the [a-z ]+? and "
                        r"(in|through|across|high|low|square)\b[^.]*\bthe wound (is|was)\b")
LONG_ARM = re.compile(r"\b(rifle|carbine|Winchester|Sharps|Henry|Spencer|Lee|Springfield|"
                      r"shotgun|coach gun|scattergun|musket)\b[^.;]*\bin [\w\s\"'-]+?'s hands?\b|"
                      r"\bin [\w\s\"'-]+?'s hands?\b[^.;]*\b(rifle|carbine|shotgun|coach gun)\b")
THE_THE = re.compile(r"\b(the|a|an) \1\b", re.I)
FUMBLE = re.compile(r"fumbl|slipped off the grip|caught on|hung up|found only leather|"
                    r"a moment too late|would not come clear|it stuck")
CLEAN_DRAW = re.compile(r"simply there|in a blur|Quick as a snake|before anyone else had moved|"
                        r"clean and fast|cleared leather")
KEPT = re.compile(r"stayed in the fight|fought on|kept (his|her|their) feet|did not go down|"
                  r"kept going|stayed on (his|her|their) feet|stayed up")
QUIT = re.compile(r"raised \w+ hands|gave up|had had enough|ran for it|\bbolted|\bfled\b|turned "
                  r"tail|threw down|went down|passed out|blacked out|senseless|out cold|crumpled|"
                  r"\bfell\b|threw up their hands|legs folded|dropped like")
WHOLE = re.compile(r"sore but whole")
DOCTOR = re.compile(r"needed a doctor|needs a doctor|did not live to see|dead before anyone|"
                    r"never got up again|weeks? (of rest|in bed)|fit again|whole again")
# a map point written as numbers anywhere in a write-up (the rolls block too): "towards 7,0",
# "to (15, 5)", "to [8.4, -0.9]"
POINT = re.compile(r"\b(towards|to|at) [\[(]?-?\d+(\.\d+)?, ?-?\d+(\.\d+)?[\])]?")
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
    lower_name: int = 0
    says_nothing: int = 0
    heard_first: int = 0
    dying_time: int = 0
    digit_start: int = 0
    wound_count: int = 0
    long_arm_hand: int = 0
    double_article: int = 0
    draw_order: int = 0
    kept_then_quit: int = 0
    came_to_whole: int = 0
    told_twice: int = 0
    bare_place: int = 0
    weapon_repeat: int = 0
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


def dying_times(log: FightLog) -> dict[str, str]:
    """Short name -> how soon a man dying at the end dies ("turns", "minutes", "hours"), from
    his last mortal wound."""
    shorts = _shorts(log)
    out: dict[str, str] = {}
    for e in log.events:
        if e.kind == "wound_taken" and e.mortal is not None and e.mortal.outcome == "dying":
            out[shorts.get(e.character, e.character)] = e.mortal.dying_time or ""
    return {k: v for k, v in out.items() if k in fallen(log)}


def wounded_at_end(log: FightLog) -> set[str]:
    """Short names of everyone with a wound (not a bruise) in the last status block."""
    status = [e for e in log.events if e.kind == "turn_ended"]
    shorts = _shorts(log)
    if not status:
        return set()
    return {shorts.get(s.name, s.name) for s in status[-1].status
            if getattr(s, "wounds", ()) or getattr(s, "injuries", 0)
            or getattr(s, "wound_points", 0)}


def bare_places(log: FightLog) -> list[str]:
    """Landmark names that are a bare lower-case map key ("livery"): prose must give them an
    article."""
    return [name for _, name in getattr(log.events[0], "landmarks", ())
            if name[:1].islower() and not re.match(r"(the|a|an|his|her|their) ", name)
            and "'s " not in name]


def _third_round(sents: list[str], paras: list[list[str]], closing: str, log: FightLog | None,
                 count: Count) -> None:
    """The checks of the third GM reading (see the ``Count`` fields of the same names)."""
    def bad(key: str, text: str) -> None:
        setattr(count, key, getattr(count, key) + 1)
        count.note(key, text)

    body = [s for p in paras[:-1] for s in p]  # the closing paragraph may say "still standing"
    for s in body:
        if NOTHING_SAID.search(QUOTE.sub("", s)):
            bad("says_nothing", s)
    for s in sents:
        plain = QUOTE.sub("", s)
        if DIGIT_START.match(plain):
            bad("digit_start", s)
        if TWO_PLACES.search(plain):
            bad("wound_count", s)
        if LONG_ARM.search(plain):
            bad("long_arm_hand", s)
        if THE_THE.search(plain):
            bad("double_article", s)
    for para in paras:
        for i, s in enumerate(para):
            m = HEARD.search(s)
            nxt = para[i + 1] if i + 1 < len(para) else ""
            if m and nxt.startswith((m.group(1) or m.group(2)) + " "):
                bad("heard_first", f"{s} / {nxt}")
    if log is None:
        return
    shorts = [short for _, short in _names(log)]
    words = {w for short in shorts for w in re.findall(r"[A-Z][\w-]+", short)}
    for s in sents:
        for w in words:
            if re.search(rf": {w.lower()}(?:'s)? [a-z]", s) and w.lower() != w:
                bad("lower_name", s)
                break
    for short, when in dying_times(log).items():
        for s in sentences(closing):
            if short in s and SOON.search(s) and when == "hours":
                bad("dying_time", f"{short} ({when}): {s}")
    hurt = wounded_at_end(log)
    for s in sents:
        if WHOLE.search(s) and any(h in s for h in hurt):
            bad("came_to_whole", s)
    for para in paras:
        for i, s in enumerate(para):
            for short in shorts:
                if not re.search(rf"\b{re.escape(short)}\b", s):
                    continue
                if FUMBLE.search(s):
                    later = " ".join(para[i + 1:])
                    first = re.search(rf"\b{re.escape(short)}('s)? [^.]*?({CLEAN_DRAW.pattern})", later)
                    if first:
                        bad("draw_order", f"{s} / {later[:120]}")
                if KEPT.search(s):
                    nxt = " ".join(para[i + 1:i + 3])
                    if re.search(rf"\b{re.escape(short)}\b[^.]*?({QUIT.pattern})", nxt):
                        bad("kept_then_quit", f"{s} / {nxt[:120]}")
    for short in shorts:
        told = [s for s in sents if re.search(rf"\b{re.escape(short)}\b", s) and DOCTOR.search(s)]
        if len(told) > 1:
            bad("told_twice", " / ".join(told[:3]))
    names = {w for short in shorts for w in re.findall(r"[A-Za-z]+", short)}
    names |= {w for c in getattr(log.events[0], "characters", ()) for w in re.findall(
        r"[A-Za-z]+", c.name)}
    for para in paras:
        seen = Counter(w for s in para for w in re.findall(r"(?<=[a-z,;] )[A-Z][a-z]+\b", s)
                       if w not in names)
        for w, k in seen.items():
            if k >= 4:  # one weapon's name in every clause ("Schofield" four times)
                bad("weapon_repeat", f"{k}x {w}: " + " ".join(para)[:160])
    for name in bare_places(log):
        for s in sents:
            if re.search(rf"\b(behind|at|for|towards|into|in|by|from) {re.escape(name)}\b", s):
                bad("bare_place", s)


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
    _third_round(sents, [sentences(p) for p in prose.split("\n\n")], closing, log, count)
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
