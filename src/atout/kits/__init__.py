"""One kit per game: the one registry of the games (docs/architecture.md, "Kits").

A :class:`GameKit` holds everything a game brings: its engine (deal, match, options and
view classes), the rule presets the home page offers, its own bots, the world sampler,
the compiled kernel's hooks, its scoresheet and scorekeeper entry, its lessons, its
terminal renderer and its presenter, which turns views into message keys with
parameters (the words stay in the gettext catalogues). Front ends and features ask the
kit (``kit(name)``, ``KITS``) and never name a game.

Each game's kit is declared in ``atout.kits.<game>``. Its parts above the engine are
named by where they live (``"module:attribute"``) and imported on first use, so that
asking for a kit loads neither the bots nor the front ends; this is how the kit sits
just above the engines and yet names what every layer brings for the game.

Adding a game: the rules in ``atout/games/<game>.py``, a kit in ``atout/kits/<game>.py``
(``KIT = GameKit(...)`` and its presenter), its name in :data:`NAMES`, its words in the
catalogues; ``tests/test_kits.py`` then checks every part of the kit.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from atout.kits.present import GameView

__all__ = [
    "KITS", "NAMES", "GameInfo", "GameKit", "game_of", "get_game", "kit", "kit_of", "load",
]

#: The games, in the order the menus list them; ``atout.kits.<name>`` declares each.
NAMES: tuple[str, ...] = ("deberts", "belote", "schieber")


def load(target: str) -> Any:
    """What ``"module:attribute"`` names (a class, a function, a table)."""
    module_name, _, attribute = target.partition(":")
    module = import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True)
class GameInfo:
    """The engine of one game: its classes."""

    name: str
    num_players: int
    deal: Any
    match: Any
    options: Any
    view: type[GameView]


@dataclass(frozen=True)
class GameKit:
    """Everything one game brings, each part above the engine named by where it lives.

    ``engine``: the rules' module, which defines ``<Title>Deal``, ``<Title>Match``,
    ``<Title>Options`` and ``<Title>View``. ``presets``: the home page's rule presets
    (name -> options text; their words are ``room.preset.<game>.<name>``). ``bots``: the
    game's own bots (name -> ``"module:Class"``; the bots every game shares are
    :data:`atout.bots.base.BOTS`). ``deck``: how many cards the deck has. ``sampler``:
    deals consistent with a seat's view. ``kernel``: the compiled kernel's module for the
    game, ``None`` without one.
    ``first_cards``: the cards of a hand before the rest of the deck is dealt (the
    advisor asks for these first). ``scoresheet``/``entry``: the scorekeeper's sheet and
    the entry it reads. ``lessons``: the course's module (``LESSONS``, ``TOPICS``).
    ``renderer``: the terminal table's renderer. ``presenter``: views and actions as
    message keys with parameters (:class:`atout.kits.present.Presenter`). ``dealing``:
    how the deck is dealt and what the seats say (:class:`atout.kits.dealing.Dealing`).
    """

    name: str
    engine: str
    presets: Mapping[str, str]
    bots: Mapping[str, str]
    deck: int
    first_cards: int
    scoresheet: str
    entry: str
    lessons: str
    renderer: str
    presenter: str
    dealing: str = "atout.kits.dealing:Dealing"
    sampler: str = "atout.bots.worlds:sample_worlds"
    kernel: str | None = "atout.kernel.deals"
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def _get(self, key: str, make: Any) -> Any:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def game(self) -> GameInfo:
        """The engine's classes."""
        def make() -> GameInfo:
            module = import_module(self.engine)
            title = self.name.title()
            deal = getattr(module, f"{title}Deal")
            return GameInfo(
                name=self.name, num_players=deal.num_players, deal=deal,
                match=getattr(module, f"{title}Match"),
                options=getattr(module, f"{title}Options"),
                view=getattr(module, f"{title}View"),
            )
        info: GameInfo = self._get("game", make)
        return info

    @property
    def rules(self) -> Any:
        """The engine's module (its documentation, its tables)."""
        return import_module(self.engine)

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def parse_options(self, text: str | None) -> Any:
        """The game's options from their text form (its defaults for ``None`` or blank)."""
        options = self.game.options
        return options.parse(text) if text and text.strip() else options()

    def preset_options(self) -> dict[str, str]:
        """The home page's presets, each as its canonical options string."""
        return {name: str(self.game.options.parse(text)) for name, text in self.presets.items()}

    def scoresheet_class(self) -> Any:
        return load(self.scoresheet)

    def entry_class(self) -> Any:
        return load(self.entry)

    def renderer_class(self) -> Any:
        return load(self.renderer)

    def course(self) -> Any:
        """The lessons' module: ``LESSONS`` and ``TOPICS``."""
        return load(self.lessons)

    def present(self) -> Any:
        """The presenter (:class:`atout.kits.present.Presenter`)."""
        return self._get("presenter", lambda: load(self.presenter)())

    def deals(self) -> Any:
        """How the deck is dealt and what seats say (:class:`atout.kits.dealing.Dealing`)."""
        return self._get("dealing", lambda: load(self.dealing)())

    def sample_worlds(self, view: GameView, count: int, rng: Any) -> list[Any]:
        """``count`` deals consistent with ``view`` (each at this very moment)."""
        worlds: list[Any] = load(self.sampler)(view, count, rng)
        return worlds


class _Kits(Mapping[str, GameKit]):
    """The registry: game name -> kit, each kit's module imported on first use."""

    def __getitem__(self, name: str) -> GameKit:
        return _kit(name)

    def __iter__(self) -> Iterator[str]:
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)

    def __contains__(self, name: object) -> bool:
        return name in NAMES


@cache
def _kit(name: str) -> GameKit:
    if name not in NAMES:
        raise KeyError(name)
    declared: GameKit = import_module(f"atout.kits.{name}").KIT
    return declared


#: Every game's kit, by name.
KITS: Mapping[str, GameKit] = _Kits()


def kit(name: str) -> GameKit:
    """The kit of the game called ``name`` (any case); ``ValueError`` for no such game."""
    try:
        return KITS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(NAMES)}") from None


def get_game(name: str) -> GameInfo:
    """The engine classes of the game called ``name`` (``kit(name).game``)."""
    return kit(name).game



def kit_of(value: object) -> GameKit | None:
    """The kit whose engine made ``value`` (a view, a deal, a match, a deal's result),
    ``None`` for anything else."""
    module = type(value).__module__
    return next((k for k in KITS.values() if k.engine == module), None)


def game_of(value: object) -> str:
    """The name of the game whose engine made ``value`` (a view, deal, match or result);
    ``ValueError`` for anything else."""
    game_kit = kit_of(value)
    if game_kit is None:
        raise ValueError(f"not a view of a known game: {type(value).__name__}")
    return game_kit.name
