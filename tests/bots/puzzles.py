"""Positions written by hand, each with the one clearly right action and why, in truco terms.

A puzzle deals one hand (``vira``, then three cards for seats 0..3), with seat
0 leading the first trick unless ``dealer`` says otherwise, at ``score``; then
plays ``moves``: each is a card (``"QC"``, covered ``"QC*"``), ``raise``,
``accept`` or ``run``, by the first seat to act (``"2:accept"`` names the seat).
The seat to act next decides; ``right`` lists the right action(s): ``accept``,
``run``, ``raise``, a card (``"5D"``, ``"5D*"`` covered) or ``play`` (any card,
no raise). Cards: rank ``4567QJKA23`` and suit ``D S H C`` (ouros, espadas,
copas, paus). With vira 7 the manilha is Q: QC zap, QH copas, QS espadilha, QD
pica-fumo.
"""

from __future__ import annotations

from dataclasses import dataclass

from truco.engine import ACCEPT, PLAY, RAISE, RUN, Action, ExplicitDeals, Match, Rules, View, view
from truco.engine.cards import parse_card
from truco.engine.deals import Deal


@dataclass(frozen=True)
class Puzzle:
    name: str
    reason: str
    vira: str
    hands: tuple[str, str, str, str]
    right: str
    moves: str = ""
    score: tuple[int, int] = (0, 0)
    dealer: int = 3

    def position(self) -> View:
        """The view of the seat that decides."""
        hands = tuple(tuple(parse_card(c) for c in h.split()) for h in self.hands)
        deal = Deal(parse_card(self.vira), hands)
        match = Match(Rules(), deals=ExplicitDeals([deal]), first_dealer=self.dealer, score=self.score)
        for token in self.moves.split():
            seat_text, _, what = token.rpartition(":")
            seat = int(seat_text) if seat_text else match.to_act()[0]
            match.apply(parse_move(seat, what))
        return view(match, match.to_act()[0])

    def is_right(self, action: Action) -> bool:
        for option in self.right.split("|"):
            if option == "play" and action.type == PLAY:
                return True
            if option in (ACCEPT, RUN, RAISE) and action.type == option:
                return True
            if action.type == PLAY and action.card is not None and option == card_text(action.card, action.covered):
                return True
        return False


def card_text(card: int, covered: bool = False) -> str:
    return "4567QJKA23"[card >> 2] + "DSHC"[card & 3] + ("*" if covered else "")


def parse_move(seat: int, what: str) -> Action:
    if what == RAISE:
        return Action.raise_(seat)
    if what == ACCEPT:
        return Action.accept(seat)
    if what == RUN:
        return Action(seat, RUN)
    return Action.play(seat, parse_card(what.rstrip("*")), covered=what.endswith("*"))


