"""A rules page made from a tile set's own data, for a tile set that brings no page: what
each kind scores, where each figure goes, what each option means.  Standard library only."""

from __future__ import annotations

from collections.abc import Mapping

from game.rules.model import KindDef, TileSet
from game.words.i18n import _, language
from game.words.rulespages import Heading, Page, Paragraph, Span
from game.words.vocabulary import (
    figure_word,
    icon_word,
    kind_word,
    option_name,
    set_name,
    value_label,
    value_text,
)


def _points(tileset: TileSet, each: Mapping[str, int]) -> str:
    parts = []
    for what, points in each.items():
        if what == "tile":
            parts.append(_("{points} per tile").format(points=points))
        else:
            parts.append(_("{points} per {icon}").format(points=points,
                                                          icon=icon_word(tileset, what)))
    return ", ".join(parts)


def _scoring(tileset: TileSet, kind: KindDef) -> str:
    if kind.role == "background":
        return _("never completed: figures on it stay until the end.")
    when = (_("complete when the eight cells around it hold tiles")
            if kind.completion == "surrounded" else _("complete when nothing is left open"))
    done = _points(tileset, kind.points) or _("nothing")
    end = _points(tileset, kind.final) or _("nothing")
    return _("{when}; scores {done} when completed, {end} at the end.").format(
        when=when, done=done, end=end)


def generated_page(own: TileSet | None, tileset: TileSet | None) -> Page:
    """The page of ``own`` (a game or an expansion); ``tileset`` is the playable set it is
    part of.  Either may be None when the set did not load."""
    subject = own or tileset
    if subject is None:
        return Page("", language(), "", (Heading(1, _("No rules page"), 0),))
    blocks: list[Heading | Paragraph] = [
        Heading(1, set_name(subject), 0),
        Paragraph((Span(_("This tile set brings no rules page: here is what its file "
                          "says.")),), 0),
        Heading(2, _("What scores"), 0)]
    for kind in subject.kinds.values():
        blocks.append(Paragraph((Span(kind_word(subject, kind.name).capitalize(), True),
                                 Span(_(": ") + _scoring(subject, kind))), 0, "•"))
    blocks.append(Heading(2, _("Figures"), 0))
    for fig in subject.figures.values():
        kinds = ", ".join(kind_word(subject, k, 2) for k in sorted(fig.on))
        text = _("{count} each, on {kinds}.").format(count=fig.count, kinds=kinds)
        if fig.stays:
            text += " " + _("It stays on the board until the end.")
        blocks.append(Paragraph((Span(figure_word(subject, fig.name).capitalize(), True),
                                 Span(_(": ") + text)), 0, "•"))
    if subject.options:
        blocks.append(Heading(2, _("Rule options"), 0))
    for name, option in subject.options.items():
        for value in option.values:
            meaning = value_text(subject, name, value)
            line = _("{option}: {value}").format(option=option_name(subject, name),
                                                 value=value_label(subject, name, value))
            blocks.append(Paragraph((Span(line, True),
                                     Span(" — " + (meaning.explain if meaning else ""))),
                                    0, "•"))
    return Page(subject.id, language(), "", tuple(blocks))
