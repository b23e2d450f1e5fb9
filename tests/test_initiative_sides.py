"""Initiative among the sides still fighting (ruling BN1 in
``narrator/rulesets/boothill/data/rulings.toml``; 000 l.36-43, l.48; errata B11, B12).

In a Boot Hill fight of three or more sides, a side whose men are all down (passed out, dying or
dead) rolls no initiative and cannot have it. Before BN1 it rolled on, could "win" the
initiative with nobody standing (``narrator generate --sides posse:3 rustlers:3 drifters:2
--setting canyon --seed 11``: turn 4, "The posse has the initiative" with every posse man
down) and forced rerolls by tying. The engine with records (``narrator run``), the engine with
records off (the lean path of odds) and the NumPy kernel all rank the same way. Violence,
Weird West and Gaslight roll initiative per character among the men still able to act, so the
rule is already theirs (``test_other_rulesets_roll_only_for_men_who_can_act``).
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

from narrator import batch
from narrator.dice import ScriptedDice
from narrator.engine import run_fight
from narrator.render.core import render
from narrator.rulesets.boothill import kernel
from narrator.rulesets.boothill.fight import BootHillFight, profile_of
from narrator.rulesets.boothill.generate import generate, to_yaml
from narrator.scenario import load_scenario_text


def _man(at: str) -> str:
    return ("attributes: {str: 10, coo: 10, obs: 10, sta: 10, luck: 5}, skills: {pistol: 2}, "
            f"weapons: [{{type: single_action_revolver}}], at: {at}, aim: none")


def three_sides(turn2_initiative: str = "", ruling: str = "") -> str:
    """Posse (Ann), Gang (Bo) and Drifters (Cy). Turn 1: initiative Posse 6, Gang 1, Drifters
    3 (no tie); Ann (COO 10 + Pistol 2 = 12, 8 yards: short) rolls 4, a hit, chest (16),
    severity d6 5 + 1 = 6: mortal; Cy's Luck d20 6 > 5 and Strength d20 11 > 10 fail: killed
    outright. The Drifters are all down. Turn 2's initiative dice: Posse 2, Gang 5, Drifters 6
    (never rolled since BN1); Cy's declared shot is refused (he is dead)."""
    return textwrap.dedent(f"""
        title: three sides
        sides:
          Posse:
            - {{name: Ann, {_man("[0, 0]")}}}
          Gang:
            - {{name: Bo, {_man("[0, 30]")}}}
          Drifters:
            - {{name: Cy, {_man("[8, 0]")}}}
        turns:
          - kind: combat
            intents:
              Ann: {{shoot: Cy}}
          - kind: combat
            intents:
              Cy: {{shoot: Ann}}
        {ruling}
        dice_fallback: error
        dice:
          Posse: {{initiative: [6{turn2_initiative and ', 2'}]}}
          Gang: {{initiative: [1{turn2_initiative and ', 5'}]}}
          Drifters: {{initiative: [3, 6]}}
          Ann: {{to_hit: [4], location: [16], severity: [5]}}
          Cy: {{luck: [6], strength: [11]}}
        """)


def test_a_side_all_down_rolls_no_initiative_and_cannot_win_it():
    """Turn 2: only the Posse and the Gang roll, 2 and 5: the Gang has the initiative and the
    Posse declares first. (Before BN1 the dead Cy's Drifters rolled their 6 and won it.)"""
    log = run_fight(load_scenario_text(three_sides("yes")))
    init = [e for e in log.events if e.kind == "initiative_rolled"]
    assert [[(r.side, r.total) for r in rnd] for rnd in init[1].rounds] == [
        [("Posse", 2), ("Gang", 5)]]
    assert (init[1].winner, init[1].declare_order) == ("Gang", ("Posse", "Gang"))
    assert [(r.who, r.value) for r in log.rolls if r.purpose == "initiative"] == [
        ("Posse", 6), ("Gang", 1), ("Drifters", 3), ("Posse", 2), ("Gang", 5)]
    assert all(r.scripted for r in log.rolls)
    (refused,) = [e for e in log.events if e.kind == "action_refused"]
    assert (refused.turn, refused.character, refused.reason) == (2, "Cy", "down")
    text = render(log)
    assert ("Initiative (d6 per side): Posse 2, Gang 5.\n"
            "Gang has the initiative; Posse must declare first.") in text


@pytest.mark.parametrize("record", [True, False])
def test_records_on_and_off_rank_the_sides_up_alike(record: bool):
    """``initiative`` itself, with records (``narrator run``) and without (the lean path): the
    dead Drifters come last and roll nothing; the Gang's 5 beats the Posse's 2."""
    ld = load_scenario_text(three_sides("yes"))
    dice = ScriptedDice(ld.script, 0, "error")
    fight = BootHillFight(ld.scenario, ld.side_of, dice, profile_of(ld.scenario), 0,
                          record=record)
    assert fight.initiative(1) == (["Posse", "Drifters", "Gang"], "Posse")
    fight.fighters["Cy"].condition = "dead"
    assert fight.initiative(2) == (["Gang", "Posse", "Drifters"], "Gang")
    assert [r.who for r in dice.rolls if r.purpose == "initiative"] == [
        "Posse", "Gang", "Drifters", "Posse", "Gang"]


