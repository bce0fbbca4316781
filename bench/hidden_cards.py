"""What the hidden cards are worth to ``search``: team A's ``search`` shown its partner's or the opponents' hands.

    python bench/hidden_cards.py [--whose partner|opponents|all] [--uses answer,raise,card] [--pairs 100]
                                 [--seed 2026] [--b search] [--rules JSON] [--records DIR]

Team A's ``search`` takes some of its decisions on a view that also shows other seats' whole hands
(``View.known_hands``, as the team on 11 sees its partner's): ``--whose partner`` (as if every card were
signalled), ``opponents`` or ``all``. ``--uses`` names those decisions: ``answer`` (answering a raise, a raise
back included), ``raise`` (whether to raise before a card play) and ``card`` (which card to play); every other
decision, and all of them by default, is taken on the seat's own view. Team B is ``--b`` (``search`` by default),
on its own views. No bot can know more than this, so the figure bounds what any reading of those cards (the
partner's signals, the opponents' raises, silences and plays) can give each kind of decision.

The pairs are blocks of 100 on seeds ``seed``, ``seed + 1``, ...: with ``--whose partner`` those of ``bench/bots.py
--only signals`` (team A signals, team B neither makes nor sees a gesture; the gestures are made and read as
usual), otherwise those of ``truco arena search B`` at a table without signals. ``--rules`` sets the table's
rules as the arena's ``--rules`` does (``'{"answer": "next"}'``: a raise answered by the next player alone).

A diagnostic, not a table: it replaces the arena's ``view`` (to note every seat's hand at each decision) and seats
its own bot for team A (``shown``). With ``--records DIR`` each block's games are saved under ``DIR/SEED``; ``python
bench/records.py DIR/2026 ... --paired OTHER/2026 ...`` pairs them deal by deal with a run of the same blocks
(``truco arena search B --matches 200 --seed SEED --records OTHER/SEED``, with ``--signals a`` for the partner's).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import truco.arena as arena
from truco.arena import PairSpec, Signals, confidence_interval, report, run, scores_by_pair
from truco.bots import Bot
from truco.bots.knowledge import partner_of
from truco.bots.search import SearchBot
from truco.engine import RAISE, Action, Kind, Match, View
from truco.engine import view as plain_view
from truco.engine.cards import Card
from truco.engine.signals import SignalLog

USES = ("answer", "raise", "card")
#: whose hands team A may be shown, and how the report names them
WHOSE = {"partner": "its partner's hand", "opponents": "the opponents' hands", "all": "every hand"}
#: the arena's name of team A's bot
SHOWN = "shown"


class Hands:
    """The arena's ``view``, noting every seat's hand at the moment each seat is shown its view."""

    def __init__(self, whose: str) -> None:
        self.whose = whose
        self.hands: dict[int, tuple[tuple[Card, ...], ...]] = {}

    def view(self, match: Match, seat: int, signals: SignalLog | None = None) -> View:
        self.hands[seat] = tuple(tuple(h) for h in match.hands)
        return plain_view(match, seat, signals=signals)

    def shown(self, view: View) -> View:
        """``view`` also showing the hands of ``whose`` (a view before the deal, or of a blind hand, as it is)."""
        if view.seat is None or view.vira is None or view.kind is Kind.IRON:
            return view
        partner = partner_of(view)
        seats = [
            s
            for s, team in enumerate(view.teams)
            if s != view.seat
            and s not in view.known_hands
            and (self.whose == "all" or (s == partner) == (self.whose == "partner"))
        ]
        hands = self.hands[view.seat]
        return view._replace(known_hands={**view.known_hands, **{s: hands[s] for s in seats}})


class ShownSearch(SearchBot):
    """``search`` taking the decisions in ``uses`` on a view that also shows the hands of ``hands.whose``."""

    def __init__(self, seed: int, level: str, hands: Hands, uses: frozenset[str]) -> None:
        super().__init__(seed, level)
        self.hands, self.uses = hands, uses

    def answer(self, view: View) -> Action:
        return super().answer(self.hands.shown(view) if "answer" in self.uses else view)

    def play(self, view: View) -> Action:
        shown = self.hands.shown(view)
        raise_view = shown if "raise" in self.uses else view
        card_view = shown if "card" in self.uses else view
        if raise_view is card_view:
            return super().play(raise_view)
        first = super().play(raise_view)
        if first.type == RAISE:
            return first
        return super().play(card_view._replace(legal=tuple(a for a in card_view.legal if a.type != RAISE)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--whose", choices=WHOSE, default="partner")
    parser.add_argument("--uses", default=",".join(USES), help="comma-separated: answer, raise, card")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--b", default="search", help="team B, as the arena names it (at --level unless named)")
    parser.add_argument("--level", default="medium", help="team A's level")
    parser.add_argument("--rules", default='"paulista"', help="the table's rules as JSON, as the arena's")
    parser.add_argument("--records", type=Path)
    args = parser.parse_args()
    uses = frozenset(args.uses.split(","))
    if not uses <= set(USES):
        parser.error(f"--uses takes {', '.join(USES)}")
    hands = Hands(args.whose)
    seat_bot = arena.seat_bot

    def bot(kind: str, level: str, seed: int) -> Bot:
        return ShownSearch(seed, level, hands, uses) if kind == SHOWN else seat_bot(kind, level, seed)

    # what play_game calls; the name is made known to the arena's team parser
    vars(arena).update(view=hands.view, seat_bot=bot, EXTERNAL_BOTS={**arena.EXTERNAL_BOTS, SHOWN: ("", "")})
    signals = Signals.A if args.whose == "partner" else Signals.NONE
    scores: list[float] = []
    for k in range((args.pairs + 99) // 100):
        seed, n = args.seed + k, min(100, args.pairs - 100 * k)
        records = None
        if args.records is not None:
            (args.records / str(seed)).mkdir(parents=True, exist_ok=True)
            records = str(args.records / str(seed))
        spec = PairSpec(SHOWN, args.b, json.loads(args.rules), seed, records=records, level=args.level, signals=signals)
        summary = run(spec, n, 1, progress=False)  # one process: the arena's workers would not see the view
        print(report(summary), flush=True)
        scores += scores_by_pair(summary["games"]).values()
        mean, low, high = confidence_interval(scores)
        print(f"after {len(scores)} pairs: search seeing {WHOSE[args.whose]} ({args.uses}) won {mean:.1%}"
              f" [{low:.1%}, {high:.1%}]", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
