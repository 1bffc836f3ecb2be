"""Stepping through a saved match in the terminal (``atout replay FILE``).

The record is read and replayed once (:func:`atout.notation.read_match`); the viewer
then moves over positions ``(deal, step)`` by copying the played deal and taking back
actions, so going back is as cheap as going forward. Commands are read line by line
(``input_fn``), so a script on standard input drives it, as in the game loop.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from typing import Any, cast

from rich.console import Console
from rich.text import Text

from atout.i18n import Translator
from atout.notation import MatchRecord, parse_match, replay_match
from atout.terminal import renderer_class
from atout.terminal.common import card_text, seat_label

__all__ = ["ReplayViewer", "players_text", "record_names"]

#: What a record's ``SeatN`` header says when it names who sat there, not their name:
#: a person, a bot's level, the advisor's player and table (see docs/records.md).
_KINDS = frozenset({"human", "bot", "player", "table"})


def _kind(record: MatchRecord, seat: int) -> str | None:
    from atout.bots.base import bot_names

    value = record.header(f"Seat{seat}")
    if value is None or value in _KINDS or value in bot_names(record.game):
        return value
    return None


def record_names(record: MatchRecord, num_players: int) -> dict[int, str]:
    """The players' names a record gives, by seat: its ``NameN`` headers (a web table),
    or a ``SeatN`` that is a name rather than a kind of player (``Ann``, not ``human``
    or ``heuristic``)."""
    names: dict[int, str] = {}
    for seat in range(num_players):
        name = record.header(f"Name{seat}")
        if not name and _kind(record, seat) is None:
            name = record.header(f"Seat{seat}")
        if name:
            names[seat] = name
    return names


def players_text(record: MatchRecord, num_players: int, t: Translator) -> str | None:
    """Who sat where, in one line (``Players: Seat 0 (person), Seat 1 (bot heuristic)``),
    or None when the record does not say."""
    names = record_names(record, num_players)
    parts = []
    for seat in range(num_players):
        kind = _kind(record, seat)
        if kind is None and seat not in names:
            continue
        who = seat_label(t, seat, names)
        if kind in ("human", "player", "table"):  # people (the advisor's too)
            who = t("replay.player", seat=who, kind=t("replay.person"))
        elif kind == "bot":
            who = t("replay.player", seat=who, kind=t("replay.bot"))
        elif kind is not None:
            who = t("replay.player", seat=who, kind=t("replay.bot-level", level=kind))
        parts.append(who)
    return t("replay.players", players=", ".join(parts)) if parts else None


class ReplayViewer:
    """A replayed match and a cursor on it; ``seat`` ``None`` shows every hand."""

    def __init__(
        self,
        text: str,
        *,
        lang: str = "en",
        seat: int | None = None,
        console: Console | None = None,
        input_fn: Callable[[str], str] = input,
    ) -> None:
        self.record: MatchRecord = parse_match(text)
        self.match: Any = cast(Any, replay_match(self.record))  # a game's match class
        self.console = console or Console(highlight=False)
        self.t = Translator(lang)
        self.input_fn = input_fn
        self.echo = input_fn is not input or not sys.stdin.isatty()
        self.deals: list[Any] = [*self.match.deals]
        if not self.match.is_over and (self.match.deal.actions or not self.deals):
            self.deals.append(self.match.deal)
        self.num_players: int = self.match.deal.num_players
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}")
        self.seat = seat
        self.index = 0
        self.step = 0
        #: The players' names the record gives, by seat; the others are "Seat N".
        self.names = record_names(self.record, self.num_players)

    # -- moving ------------------------------------------------------------------
    def position(self) -> Any:
        """The deal at the cursor: a copy of the played deal, taken back to ``step``."""
        deal = self.deals[self.index].copy()
        while len(deal.actions) > self.step:
            deal.undo()
        return deal

    def forward(self, count: int = 1) -> None:
        for _ in range(count):
            if self.step < len(self.deals[self.index].actions):
                self.step += 1
            elif self.index + 1 < len(self.deals):
                self.index += 1
                self.step = 0
            else:
                return

    def back(self, count: int = 1) -> None:
        for _ in range(count):
            if self.step > 0:
                self.step -= 1
            elif self.index > 0:
                self.index -= 1
                self.step = len(self.deals[self.index].actions)
            else:
                return

    def goto_deal(self, number: int) -> bool:
        if not 1 <= number <= len(self.deals):
            return False
        self.index, self.step = number - 1, 0
        return True

    # -- showing ---------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return seat_label(self.t, seat, self.names)

    def outcome(self, result: Any) -> str:
        """How the deal ended, in one sentence of the reader's language."""
        from atout.kits.present import outcome_text

        n = self.num_players
        text = outcome_text(
            self.record.game, result, self.t.lang, seat=self.seat_name,
            team=lambda side: " & ".join(self.seat_name(s) for s in range(side, n, 2)),
            target=getattr(self.match.options, "target", None),
        )
        return text if text.endswith((".", "!", "?", "…")) else text + "."

    def _scores_before(self) -> tuple[int, int]:
        sheet = self.match.scoresheet
        scores: tuple[int, int] = sheet[self.index - 1].scores if self.index > 0 else (0, 0)
        return scores

    def show(self) -> None:
        t = self.t
        c = self.console
        deal = self.position()
        c.print()
        c.rule(t("replay.title", game=self.record.game))
        c.print(
            t("replay.position", deal=self.index + 1, deals=len(self.deals), step=self.step,
              steps=len(self.deals[self.index].actions)),
            style="bold",
        )
        players = players_text(self.record, self.num_players, t)
        if players:
            c.print(players)
        c.print(t("replay.dealer", seat=self.seat_name(deal.dealer)))
        if deal.actions:
            seat, action = deal.actions[-1]
            c.print(t("replay.last", seat=self.seat_name(seat), action=str(action)))
        else:
            c.print(t("replay.start"))
        if self.seat is None:
            self._show_all(deal)
        else:
            self._show_seat(deal, self.seat)
        if deal.is_over and self.index < len(self.match.scoresheet):
            row = self.match.scoresheet[self.index]
            c.print(
                t("replay.deal-over", outcome=self.outcome(row.result),
                  written=_pair(row.result.recorded), scores=_pair(row.scores)),
                style="yellow",
            )
            if self.index == len(self.deals) - 1:
                self._show_end()

    def _show_all(self, deal: Any) -> None:
        view = deal.view(0)
        for seat in range(self.num_players):
            line = Text(f"{self.seat_name(seat)}{self.t.colon}")
            for card in deal.hand(seat):
                line.append_text(card_text(card))
                line.append(" ")
            if seat == deal.current_player():
                line.append(" ◀", style="bold")
            self.console.print(line)
        trick = getattr(view, "trick", ())
        if trick:
            line = Text(f"{self.t.label('label.trick')}")
            for seat, card in trick:
                line.append(f"{self.seat_name(seat)} ")
                line.append_text(card_text(card))
                line.append("   ")
            self.console.print(line)

    def _show_seat(self, deal: Any, seat: int) -> None:
        view = deal.view(seat)
        extra = {"scores": self._scores_before(), "deal_number": self.index + 1}
        names = {f.name for f in dataclasses.fields(view)}
        view = dataclasses.replace(view, **{k: v for k, v in extra.items() if k in names})
        try:
            renderer_cls = renderer_class(self.record.game)
        except ModuleNotFoundError:  # a game whose table is not drawn yet: plain text
            line = Text(f"{self.seat_name(seat)}{self.t.colon}")
            for card in view.hand:
                line.append_text(card_text(card))
                line.append(" ")
            self.console.print(line)
            return
        renderer = renderer_cls(self.console, self.t, seat, self.num_players)
        renderer.watching = True  # seen from that seat, but nobody here is "you":
        renderer.names = self.names  # the seats keep the names they have everywhere
        renderer.show_table(view)
        if view.hand:
            self.console.print(
                Text(self.t("label.hand") + ": ").append_text(renderer.hand_text(view, False))
            )

    def _show_end(self) -> None:
        result = self.record.header("Result") or "*"
        self.console.print(self.t("replay.end", result=result), style="bold")

    def show_scores(self) -> None:
        for row in self.match.scoresheet:
            self.console.print(
                self.t("replay.scores-after", deal=row.number, scores=_pair(row.scores))
            )

    # -- the loop ----------------------------------------------------------------------
    def run(self) -> int:
        """Show the start and obey commands until ``q`` or the end of input (0), or
        Ctrl-C (130)."""
        t = self.t
        self.show()
        while True:
            try:
                text = self.input_fn(t("replay.prompt")).strip()
            except EOFError:
                self.console.print()
                return 0
            except KeyboardInterrupt:  # Ctrl-C: a goodbye in the reader's language
                self.console.print()
                self.console.print(t("prompt.bye"))
                return 130
            if self.echo:
                self.console.print(text)
            words = text.lower().split()
            command = words[0] if words else "n"
            arg = words[1] if len(words) > 1 else None
            count = int(arg) if arg is not None and arg.isdigit() else None
            if command in ("q", "quit", "exit"):
                return 0
            if command in ("h", "help", "?"):
                self.console.print(t("replay.help"))
                continue
            if command in ("n", "next", "+"):
                self.forward(count or 1)
            elif command in ("b", "back", "p", "-"):
                self.back(count or 1)
            elif command in ("d", "deal") and count is not None:
                if not self.goto_deal(count):
                    self.console.print(t("replay.no-deal", deals=len(self.deals)))
                    continue
            elif command == "start":
                self.step = 0
            elif command == "end":
                self.step = len(self.deals[self.index].actions)
            elif command == "all":
                self.seat = None
            elif command == "seat" and count is not None:
                if count >= self.num_players:
                    self.console.print(t("replay.no-seat", high=self.num_players - 1))
                    continue
                self.seat = count
            elif command in ("s", "score", "scores"):
                self.show_scores()
                continue
            else:
                self.console.print(t("replay.unknown", text=text))
                continue
            self.show()


def _pair(values: tuple[int, int]) -> str:
    return f"{values[0]}-{values[1]}"
