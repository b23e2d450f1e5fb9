"""A picture of the fight, turn by turn: an SVG battlefield (drawn with drawsvg) and a small
character map in plain text for formats where an image cannot go.

``frames(log)`` reads a fight's event log into one ``Frame`` per turn: the landmarks (with
their cover), where each character stood when the turn began and where he is at its end (by
side, standing, prone, down or dead), the moves of the turn and its shots (hit or missed).
``svg(frame, bounds)`` draws one; ``text_map(frame, bounds)`` writes the character map.

Positions are yards (x to the right, y downwards, as the scenario's ``at: [x, y]``). Labels
are placed so that no two overlap (``_Labels``), in a monospace font whose width is known:
each character is ``CHAR_W`` x font size wide.

May import: drawsvg, narrator.events (the log's event classes), narrator.render.inflection (side names).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import drawsvg as draw

from narrator.events import FightLog
from narrator.render import inflection

SIDE_COLOURS = ("#1f5fa8", "#b3261e", "#2e7d32", "#8e44ad", "#c77c02", "#00838f")
FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace"
CHAR_W = 0.62       # a monospace glyph's advance, in font sizes (DejaVu Sans Mono: 0.602)
LABEL = 11          # font size of labels, px
WIDTH = 640         # the picture's width, px
MARGIN = 40         # around the map area, px
LEGEND_H = 56       # the band under the map: scale bar and legend
STANDING = ("active",)
DEAD = ("dead",)


@dataclass
class Person:
    """One character in a frame: ``start`` and ``end`` positions (yards), ``state`` one of
    standing, prone, down, dead."""

    name: str
    label: str
    side: str
    start: tuple[float, float]
    end: tuple[float, float]
    state: str


@dataclass
class Frame:
    """One turn's picture: ``turn`` number, ``places`` (name, at, cover), ``people``,
    ``moves`` (label, start, end), ``shots`` (shooter label, target label, hit, how many)."""

    turn: int
    sides: tuple[str, ...]
    places: list[tuple[str, tuple[float, float], str]] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)
    moves: list[tuple[str, tuple[float, float], tuple[float, float]]] = field(default_factory=list)
    shots: list[tuple[str, str, bool, int]] = field(default_factory=list)
    side_names: dict[str, str] = field(default_factory=dict)  # key -> display name (legend)

    def side(self, key: str) -> str:
        """A side's name in the legend (``inflection.side_label`` of its display name)."""
        return inflection.side_label(key, self.side_names)


def _state(condition: str, prone: bool) -> str:
    if condition in DEAD:
        return "dead"
    if condition not in STANDING:
        return "down"
    return "prone" if prone else "standing"


def frames(log: FightLog) -> list[Frame]:
    """One Frame per turn of ``log`` (both rulesets). A log without landmark positions (one
    written before they were recorded) has frames without places."""
    started = next(e for e in log.events if e.kind == "fight_started")
    label = {c.name: c.short or c.name for c in started.characters}
    where = {c.name: tuple(c.at) for c in started.characters}
    places = [(p.name, tuple(p.at), p.cover) for p in getattr(started, "places", ())]
    names = inflection.display_names_of(started.sides,
                                        ((c.name, c.side) for c in started.characters),
                                        getattr(started, "side_names", None))
    out: list[Frame] = []
    frame: Frame | None = None
    shots: dict[tuple[str, str, bool], int] = {}
    for e in log.events:
        if e.kind == "turn_started":
            frame = Frame(e.turn, tuple(started.sides), list(places), side_names=names)
            shots = {}
        elif frame is None:
            continue
        elif e.kind == "state_adjusted" and e.field == "at":  # the GM moved him: his start
            spot = str(e.value).split(",")
            try:
                where[e.character] = (float(spot[0]), float(spot[1]))
            except (ValueError, IndexError):
                pass
        elif e.kind in ("moved", "relocated") and tuple(e.start) != tuple(e.end):
            frame.moves.append((label.get(e.character, e.character), tuple(e.start),
                                tuple(e.end)))
        elif e.kind in ("shot_fired", "gun_fired"):
            key = (e.shooter, e.target, e.result == "hit")
            shots[key] = shots.get(key, 0) + (getattr(e, "shots", 1) or 1)
        elif e.kind == "turn_ended":
            for st in e.status:
                frame.people.append(Person(st.name, label.get(st.name, st.name), st.side,
                                           where.get(st.name, tuple(st.at)), tuple(st.at),
                                           _state(st.condition, st.prone)))
                where[st.name] = tuple(st.at)
            frame.shots = [(a, b, hit, n) for (a, b, hit), n in shots.items()]
            out.append(frame)
            frame = None
    return out


