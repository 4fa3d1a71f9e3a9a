"""SVG diagrams of a section, drawn from its events: a swimlane (who does
which act, in order) and a floor plan (where each act happens), in the
manner of the 《儀禮圖》: north at the top, east to the right, the 堂 with its
two stairs (阼階 east, 西階 west), the 庭 below, the 門 at the south."""
from __future__ import annotations

from html import escape

FONT = "'Noto Serif CJK TC','Noto Serif TC','Source Han Serif TC',serif"
LANE, COLUMN, GUTTER, TOP = 58, 46, 96, 60

# Where the named places of the hall and court lie on the plan (x, y in a
# 640 × 720 drawing). A place the table does not name is placed by the
# longest name it begins with (阼階東南 → 阼階東); others are listed beside.
PLACES = {
    "室": (250, 70), "室中": (250, 70), "奧": (200, 50), "戶": (300, 112), "戶外": (300, 128), "戶內": (300, 96),
    "戶東": (325, 118), "戶西": (275, 118), "牖": (210, 112), "房": (420, 70), "東房": (420, 70), "房中": (420, 70),
    "房外": (420, 128), "西夾": (95, 70), "西房": (95, 70), "東夾": (530, 70),
    "堂": (300, 185), "堂上": (300, 185), "東堂": (500, 175), "西堂": (100, 175), "堂東": (600, 190),
    "堂西": (30, 190), "序": (540, 190), "東序": (540, 190), "西序": (60, 190), "序端": (540, 245),
    "西序端": (60, 245), "東楹": (390, 235), "西楹": (210, 235), "楹間": (300, 235), "楹": (300, 235),
    "物": (300, 218), "坫": (80, 250), "西坫": (80, 250), "東坫": (520, 250),
    "階": (300, 285), "阼": (440, 285), "阼階": (440, 285), "西階": (160, 285), "階上": (300, 262),
    "阼階上": (440, 262), "西階上": (160, 262), "阼階下": (440, 312), "西階下": (160, 312), "阼階東": (475, 285),
    "阼階西": (405, 285), "西階東": (195, 285), "西階西": (125, 285), "階間": (300, 290), "階前": (300, 312),
    "阼階前": (440, 330), "西階前": (160, 330), "階西": (125, 285), "階東": (475, 285),
    "堂下": (300, 318), "東堂下": (510, 318), "西堂下": (90, 318), "東壁": (620, 330), "西壁": (20, 330),
    "東方": (590, 430), "西方": (40, 430), "庭": (300, 430), "中庭": (300, 430), "碑": (300, 380),
    "洗": (480, 380), "洗南": (480, 410), "洗西": (450, 380), "洗東": (510, 380), "洗北": (480, 355),
    "篚": (455, 365), "楅": (300, 345), "中": (260, 345), "次": (40, 360), "侯": (300, 560), "侯中": (300, 560),
    "乏": (220, 545), "門": (300, 650), "廟門": (300, 650), "寢門": (300, 650), "大門": (300, 650),
    "門中": (300, 650), "門內": (300, 620), "大門內": (300, 620), "門外": (300, 690), "廟門外": (300, 690),
    "寢門外": (300, 690), "外門外": (300, 705), "門東": (345, 650), "門西": (255, 650), "東塾": (390, 650),
    "西塾": (210, 650),
}


def _text(x, y, text, size=13, anchor="middle", cls="", weight="normal", fill="#1d1b18") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" class="{cls}">{escape(text)}</text>')


def _svg(width, height, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">'
            f'<title>{escape(title)}</title><rect width="100%" height="100%" fill="#fbf8f1"/>'
            + "".join(body) + "</svg>")


def describe(room, event) -> str:
    """One line for an act: agents · act · objects · place · facing · recipients."""
    parts = ["、".join(room.label(a) for a in event.agents), ("不" if event.negated else "") + room.label(event.action)]
    parts += ["、".join(room.label(o) for o in event.objects)] if event.objects else []
    parts += [room.label(event.place)] if event.place else []
    parts += [room.label(event.facing)] if event.facing else []
    parts += ["→ " + "、".join(room.label(r) for r in event.recipients)] if event.recipients else []
    return " · ".join(p for p in parts if p)


