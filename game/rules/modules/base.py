"""Rule modules of the Carcassonne base game (2002 rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import RuleModule

if TYPE_CHECKING:
    from ..features import Feature, Figure
    from ..host import Host

CITY = "city"
FIELD = "field"


class SmallCity(RuleModule):
    """A completed city of two tiles scores only 1 per tile and 1 per shield."""

    name = "small-city"
    options = ("small_city",)
    __slots__ = ()

    def adjust_points(self, host: Host, feature: Feature, completed: bool, points: int) -> int:
        if (completed and feature.kind == CITY and host.option("small_city") == 2
                and feature.tiles == 2):
            return host.counted_points(feature, host.kinds[CITY].final)
        return points


class Farmers(RuleModule):
    """Farmers supply completed cities at the end of the game.

    per-city (the 2002 text): for each completed city, the farmers of every field touching it
    count together and the player(s) with the most score.  per-field (later editions): each
    field's majority scores for every completed city that field touches.
    """

    name = "farmers"
    options = ("farm_scoring", "farm_city_points")
    __slots__ = ()

    def final_scoring(self, host: Host) -> None:
        feats = host.features
        figures = feats.figures
        # Only fields holding figures can supply anything: each with its completed cities.
        fields = [r for r in host.held_roots() if feats.kind[r] == FIELD]
        cities_of: dict[int, set[int]] = {}
        complete: dict[int, bool] = {}
        for field in fields:
            cities: set[int] = set()
            for city in feats.touched_roots(field):
                done = complete.get(city)
                if done is None:
                    done = complete[city] = host.is_complete(city)
                if done:
                    cities.add(city)
            cities_of[field] = cities
        if host.option("farm_scoring") == "per-field":
            for field in fields:
                cities = cities_of[field]
                if cities:
                    winners = host.winners(figures[field])
                    for player in winners:
                        host.award(player, self.city_points(host, len(winners)) * len(cities),
                                   FIELD, tuple(sorted(feats.cells(field))))
            return
        fields_of: dict[int, list[int]] = {}
        for field, cities in cities_of.items():
            for city in cities:
                fields_of.setdefault(city, []).append(field)
        for city in sorted(fields_of):
            farmers: list[Figure] = []
            for field in fields_of[city]:
                farmers.extend(figures[field])
            winners = host.winners(farmers)
            if not winners:
                continue
            cells = tuple(sorted(feats.cells(city)))
            points = self.city_points(host, len(winners))
            for player in winners:
                host.award(player, points, FIELD, cells)

    def end_worth(self, host: Host, feature: Feature) -> int | None:
        """A field: what its leading farmers would get for the completed cities it touches
        (per-city: each city they would win among all the farmers around it)."""
        if feature.kind != FIELD:
            return None
        feats = host.features
        cities = sorted(c for c in feats.touched_roots(feature.root) if host.is_complete(c))
        leaders = host.winners(feature.figures)
        if not leaders or host.option("farm_scoring") == "per-field":
            return self.city_points(host, max(1, len(leaders))) * len(cities)
        fields = [r for r in host.held_roots() if feats.kind[r] == FIELD]
        best = 0
        for player in leaders:
            points = 0
            for city in cities:
                farmers = [f for r in fields if city in feats.touched_roots(r)
                           for f in feats.figures[r]]
                winners = host.winners(farmers)
                if player in winners:
                    points += self.city_points(host, len(winners))
            best = max(best, points)
        return best

    def city_points(self, host: Host, winners: int) -> int:
        """Points per supplied city.  With the option at 4 the text's sentence is followed
        as written: a sole majority gets 4, tied players get 3."""
        points = int(host.option("farm_city_points"))
        return points if winners == 1 else min(points, 3)


class Hand(RuleModule):
    """The tactical variant: each player holds three tiles, plays one, draws one."""

    name = "hand"
    options = ("hand",)
    __slots__ = ()

    def hand_size(self, host: Host) -> int | None:
        return int(host.option("hand"))
