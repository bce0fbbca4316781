"""``truco play``: a match in the terminal against bots, in Brazilian Portuguese.

The person sits at seat 0 with a bot partner (seat 2) against two bots, or
alone against one in 1v1. Every event of the table is narrated, the cards are
drawn (manilhas starred), and the legal choices are numbered; the person types a
number, or a letter for a call (t: truco, a: aceitar, r: correr). At the end of
a match, another one if the person wants. Everything read comes from the
person's view and the public events.
"""

from __future__ import annotations

import secrets

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from truco.bots import make_bot
from truco.engine import ACCEPT, PLAY, RAISE, Action, Match, Phase, Rules, View, card_label, view
from truco.engine.cards import RANKS, strength_table
from truco.engine.events import (
    Answered,
    CardPlayed,
    ElevenDecided,
    Event,
    HandEnded,
    HandStarted,
    MatchEnded,
    RaiseAccepted,
    RaiseAsked,
    TrickEnded,
)

HUMAN = 0
#: Who sits where, as the person reads it (subject of a sentence).
NAMES_4 = {0: "Você", 1: "Zé", 2: "Seu parceiro", 3: "Tião"}
NAMES_2 = {0: "Você", 1: "Zé"}
RAISE_NAMES = ("", "TRUCO", "SEIS", "NOVE", "DOZE")
ORDINALS = ("1ª", "2ª", "3ª")
RED_SUITS = "♦♥"
#: Verbs by who does them: (nós, eles, one person) — a table of four says "Nós"/"Eles", 1v1 "Você"/"Zé".
VERBS = {
    "ganhar": ("ganhamos", "ganharam", "ganhou"),
    "marcar": ("marcamos", "marcaram", "marcou"),
    "vencer": ("vencemos", "venceram", "venceu"),
    "ir": ("vamos", "vão", "vai"),
    "fugir": ("fugimos", "fugiram", "fugiu"),
}
#: the letters typed for calls, besides their numbers
LETTERS = {RAISE: "t", ACCEPT: "a", "run": "r"}


def card_text(card: int | None, manilha: bool = False) -> Text:
    """A card drawn as a small face: ``[ 7♥ ]``, red for ouros and copas, ``[ 7♥★]`` for a manilha;
    face down when None."""
    if card is None:
        return Text("[ ▒▒ ]", style="bold white on blue")
    label = card_label(card)
    mark = "★" if manilha else " "
    return Text(f"[{label:>3}{mark}]", style="bold red on white" if label[-1] in RED_SUITS else "bold black on white")