def test_one_side_up_has_the_initiative_without_a_roll():
    """A GM's edit (``narrator next``) leaves only the Gang up at the start of turn 2: it has
    the initiative and nothing is rolled; the write-up says so."""
    ld = load_scenario_text(three_sides())
    log = run_fight(ld, adjustments={2: {"Ann": {"condition": "passed_out"}}})
    init = [e for e in log.events if e.kind == "initiative_rolled"]
    assert (init[1].rounds, init[1].winner, init[1].declare_order) == ((), "Gang", ("Gang",))
    assert len([r for r in log.rolls if r.purpose == "initiative"]) == 3
    text = render(log)
    assert ("No initiative is rolled: Gang is the only side with a man still up, and has the "
            "initiative.") in text


def test_a_ruling_orders_the_sides_still_up():
    """A GM's initiative ruling for turn 2 gives the Drifters 9, the Gang 4, the Posse 7: the
    Drifters are all down, so the Posse (7) has the initiative over the Gang (4)."""
    ruling = textwrap.dedent("""\
        rulings:
          - {turn: 2, initiative: {Posse: 7, Gang: 4, Drifters: 9}, why: the GM says so}
        """).replace("\n", "\n        ")
    log = run_fight(load_scenario_text(three_sides(ruling=ruling)))
    init = [e for e in log.events if e.kind == "initiative_rolled"]
    assert [(r.side, r.total) for r in init[1].rounds[0]] == [("Posse", 7), ("Gang", 4)]
    assert init[1].winner == "Posse"


def test_the_canyon_fight_never_gives_the_initiative_to_a_side_all_down():
    """The reported fight (canyon, seed 11) and 30 more seeds of it: every turn's winner has a
    man up at the start of the turn (the status after the turn before), and no side all down
    rolls."""
    text = to_yaml(generate([("posse", 3), ("rustlers", 3), ("drifters", 2)], "canyon", 11))
    ld = load_scenario_text(text)
    checked = 0
    for seed in [11, *range(100, 130)]:
        log = run_fight(ld, seed)
        up = set(ld.scenario.sides)
        for e in log.events:
            if e.kind == "initiative_rolled":
                assert e.winner in up, (seed, e.turn)
                assert {r.side for rnd in e.rounds for r in rnd} <= up, (seed, e.turn)
                checked += len(up) < len(ld.scenario.sides)
            elif e.kind == "turn_ended":
                up = {ld.side_of[s.name] for s in e.status if s.condition == "active"}
    assert checked > 0  # a turn with a side all down was met


def test_the_kernel_ranks_a_side_all_down_last():
    """The kernel's ``ranking`` over 2,000 fights of a three-sided skirmish, the Drifters all
    down in the odd-numbered fights: there they are last in every order and the Posse and the
    Gang share first place about evenly; in the others each side is first about a third of
    the time."""
    text = to_yaml(generate([("posse", 1), ("gang", 1), ("drifters", 1)], "street", 5))
    ld = batch.odds_scenario(load_scenario_text(text))
    ctx = kernel.KernelContext(ld.scenario, ld.side_of)
    k = kernel._Kernel(ctx, 2000, np.random.default_rng(3))
    j = ctx.index[next(n for n, s in ld.side_of.items() if s == "drifters")]
    k.S[1::2, j, kernel.C_COND] = kernel.DEAD
    first = {}
    for ranked, sub in k.ranking(1, np.arange(2000)):
        assert len(ranked) == 3
        for i in sub.tolist():
            first[i] = ranked[0]
            if i % 2:
                assert ranked[-1] == "drifters"
    odd = [first[i] for i in range(1, 2000, 2)]
    even = [first[i] for i in range(0, 2000, 2)]
    assert "drifters" not in odd
    assert 400 < odd.count("posse") < 600
    assert all(250 < even.count(s) < 420 for s in ("posse", "gang", "drifters"))


def test_other_rulesets_roll_only_for_men_who_can_act():
    """Violence (d20 per character or group, 003 l.5), Gaslight (d10 + DEX per man, G3) and
    Weird West (cards per character, W18) already roll only for the men who can act: as each
    initiative is made, nobody in it is down, fled or surrendered (generated three-sided
    fights, six seeds each; at least one man was out by then in some round)."""
    from narrator import ruleset as registry
    able = {"violence": ("round_initiative", lambda fight, n: fight.fighters[n].active,
                         lambda e: [n for u in e.units for n in u.members] + list(e.surprisers)),
            "gaslight": ("gl_initiative", lambda fight, n: fight.men[n].up,
                         lambda e: [x.name for x in e.rolls]),
            "weird-west": ("ww_cards_dealt", lambda fight, n: fight.fighters[n].can_act,
                           lambda e: [d.character for d in e.deals])}
    for name, (kind, can_act, names) in able.items():
        rs = registry.get(name)
        ld = load_scenario_text(rs.generate([("a", 2), ("b", 2), ("c", 2)], "street", 4, 12,
                                            "test"))
        someone_out = 0
        for seed in range(6):
            fight = rs.fight(ld, ScriptedDice({}, seed, "seeded"), seed, False)
            emit = fight.emit

            def check(e, fight=fight, emit=emit):
                if e.kind == kind:
                    rolled = names(e)
                    assert all(can_act(fight, n) for n in rolled), (name, seed, e.turn)
                    nonlocal someone_out
                    someone_out += len(rolled) < 6
                emit(e)

            fight.emit = check
            fight.run()
        assert someone_out, name
