"""Warnings about a scenario that loads and fights but probably does not say what its GM meant:
scripted dice the fight never rolls (``unused_dice``), a short name the story replaces
(``replaced_shorts``). The loader's own warnings (a shot at a man
of one's own side) are in ``LoadedScenario.warnings``; ``warnings`` returns both, in file order.

A warning is a located ``ScenarioError`` whose message starts "warning: "; the CLI prints it on
standard error and goes on (exit code 0).

May import: narrator.engine, narrator.errors, narrator.events, narrator.scenario,
narrator.ruleset (the registry), narrator.render.narrate and narrator.render.inflection (lazily:
the story's replaced short names, ``replaced_shorts``).
"""

from __future__ import annotations

from collections import Counter

from narrator.errors import NarratorError, ScenarioError
from narrator.events import FightLog
from narrator.scenario.loader import LoadedScenario


def _left_over(loaded: LoadedScenario, log: FightLog):
    """Each (who, purpose) of the scenario's ``dice:`` whose values ``log`` has not all
    rolled, as ``(who, purpose, n, values, left, shown)``: the count rolled, every scripted
    value, those left (``left[0]`` locates the warning) and the left ones written out."""
    used = Counter((r.who, r.purpose) for r in log.rolls if r.scripted)
    for who, purposes in loaded.script.items():
        for purpose, values in purposes.items():
            n = used[(who, purpose)]
            if n < len(values):
                left = values[n:]
                yield who, purpose, n, values, left, ", ".join(str(v.value) for v in left)


def unused_dice(loaded: LoadedScenario, log: FightLog) -> list[ScenarioError]:
    """One warning per (who, purpose) of the scenario's ``dice:`` whose values were not all
    rolled in ``log``, located at the first value left over.

    Args:
        loaded: the scenario as loaded (its ``script``).
        log: a fight of it with those scripted dice.
    """
    out = []
    for who, purpose, n, values, left, shown in _left_over(loaded, log):
        what = "die" if len(left) == 1 else "dice"
        out.append(ScenarioError(
            f"warning: scripted {purpose} {what} {shown} for {who} never rolled (the fight "
            f"rolled {n} of {len(values)}); the write-up's footer counts only dice used",
            loaded.path, left[0].line, left[0].column))
    return out


def leftover_dice(loaded: LoadedScenario, log: FightLog, turn: int) -> list[ScenarioError]:
    """For ``narrator next`` after resolving ``turn``, the last turn the file declares, of a
    fight that goes on: one warning per (who, purpose) of the scenario's ``dice:`` with values
    the fight has not rolled, located at the first of them. A GM who adds each turn with the
    dice its players rolled scripted more than the turn used; the next roll of that purpose,
    in a later turn, would take them. (With later turns declared, dice left are theirs: not
    flagged. At the fight's end ``unused_dice`` flags what was never rolled.)

    Args:
        loaded: the scenario as loaded (its ``script``), from the file as now recorded.
        log: the fight up to and including ``turn``.
        turn: the turn just resolved.
    """
    out = []
    for who, purpose, n, values, left, shown in _left_over(loaded, log):
        what, them, was = (("die", "it", "it was") if len(left) == 1 else
                           ("dice", "them", "they were"))
        out.append(ScenarioError(
            f"warning: scripted {purpose} {what} {shown} for {who} not rolled in turn "
            f"{turn} (the fight has rolled {n} of {len(values)}): the next {purpose} roll "
            f"for {who}, in a later turn, takes {them}; delete {them} if {was} meant "
            f"for turn {turn}",
            loaded.path, left[0].line, left[0].column))
    return out


