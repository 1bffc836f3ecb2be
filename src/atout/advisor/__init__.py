"""The advisor: a person at a real table enters their cards, the bids and every card as
it falls, and gets the bots' advice for their own turn, from exactly what they know
(docs/advisor.md). No interface is imported here; the terminal (``atout advise``) and
the web page build on it.

>>> advisor = Advisor("deberts", seat=0, first_dealer=1)
>>> advisor.need.kind, advisor.need.count
('hand', 6)
"""

from atout.advisor.entries import (
    Entry,
    EntryRefused,
    entry_text,
    format_announcement,
    parse_announcement,
    parse_entry,
)
from atout.advisor.review import CardReview, record_text, review_deal
from atout.advisor.session import Advisor, Need, explain_refusal, seat_name

__all__ = [
    "Advisor",
    "CardReview",
    "Entry",
    "EntryRefused",
    "Need",
    "entry_text",
    "explain_refusal",
    "format_announcement",
    "parse_announcement",
    "parse_entry",
    "record_text",
    "review_deal",
    "seat_name",
]
