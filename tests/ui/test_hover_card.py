"""The hover card, driven with real pointer events: rest the pointer on any placed feature and
the whole feature is outlined and a card tells its kind, owners and worth (from the rules
core) in every game."""

from __future__ import annotations

import pygame

from game.rules import Deploy, Place
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play.hover_card import HOVER_DELAY
from game.ui.session import Seat, Session

from .conftest import Driver


def start(app: App, game_id: str = "carcassonne", expansions: list[str] | None = None
          ) -> PlayScene:
    seats = [Seat("Red", "red"), Seat("Blue", "blue")]
    scene = PlayScene(app, Session.new(app.registry, game_id, expansions or [], seats, seed=5))
    app.replace(scene)
    app.step(1 / 60)
    return scene


def hover(scene: PlayScene, driver: Driver, cell: tuple[int, int], index: int,
          at: tuple[float, float] | None = None) -> list[str]:
    """Rest the pointer on feature ``index`` of the tile at ``cell`` (at its figure spot, or
    at a point of the tile) and read the card."""
    placed = scene.game.board.tiles[cell]
    local = at if at is not None else placed.turned.anchors[index]
    x, y = scene.camera.local_to_screen(cell, local)
    driver.move((round(x), round(y)))
    driver.frames(round(HOVER_DELAY * 60) + 3)
    card = scene.hover.card
    assert card is not None and scene.hover.shown
    assert scene.hover.feature is not None
    assert scene.hover.feature == scene.game.feature_at(cell, index)
    return [card.title, *(line.text for line in card.lines)]


def index_of(scene: PlayScene, cell: tuple[int, int], kind: str, nth: int = 0) -> int:
    features = [f for f in scene.game.board.tiles[cell].tile.features if f.kind == kind]
    return features[nth].index


def test_a_city_card_counts_the_small_city_rule(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "F")  # a city band with a shield, run north-south onto the start
    scene.play(Place("F", 0, -1, 90))
    scene.play(Deploy("follower", "N"))
    city = index_of(scene, (0, -1), "city")
    # a completed city of two tiles scores 1 a tile and shield (small_city 2), as at the end
    assert hover(scene, driver, (0, -1), city) == [
        "City", "2 tiles, 1 shield", "Open: 1 edge to close", "Red: 1 follower, leads",
        "Worth 3 if completed now", "Worth 3 at the end"]
    # the whole city is outlined, across both tiles, in Red's colour
    feature = scene.hover.feature
    assert feature is not None
    assert set(feature.parts) == set(scene.game.feature_at((0, 0), "N").parts)
    driver.move((5, 5))  # off the board: the card goes
    driver.frames(2)
    assert scene.hover.card is None


def test_a_field_card_counts_the_completed_cities_its_farmers_supply(app: App,
                                                                     driver: Driver) -> None:
    scene = start(app)
    game = scene.game
    game.force("tile", "F")
    scene.play(Place("F", 0, -1, 90))
    west = next(f.index for f in game.board.tiles[(0, -1)].tile.features
                if f.kind == "field" and game.board.tiles[(0, -1)].turned.anchors[f.index][0]
                < 0.5)
    scene.play(Deploy("follower", game.board.tiles[(0, -1)].tile.features[west].name
                      or _port_of(scene, (0, -1), west)))
    lines = hover(scene, driver, (0, -1), west)
    assert lines[:3] == ["Field", "1 tile", "Red: 1 follower, leads"]
    assert lines[-1] == "Worth 0 at the end"
    game.force("tile", "E")  # Blue closes the city to the north: a city of 3 tiles
    scene.play(Place("E", 0, -2, 180))
    scene.play(Deploy("follower", "S"))
    driver.frames(60)
    lines = hover(scene, driver, (0, -1), west)
    assert lines[-1] == "Worth 3 at the end"  # one completed city for its farmer


def _port_of(scene: PlayScene, cell: tuple[int, int], index: int) -> str:
    return next(d.target for d in scene.game.deploy_options()
                if scene.game.target_feature(d.target) == index)


def test_a_cloister_card_counts_the_tiles_around_it(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "B")
    scene.play(Place("B", 0, 1, 0))
    cloister = index_of(scene, (0, 1), "cloister")
    assert hover(scene, driver, (0, 1), cloister) == [
        "Cloister", "1 tile", "1 of the 8 tiles around it", "No figures",
        "Worth 9 if completed now", "Worth 2 at the end"]


def test_a_meadow_card_in_hunters_and_gatherers_counts_the_hunt(app: App,
                                                                driver: Driver) -> None:
    scene = start(app, "hunters-and-gatherers")
    meadow = index_of(scene, (0, 0), "meadow")
    assert hover(scene, driver, (0, 0), meadow) == [
        "Meadow", "1 tile, 1 mammoth", "No figures", "Worth 2 at the end"]
    river = index_of(scene, (0, 0), "river")
    assert hover(scene, driver, (0, 0), river, at=(0.5, 0.9)) == [
        "River", "1 tile", "Open: 1 edge to close", "No figures", "Worth 2 if completed now"]