@dataclass(frozen=True)
class Bounds:
    """The yards the pictures of one fight show (the same for every turn), and the scale."""

    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def of(cls, fs: list[Frame]) -> Bounds:
        """Every landmark and position of every frame, with 3 yards around (at least 10
        yards each way)."""
        pts = [p[1] for f in fs for p in f.places]
        pts += [q for f in fs for c in f.people for q in (c.start, c.end)]
        if not pts:
            return cls(0, 0, 10, 10)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        x0, x1, y0, y1 = min(xs) - 3, max(xs) + 3, min(ys) - 3, max(ys) + 3
        if x1 - x0 < 10:
            x0, x1 = (x0 + x1) / 2 - 5, (x0 + x1) / 2 + 5
        if y1 - y0 < 10:
            y0, y1 = (y0 + y1) / 2 - 5, (y0 + y1) / 2 + 5
        return cls(x0, y0, x1, y1)

    @property
    def scale(self) -> float:
        """Pixels per yard: the map area is WIDTH - 2 MARGIN wide, and at most 360 px high."""
        return min((WIDTH - 2 * MARGIN) / (self.x1 - self.x0), 360 / (self.y1 - self.y0))

    def px(self, p: tuple[float, float]) -> tuple[float, float]:
        """A position in yards as pixels in the picture."""
        return (round(MARGIN + (p[0] - self.x0) * self.scale, 1),
                round(MARGIN + (p[1] - self.y0) * self.scale, 1))

    @property
    def height(self) -> float:
        """The map area's height in pixels."""
        return (self.y1 - self.y0) * self.scale


Box = tuple[float, float, float, float]


def text_box(x: float, y: float, text: str, size: float, anchor: str) -> Box:
    """The box (left, top, right, bottom) a line of monospace text covers, drawn at ``x, y``
    (baseline) with ``text-anchor`` ``anchor`` (start, middle, end)."""
    w = len(text) * size * CHAR_W
    left = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
    return (left, y - size * 0.8, left + w, y + size * 0.25)


