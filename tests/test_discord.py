"""The Discord splitter: every message fits, every message is balanced on its own, the
messages give back the text, and the cuts fall where a person would cut (a paragraph, a line,
a sentence, a space; never after a heading, inside an escape or inside an emphasis span).

The balance checker here is written independently of the splitter's scanner (regular
expressions over the finished message, not a state machine), so a scanner bug shows up as a
disagreement between the two.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.render import Options, render
from narrator.render.discord import LIMIT, split_discord, split_messages
from conftest import fight

# --- an independent checker ------------------------------------------------------------------

_HEADING_LIKE = re.compile(r"^(?:#{1,6}\s.*|\*\*[^*]+\*\*:?|.*:)$")


def unbalanced(message: str) -> list[str]:
    """What is left open in a message: fences, spoilers, inline code, bold, italics."""
    problems = []
    prose, fences = [], 0
    for line in message.split("\n"):
        if line.lstrip().startswith("```") or (fences % 2 == 0 and "```" in line):
            fences += 1
            continue
        if fences % 2 == 0:
            prose.append(line)
    if fences % 2:
        problems.append("fence")
    text = re.sub(r"\\.", "e", "\n".join(prose))  # an escape is a literal character
    if text.count("`") % 2:
        problems.append("inline code")
    text = re.sub(r"`[^`]*`", "", text)
    for mark, name in (("||", "spoiler"), ("**", "bold"), ("*", "italics")):
        if text.count(mark) % 2:
            problems.append(name)
        text = text.replace(mark, "")
    return problems


def last_line_is_heading(message: str) -> bool:
    """Whether the message's last line (without the markers the splitter closes it with)
    is a heading, an all-bold title or a line introducing what follows."""
    line = message.rstrip().rsplit("\n", 1)[-1]
    if line.strip("`") == "":
        return False  # a closing fence
    line = re.sub(r"(\|\||\*)+$", lambda m: "" if "|" in m.group() else m.group(), line)
    line = re.sub(r"^(\|\||> )+", "", line)
    return bool(_HEADING_LIKE.match(line.strip()))


def cut_at_line_end(text: str, messages) -> list[bool]:
    """For each message but the last, whether the cut after it falls at a line end of the
    text (only then can its last line be a whole heading)."""
    pos, out = 0, []
    for m in messages[:-1]:
        pos = text.index(m.body, pos) + len(m.body)
        out.append(text[pos:pos + 1] in ("\n", "") or "\n" in text[pos:len(text) - len(
            text[pos:].lstrip())])
    return out


def bodies_give_back(text: str, messages) -> bool:
    """The bodies, in order, are slices of the text separated only by whitespace."""
    pos = 0
    for m in messages:
        gap_end = text.index(m.body, pos) if m.body else pos
        if text[pos:gap_end].strip():
            return False
        if text[gap_end:gap_end + len(m.body)] != m.body:
            return False
        pos = gap_end + len(m.body)
    return not text[pos:].strip()


# --- generated posts -------------------------------------------------------------------------

_word = st.sampled_from(["Jake", "fires", "at", "Dutch", "and", "misses", "the", "trough",
                         "count", "3", "(l.597)", "hip", "Luck", "7", "yards", "\\*", "\\|",
                         "\\_", "\\#", "a\\*b", "\\\\"])
_long_word = st.integers(50, 2600).map(lambda n: "y" * n)


@st.composite
def _sentence(draw) -> str:
    words = draw(st.lists(_word, min_size=1, max_size=14))
    if draw(st.booleans()):  # an emphasis span or inline code of a few words
        i = draw(st.integers(0, len(words) - 1))
        j = draw(st.integers(i, min(i + 4, len(words) - 1)))
        mark = draw(st.sampled_from(["*", "**", "`"]))
        span = " ".join(w.replace("\\", "") if mark == "`" else w for w in words[i:j + 1])
        words[i:j + 1] = [f"{mark}{span}{mark}"]
    if draw(st.integers(0, 9)) == 0:
        words.append(draw(_long_word))
    return " ".join(words) + draw(st.sampled_from([".", ".", "!", "?", '."']))


_paragraph = st.lists(_sentence(), min_size=1, max_size=12).map(" ".join)
_heading = st.tuples(st.sampled_from(["# ", "## ", "**"]),
                     st.lists(st.sampled_from(["Turn", "2", "Rolls", "Lawmen"]), min_size=1,
                              max_size=4).map(" ".join)).map(
    lambda t: f"{t[0]}{t[1]}**" if t[0] == "**" else "".join(t))
_list = st.lists(_sentence(), min_size=1, max_size=6).map(
    lambda items: "Declarations, in order:\n" + "\n".join(f"- {i}" for i in items))
_code_line = st.sampled_from(["x = 1", "# not a heading", "a ** b || c * d", "", "print('hi')",
                              "    indented: yes", "`tick`"])


@st.composite
def _fence(draw) -> str:
    lang = draw(st.sampled_from(["", "python", "yaml", "diff"]))
    lines = draw(st.lists(_code_line, min_size=1, max_size=150))
    return f"```{lang}\n" + "\n".join(lines) + "\n```"


@st.composite
def _spoiler(draw) -> str:
    inner = draw(st.lists(st.one_of(_paragraph, _heading, _list), min_size=1, max_size=6))
    title = draw(st.sampled_from(["", "**Rolls, turn 1**\n"]))
    return "||" + title + draw(st.sampled_from(["\n\n", "\n"])).join(inner) + "||"


_block = st.one_of(_paragraph, _paragraph, _heading, _list, _fence(), _spoiler())


@st.composite
def posts(draw) -> str:
    blocks = draw(st.lists(_block, min_size=1, max_size=14))
    text = blocks[0]
    for b in blocks[1:]:
        text += draw(st.sampled_from(["\n\n", "\n\n", "\n", "\n\n\n"])) + b
    return text


PROPERTY = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@PROPERTY
@given(text=posts(), limit=st.sampled_from([LIMIT, LIMIT, 600, 250]))
def test_generated_posts_split_into_balanced_messages_that_give_back_the_text(text, limit):
    messages = split_messages(text, limit)
    written = split_discord(text, limit)
    assert written == [str(m) for m in messages]
    assert bodies_give_back(text, messages)
    for m in written:
        assert 0 < len(m) <= limit
        assert unbalanced(m) == [], (m, unbalanced(m))
    for m, at_line_end in zip(written, cut_at_line_end(text, messages)):
        assert not (at_line_end and last_line_is_heading(m)), m
    for m in messages:
        # the markers a cut adds are only closers and openers of what was open
        assert re.fullmatch(r"(\|\||\*\*|\*|`|```[a-z]*\n)*", m.opening), m.opening
        assert re.fullmatch(r"(\|\||\*\*|\*|`|\n```)*", m.closing), m.closing
        # no cut inside an escape, and none inside a short emphasis span or inline code
        assert not re.search(r"(?<!\\)(\\\\)*\\$", m.body)
        assert m.closing.replace("\n```", "").replace("||", "") == ""
        assert m.opening.replace("||", "") == "" or m.opening.startswith(("```", "||```"))
    if len(text.strip()) <= limit:
        assert written == [text.strip()]


# --- boundaries and the live bugs of issue 19 -----------------------------------------------

def test_exactly_two_thousand_characters_is_one_message_and_one_more_is_two():
    text = ("Jake fires at Dutch. " * 100)[:LIMIT - 1] + "."
    assert len(text) == LIMIT
    assert split_discord(text) == [text]
    longer = text[:-1] + "x."
    messages = split_discord(longer)
    assert len(messages) == 2 and all(len(m) <= LIMIT for m in messages)
    assert messages[0].endswith("Dutch.")  # at a sentence
    assert " ".join(messages) == longer


def test_a_message_of_exactly_the_limit_is_filled_to_the_limit():
    first = "a" * 1000 + " " + "b" * 999  # exactly 2,000 with the space
    text = first + "\n\n" + "c" * 10
    assert split_discord(text) == [first, "c" * 10]


def test_a_fence_with_a_language_tag_is_closed_and_reopened_with_the_tag():
    text = "Here is the log:\n```python\n" + "\n".join(f"roll_{i} = {i}" for i in range(300)) \
        + "\n```\nDone."
    messages = split_discord(text)
    assert len(messages) >= 3
    for m in messages:
        assert len(m) <= LIMIT and unbalanced(m) == []
    assert messages[0].startswith("Here is the log:\n```python\n")
    for m in messages[1:]:
        assert m.startswith("```python\n")
    for m in messages[:-1]:
        assert m.endswith("\n```")
    assert messages[-1].endswith("```\nDone.")


def test_a_spoiler_with_blank_lines_inside_stays_a_spoiler_in_every_message():
    paras = [f"Paragraph {i}: " + "Jake fires and misses. " * 12 for i in range(20)]
    text = "Turn one.\n||**Rolls, turn 1**\n\n" + "\n\n".join(paras) + "||\n\nAfter."
    messages = split_discord(text)
    assert len(messages) >= 3
    for m in messages:
        assert len(m) <= LIMIT and unbalanced(m) == []
    for m in messages[1:-1]:
        assert m.startswith("||") and m.endswith("||")
    assert messages[-1].endswith("||\n\nAfter.") or messages[-1] == "After."


def test_a_heading_is_never_left_as_the_last_line():
    filler = "Jake fires at Dutch. " * 90  # about 1,900 characters
    text = filler.strip() + "\n\n## Turn 2, combat turn\n\n" + "Dutch runs. " * 30
    messages = split_discord(text)
    assert not messages[0].endswith("combat turn")
    assert messages[1].startswith("## Turn 2")
    bold = filler.strip() + "\n\n**Lawmen**\n- Sam\n- Ben"
    bold += "\n" + "x " * 200
    assert not any(last_line_is_heading(m) for m in split_discord(bold)[:-1])


def test_no_cut_inside_an_escape_or_an_emphasis_span():
    text = "\\*" * 1500  # no space at all: only a cut between escapes will do
    messages = split_discord(text)
    assert all(len(m) <= LIMIT and len(m) % 2 == 0 for m in messages)
    assert "".join(messages) == text
    span = "*" + " ".join(["the long italic line"] * 10) + "*"
    text = "Jake fires. " * 160 + span + " Then quiet."
    messages = split_discord(text)
    assert all(unbalanced(m) == [] for m in messages)
    assert span in messages[1]  # the span kept whole, not closed and reopened


def test_a_span_longer_than_a_message_is_closed_and_reopened():
    text = "*" + "word " * 600 + "end*"
    messages = split_discord(text)
    assert len(messages) == 2
    assert messages[0].endswith("*") and messages[1].startswith("*word")
    assert all(unbalanced(m) == [] for m in messages)


def test_cuts_prefer_a_paragraph_then_a_sentence_then_a_space():
    para = "Jake fires at Dutch. " * 60
    text = para.strip() + "\n\n" + para.strip()
    assert split_discord(text) == [para.strip(), para.strip()]
    long_sentence = "Jake fires at Dutch " * 60 + "and misses. And then " + "more " * 200
    messages = split_discord(long_sentence)
    assert messages[0].endswith("misses.")
    no_sentences = "word " * 700
    messages = split_discord(no_sentences)
    assert messages[0].endswith("word") and len(messages[0]) > 1900


def test_a_short_intro_is_not_left_alone_before_a_spoiler_too_long_for_one_message():
    spoiler = "||" + "\n".join(f"line {i} " + "x" * 60 for i in range(100)) + "||"
    messages = split_discord("Intro.\n\n" + spoiler)
    assert messages[0].startswith("Intro.\n\n||line 0") and len(messages[0]) > 1900
    small = "||" + "\n".join(f"line {i}" for i in range(100)) + "||"
    messages = split_discord("Jake fires. " * 150 + "\n\n" + small)
    assert messages[1] == small  # a spoiler that fits in one message is kept whole


def test_a_giant_spoiler_a_giant_line_and_a_giant_fence():
    spoiler = "||" + "\n".join(f"line {i} " + "x" * 60 for i in range(100)) + "||"
    giant = "y" * 4500
    text = f"intro\n\n{spoiler}\n\n{giant}\n\n```\n" + "z\n" * 1500 + "```"
    messages = split_messages(text)
    assert bodies_give_back(text, messages)
    written = [str(m) for m in messages]
    assert all(len(m) <= LIMIT and unbalanced(m) == [] for m in written)
    joined = "".join(written)
    assert joined.count("y") == 4500 and joined.count("line ") == 100


def test_empty_and_blank_text_give_no_message_and_a_tiny_limit_is_refused():
    assert split_discord("") == [] and split_discord(" \n\n ") == []
    with pytest.raises(ValueError, match="too small"):
        split_discord("```python\n" + "x " * 50 + "\n```", limit=8)


@pytest.mark.parametrize("scenario", ["shotgun-gang.yaml", "abilene-saloon.yaml",
                                      "bank-robbery.yaml"])
@pytest.mark.parametrize("mode", ["teaching", "story"])
@pytest.mark.parametrize("block", ["spoiler", "ooc"])
def test_bundled_write_ups_split_cleanly(scenario, mode, block):
    text = render(fight(scenario), "markdown", mode, options=Options(block=block))
    messages = split_messages(text)
    assert len(messages) > 1 and bodies_give_back(text, messages)
    written = [str(m) for m in messages]
    for m in written:
        assert len(m) <= LIMIT and unbalanced(m) == [], m
    for m in written[:-1]:
        assert not last_line_is_heading(m), m


def test_pings_are_neutralised_before_the_split_so_the_limit_still_holds():
    from narrator.cli import discord_messages

    text = ("@everyone " * 200)[:LIMIT - 1] + "."
    messages = discord_messages(text)
    assert all(len(m) <= LIMIT for m in messages) and len(messages) == 2
    assert "@everyone" not in "".join(messages) and "@\u200beveryone" in messages[0]


def test_mutation_survivors_pinned():
    """Cases the mutation run found unpinned (issue 19): a span with no sentence before it,
    tabs as the only spaces, leading blank lines, a blank line inside a long code fence."""
    span = "*" + " ".join(["the long italic line"] * 10) + "*"
    messages = split_discord("word " * 380 + span + " then quiet")
    assert span in messages[-1] and all(unbalanced(m) == [] for m in messages)
    messages = split_discord("word\t" * 600)
    assert all(m.endswith("word") for m in messages) and len(messages) == 2
    messages = split_discord("\n\n   " + "Jake fires. " * 200)
    assert messages[0].startswith("Jake fires.")
    code = "```\nx = 1\n\n" + "\n".join(f"roll_{i} = {i}" for i in range(300)) + "\n```"
    messages = split_discord(code)
    assert len(messages[0]) > 1900  # the blank line in code is not a paragraph to stop at


def test_a_fence_line_longer_than_a_message_after_a_paragraph_is_refused():
    """A fence's opening line (its tag included) opens every message the fence spans, so one
    longer than a message cannot be split (``split_messages`` raises ValueError): also when
    the fence starts a line after the first message, where the scan starts mid-text."""
    text = "intro\n\n```" + "x" * 60 + "\ncode\n```"
    with pytest.raises(ValueError, match="limit of 50 characters is too small"):
        split_discord(text, 50)


def test_a_block_too_long_for_one_message_fills_it_at_its_own_line_ends():
    """A spoiler that cannot be whole in one message anyway starts right after the paragraph
    before it, and the message is filled to the latest line end inside it that fits (not a
    space inside a line), even when that is its first line end (``_fill_block``).
    Limit 100: 'Para one.\\n\\n||' + five lines of 14-15 characters + '||' is 94."""
    spoiler = "||" + "\n".join(f"spoiler line {i}" for i in range(12)) + "||"
    lines = [f"spoiler line {i}" for i in range(12)]
    assert split_discord("Para one.\n\n" + spoiler, 100) == [
        "Para one.\n\n||" + "\n".join(lines[:5]) + "||",
        "||" + "\n".join(lines[5:11]) + "||",
        "||spoiler line 11||"]
    words = " ".join(["word"] * 30)
    assert split_discord("Para one.\n\n||First.\n" + words + "\nlast||", 100) == [
        "Para one.\n\n||First.||", "||" + " ".join(["word"] * 19) + "||",
        "||" + " ".join(["word"] * 11) + "\nlast||"]


def test_inline_code_inside_a_spoiler_or_bold_is_not_cut():
    """Inline code opens inside a spoiler or an emphasis span as anywhere: a space inside the
    code is no cut (the cut falls before it), unless the code itself is too long."""
    code = "`a b c d e f g h`"
    words = "word " * 12
    for limit in (70, 80):
        assert split_discord("||" + words + code + " end||", limit) == [
            "||" + words.rstrip() + "||", "||" + code + " end||"]
    assert split_discord("**" + words + code + " end**", 75) == [
        "**" + words + "`a b c d e`**", "**`f g h` end**"]  # in bold: every cut is in a span


def test_inside_a_spoiler_a_blank_line_is_a_better_cut_than_a_later_line_end():
    """Inside a spoiler, as outside, a blank line (paragraph) beats a line end that fits
    later: 'line two' ends the first message at limits 40 to 50, though '||line one ...
    line four||' (47 characters) would fit at 50."""
    text = "||line one\nline two\n\nline three\nline four\n" + "x " * 40 + "||"
    for limit in (40, 50):
        assert split_discord(text, limit)[:2] == ["||line one\nline two||",
                                                   "||line three\nline four||"]


