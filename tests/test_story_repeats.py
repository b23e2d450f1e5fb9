"""A story write-up does not repeat itself: no whole sentence twice, no phrase that echoes one
said before (two GM readers of five past-tense write-ups: "it smacked into the wall behind"
twice in a row from two phrases of the miss group; "He dropped like a sack of meal." of two
men), and a line a reader remembers (``<rare>``) is drawn less often than the others."""

from __future__ import annotations

from narrator.render.markup import MARKUP
from narrator.render.narrate import Narration
from narrator.render.phrases import RARE_WEIGHT, Phrases, signature


class _Char:
    def __init__(self, name: str, side: str = "a") -> None:
        self.name = self.short = name
        self.side = side
        self.pronoun = "he"


def _narration(table: dict[str, list[str]], seed: int = 1) -> Narration:
    chars = {n: _Char(n, s) for n, s in (("Ben", "a"), ("Quentin", "b"), ("Sam", "a"))}
    return Narration(chars, MARKUP["markdown"], Phrases(table, seed, "past"), bold=False)


def test_signature_is_the_content_word_pairs_of_a_phrase():
    assert signature("{a}'s {shot} [smack] into the wall behind {b}.") == {"smack wall"}
    assert signature("<in> {a} [snap] a shot at {b}; it [smack] into the wall behind.") \
        == {"snap shot", "smack wall"}
    assert signature("; {b} [reel], hurt badly.") == {"hurt badly"}
    # a field or a stop of punctuation breaks a pair; stop words are no content
    assert signature("{a} [fire] at {b} and [miss].") == frozenset()


def test_a_phrase_that_echoes_one_said_before_is_passed_over():
    """Old: "Ben snapped a shot at Quentin; it smacked into the wall behind. Sam's bullet
    smacked into the wall behind Quentin." (Abilene, turn 2)."""
    table = {"miss": ["{a} [snap] a shot at {b}; it [smack] into the wall behind.",
                      "{a}'s {shot} [smack] into the wall behind {b}.",
                      "{a}'s {shot} [go] wide of {b}.",
                      "{a} [try] for {b} and [come] nowhere close."]}
    for seed in range(40):
        n = _narration(table, seed)
        said = [n.say("miss", a="Ben", b="Quentin"), n.say("miss", a="Sam", b="Quentin"),
                n.say("miss", a="Ben", b="Quentin")]
        walls = [s for s in said if "wall behind" in s]
        assert len(walls) <= 1, (seed, said)


def test_a_whole_sentence_is_not_said_twice_while_the_group_has_another():
    """Old: "He dropped like a sack of meal." of two men in one Violence write-up (the group's
    phrases all used, any but the last one came back, with the same words)."""
    table = {"down": ["{b} [drop] like a sack of meal.", "{b} [crumple] to the ground.",
                      "{b} [fall] and [do] not get up."]}
    for seed in range(30):
        n = _narration(table, seed)
        said = []
        for who in ("Ben", "Sam", "Quentin", "Ben", "Sam"):
            n.paragraph()
            said.append(n.say("down", b=who))
        assert len(said) == len(set(said)), (seed, said)


def test_a_phrase_tried_and_taken_back_leaves_first_mentions_to_the_one_said():
    """A phrase taken back (its sentence said before) must not use up a man's first mention:
    the one said names him in full."""
    chars = {"Ben": _Char("Ben"), "Dan": _Char("Dan")}
    chars["Dan"].name = '"Dirty" Dan McGrew'
    chars["Dan"].short = "Dan"
    n = Narration(chars, MARKUP["markdown"], Phrases(
        {"x": ["{a} [look] about.", "{a} [glance] at {b}.", "{a} [nod] to {b}."]}, 5, "past"),
        bold=False)
    said = [n.say("x", a="Ben", b="Dan") for _ in range(3)]
    named = [s for s in said if "Dan" in s]
    assert named and '"Dirty" Dan McGrew' in named[0], said


def test_a_rare_phrase_is_drawn_less_often_than_the_others():
    table = {"g": ["<rare> {a} [hear] glass break.", "{a} [miss].", "{a} [fire] wide.",
                   "{a} [fire] high."]}
    firsts = [Phrases(table, seed, "past").pick("g") for seed in range(400)]
    share = firsts.count("{a} [hear] glass break.") / len(firsts)
    # a plain phrase's chance is 1/4 of the first picks; a rare one's RARE_WEIGHT of that
    expected = RARE_WEIGHT / (3 + RARE_WEIGHT)
    assert abs(share - expected) < 0.05 and share < 0.15, share
