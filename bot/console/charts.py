"""Charts drawn on the server with matplotlib (3.5, the version Rasa's pins hold), as PNG bytes the page embeds
as data: URIs, so the page works without the internet and with the console's CSP (img-src data:).

matplotlib's object API (Figure and an Agg canvas), never pyplot: no global state shared between requests.
It is imported on first use, not when the console starts.
"""

from __future__ import annotations

import base64
import io

from bot.console.dashboard_data import Chart, Panel

# colours told apart by people with the commonest colour blindness (Okabe and Ito's palette)
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
WIDTH_IN, PANEL_HEIGHT_IN, DPI = 8.0, 2.8, 100


def _draw_panel(axes, panel: Panel, kind: str, value_label: str) -> None:
    positions = list(range(len(panel.categories)))
    if kind == "horizontal":
        for i, (name, values) in enumerate(panel.series):
            axes.barh(positions, values, color=PALETTE[i % len(PALETTE)], label=name)
        axes.set_yticks(positions)
        axes.set_yticklabels(panel.categories, fontsize=8)
        axes.set_xlabel(value_label)
        axes.xaxis.get_major_locator().set_params(integer=True)
        return
    count = max(len(panel.series), 1)
    width = 0.8 if kind == "stacked" else 0.8 / count
    bottoms = [0.0] * len(positions)
    for i, (name, values) in enumerate(panel.series):
        if kind == "stacked":
            axes.bar(positions, values, width, bottom=bottoms, color=PALETTE[i % len(PALETTE)], label=name)
            bottoms = [b + v for b, v in zip(bottoms, values, strict=True)]
        else:
            shifted = [p - 0.4 + width * (i + 0.5) for p in positions]
            axes.bar(shifted, values, width, color=PALETTE[i % len(PALETTE)], label=name)
    axes.set_xticks(positions)
    axes.set_xticklabels(panel.categories, fontsize=8, rotation=45 if len(positions) > 12 else 0)
    axes.set_ylabel(value_label)
    axes.yaxis.get_major_locator().set_params(integer=True)


def render_png(chart: Chart) -> bytes:
    """The chart as a PNG image."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    panels = chart.panels or (Panel("", (), ()),)
    figure = Figure(figsize=(WIDTH_IN, PANEL_HEIGHT_IN * len(panels)), dpi=DPI)
    FigureCanvasAgg(figure)
    for index, panel in enumerate(panels, start=1):
        axes = figure.add_subplot(len(panels), 1, index)
        _draw_panel(axes, panel, chart.kind, chart.value_label)
        if panel.title:
            axes.set_title(panel.title, fontsize=10, loc="left")
        if len(panel.series) > 1:
            axes.legend(fontsize=8, loc="upper left", frameon=False)
        axes.spines["top"].set_visible(False)
        axes.spines["right"].set_visible(False)
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


def data_uri(chart: Chart) -> str:
    return "data:image/png;base64," + base64.b64encode(render_png(chart)).decode("ascii")
