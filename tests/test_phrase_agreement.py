"""Every verb marker whose subject is plain text, not a field, agrees with it.

A verb marker ``[lemma]`` agrees with the last field that may be its subject in its clause
(narrator/render/phrases.py); where the subject is written out in the phrase itself ("The guns
[fall] silent", "{a}'s fingers [close]"), no field is its subject and the verb came out
singular ("The guns falls silent"). Such a phrase must force the number: ``[fall:pl]``. This
test reads every phrase table (the shared one and each ruleset's) and finds verbs whose
subject is a plural noun written in the phrase, by ``inflect`` (the library the realisation
uses for nouns' number).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from narrator.render import inflection
from narrator.render import phrases as P

ROOT = Path(__file__).resolve().parent.parent
TABLES = [ROOT / "templates/common/phrases.toml",
          *sorted((ROOT / "narrator/rulesets").glob("*/templates/phrases.toml"))]
#: Words before a verb that are no plural subject although inflect can singularise them.
NOT_SUBJECTS = {"them", "they", "us", "this", "its", "his", "has", "was", "is", "always",
                "sometimes", "perhaps", "nobody", "yes", "alas", "thus", "series", "news"}


def _phrases(table: dict, path: str = ""):
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _phrases(value, f"{path}{key}.")
        elif isinstance(value, list):
            yield from ((f"{path}{key}", p) for p in value if isinstance(p, str))


#: A clause of its own opened in the text before a verb marker, its subject written out: a
#: conjunction, then "the" (a possessive, "all", "both") and a noun straight before the
#: verb ("{who} [freeze] as the others [act]": the others act, whoever {who} is).
_OWN_CLAUSE = re.compile(r"(?:^|[,;]|\b(?:as|when|while|before|until|because|if|where|and|but))"
                         r"\s+(?:the|all|both|all the|both the|his|her|their)\s+"
                         r"(?:[a-z]+\s+)?([a-z]+)\s*$")


def unforced_plural_subjects(phrase: str) -> list[str]:
    """The plural nouns written in a phrase that a verb marker follows with no field as its
    subject and no forced number (each a misagreement in the present tense)."""
    engine = inflection._engine()
    found: list[str] = []
    subject: str | None = None
    before = ""
    for op in P._compile(P.tags_of(phrase)[1]):
        if op[0] == "text":
            before = op[1]
        elif op[0] == "reset":
            subject = None
        elif op[0] == "field":
            subject = op[1] if op[2] else subject
            before = ""
        elif op[0] == "verb":
            words = re.findall(r"[A-Za-z']+", before)
            own = _OWN_CLAUSE.search(before)  # "{who} [freeze] as the others [act]"
            if own and op[2] is None:
                words = [own.group(1)]
            if op[2] is None and (subject is None or own) and words:
                word = words[-1].lower()
                of_phrase = len(words) > 1 and words[-2].lower() == "of"
                single = engine.singular_noun(word)
                if single and single != word and word not in NOT_SUBJECTS and not of_phrase:
                    found.append(words[-1])
            before = ""
    return found


def test_the_check_sees_a_written_plural_subject():
    assert unforced_plural_subjects("The guns [fall] silent {time} in.") == ["guns"]
    assert unforced_plural_subjects("{a}'s fingers [close] on the grip.") == ["fingers"]
    assert unforced_plural_subjects("The guns [fall:pl] silent {time} in.") == []
    assert unforced_plural_subjects("{a} [draw] his gun.") == []
    assert unforced_plural_subjects("Glass [break] somewhere behind {b}.") == []
    assert unforced_plural_subjects("and one of them [find] its mark.") == []
    # a clause of its own after the field's: ww-mine.yaml seed 68 "Penrose freezes as the
    # others acts."
    assert unforced_plural_subjects("{who} [freeze] as the others [act].") == ["others"]
    assert unforced_plural_subjects("{who} [freeze] as the others [act:pl].") == []
    assert unforced_plural_subjects("{who} [freeze] as the ground [shake].") == []


@pytest.mark.parametrize("table", TABLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_written_plural_subject_forces_its_verb(table):
    bad = [(group, phrase) for group, phrase in _phrases(tomllib.loads(table.read_text()))
           if unforced_plural_subjects(phrase)]
    assert bad == []


def test_a_forced_plural_reads_in_both_tenses():
    assert P.Phrases({"g": ["The guns [fall:pl] silent."]}, seed=1).fill(
        "The guns [fall:pl] silent.", {}, set()) == "The guns fall silent."
    assert P.Phrases({"g": ["x"]}, seed=1, tense="past").fill(
        "The guns [fall:pl] silent.", {}, set()) == "The guns fell silent."


@pytest.mark.parametrize("phrase, present", [
    ("For the next {time} nobody [hit] anything.", "For the next 96 seconds nobody hits anything."),
    ("{who} [fire]; nothing [come] of it.", "the rustlers fire; nothing comes of it."),
    ("{who} [see] nothing and [hold] fire.", "the rustlers see nothing and hold fire."),
    ("Then {time} [go] by without a hit.", "Then 96 seconds go by without a hit."),
])
def test_a_subject_word_of_its_own_takes_the_verb(phrase, present):
    """A verb straight after "nobody"/"nothing"... agrees with it, not with the plural field
    before it (the fresh user's "For the next 96 seconds nobody hit anything", present
    tense); an object "nothing" does not take the subject from its field."""
    fields = {"time": "96 seconds", "who": "the rustlers"}
    got = P.Phrases({"g": ["x"]}, seed=1).fill(phrase, fields, {"time", "who"})
    assert got == present


def _story_in_a_fresh_process(cache: str) -> tuple[str, bool]:
    """A story write-up of the stagecoach example in a new process with ``cache`` as the
    cache folder ("" for none): the write-up and whether lemminflect was loaded."""
    import json
    import os
    import subprocess
    import sys
    probe = ("import json, sys\n"
             "from narrator.scenario import load_scenario\n"
             "from narrator.engine import run_fight\n"
             "from narrator.render import render\n"
             f"log = run_fight(load_scenario({str(ROOT / 'scenarios/examples/stagecoach.yaml')!r}),"
             " 1, dice_fallback='seeded')\n"
             "out = render(log, 'markdown', 'story')\n"
             "print(json.dumps([out, 'lemminflect' in sys.modules]))\n")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                       env={**os.environ, "NARRATOR_CACHE_DIR": cache}, check=True)
    out, loaded = json.loads(r.stdout)
    return out, loaded


def test_verb_forms_kept_between_runs(tmp_path):
    """lemminflect's forms that a write-up looked up are kept in the cache folder
    (inflection._forms): the next process writes the same story without loading lemminflect;
    a file that cannot be read, or no cache folder, gives the same story by lemminflect."""
    first, loaded = _story_in_a_fresh_process(str(tmp_path))
    assert loaded
    kept = list((tmp_path / inflection.VERB_FOLDER).glob("*.json"))
    assert len(kept) == 1
    import json
    forms = json.loads(kept[0].read_text())
    from lemminflect import getInflection
    assert len(forms) > 10
    for key, form in forms.items():  # "VBZ take": "takes"
        tag, word = key.split(" ")
        assert form == (getInflection(word, tag) or (None,))[0]
    again, loaded = _story_in_a_fresh_process(str(tmp_path))
    assert (again, loaded) == (first, False)
    kept[0].write_text("{not json")
    assert _story_in_a_fresh_process(str(tmp_path)) == (first, True)
    assert _story_in_a_fresh_process("") == (first, True)


def test_verb_forms_from_the_cache_are_lemminflects(tmp_path, monkeypatch):
    """A form read back from the cache file is the one lemminflect gave; a word kept as
    having no form (null) is refused as lemminflect's empty answer is."""
    import json
    monkeypatch.setenv("NARRATOR_CACHE_DIR", str(tmp_path))
    inflection._forms.cache_clear()
    inflection.verb.cache_clear()
    try:
        assert inflection.verb("draw", "past", False) == "drew"
        assert inflection.verb("give way", "present", False) == "gives way"
        inflection._forms.cache_clear()
        inflection.verb.cache_clear()
        forms, entry = inflection._forms()
        assert entry is not None and forms == {"VBD draw": "drew", "VBZ give": "gives"}
        entry.write_text(json.dumps({**forms, "VBD draw": "drawed", "VBZ qzx": None}))
        inflection._forms.cache_clear()
        inflection.verb.cache_clear()
        assert inflection.verb("draw", "past", True) == "drawed"  # read back, not looked up
        with pytest.raises(ValueError, match="no inflection of the verb 'qzx'"):
            inflection.verb("qzx", "present", False)
    finally:
        inflection._forms.cache_clear()
        inflection.verb.cache_clear()