def idle(loaded: LoadedScenario) -> list[ScenarioError]:
    """One warning per character who holds still all fight (``idle_characters``: no intent in
    any declared turn, no ``tactics:`` profile), and per character who holds still after his
    last intent while the fight goes on (``idle_after``), located at his name."""
    from narrator.scenario.models import idle_characters
    out = []
    where = {c.name: (side, i) for side, members in loaded.scenario.sides.items()
             for i, c in enumerate(members)}
    for name in idle_characters(loaded.scenario):
        side, i = where[name]
        him = {"she": "her", "they": "them"}.get(
            loaded.scenario.sides[side][i].pronoun, "him")
        w = loaded.error(f"warning: {name} has no intent in any turn and no tactics: profile, "
                         f"so nothing makes {him} act: {name} holds still all fight; give "
                         f"{him} intents, or a tactics: profile to decide them",
                         "sides", side, i, "name")
        out.append(w)
    from narrator.scenario.models import idle_after
    last = max(len(loaded.scenario.turns), getattr(loaded.scenario, "max_turns", None) or 0)
    for name, turn in idle_after(loaded.scenario):
        side, i = where[name]
        pronoun = loaded.scenario.sides[side][i].pronoun
        him = {"she": "her", "they": "them"}.get(pronoun, "him")
        he = {"she": "she", "they": "they"}.get(pronoun, "he")
        holds, has = ("hold", "have") if he == "they" else ("holds", "has")
        out.append(loaded.error(
            f"warning: {name}'s last intent is in turn {turn} and {he} {has} no "
            f"tactics: profile, so from turn {turn + 1} to the end (max_turns: {last}) nothing "
            f"makes {him} act: {he} {holds} still; give {him} a tactics: profile, or intents "
            f"in later turns",
            "sides", side, i, "name"))
    return out


def replaced_shorts(loaded: LoadedScenario) -> list[ScenarioError]:
    """One warning per character whose short name the story replaces because it is alike
    another man's (``narrate.distinct_shorts``: one the start of the other, or the same first
    letter and much alike, "Caleb" beside "Cole"): which name, why, and what the story calls
    him instead, located at his ``short:`` (at his ``name:`` when he has none). A GM who
    wrote "Caleb" found "Martin" sixty times in the story and no word of it (check136,
    fresh21 #7)."""
    from types import SimpleNamespace

    from narrator.render.inflection import alike_names
    from narrator.render.narrate import distinct_shorts
    where = {c.name: (side, i, c) for side, members in loaded.scenario.sides.items()
             for i, c in enumerate(members)}
    chars = {name: SimpleNamespace(name=name, short=c.short or name)
             for name, (_, _, c) in where.items()}
    new = distinct_shorts(chars)
    out = []
    for name, other in new.items():
        side, i, c = where[name]
        mine = chars[name].short
        like = next((n for n in chars if n != name
                     and alike_names(mine, new.get(n, chars[n].short))), None)
        if like is None:  # (distinct_shorts replaces a name only beside one alike)
            continue
        theirs = new.get(like, chars[like].short)
        why = ("one is the start of the other" if theirs.lower().startswith(mine.lower())
               or mine.lower().startswith(theirs.lower()) else
               "the same first letter, and much alike")
        him = {"she": "her", "they": "them"}.get(c.pronoun, "him")
        out.append(loaded.error(
            f"warning: {name}'s short name {mine!r} is too like {like}'s {theirs!r} ({why}), "
            f"so the story calls {him} {other!r}; give {him} another short: to choose",
            "sides", side, i, "short" if c.short else "name"))
    return out


def turn_of(loaded: LoadedScenario, warning: ScenarioError) -> int | None:
    """The turn (0-based) whose declaration holds the place ``warning`` is located at (a node
    or a key under ``turns[i]``), or None: a warning of the sides, the dice, the map."""
    loc8 = loaded.locator
    if loc8 is None or warning.line is None:
        return None
    at = (warning.line, warning.column)
    for table in (loc8.values, loc8.keys):
        for path, where in table.items():
            if where == at and len(path) >= 2 and path[0] == "turns" \
                    and isinstance(path[1], int):
                return path[1]
    return None


def of_turn(loaded: LoadedScenario, turn: int) -> list[ScenarioError]:
    """What ``narrator next`` warns of as it resolves ``turn`` (0-based): the loader's and the
    ruleset's warnings located in that turn's declaration, never those of a turn resolved
    before (told when it was resolved) nor of the whole file (``check`` and ``run`` tell
    them). Sorted by line and column."""
    from narrator.ruleset import get as ruleset
    found = list(loaded.warnings) + ruleset(loaded.scenario.ruleset).lint(loaded)
    return sorted((w for w in found if turn_of(loaded, w) == turn),
                  key=lambda w: (w.line or 0, w.column or 0))


