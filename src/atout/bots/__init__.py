"""Bots: programs that choose an action from a seat's view (never the hidden state)."""

from atout.bots.base import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