#: A tensed auxiliary written out in a phrase (not a verb marker) fixes the clause's tense:
#: "where {b}'s jaw had been" stayed pluperfect in a present-tense write-up ("Mike's fist
#: finds only air where Swede's jaw had been"). "[have] had enough" is a marker, and "as if
#: nothing had happened" is the subjunctive either tense takes.
_WRITTEN_TENSE = re.compile(r"\b(?:had been|has been|have been|is|are|was|were)\b")
_EITHER_TENSE = ("as if nothing had happened", "the thing that was {b}")


@pytest.mark.parametrize("table", TABLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_phrase_writes_out_a_tensed_be(table):
    bad = []
    for group, phrase in _phrases(tomllib.loads(table.read_text())):
        text = re.sub(r"\[[^\]]*\]", " ", phrase)
        for said in _EITHER_TENSE:
            text = text.replace(said, "")
        if _WRITTEN_TENSE.search(text):
            bad.append((group, phrase))
    assert bad == []


def test_a_missed_punch_reads_in_both_tenses():
    """Old (present tense): "Red Mike's fist finds only air where Swede's jaw had been"."""
    for tense, said in (("present", "Red Mike aims a punch at Swede's jaw and finds only air."),
                        ("past", "Red Mike aimed a punch at Swede's jaw and found only air.")):
        ph = P.Phrases({"g": ["x"]}, seed=1, tense=tense)
        got = ph.fill("{a} [aim] a punch at {b}'s jaw and [find] only air.",
                      {"a": "Red Mike", "b": "Swede"}, set())
        assert got == said
    table = tomllib.loads((ROOT / "templates/common/phrases.toml").read_text())
    assert "<fist> {a} [aim] a punch at {b}'s jaw and [find] only air." in table["blow_miss"]
