"""Every stack through the night as one inline SVG: no chart library, no request elsewhere.

Pure Python, no Django. The page passes the stacks after each posting that
moved chips in or out of a stack; the chart draws one line per player, sized
to read on a 360 px phone, with a legend of names and final stacks. Each
line carries a class (hg-c0 to hg-c7) whose light and dark colours live in
static/css/ledger.css: the Content-Security-Policy refuses style blocks and
style attributes, so the SVG has neither. Lines past the eighth player are
dashed so no two look the same. Players level with each other (everyone
at the start, after the same buy-in) would hide all lines but the last
drawn, so each line runs a few pixels from its neighbours (`SPREAD`), which
keeps every colour in view where figures are equal. `net_chart` draws a group's running
winnings night by night the same way, with a line at zero.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from decimal import Decimal
from html import escape
from typing import TypeVar

Point = tuple[int, Mapping[Hashable, int]]
# What a chart plots for one player: chips (`stack_chart`) or money (`net_chart`).
Figure = TypeVar("Figure", int, Decimal)

WIDTH = 360
PLOT_HEIGHT = 180
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 26
LEGEND_ROW = 22
LEGEND_COLUMNS = 2
# Characters of "name stack" that fit one legend column at the chart's 13 px font.
LEGEND_CHARS = 20

# Line colour classes, .hg-c0 to .hg-c7, each with a light and a dark colour in ledger.css.
COLOURS = 8
DASHES = ("", "6 4", "2 3")
# Pixels between the lines of players level with each other: a line is a little wider.
SPREAD = 3.0


def stack_chart(points: Sequence[Point], labels: Mapping[Hashable, str] | None = None) -> str:
    """An SVG line chart of each player's stack after each posting; "" with nothing to draw.

    `points` are (posting index, {player: stack}) in order; a player missing
    from a point had no seat yet. `labels` names the players in the legend.
    """
    if not points:
        return ""
    labels = labels or {}
    players = list(dict.fromkeys(p for _, stacks in points for p in stacks))
    if not players:
        return ""
    first, last = points[0][0], points[-1][0]
    top = _nice_top(max(max(stacks.values(), default=0) for _, stacks in points))
    plot_w = WIDTH - LEFT - RIGHT

    def x(index: int) -> float:
        return LEFT + (plot_w * (index - first) / (last - first) if last > first else plot_w / 2)

    def y(chips: int) -> float:
        return TOP + PLOT_HEIGHT * (1 - chips / top)

    rows = -(-len(players) // LEGEND_COLUMNS)
    height = TOP + PLOT_HEIGHT + BOTTOM + rows * LEGEND_ROW + 6
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
        'aria-labelledby="chart-title" font-size="13">',
        '<title id="chart-title">Each player\'s stack through the night</title>',
    ]
    for chips in (0, top // 2, top):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(chips):.1f}" y2="{y(chips):.1f}" '
            'stroke="currentColor" stroke-opacity=".2"/>'
            f'<text x="{LEFT - 6}" y="{y(chips) + 4:.1f}" text-anchor="end" '
            f'fill="currentColor">{chips}</text>'
        )
    axis_y = TOP + PLOT_HEIGHT + 18
    parts.append(
        f'<text x="{LEFT}" y="{axis_y}" fill="currentColor">Start</text>'
        f'<text x="{WIDTH - RIGHT}" y="{axis_y}" text-anchor="end" fill="currentColor">Now</text>'
    )
    final = _last_stacks(points)
    parts += _lines_and_legend(players, points, x, y, labels, {p: str(final[p]) for p in players})
    parts.append("</svg>")
    return "".join(parts)


def _lines_and_legend(
    players: Sequence[Hashable],
    points: Sequence[tuple[int, Mapping[Hashable, Figure]]],
    x: Callable[[int], float],
    y: Callable[[Figure], float],
    labels: Mapping[Hashable, str],
    shown: Mapping[Hashable, str],
) -> list[str]:
    """One line per player through its points, a dot at its end, and the legend under the plot.

    Both charts draw their players the same way, so a colour means the same
    kind of line on either; `shown` is each player's last figure as the legend says it.
    """
    parts = []
    for number, player in enumerate(players):
        shift = spread(number, len(players))
        line = [(x(i), y(values[player]) + shift) for i, values in points if player in values]
        style = _style(number)
        coords = " ".join(f"{px:.1f},{py:.1f}" for px, py in line)
        parts.append(
            f'<polyline {style} points="{coords}" fill="none" stroke-width="2.5" '
            'stroke-linejoin="round" stroke-linecap="round"/>'
        )
        end_x, end_y = line[-1]
        parts.append(f'<circle {style} cx="{end_x:.1f}" cy="{end_y:.1f}" r="3.5"/>')
    legend_top = TOP + PLOT_HEIGHT + BOTTOM + 4
    column_w = (WIDTH - 8) // LEGEND_COLUMNS
    for number, player in enumerate(players):
        row, column = divmod(number, LEGEND_COLUMNS)
        lx, ly = 4 + column * column_w, legend_top + row * LEGEND_ROW
        name = escape(_legend_name(str(labels.get(player, player)), shown[player]))
        parts.append(
            f'<line {_style(number)} x1="{lx}" x2="{lx + 22}" y1="{ly + 8}" y2="{ly + 8}" '
            'stroke-width="3"/>'
            f'<text x="{lx + 28}" y="{ly + 13}" fill="currentColor">{name} '
            f'<tspan font-weight="600">{shown[player]}</tspan></text>'
        )
    return parts


def spread(number: int, players: int) -> float:
    """How far a player's line sits from the true figure, so that equal lines lie side by side.

    Centred on the figure: with four players the lines sit 4.5 and 1.5 px
    above it and 1.5 and 4.5 px below.
    """
    return (number - (players - 1) / 2) * SPREAD


def _legend_name(name: str, figure: object) -> str:
    """The name, cut short with an ellipsis so that it and its figure fit one legend column."""
    room = LEGEND_CHARS - len(str(figure)) - 1
    return name if len(name) <= room else name[: room - 1] + "…"


def _style(number: int) -> str:
    colour = f'class="hg-c{number % COLOURS}"'
    dash = DASHES[(number // COLOURS) % len(DASHES)]
    return f'{colour} stroke-dasharray="{dash}"' if dash else colour


def _nice_top(chips: int) -> int:
    """A round number at or above the tallest stack, so the axis reads 0, half, top."""
    if chips <= 0:
        return 10
    step: int = 10 ** (len(str(chips)) - 1)
    for factor in (1, 2, 4, 5, 10):
        if factor * step >= chips and (factor * step) % 2 == 0:
            return factor * step
    return 10 * step


def _last_stacks(points: Sequence[Point]) -> dict[Hashable, int]:
    final: dict[Hashable, int] = {}
    for _, stacks in points:
        final.update(stacks)
    return final


def net_chart(
    points: Sequence[tuple[int, Mapping[Hashable, Decimal]]],
    labels: Mapping[Hashable, str] | None = None,
    *,
    first: str = "",
    last: str = "",
    currency: str = "",
) -> str:
    """An SVG line chart of each person's running net (money) night by night; "" with none.

    `points` are (night index, {person: money won so far}) in order, as
    `across_nights.running_totals` gives them; a person missing from a point
    had not played yet. The axis runs from the biggest loss to the biggest
    win with a line at zero; `first` and `last` name the first and last
    nights under it. Same colours, dashes and legend as `stack_chart`.
    """
    players = list(dict.fromkeys(p for _, totals in points for p in totals))
    if not players:
        return ""
    labels = labels or {}
    start, end = points[0][0], points[-1][0]
    values = [v for _, totals in points for v in totals.values()]
    high, low = max(max(values), Decimal(0)), min(min(values), Decimal(0))
    span = (high - low) or Decimal(1)
    plot_w = WIDTH - LEFT - RIGHT

    def x(index: int) -> float:
        return LEFT + (plot_w * (index - start) / (end - start) if end > start else plot_w / 2)

    def y(money: Decimal) -> float:
        return TOP + PLOT_HEIGHT * float((high - money) / span)

    rows = -(-len(players) // LEGEND_COLUMNS)
    height = TOP + PLOT_HEIGHT + BOTTOM + rows * LEGEND_ROW + 6
    title = "Each person's winnings so far, night by night" + (
        f" in {currency}" if currency else ""
    )
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
        'aria-labelledby="net-chart-title" font-size="13">',
        f'<title id="net-chart-title">{escape(title)}</title>',
    ]
    for money in dict.fromkeys((high, Decimal(0), low)):
        opacity = ".5" if money == 0 else ".2"
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(money):.1f}" y2="{y(money):.1f}" '
            f'stroke="currentColor" stroke-opacity="{opacity}"/>'
            f'<text x="{LEFT - 6}" y="{y(money) + 4:.1f}" text-anchor="end" '
            f'fill="currentColor">{_signed(money)}</text>'
        )
    axis_y = TOP + PLOT_HEIGHT + 18
    parts.append(
        f'<text x="{LEFT}" y="{axis_y}" fill="currentColor">{escape(first[:20])}</text>'
        f'<text x="{WIDTH - RIGHT}" y="{axis_y}" text-anchor="end" '
        f'fill="currentColor">{escape(last[:20])}</text>'
    )
    final = {p: _signed(next(t[p] for _, t in reversed(points) if p in t)) for p in players}
    parts += _lines_and_legend(players, points, x, y, labels, final)
    parts.append("</svg>")
    return "".join(parts)


def _signed(money: Decimal) -> str:
    """Money as the axis and legend show it: to the cent, with a sign unless it is zero."""
    if money == 0:
        return "0"
    return f"{money:+.2f}"
