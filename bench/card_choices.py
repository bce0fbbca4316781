"""Where a bot's card plays part from the quick player's (``truco.bots.quick.greedy``, the card play of the
search rollouts before ``low_leads``), read from an arena run's records (``truco arena ... --records DIR``).

    python bench/card_choices.py DIR [--side a|b] [--min 25]

Every card play of the side's seats with a choice of cards is put in its class: the trick (0, 1, 2), whether
its team won, lost or tied the first, the cards on the table, who holds the trick (``P`` partner, ``O`` an
opponent, ``T`` tied), whether a card in hand beats the table, and the manilhas and strong cards (A or
better) in hand. For each class: how many plays, how often the bot played the card ``greedy`` plays, and the
commonest pairs ``greedy -> bot`` of which card each played: ``W`` the weakest in hand, ``S`` the strongest,
``M`` the middle one, ``C`` a covered card. Game 0 of a pair seats A at the even seats.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from truco.bots.quick import greedy
from truco.engine import PLAY, view
from truco.engine.cards import COVERED_STRENGTH, strength_table
from truco.engine.record import load
from truco.engine.views import View

#: a card as strong as an A (the weakest strong card) and the weakest manilha
STRONG, MANILHA = 7, 10


def rank(played: int | None, hand: list[int]) -> str:
    """W, M, S: where the strength ``played`` stands in ``hand`` (sorted); C: covered (None)."""
    if played is None:
        return "C"
    return "W" if played == hand[0] else "S" if played == hand[-1] else "M"


def situation(seen: View, strength: tuple[int, ...], hand: list[int]) -> tuple[object, ...]:
    """The class of a card play (see the module's docstring)."""
    won = seen.trick_winners
    first = "" if not won else "won" if won[0] == seen.team else "tied" if won[0] is None else "lost"
    holder, beats = "lead", ""
    if seen.trick:
        table = [COVERED_STRENGTH if c is None else strength[c] for _, c in seen.trick]
        best = max(table)
        teams = {seen.teams[s] for (s, _), x in zip(seen.trick, table, strict=True) if x == best}
        holder = "P" if teams == {seen.team} else "O" if teams == {1 - (seen.team or 0)} else "T"
        beats = "beats" if hand[-1] > best else "cannot"
    manilhas = sum(x >= MANILHA for x in hand)
    strong = sum(x >= STRONG for x in hand)
    return (len(won), first, len(seen.trick), holder, beats, f"{manilhas} manilhas", f"{strong} strong")


def tally(directory: Path, side: str) -> dict[tuple[object, ...], Counter[tuple[str, str]]]:
    classes: dict[tuple[object, ...], Counter[tuple[str, str]]] = defaultdict(Counter)
    for path in sorted(directory.glob("pair-*-game-*.json")):
        a_parity = int(path.stem[-1])
        parity = a_parity if side == "a" else 1 - a_parity
        match, actions = load(json.loads(path.read_text()))
        for action in actions:
            if action.type == PLAY and action.seat % 2 == parity:
                seen = view(match, action.seat)
                if not seen.blind and seen.vira is not None:
                    strength = strength_table(seen.vira, seen.rules.manilhas, seen.rules.deck)
                    hand = sorted(strength[c] for c in seen.hand)
                    if len(set(hand)) > 1:
                        plays = [a for a in seen.legal if a.type == PLAY]
                        table = [(s, COVERED_STRENGTH if c is None else strength[c]) for s, c in seen.trick]
                        after = (seen.rules.players - len(table)) // 2
                        quick = greedy(
                            action.seat, plays, table, strength, list(seen.trick_winners), after, seen.teams.__getitem__
                        )
                        played = None if action.covered or action.card is None else strength[action.card]
                        quick_card = strength[quick.card] if quick.card is not None else None
                        classes[situation(seen, strength, hand)][rank(quick_card, hand), rank(played, hand)] += 1
            match.apply(action)
    return classes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--side", choices=("a", "b"), default="a")
    parser.add_argument("--min", type=int, default=25, help="print only classes of at least this many plays")
    args = parser.parse_args()
    classes = tally(args.directory, args.side)
    print("trick, first trick, cards on the table, holder, beats, hand: plays, as greedy, greedy -> bot")
    for key, pairs in sorted(classes.items(), key=lambda item: -sum(item[1].values())):
        total = sum(pairs.values())
        if total >= args.min:
            same = sum(n for (quick, bot), n in pairs.items() if quick == bot)
            common = " ".join(f"{quick}->{bot} {n}" for (quick, bot), n in pairs.most_common(4))
            print(f"{key}: {total}, {same / total:.0%}, {common}")


if __name__ == "__main__":
    main()