def swimlane(room, section, local) -> str:
    """Roles down the side, the section's acts in order across."""
    events = section.events
    lanes: list[str] = []
    for event in events:
        for role in [*event.agents, *event.recipients]:
            if role not in lanes:
                lanes.append(role)
    width = GUTTER + COLUMN * max(len(events), 1) + 20
    height = TOP + LANE * max(len(lanes), 1) + 20
    title = f"{section.label or section.heading} {section.locator}: acts in order"
    body = [_text(8, 22, title, 15, "start", weight="bold")]
    for row, role in enumerate(lanes):
        y = TOP + row * LANE
        body.append(f'<rect x="0" y="{y}" width="{width}" height="{LANE}" fill="{"#f3ede0" if row % 2 else "#fbf8f1"}"/>')
        body.append(f'<a href="{escape(local(role))}">{_text(8, y + LANE / 2 + 5, room.label(role), 15, "start", "lane")}</a>')
    passage = None
    for column, event in enumerate(events):
        x = GUTTER + column * COLUMN + COLUMN / 2
        # Acts are numbered through the section (the floor plan uses the same numbers);
        # a rule and the locator mark where a new passage begins.
        body.append(_text(x, TOP - 6, str(column + 1), 10, fill="#7a7265"))
        if event.passage != passage:
            passage = event.passage
            left = x - COLUMN / 2
            body.append(f'<line x1="{left}" y1="{TOP - 30}" x2="{left}" y2="{height - 20}" stroke="#b8ab92"/>')
            body.append(f'<a href="{escape(local(passage))}">'
                        + _text(left + 3, TOP - 20, room.passages[passage].locator, 10, "start", fill="#1d5a8a") + "</a>")
        rows = [lanes.index(a) for a in event.agents]
        for target in event.recipients:  # an arrow from the doer to whom the act is done
            for row in rows:
                y1, y2 = TOP + row * LANE + LANE / 2, TOP + lanes.index(target) * LANE + LANE / 2
                body.append(f'<line x1="{x}" y1="{y1}" x2="{x}" y2="{y2}" stroke="#8a2b1d" stroke-width="1.5" '
                            f'stroke-dasharray="3 2"/><circle cx="{x}" cy="{y2}" r="3" fill="#8a2b1d"/>')
        for row in rows:
            y = TOP + row * LANE + 8
            act = ("不" if event.negated else "") + room.label(event.action)
            objects = "".join(room.label(o) for o in event.objects)[:3]
            body.append(f'<a href="{escape(local(event.iri))}" class="act"><title>{column + 1}. '
                        f'{escape(room.passages[event.passage].locator)} {escape(describe(room, event))}</title>'
                        f'<rect x="{x - COLUMN / 2 + 3}" y="{y}" width="{COLUMN - 6}" height="{LANE - 16}" rx="5" '
                        f'fill="#fff" stroke="#8a2b1d"/>'
                        + _text(x, y + 17, act[:3], 13 if len(act) < 3 else 11, weight="bold")
                        + (_text(x, y + 33, objects, 10, fill="#5a6b1d") if objects else "") + "</a>")
    return _svg(width, height, body, title)


def floorplan(room, section, local) -> str:
    """The hall and court, each act of the section numbered where it happens."""
    width, height, side = 640, 730, 330
    title = f"{section.label or section.heading} {section.locator}: where each act happens"
    body = [_text(8, 22, title, 15, "start", weight="bold"), _text(620, 22, "北 ↑", 13, "end")]
    # The building: 室 and 房 at the north, the 堂 between its 序, the stairs, the court, the gate.
    shapes = [(170, 40, 170, 75, "室"), (350, 40, 140, 75, "房"), (60, 40, 80, 75, "夾"), (40, 115, 520, 140, ""),
              (405, 255, 70, 28, ""), (125, 255, 70, 28, ""), (250, 632, 100, 36, "")]
    for x, y, w, h, name in shapes:
        body.append(f'<rect x="{x}" y="{y + 30}" width="{w}" height="{h}" fill="none" stroke="#b8ab92"/>')
        if name:
            body.append(_text(x + 12, y + 48, name, 12, "start", fill="#7a7265"))
    for name in ("堂", "阼階", "西階", "東楹", "西楹", "東序", "西序", "庭", "碑", "洗", "門", "侯", "乏", "東塾", "西塾"):
        x, y = PLACES[name]
        body.append(_text(x, y + 30 + (22 if name in ("東楹", "西楹", "洗", "碑") else 0), name, 12, fill="#9a8f7a"))
    for name in ("東楹", "西楹"):
        x, y = PLACES[name]
        body.append(f'<circle cx="{x}" cy="{y + 30}" r="6" fill="#d8cfbd"/>')
    placed, elsewhere, used = [], [], {}
    number = {event.iri: n for n, event in enumerate(section.events, 1)}  # as on the swimlane
    for event in section.events:
        if not event.place:
            continue
        name = room.label(event.place)
        key = name if name in PLACES else max((k for k in PLACES if name.startswith(k)), key=len, default=None)
        if key is None:
            elsewhere.append((event, name))
            continue
        x, y = PLACES[key]
        n = used.get((x, y), 0)
        used[(x, y)] = n + 1
        # Beside the place's name (which stays legible), four to a row.
        placed.append((event, x + 16 + 16 * (n % 4), y + 30 + 16 * (n // 4) - 10))
    if len(placed) > 1:  # the path from act to act, so the plan reads as a sequence
        points = " ".join(f"{x},{y}" for _, x, y in placed)
        body.append(f'<polyline points="{points}" fill="none" stroke="#8a2b1d" stroke-opacity=".35" stroke-width="1.2"/>')
    for event, x, y in placed:
        body.append(f'<a href="{escape(local(event.iri))}" class="spot" data-n="{number[event.iri]}"><title>{number[event.iri]}. '
                    f'{escape(describe(room, event))}</title><circle cx="{x}" cy="{y}" r="8" fill="#8a2b1d"/>'
                    + _text(x, y + 4, str(number[event.iri]), 9, fill="#fff") + "</a>")
    lines = [line for _, line in sorted(
        [(number[e.iri], f"{number[e.iri]}. {describe(room, e)}") for e, _, _ in placed]
        + [(number[e.iri], f"{number[e.iri]}. {describe(room, e)}（{name}）") for e, name in elsewhere])]
    body.append(_text(width + 10, 38, f"{len(placed)} acts on the plan, {len(elsewhere)} at places it does not draw,",
                      11, "start", fill="#7a7265"))
    body.append(_text(width + 10, 52, f"{len(section.events) - len(placed) - len(elsewhere)} with no place "
                      "(numbers: order in the section)", 11, "start", fill="#7a7265"))
    for row, line in enumerate(lines):
        body.append(_text(width + 10, 72 + row * 17, line[:30], 12, "start", "legend"))
    return _svg(width + side, max(height, 90 + 17 * len(lines)), body, title)
