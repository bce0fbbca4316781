"""What the partner's whole hand is worth to ``search``: the signals target's pairs with team A shown more.

    python bench/partner_hand.py [--pairs 100] [--seed 2026] [--uses answer,raise,card] [--records DIR]

The pairs of ``bench/bots.py --only signals`` (team A signals, team B neither makes nor sees a gesture; blocks of
100 pairs on seeds ``seed``, ``seed + 1``, ...), but team A's ``search`` takes some of its decisions on a view that
also shows its partner's whole hand (``View.known_hands``, as the team on 11 sees it): as if every card were
signalled. So no reading of the signals, which tell only the manilhas, can give more there than this. ``--uses``
names those decisions: ``answer`` (answering a raise, a raise back included), ``raise`` (whether to raise before
a card play) and ``card`` (which card to play); every other decision, and all of them by default, reads the
partner's gestures as usual, and the gestures are made as usual.

A diagnostic, not a table: it replaces the arena's ``view`` (to note each seat's partner's hand) and its bots'
``search`` (to show it). With ``--records DIR`` each block's games are saved under ``DIR/SEED``; ``python
bench/records.py DIR/2026 ... --paired OTHER/2026 ...`` pairs them deal by deal with a run of the same blocks
(``truco arena search search --signals a --matches 200 --seed SEED --records OTHER/SEED``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import truco.arena as arena
from truco.arena import PairSpec, Signals, confidence_interval, report, run, scores_by_pair
from truco.bots import Bot
from truco.bots.knowledge import partner_of
from truco.bots.search import SearchBot
from truco.engine import RAISE, Action, Match, View
from truco.engine import view as plain_view
from truco.engine.cards import Card
from truco.engine.signals import SignalLog

USES = ("answer", "raise", "card")


class PartnerHands:
    """The arena's ``view``, noting for each seat at a table with signals its partner's hand at that moment."""

    def __init__(self) -> None:
        self.hands: dict[int, tuple[Card, ...]] = {}

    def view(self, match: Match, seat: int, signals: SignalLog | None = None) -> View:
        partner = match.partner_of(seat)
        if signals is not None and partner is not None:
            self.hands[seat] = tuple(match.hands[partner])
        return plain_view(match, seat, signals=signals)

    def shown(self, view: View) -> View:
        """``view`` also showing the partner's whole hand (a view without signals as it is)."""
        partner = partner_of(view)
        if view.signals is None or view.seat is None or partner is None or partner in view.known_hands:
            return view
        return view._replace(known_hands={**view.known_hands, partner: self.hands[view.seat]})


class ShownSearch(SearchBot):
    """``search`` taking the decisions in ``uses`` on a view that also shows its partner's whole hand."""

    def __init__(self, seed: int, level: str, hands: PartnerHands, uses: frozenset[str]) -> None:
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
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--uses", default=",".join(USES), help="comma-separated: answer, raise, card")
    parser.add_argument("--records", type=Path)
    args = parser.parse_args()
    uses = frozenset(args.uses.split(","))
    if not uses <= set(USES):
        parser.error(f"--uses takes {', '.join(USES)}")
    hands = PartnerHands()
    seat_bot = arena.seat_bot

    def shown_bot(kind: str, level: str, seed: int) -> Bot:
        return ShownSearch(seed, level, hands, uses) if kind == "search" else seat_bot(kind, level, seed)

    vars(arena).update(view=hands.view, seat_bot=shown_bot)  # what play_game calls
    scores: list[float] = []
    for k in range((args.pairs + 99) // 100):
        seed, n = args.seed + k, min(100, args.pairs - 100 * k)
        records = None
        if args.records is not None:
            (args.records / str(seed)).mkdir(parents=True, exist_ok=True)
            records = str(args.records / str(seed))
        spec = PairSpec("search", "search", "paulista", seed, records=records, signals=Signals.A)
        summary = run(spec, n, 1, progress=False)  # one process: the arena's workers would not see the view
        print(report(summary), flush=True)
        scores += scores_by_pair(summary["games"]).values()
        mean, low, high = confidence_interval(scores)
        print(f"after {len(scores)} pairs: search seeing its partner's hand ({args.uses}) won {mean:.1%}"
              f" [{low:.1%}, {high:.1%}]", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