def unresolved(loaded: LoadedScenario, found: list[ScenarioError]) -> list[ScenarioError]:
    """``found`` without the warnings located in a turn ``narrator next`` has resolved: its
    record stands (only ``--redo`` fights it again), and ``next`` warned of it then. What
    ``run`` prints of a play-by-post file; ``check`` prints them all."""
    done = {i for i, t in enumerate(loaded.scenario.turns) if t.resolved is not None}
    return [w for w in found if turn_of(loaded, w) not in done] if done else found


def warnings(loaded: LoadedScenario, log: FightLog | None = None) -> list[ScenarioError]:
    """The loader's warnings, the ruleset's own that need its engine (``Ruleset.lint``) and,
    when ``log`` is None, a fight of the scenario's own is fought to find its unused scripted
    dice (a fight that fails finds none: ``run`` reports that).
    Sorted by line and column."""
    from narrator.ruleset import get as ruleset
    found = list(loaded.warnings) + idle(loaded) + replaced_shorts(loaded) + ruleset(loaded.scenario.ruleset).lint(loaded)
    if loaded.script:
        if log is None:
            from narrator.engine import run_fight
            try:
                log = run_fight(loaded)
            except NarratorError:
                log = None
        if log is not None:
            found += unused_dice(loaded, log)
    return sorted(found, key=lambda w: (w.line or 0, w.column or 0))


def declared_at_down(loaded: LoadedScenario, down, why: str) -> list[ScenarioError]:
    """For a play-by-post file, one warning per declared shot of the next turn to resolve (the
    first without a record) at a man already out of the fight in ``state:`` as the GM left it
    (the replayed state with his edits, ``playbypost.state_with_edits``), located at the
    shot's target: the shot is not made (a fresh GM's shot at a man he had set dead vanished
    without a word, fresh23 item 1). Only that turn: later ones depend on its dice.

    Args:
        loaded: the scenario as loaded.
        down: ``down(name, entry)``: how the man ``name`` with state entry ``entry`` is out
            ("dead", "unconscious (Health 5, ...)"), or None when he is not.
        why: what happens to such a shot, the end of the warning ("it is not made...").
    """
    from narrator.playbypost import replay, state_with_edits
    sc = loaded.scenario
    if sc.state is None:
        return []
    try:
        done, log, edits = replay(loaded)
    except NarratorError:
        return []   # check and run say what is wrong with the records
    if log is None or done >= len(sc.turns):
        return []
    state = state_with_edits(log, edits, loaded)["characters"]
    out = []
    for name, plan in sc.turns[done].intents.items():
        actions = plan if isinstance(plan, list) else [plan]
        for k, a in enumerate(actions):
            for field in ("shoot", "fan"):
                aim = getattr(a, field, None)
                target = aim[0] if isinstance(aim, list) and aim else aim
                if not isinstance(target, str) or target not in state:
                    continue
                how = down(target, state[target])
                if how is None:
                    continue
                out.append(loaded.error(
                    f"warning: {name} declares a shot at {target} in turn {done + 1}, but "
                    f"{target} is {how} in state: {why}",
                    *_intent_loc(loaded, done, name, k if isinstance(plan, list) else None,
                                 field)))
    return out


def _intent_loc(loaded: LoadedScenario, turn: int, name: str, k: int | None,
                field: str) -> tuple:
    """The path in the file of the ``field`` of ``name``'s intent (action ``k`` of his list)
    in turn ``turn`` (0-based): the intents' key may be his short name, or another name he
    goes by, where the scenario holds his full name."""
    c = next((c for _, c in loaded.scenario.characters() if c.name == name), None)
    keys = [name] + [x for x in (getattr(c, "short", None),) if x]
    outer = ("turns", turn, "intents")
    for key in keys:
        loc = outer + (key,) + ((k,) if k is not None else ()) + (field,)
        if loaded.locate is None or loaded.locate(loc) != loaded.locate(outer):
            return loc
    return outer