def overlaps(a: Box, b: Box) -> bool:
    """True when two boxes share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _Labels:
    """Places text so that no two labels overlap: each label tries positions around its
    anchor point, nearest first, inside ``area``; the first free one wins."""

    def __init__(self, area: Box) -> None:
        self.area = area
        self.boxes: list[Box] = []

    def reserve(self, box: Box) -> None:
        self.boxes.append(box)

    def place(self, d: draw.Drawing, x: float, y: float, text: str, size: float = LABEL,
              gap: float = 9, **kw: object) -> bool:
        """Draw ``text`` near ``(x, y)`` where it overlaps no label or reserved box and stays
        inside the area; returns False (and draws nothing) when there is no such place."""
        for k in range(12):
            r = gap + k * size * 0.9
            for dx, dy, anchor in ((0, -r, "middle"), (0, r + size * 0.8, "middle"),
                                   (r, size * 0.3, "start"), (-r, size * 0.3, "end"),
                                   (r, -r, "start"), (-r, -r, "end"),
                                   (r, r + size * 0.8, "start"), (-r, r + size * 0.8, "end")):
                box = text_box(x + dx, y + dy, text, size, anchor)
                a = self.area
                if box[0] < a[0] or box[2] > a[2] or box[1] < a[1] or box[3] > a[3]:
                    continue
                if any(overlaps(box, b) for b in self.boxes):
                    continue
                self.boxes.append(box)
                d.append(draw.Text(text, size, x + dx, y + dy, text_anchor=anchor,
                                   font_family=FONT, **kw))
                return True
        return False  # no free place: left out rather than printed over another label


def svg(frame: Frame, bounds: Bounds, title: str | None = None) -> str:
    """The battlefield after ``frame``'s turn as a standalone SVG document (text).

    Landmarks are sand-coloured squares (brown-edged when they give cover, with what they
    cover); each character is a disc in his side's colour where he ends the turn (a bar when
    prone, a ring when down, a cross when dead), with a grey arrow from where he moved; shots
    are red lines (hit) or dashed grey lines (missed) from shooter to target. A scale bar in
    yards and a legend of the sides run along the bottom.
    """
    s = bounds.scale
    h = round(bounds.height + 2 * MARGIN + LEGEND_H, 1)
    d = draw.Drawing(WIDTH, h, id_prefix=f"t{frame.turn}")
    d.append(draw.Rectangle(0, 0, WIDTH, h, fill="#fbf7ef"))
    d.append(draw.Rectangle(MARGIN - 6, MARGIN - 6, WIDTH - 2 * MARGIN + 12,
                            bounds.height + 12, fill="#f3ead7", stroke="#d9c7a7"))
    labels = _Labels((2, 20, WIDTH - 2, MARGIN + bounds.height + 26))
    heading = title or f"Turn {frame.turn}"
    d.append(draw.Text(heading, 13, 8, 16, font_family=FONT, font_weight="bold",
                       fill="#5a3413"))
    labels.reserve(text_box(8, 16, heading, 13, "start"))
    colour = {sd: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, sd in enumerate(frame.sides)}
    where = {p.name: p for p in frame.people}
    arrow = draw.Marker(-0.1, -0.5, 0.9, 0.5, scale=6, orient="auto", id=f"t{frame.turn}-arrow")
    arrow.append(draw.Lines(-0.1, -0.5, -0.1, 0.5, 0.9, 0, fill="#6b5a45", close=True))
    # landmarks
    for _name, at, cover in frame.places:
        x, y = bounds.px(at)
        r = max(5.0, min(12.0, 1.5 * s))
        d.append(draw.Rectangle(x - r, y - r, 2 * r, 2 * r, rx=2, fill="#e0cfa9",
                                stroke="#7a4a1c" if cover else "#b9a27d",
                                stroke_width=2.5 if cover else 1,
                                stroke_dasharray=None if cover else "3,2"))
        labels.reserve((x - r, y - r, x + r, y + r))
    # shots
    for shooter, target, hit, _n in frame.shots:
        a, b = where.get(shooter), where.get(target)
        if a is None or b is None:
            continue
        (x1, y1), (x2, y2) = bounds.px(a.start), bounds.px(b.start)
        d.append(draw.Line(x1, y1, x2, y2, stroke="#c62828" if hit else "#8a8a8a",
                           stroke_width=2 if hit else 1.2,
                           stroke_dasharray=None if hit else "5,4", stroke_opacity=0.85))
    # moves
    for _, start, end in frame.moves:
        (x1, y1), (x2, y2) = bounds.px(start), bounds.px(end)
        if math.hypot(x2 - x1, y2 - y1) < 3:
            continue
        d.append(draw.Line(x1, y1, x2, y2, stroke="#6b5a45", stroke_width=1.5,
                           stroke_dasharray="4,3", marker_end=arrow))
    # characters
    for p in frame.people:
        x, y = bounds.px(p.end)
        c = colour.get(p.side, "#444")
        if p.state == "standing":
            d.append(draw.Circle(x, y, 6, fill=c, stroke="#222", stroke_width=1))
        elif p.state == "prone":
            d.append(draw.Rectangle(x - 8, y - 3, 16, 6, rx=3, fill=c, stroke="#222"))
        elif p.state == "down":
            d.append(draw.Circle(x, y, 6, fill="#fbf7ef", stroke=c, stroke_width=2.5))
        else:
            d.append(draw.Line(x - 6, y - 6, x + 6, y + 6, stroke=c, stroke_width=3))
            d.append(draw.Line(x - 6, y + 6, x + 6, y - 6, stroke=c, stroke_width=3))
        labels.reserve((x - 8, y - 7, x + 8, y + 7))
    for p in frame.people:
        x, y = bounds.px(p.end)
        labels.place(d, x, y, p.label, fill=colour.get(p.side, "#444"), font_weight="bold")
    for name, at, cover in frame.places:
        x, y = bounds.px(at)
        labels.place(d, x, y, name + (f" ({_words(cover)})" if cover and cover != "cover"
                                      else ""),
                     size=10, gap=14, fill="#5a3413")
    _legend(d, frame, bounds, colour)
    return "\n".join(line for line in d.as_svg().splitlines() if line.strip()) + "\n"


def _nice_yards(span: float) -> int:
    """A round length of scale bar: about a fifth of the map's width."""
    for n in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if n >= span / 5:
            return n
    return 1000