def test_path_and_crop_field_cards_in_over_hill_and_dale(app: App, driver: Driver) -> None:
    scene = start(app, "over-hill-and-dale")
    path = index_of(scene, (0, 0), "path")
    assert hover(scene, driver, (0, 0), path, at=(0.2, 0.5)) == [
        "Path", "1 tile", "Open: 2 edges to close", "No figures",
        "Worth 1 if completed now", "Worth 1 at the end"]
    crop = index_of(scene, (0, 0), "cropfield")
    assert hover(scene, driver, (0, 0), crop) == [
        "Crop field", "1 tile, 1 sunflower", "Open: 1 edge to close", "No figures",
        "Worth 2 if completed now", "Worth 1 at the end"]


def test_a_shepherds_field_in_hills_and_sheep(app: App, driver: Driver) -> None:
    scene = start(app, "carcassonne", ["hills-and-sheep"])
    game = scene.game
    game.force("tile", "F")
    scene.play(Place("F", 0, -1, 90))
    west = next(f.index for f in game.board.tiles[(0, -1)].tile.features
                if f.kind == "field" and game.board.tiles[(0, -1)].turned.anchors[f.index][0]
                < 0.5)
    game.force("draws", "3")
    scene.play(Deploy("shepherd", _port_of(scene, (0, -1), west)))
    lines = hover(scene, driver, (0, -1), west)
    assert lines[:4] == ["Field", "1 tile", "Red: 1 shepherd",  # a shepherd leads nothing
                         "Flock: 3 sheep"]


def test_the_card_works_on_the_history_board(app: App, driver: Driver) -> None:
    scene = start(app)
    scene.game.force("tile", "B")
    scene.play(Place("B", 0, 1, 0))
    scene.play(Deploy("follower", "cloister"))
    driver.key(pygame.K_v)
    driver.key(pygame.K_LEFT)  # back to the start: the cloister is not there yet
    assert scene.history.turn == 0
    x, y = scene.camera.local_to_screen((0, 1), (0.5, 0.5))
    driver.move((round(x), round(y)))
    driver.frames(30)
    assert scene.hover.card is None
    start_city = scene.game.feature_at((0, 0), "N")
    lines = hover(scene, driver, (0, 0), min(i for c, i in start_city.parts))
    assert lines[0] == "City"


def test_the_card_goes_under_a_screen_on_top_and_comes_back_when_the_pointer_rests(
        app: App, driver: Driver) -> None:
    scene = start(app)
    hover(scene, driver, (0, 0), index_of(scene, (0, 0), "city"))
    driver.key(pygame.K_ESCAPE)  # the game menu comes over the board
    assert app.scene is not scene and scene.hover.card is None and not scene.hover.shown
    driver.key(pygame.K_ESCAPE)  # back to the game, the pointer still there
    assert app.scene is scene
    driver.wait(HOVER_DELAY)
    assert scene.hover.shown and scene.hover.card is not None


def test_the_card_tells_the_figure_held_and_what_the_confirm_will_score(
        app: App, driver: Driver) -> None:
    """Before Confirm the figure put down shows on the board but is not played yet, and the
    city the tile completed is not scored yet: the card tells what the board shows."""
    scene = start(app)
    scene.game.force("tile", "E")  # a city cap: closes the start tile's city to the north
    assert scene.place((0, -1), 2)
    city = index_of(scene, (0, -1), "city")
    spot = next(t.spot for t in scene.options.targets() if t.index == city)

    def at() -> tuple[int, int]:  # where the follower stands (the camera may move)
        x, y = scene.camera.local_to_screen((0, -1), spot)
        return (round(x), round(y))

    def card() -> list[str]:
        driver.move(at())
        driver.frames(round(HOVER_DELAY * 60) + 3)
        assert scene.hover.shown and scene.hover.card is not None
        return [scene.hover.card.title, *(line.text for line in scene.hover.card.lines)]

    assert card() == ["City", "2 tiles", "Completed", "No figures",
                      "Scores 2 when the turn is confirmed"]
    driver.click(at())  # Red's follower on the city, not confirmed yet
    assert isinstance(scene.turn.pending, Deploy)
    assert card() == ["City", "2 tiles", "Completed", "Red: 1 follower, leads",
                      "Scores 2 when the turn is confirmed"]
    driver.key(pygame.K_RETURN)  # confirmed: the city scores and the follower comes home
    assert scene.game.scores[0] == 2
    assert card() == ["City", "2 tiles", "Completed", "No figures",
                      "Scored 2 when completed"]
