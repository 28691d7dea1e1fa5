"""Rule modules of the Carcassonne base game (2002 rules)."""

from __future__ import annotations

from ..features import FeatureData, Figure
from . import RuleModule

CITY = "city"
FIELD = "field"


class SmallCity(RuleModule):
    """A completed city of two tiles scores only 1 per tile and 1 per shield."""

    name = "small-city"
    options = ("small_city",)

    def adjust_points(self, feature: FeatureData, completed: bool, points: int) -> int:
        if (completed and feature.kind == CITY and len(feature.cells) == 2
                and self.game.option("small_city") == 2):
            return self.game.table_points(feature, self.game.kinds[CITY].final)
        return points


class Farmers(RuleModule):
    """Farmers supply completed cities at the end of the game.

    per-city (the 2002 text): for each completed city, the farmers of every field touching it
    count together and the player(s) with the most score.  per-field (later editions): each
    field's majority scores for every completed city that field touches.
    """

    name = "farmers"
    options = ("farm_scoring", "farm_city_points")

    def final_scoring(self) -> None:
        game = self.game
        fields = [r for r in game.features.roots() if game.feature_data(r).kind == FIELD]
        cities_of: dict[int, set[int]] = {}
        for field in fields:
            data = game.feature_data(field)
            cities_of[field] = {game.features.find(c) for c in data.touches
                                if game.is_complete(game.features.find(c))}
        if game.option("farm_scoring") == "per-field":
            for field in fields:
                data = game.feature_data(field)
                cities = cities_of[field]
                if cities and data.figures:
                    winners = game.winners(data.figures)
                    for player in winners:
                        game.award(player, self.city_points(len(winners)) * len(cities),
                                   FIELD, sorted(data.cells), final=True)
            return
        fields_of: dict[int, list[int]] = {}
        for field, cities in cities_of.items():
            for city in cities:
                fields_of.setdefault(city, []).append(field)
        for city in sorted(fields_of):
            farmers: list[Figure] = []
            for field in fields_of[city]:
                farmers.extend(game.feature_data(field).figures)
            if not farmers:
                continue
            cells = sorted(game.feature_data(city).cells)
            winners = game.winners(farmers)
            for player in winners:
                game.award(player, self.city_points(len(winners)), FIELD, cells, final=True)

    def end_worth(self, feature: FeatureData) -> int | None:
        """A field: what its leading farmers would get for the completed cities it touches
        (per-city: for each city they would win among all the farmers around it)."""
        if feature.kind != FIELD:
            return None
        game = self.game
        find = game.features.find
        cities = sorted({find(c) for c in feature.touches if game.is_complete(find(c))})
        leaders = game.winners(feature.figures)
        if not leaders or game.option("farm_scoring") == "per-field":
            return self.city_points(max(1, len(leaders))) * len(cities)
        fields = [r for r in game.features.roots() if game.feature_data(r).kind == FIELD]
        best = 0
        for player in leaders:
            points = 0
            for city in cities:
                farmers = [f for r in fields for f in game.feature_data(r).figures
                           if city in {find(c) for c in game.feature_data(r).touches}]
                winners = game.winners(farmers)
                if player in winners:
                    points += self.city_points(len(winners))
            best = max(best, points)
        return best

    def city_points(self, winners: int) -> int:
        """Points per supplied city.  With the option at 4 the text's sentence is followed
        as written: a sole majority gets 4, tied players get 3."""
        points = int(self.game.option("farm_city_points"))
        return points if winners == 1 else min(points, 3)


class Hand(RuleModule):
    """The tactical variant: each player holds three tiles, plays one, draws one."""

    name = "hand"
    options = ("hand",)

    def hand_size(self) -> int | None:
        return int(self.game.option("hand"))