class Table:
    """One match between the person and bots, narrated on ``console``."""

    def __init__(self, rules: Rules, level: str = "medium", seed: int | None = None, bot: str = "search") -> None:
        seed = secrets.randbits(256) if seed is None else seed  # a seed nobody can guess from their cards
        self.rules = rules
        self.match = Match(rules, seed=seed)
        #: the person's team, as the engine seats it
        self.us = self.match.team_of(HUMAN)
        self.names = NAMES_4 if rules.players == 4 else NAMES_2
        self.bots = {s: make_bot(bot, level, seed * 10 + s) for s in range(1, rules.players)}
        self.console = Console(highlight=False)
        #: whether the answers being narrated decide a mão de onze
        self.deciding = False

    # -- words --------------------------------------------------------------

    def team_name(self, team: int) -> str:
        """A team as the person calls it: "Nós"/"Eles", or in 1v1 "Você"/the bot's name."""
        if self.rules.players == 2:
            return self.names[HUMAN] if team == self.us else self.names[1 - HUMAN]
        return "Nós" if team == self.us else "Eles"

    def verb(self, team: int, verb: str) -> str:
        """``verb`` agreeing with the team's name: "Nós ganhamos", "Eles ganharam", "Você ganhou"."""
        person = 2 if self.rules.players == 2 else (0 if team == self.us else 1)
        return f"{self.team_name(team)} {VERBS[verb][person]}"

    def score_line(self) -> str:
        a, b = self.match.score
        us, them = self.us, 1 - self.us
        return f"Placar: {self.team_name(us)} {a} × {b} {self.team_name(them)} (tentos)"

    def is_manilha(self, card: int, v: View) -> bool:
        """Whether the engine ranks ``card`` above every ordinary rank in this hand."""
        if v.vira is None:
            return False
        return strength_table(v.vira, self.rules.manilhas, self.rules.deck)[card] >= len(RANKS)

    def cards(self, cards: tuple[int, ...], v: View) -> Text:
        return Text(" ").join(card_text(c, self.is_manilha(c, v)) for c in cards)

    def hand_line(self, v: View) -> Text:
        """The person's cards, shown whether or not it is their turn."""
        if v.blind:
            return Text("Suas cartas (viradas): ") + Text(" ").join(card_text(None) for _ in range(v.blind))
        return Text("Suas cartas: ") + (self.cards(v.hand, v) if v.hand else Text("nenhuma"))

    def raise_name(self, value: int) -> str:
        ladder = self.rules.ladder
        return RAISE_NAMES[ladder.index(value)] if value in ladder else str(value)

    def manilha(self, v: View) -> str:
        return f"manilha {RANKS[v.manilha]}" if v.manilha is not None else "manilhas fixas: 4♣ 7♥ A♠ 7♦"

    def narrate(self, event: Event) -> None:
        say = self.console.print
        if isinstance(event, HandStarted):
            v = view(self.match, HUMAN)
            say(f"\n[bold]— Mão {event.number + 1} —[/] carteador: {self.names[event.dealer]}")
            if v.manilha is None:  # fixed manilhas: the vira decides nothing
                say(self.manilha(v))
            else:
                say(Text.assemble("Vira: ", card_text(event.vira), f"  {self.manilha(v)}"))
            say(self.hand_line(v))
            if event.kind == "mao_de_onze":
                say("[bold yellow]Mão de onze![/] A dupla com onze vê as cartas do parceiro e decide se joga.")
            elif event.kind == "mao_de_ferro":
                say("[bold yellow]Mão de ferro![/] Todos jogam no escuro: ninguém vê as próprias cartas.")
        elif isinstance(event, CardPlayed):
            if event.covered:
                say(f"{self.names[event.seat]} jogou uma carta coberta.")
            else:
                say(Text.assemble(f"{self.names[event.seat]} jogou ", card_text(event.card)))
        elif isinstance(event, TrickEnded):
            which = ORDINALS[event.number]
            if event.winner is None:
                say(f"A {which} vaza empatou (cangou).")
            else:
                say(f"{self.verb(event.winner, 'ganhar')} a {which} vaza.")
        elif isinstance(event, RaiseAsked):
            say(f"[bold magenta]{self.names[event.seat]} pediu {self.raise_name(event.value)}![/]")
        elif isinstance(event, Answered):
            words = ("quer jogar", "quer fugir") if self.deciding else ("aceitou", "correu")
            say(f"{self.names[event.seat]} {words[0] if event.answer == ACCEPT else words[1]}.")
        elif isinstance(event, RaiseAccepted):
            say(f"A mão agora vale {event.value} tentos.")
        elif isinstance(event, ElevenDecided):
            say(
                f"{self.verb(event.team, 'ir')} jogar a mão de onze."
                if event.play
                else f"{self.verb(event.team, 'fugir')} da mão de onze."
            )
        elif isinstance(event, HandEnded):
            if event.winner is None:
                say("Todas as vazas empataram: ninguém marca.")
            else:
                pts = f"{event.points} tento{'s' if event.points != 1 else ''}"
                colour = "green" if event.winner == self.us else "red"
                say(f"[{colour}]{self.verb(event.winner, 'marcar')} {pts}.[/]")
            say(self.score_line())
        elif isinstance(event, MatchEnded):
            colour = "green" if event.winner == self.us else "red"
            winners = "vocês venceram!" if self.rules.players == 4 and event.winner == self.us else ""
            say(f"\n[bold {colour}]Fim de jogo: {winners or self.verb(event.winner, 'vencer') + '.'}[/]")

    # -- the person's turn --------------------------------------------------

    def show(self, v: View) -> None:
        lines: list[Text] = [
            Text(f"{self.score_line()}   A mão vale {v.value}."),
            Text.assemble("Vira: ", card_text(v.vira), f"  {self.manilha(v)}")
            if v.manilha is not None
            else Text(self.manilha(v)),
        ]
        if v.pending:
            lines.append(Text(f"Pedido na mesa: {self.raise_name(v.pending['value'])} (vale {v.pending['value']})"))
        table = [
            Text.assemble(f"{self.names[s]}: ", card_text(c, c is not None and self.is_manilha(c, v)))
            for s, c in v.trick
        ]
        lines.append(Text("Na mesa: ") + (Text("  ").join(table) if table else Text("nada ainda")))
        lines.append(self.hand_line(v))
        for s, cards in v.known_hands.items():
            lines.append(Text(f"Cartas de {self.names[s].lower()}: ") + self.cards(cards, v))
        self.console.print(Panel(Group(*lines), title="Sua vez", expand=False))

    def choice_label(self, a: Action, v: View) -> str:
        if a.type == PLAY:
            if a.card is None:
                assert a.slot is not None  # a blind play names its slot
                return f"Jogar a carta virada nº {a.slot + 1}"
            return f"Jogar {card_label(a.card)}" + (" coberta" if a.covered else "")
        if v.phase == Phase.DECIDING:
            return "Jogar a mão de onze" if a.type == ACCEPT else "Fugir (eles ganham os pontos)"
        if a.type == RAISE:
            asked = v.pending["value"] if v.pending else v.value
            ladder = self.rules.ladder
            return f"Pedir {self.raise_name(ladder[min(ladder.index(asked) + 1, len(ladder) - 1)])}"
        return "Aceitar" if a.type == ACCEPT else "Correr"

    def ask(self, v: View) -> Action:
        self.show(v)
        letters = {LETTERS[a.type]: a for a in v.legal if a.type in LETTERS}
        for i, a in enumerate(v.legal, 1):
            letter = next((k for k, b in letters.items() if b is a), None)
            self.console.print(
                f"  [bold]{i}[/]) {self.choice_label(a, v)}" + (f"  [dim]({letter})[/]" if letter else "")
            )
        while True:
            answer = self.console.input(f"Sua escolha (1-{len(v.legal)}): ").strip().lower()
            if answer in letters:
                return letters[answer]
            if answer.isdigit() and 1 <= int(answer) <= len(v.legal):
                return v.legal[int(answer) - 1]
            self.console.print(
                f"Escolha um número de 1 a {len(v.legal)}" + (f" ou {', '.join(letters)}." if letters else ".")
            )

    # -- the game -----------------------------------------------------------

    def play(self) -> int:
        """Play to the end; the winning team."""
        m = self.match
        self.console.print("[bold]Truco Paulista[/] — você joga com o seu parceiro contra Zé e Tião."
                           if self.rules.players == 4 else "[bold]Truco Paulista[/] — você contra Zé.")  # fmt: skip
        self.narrate(HandStarted(m.hand_number, m.dealer, m.vira, m.kind))
        while not m.is_over:
            waiting = m.to_act()
            bots = [s for s in waiting if s != HUMAN]
            seat = bots[0] if bots else HUMAN
            v = view(m, seat)
            action = self.ask(v) if seat == HUMAN else self.bots[seat].act(v)
            self.deciding = m.phase == Phase.DECIDING
            events = m.apply(action)
            for event in events:
                self.narrate(event)
            # after a trick, the cards left in the hand (a new hand shows its own)
            if any(isinstance(e, TrickEnded) for e in events) and not any(isinstance(e, HandEnded) for e in events):
                self.console.print(self.hand_line(view(m, HUMAN)))
        assert m.winner is not None  # a match over has a winner
        return m.winner


def play_matches(rules: Rules, level: str = "medium", seed: int | None = None, bot: str = "search") -> None:
    """Matches one after another, while the person answers "s" to "Jogar de novo?"."""
    n = 0
    while True:
        table = Table(rules, level, None if seed is None else seed + n, bot)
        table.play()
        n += 1
        again = table.console.input("Jogar de novo? (s/n): ").strip().lower()
        if again not in ("s", "sim"):
            table.console.print("Até a próxima!")
            return