PUZZLES: list[Puzzle] = [
    # -- the mão de onze: decided from both hands ---------------------------------------------
    Puzzle("eleven-zap-and-copas-split", "Zap in my hand, copas in my partner's: two tricks almost sure; play it.",
           "7D", ("QC KS 4H", "5D 6C 7S", "QH 5C 6D", "4S JD KD"), ACCEPT, score=(11, 5)),
    Puzzle("eleven-partner-holds-it", "My hand is junk but my partner shows zap, espadilha and a 3: play it.",
           "7D", ("4C 5H 6S", "5D 7C JS", "QC QS 3D", "4D KD AS"), ACCEPT, score=(11, 8)),
    Puzzle("eleven-zap-and-two-threes", "Zap and two 3s between the partners: play the mão de onze.",
           "7D", ("QC 3H 2S", "5D 7C JS", "3D 5S 6H", "4D KD AS"), ACCEPT, score=(11, 2)),
    Puzzle("eleven-two-manilhas-mine", "Copas and espadilha in my hand, a 3 in my partner's: play it.",
           "7D", ("QH QS 5C", "5D 7C JS", "3C 4S 6H", "4D KD AS"), ACCEPT, score=(11, 9)),
    Puzzle("eleven-other-team", "The team on 11 is seat 1's: zap and copas in my hand, play it.",
           "7D", ("5D 7C JS", "QC QH 4S", "4D KD AS", "5C 6H 6D"), ACCEPT, score=(4, 11)),
    Puzzle("eleven-nothing-at-all", "Fours to sevens in both hands: fleeing gives one point, playing loses three.",
           "7D", ("4C 5H 6S", "QC 3S 2D", "4D 5S 7H", "QH 3H 2H"), RUN, score=(11, 7)),
    Puzzle("eleven-nothing-early", "Nothing in either hand: fleeing costs one point, losing costs three.",
           "7D", ("4C 5H 6C", "QC 3S 2D", "4D 6S 7H", "QH 3H 2H"), RUN, score=(11, 4)),
    Puzzle("eleven-zap-other-vira", "Vira 3: the manilha is 4; zap and copas between the partners.",
           "3D", ("4C 6S 7H", "5D 7C JS", "4H 5C 6D", "QS KD AS"), ACCEPT, score=(11, 6)),
    Puzzle("eleven-zap-vira-king", "Vira K: the manilha is A; zap and espadilha in my hand.",
           "KD", ("AC AS 5H", "4D 6C JS", "7H 5C 6D", "QS 2D 3S"), ACCEPT, score=(11, 3)),
    Puzzle("eleven-partner-zap-copas-vira-two", "Vira 2: the manilha is 3; my partner holds zap and copas.",
           "2D", ("4C 5H 7S", "4D 6C JS", "3C 3H 6D", "QS KD AS"), ACCEPT, score=(11, 7)),
    # -- answering a raise ----------------------------------------------------------------------
    Puzzle("run-from-doze-with-nothing", "Trick lost, the zap wins the second, nothing in hand: a doze lost ends the "
           "match, running gives nine.",
           "7D", ("4C 5H 6S", "QC 3S 2D", "4D 5S 6H", "QH 3H 2H"), RUN,
           moves="4C 3S 5S 2H QC raise raise raise raise"),
    Puzzle("run-from-lost-hand", "They won the first trick and copas wins the second, we have nothing: run.",
           "7D", ("5H 6S 7C", "QH 3S 2D", "4D 5S 4H", "QC 3H 2H"), RUN,
           moves="7C 3S 4D 2H QH 4H raise"),
    Puzzle("run-from-seis-lost-hand", "Lost first trick, the zap on the table in the second, fours in hand: run.",
           "7D", ("4C 5H 6S", "QC 3S 2D", "4D 5S 6H", "QH 3H 2H"), RUN,
           moves="4C 3S 5S 2H QC raise raise"),
    Puzzle("accept-with-zap-and-copas", "Zap and copas in hand against a truco: never run.",
           "7D", ("QC QH 4S", "5D 7C JS", "4D KD AS", "5C 6H 6D"), f"{ACCEPT}|{RAISE}",
           moves="5D 4D raise", dealer=0),
    Puzzle("accept-first-trick-won-with-three", "Our zap won the first trick and I hold a 3: one more trick or a "
           "tie wins.",
           "7D", ("3C 2H 4D", "5D 7C JS", "QC 5S 6H", "KD AS 6D"), f"{ACCEPT}|{RAISE}",
           moves="4D 5D QC 6D 2:5S 3:raise"),
    Puzzle("accept-partner-answer-unseen", "My partner has answered, but we answer at the same time: I do not "
           "know if it ran. The zap and copas left take the last two tricks: never run.",
           "7D", ("4C QC QH", "2D 3S 5C", "4D 5S 6H", "QS 3H 2H"), f"{ACCEPT}|{RAISE}",
           moves="4C 1:raise 2:run"),
    Puzzle("accept-last-trick-zap", "One trick each and my last card is the zap: it cannot lose.",
           "7D", ("QC 4H 5H", "2D 6C 7S", "3D 5S 6H", "AS KH 7C"), f"{ACCEPT}|{RAISE}",
           moves="4H 6C 5S 7C KH 5H 2D 3D 6H raise"),
    Puzzle("accept-partner-zap-won-first", "My partner's zap took the first trick and I hold copas: never run.",
           "7D", ("QH 4C 5C", "6D 7C JS", "QC 5S 6H", "KD AS 4D"), f"{ACCEPT}|{RAISE}",
           moves="4C 6D QC 4D 2:5S 3:raise"),
    # -- card play --------------------------------------------------------------------------------
    Puzzle("dont-overtake-partner-zap", "My partner's zap wins the trick: throw my weakest card, keep the rest.",
           "7D", ("QH 2S 5D", "7S 4C 5C", "QC 6D 4S", "3H KD JS"), "5D",
           moves="7S raise accept accept QC 3H", dealer=0),
    Puzzle("dont-overtake-partner-three", "My partner's 3 already beats their 2 and I play last: throw the 4.",
           "7D", ("QS AS 4H", "5C 6C 7S", "3D 6D 4S", "2C KD JS"), "4H",
           moves="5C raise accept accept 3D 2C", dealer=0),
    Puzzle("cheapest-winner-last", "Last to play against a K: the A wins it and keeps the 3 and the zap.",
           "7D", ("AS 3C QC", "KS 6C 7S", "4D 6D 4S", "JH KD 5S"), "AS",
           moves="KS raise accept accept 4D JH", dealer=0),
    Puzzle("cannot-beat-throw-weakest", "The zap is on the table: nothing beats it, throw the 4.",
           "7D", ("2S 3D 4H", "QC 6C 7S", "4D 6D 4S", "5S KD JS"), "4H",
           moves="QC raise accept accept 4D 5S", dealer=0),
    Puzzle("must-win-second-trick", "They took the first trick: I must beat their K or the hand is lost.",
           "7D", ("3H 5H 4C", "KS 2C 7S", "4D 6D 4S", "5C JD JS"), "3H",
           moves="2C 4D 5C 4C KS raise accept accept 6D JD", dealer=0),
    Puzzle("dont-overtake-partner-second-trick", "My partner's 3 wins the second trick: throw the 6, keep the zap.",
           "7D", ("QC 6S 4C", "2C 5D 7S", "3S 4D 6D", "2H 4H JS"), "6S|6S*",
           moves="2C 4D 2H 4C 5D raise accept accept 3S 4H", dealer=0),
    Puzzle("hide-the-throwaway", "We took the first trick and their zap takes the second: throw the 6 covered, keep "
           "the 3 for the last trick and show them nothing.",
           "7D", ("4S 3H 6C", "5D KC JC", "3C 4D 5H", "6D QC 2D"), "6C*",
           moves="4S 5D 3C 6D raise accept accept 4D QC"),
    Puzzle("dont-overtake-partner-copas-vira-king", "Vira K: my partner's copas (AH) wins: throw the 5.",
           "KD", ("AS 3S 5C", "6C 7S 4C", "AH 6D 4S", "2H QD JS"), "5C",
           moves="6C raise accept accept AH 2H", dealer=0),
    Puzzle("cheapest-winner-vira-three", "Vira 3: the manilha is 4. Against their 2, my 3 wins and keeps the zap.",
           "3D", ("3S 4C 5H", "2S 6C 7S", "5D 6D KS", "QH JD JS"), "3S",
           moves="2S raise accept accept 5D QH", dealer=0),
    Puzzle("cannot-beat-throw-weakest-vira-king", "Vira K: their zap (AC) is on the table; throw the 4.",
           "KD", ("2S 3D 4H", "AC 6C 7S", "4D 6D 4S", "5S QD JS"), "4H",
           moves="AC raise accept accept 4D 5S", dealer=0),
    Puzzle("dont-overtake-partner-ace", "My partner's A beats their K and J and I play last: throw the 5.",
           "7D", ("2S 3C 5H", "KS 6C 7S", "AD 6D 4S", "JH KD 5S"), "5H",
           moves="KS raise accept accept AD JH", dealer=0),
    Puzzle("cheapest-winner-king", "Last to play against a J: my K wins it; keep the 2 and the zap.",
           "7D", ("KH 2C QC", "JS 6C 7S", "4D 6D 4S", "5H KD 5S"), "KH",
           moves="JS raise accept accept 4D 5H", dealer=0),
    Puzzle("must-win-second-trick-pica-fumo", "They took the first trick and their 3 leads the second: only my "
           "pica-fumo (QD) keeps the hand alive.",
           "7D", ("QD 4C 5H", "2C 3S 7S", "4D 6D 4S", "5C JD JS"), "QD",
           moves="2C 4D 5C 4C 3S raise accept accept 6D JD", dealer=0),
    Puzzle("free-raise-last-trick-copas-zap-gone", "One trick each, the zap fell in the first trick and I lead the "
           "last with copas, now the top card: a raise is free.",
           "7D", ("QH 3H 4H", "QC 6C 7S", "4D 5S 6H", "AS KH 7C"), RAISE,
           moves="4H QC 5S 7C 6C 6H KH 3H"),
    Puzzle("eleven-zap-and-pica-fumo", "Zap in my hand and pica-fumo in my partner's, with a 3: play it.",
           "7D", ("QC 5S 6H", "4D 6C JS", "QD 3S 4H", "7S KD AS"), ACCEPT, score=(11, 10)),
    Puzzle("eleven-nothing-vira-king", "Vira K: fours to sevens in both hands; fleeing costs one point, losing three.",
           "KD", ("4C 5H 6S", "AC 3S 2D", "4D 5S 7H", "AH 3H 2H"), RUN, score=(11, 6)),
    Puzzle("run-from-lost-hand-vira-king", "Vira K: their 3 took the first trick and their zap (AC) leads the "
           "second; a 5 and a 6 cannot help: run.",
           "KD", ("5H 6S 7C", "AC 3S 2D", "4D 5S 4H", "QC 3H 2H"), RUN,
           moves="7C 3S 4D 2H AC 4H raise"),
    Puzzle("accept-with-zap-and-espadilha", "Zap and espadilha in hand against a truco: never run.",
           "7D", ("QC QS 5S", "5D 7C JS", "4D KD AS", "5C 6H 6D"), f"{ACCEPT}|{RAISE}",
           moves="5D 4D raise", dealer=0),
    # -- raising ---------------------------------------------------------------------------------
    Puzzle("free-raise-last-trick-zap-leading", "One trick each and I lead the last with the zap: a raise is free, "
           "they run or lose three.",
           "7D", ("QC 3H 4H", "2D 6C 7S", "4D 5S 6H", "AS KH 7C"), RAISE,
           moves="4H 6C 5S 7C KH 3H 2D 4D"),
    Puzzle("free-raise-last-trick-zap-third", "One trick each, their A on the table and my zap: a raise is free.",
           "7D", ("QC 4H 5H", "2D 6C 7S", "3D 5S 6H", "AS KH 7C"), RAISE,
           moves="4H 6C 5S 7C KH 5H 2D 3D 6H AS"),
    Puzzle("free-raise-last-trick-zap-vira-king", "Vira K: one trick each and I lead the last with the zap (AC).",
           "KD", ("AC 3H 4H", "2D 6C 7S", "4D 5S 6H", "QS KH 7C"), RAISE,
           moves="4H 6C 5S 7C KH 3H 2D 4D"),
    Puzzle("no-raise-match-decided", "On 9 with a truco accepted: winning at 3 already ends the match, a seis only "
           "gives them more if we lose.",
           "7D", ("5H 4C 7S", "JS 6C 5D", "2S KD 6D", "AS KH 4D"), "play",
           moves="5H 1:raise 2:accept 0:accept 1:JS", score=(9, 7)),
    Puzzle("no-raise-match-decided-ten", "On 10 with a truco accepted: three points already win the match.",
           "7D", ("5H 4C 7S", "JS 6C 5D", "2S KD 6D", "AS KH 4D"), "play",
           moves="5H 1:raise 2:accept 0:accept 1:JS", score=(10, 9)),
]  # fmt: skip