def _legend(d: draw.Drawing, frame: Frame, bounds: Bounds,
            colour: dict[str, str]) -> None:
    """The scale bar and the legend, in the band under the map (nothing else is drawn there)."""
    top = MARGIN + bounds.height + 30
    yards = _nice_yards(bounds.x1 - bounds.x0)
    w = yards * bounds.scale
    x = MARGIN
    d.append(draw.Line(x, top, x + w, top, stroke="#2b2118", stroke_width=2))
    for tick in (x, x + w):
        d.append(draw.Line(tick, top - 4, tick, top + 4, stroke="#2b2118", stroke_width=2))
    d.append(draw.Text(f"{yards} yards", 10, x + w / 2, top + 16, text_anchor="middle",
                       font_family=FONT, fill="#2b2118"))
    x = max(x + w, x + len(f"{yards} yards") * 10 * CHAR_W) + 24
    items: list[tuple[str, str]] = [(frame.side(sd), colour[sd]) for sd in frame.sides]
    for name, c in items:
        d.append(draw.Circle(x + 5, top - 4, 5, fill=c, stroke="#222"))
        d.append(draw.Text(name, 10, x + 14, top, font_family=FONT, fill="#2b2118"))
        x += 14 + len(name) * 10 * CHAR_W + 14
    keys = ("○ down", "✕ dead", "▬ prone", "red: hit", "grey: missed", "→ moved")
    x2 = MARGIN + w + 24 if MARGIN + w + 24 < WIDTH / 2 else MARGIN
    line = "  ".join(keys)
    d.append(draw.Text(line, 10, max(x2, MARGIN), top + 18, font_family=FONT, fill="#6b5a45"))


def _words(keys: str) -> str:
    """Location keys as words: "left_arm, abdomen" -> "left arm, abdomen"."""
    return keys.replace("_", " ")


#: The marks of landmarks in the text map, in map order (people have the letters).
PLACE_MARKS = "123456789"


def text_map(frame: Frame, bounds: Bounds, cols: int = 48, rows: int = 14) -> str:
    """A small character map of ``frame`` in plain text (for a code block): a heading with its
    scale (the yards a column and a row stand for: the two differ, the map being wider than
    it is high), each character by a letter where he ends the turn (lower case when down or
    dead, in the key too: "f Llew, down"), each landmark by a digit of its own (``1``-``9``,
    then ``+``), then a key line per side and one for the landmarks, each with what it covers."""
    grid = [["."] * cols for _ in range(rows)]

    def cell(p: tuple[float, float]) -> tuple[int, int]:
        cx = round((p[0] - bounds.x0) / (bounds.x1 - bounds.x0) * (cols - 1))
        cy = round((p[1] - bounds.y0) / (bounds.y1 - bounds.y0) * (rows - 1))
        return max(0, min(rows - 1, cy)), max(0, min(cols - 1, cx))

    keys = []
    marks = []
    spots = []
    for i, (name, at, cover) in enumerate(frame.places):
        mark = PLACE_MARKS[i] if i < len(PLACE_MARKS) else "+"
        r, c = cell(at)
        grid[r][c] = mark
        spots.append((r, c))
        covers = "" if not cover else " (cover)" if cover == "cover" else \
            f" (covers {_words(cover)})"
        marks.append(f"{mark} {name}{covers}")
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    legend: dict[str, list[str]] = {}
    for i, p in enumerate(frame.people):
        ch = letters[i % 26]
        r, c = cell(p.end)
        for dc in (0, 1, -1, 2, -2, 3, -3):  # two men in one cell: the next free one
            if 0 <= c + dc < cols and not grid[r][c + dc].isalpha():
                c += dc
                break
        glyph = ch if p.state in ("standing", "prone") else ch.lower()
        grid[r][c] = glyph
        state = "" if p.state == "standing" else f", {p.state}"
        legend.setdefault(p.side, []).append(f"{glyph} {p.label}{state}")  # as the map shows him
    across = (bounds.x1 - bounds.x0) / (cols - 1)
    down = (bounds.y1 - bounds.y0) / (rows - 1)
    lines = [f"Turn {frame.turn} (one column = {across:.1f} yards, one row = {down:.1f} yards)"]
    lines += ["".join(row) for row in grid]
    for sd, members in legend.items():
        keys.append(f"{frame.side(sd)}: {'; '.join(members)}")
    for k, (r, c) in enumerate(spots):  # a man standing on a landmark hides its mark
        if grid[r][c].isalpha():
            marks[k] += f", under {grid[r][c]}"
    if marks:
        keys.append("landmarks: " + "; ".join(marks))
    keys.append("lower case: down or dead")
    return "\n".join(lines + keys)


def turn_svgs(log: FightLog) -> list[tuple[int, str]]:
    """Every turn's picture as a standalone SVG document: ``[(turn, svg text), ...]``, all on
    the same scale."""
    fs = frames(log)
    bounds = Bounds.of(fs)
    return [(f.turn, svg(f, bounds)) for f in fs]