def test_a_code_line_longer_than_a_message_is_cut_at_its_space_when_that_fits():
    """A line of code longer than a message is cut between characters, and the space inside
    it is a place to cut too (kept at the start of the next message: code keeps every
    character). Limit 48: '```\\n' + 40 a's + '\\n```' is 48."""
    text = "```\nx = 1\n" + "a" * 40 + " " + "b" * 40 + "\n```"
    assert split_discord(text, 48) == [
        "```\nx = 1\n```", "```\n" + "a" * 40 + "\n```", "```\n " + "b" * 39 + "\n```",
        "```\nb\n```"]


def test_a_fence_is_never_left_empty_at_the_end_of_a_message():
    """A code line longer than a message right after a fence's opening line: the message
    before does not end with an empty code block (the opening line, its closing and nothing
    between; Discord shows an empty box); the fence starts in the message its code starts in,
    the long line cut between characters. Limit 48."""
    assert split_discord("Intro.\n\n```python\n" + "a" * 60 + "\nx\n```", 48) == [
        "Intro.", "```python\n" + "a" * 34 + "\n```", "```python\n" + "a" * 26 + "\nx\n```"]
    assert split_discord("```\n" + "a" * 40 + " " + "b" * 40 + "\n```", 48) == [
        "```\n" + "a" * 40 + "\n```", "```\n " + "b" * 39 + "\n```", "```\nb\n```"]
    crlf = split_discord("Intro.\r\n\r\n```python\r\n" + "a" * 60 + "\r\nx\r\n```", 48)
    assert crlf[0] == "Intro." and crlf[1].startswith("```python\r\naaa")
