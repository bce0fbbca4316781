"""``truco play``: a match in the terminal against bots, in Brazilian Portuguese.

The person sits at seat 0 with a bot partner (seat 2) against two bots, or
alone against one in 1v1. Every event of the table is narrated, the cards are
drawn, and the legal choices are numbered; the person types a number.
Everything read comes from the person's view and the public events.
"""

from __future__ import annotations

from random import Random

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from truco.bots import make_bot
from truco.engine import ACCEPT, PLAY, RAISE, Action, Match, Rules, View, card_label, view
from truco.engine.cards import RANKS
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


def card_text(card: int | None) -> Text:
    """A card drawn as a small face: ``[ 7♥ ]``, red for ouros and copas; face down when None."""
    if card is None:
        return Text("[ ▒▒ ]", style="bold white on blue")
    label = card_label(card)
    return Text(f"[{label:>3} ]", style="bold red on white" if label[-1] in RED_SUITS else "bold black on white")


class Table:
    """One match between the person and bots, narrated on ``console``."""

    def __init__(self, rules: Rules, level: str = "medium", seed: int | None = None, bot: str = "search") -> None:
        seed = Random().randrange(2**32) if seed is None else seed
        self.rules = rules
        self.match = Match(rules, seed=seed)
        self.names = NAMES_4 if rules.players == 4 else NAMES_2
        self.bots = {s: make_bot(bot, level, seed * 10 + s) for s in range(1, rules.players)}
        self.console = Console(highlight=False)
        #: whether the answers being narrated decide a mão de onze
        self.deciding = False

    # -- words --------------------------------------------------------------

    def score_line(self) -> str:
        a, b = self.match.score
        return f"Placar: Nós {a} × {b} Eles (tentos)"

    def raise_name(self, value: int) -> str:
        ladder = self.rules.ladder
        return RAISE_NAMES[ladder.index(value)] if value in ladder else str(value)

    def manilha(self, v: View) -> str:
        return f"manilha {RANKS[v.manilha]}" if v.manilha is not None else "manilhas fixas: 4♣ 7♥ A♠ 7♦"

    def narrate(self, event: Event) -> None:
        say = self.console.print
        if isinstance(event, HandStarted):
            manilha = self.manilha(view(self.match, HUMAN))
            say(f"\n[bold]— Mão {event.number + 1} —[/] carteador: {self.names[event.dealer]}")
            say(Text.assemble("Vira: ", card_text(event.vira), f"  {manilha}"))
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
                say(f"Nós ganhamos a {which} vaza." if event.winner == HUMAN & 1 else f"Eles ganharam a {which} vaza.")
        elif isinstance(event, RaiseAsked):
            say(f"[bold magenta]{self.names[event.seat]} pediu {self.raise_name(event.value)}![/]")
        elif isinstance(event, Answered):
            words = ("quer jogar", "quer fugir") if self.deciding else ("aceitou", "correu")
            say(f"{self.names[event.seat]} {words[0] if event.answer == ACCEPT else words[1]}.")
        elif isinstance(event, RaiseAccepted):
            say(f"Aceito! A mão agora vale {event.value} tentos.")
        elif isinstance(event, ElevenDecided):
            who = "Nossa dupla" if event.team == HUMAN & 1 else "A dupla adversária"
            say(f"{who} {'vai jogar a' if event.play else 'fugiu da'} mão de onze.")
        elif isinstance(event, HandEnded):
            if event.winner is None:
                say("Todas as vazas empataram: ninguém marca.")
            else:
                pts = f"{event.points} tento{'s' if event.points != 1 else ''}"
                if event.winner == HUMAN & 1:
                    say(f"[green]Nós marcamos {pts}.[/]")
                else:
                    say(f"[red]Eles marcaram {pts}.[/]")
            say(self.score_line())
        elif isinstance(event, MatchEnded):
            if event.winner == HUMAN & 1:
                say("\n[bold green]Fim de jogo: vocês venceram![/]")
            else:
                say("\n[bold red]Fim de jogo: eles venceram.[/]")

    # -- the person's turn --------------------------------------------------

    def show(self, v: View) -> None:
        lines: list[Text] = [
            Text(f"{self.score_line()}   A mão vale {v.value}."),
            Text.assemble("Vira: ", card_text(v.vira), f"  {self.manilha(v)}"),
        ]
        if v.pending:
            lines.append(Text(f"Pedido na mesa: {self.raise_name(v.pending['value'])} (vale {v.pending['value']})"))
        table = [Text.assemble(f"{self.names[s]}: ", card_text(c)) for s, c in v.trick]
        lines.append(Text("Na mesa: ") + (Text("  ").join(table) if table else Text("nada ainda")))
        if v.blind:
            lines.append(Text("Suas cartas (viradas): ") + Text(" ").join(card_text(None) for _ in range(v.blind)))
        else:
            lines.append(Text("Suas cartas: ") + Text(" ").join(card_text(c) for c in v.hand))
        for s, cards in v.known_hands.items():
            lines.append(Text(f"Cartas de {self.names[s].lower()}: ") + Text(" ").join(card_text(c) for c in cards))
        self.console.print(Panel(Group(*lines), title="Sua vez", expand=False))

    def choice_label(self, a: Action, v: View) -> str:
        if a.type == PLAY:
            if a.card is None:
                return f"Jogar a carta virada nº {a.slot + 1}"
            return f"Jogar {card_label(a.card)}" + (" coberta" if a.covered else "")
        if v.phase == "deciding":
            return "Jogar a mão de onze" if a.type == ACCEPT else "Fugir (eles ganham os pontos)"
        if a.type == RAISE:
            asked = v.pending["value"] if v.pending else v.value
            ladder = self.rules.ladder
            return f"Pedir {self.raise_name(ladder[min(ladder.index(asked) + 1, len(ladder) - 1)])}"
        return "Aceitar" if a.type == ACCEPT else "Correr"

    def ask(self, v: View) -> Action:
        self.show(v)
        for i, a in enumerate(v.legal, 1):
            self.console.print(f"  [bold]{i}[/]) {self.choice_label(a, v)}")
        while True:
            answer = self.console.input(f"Sua escolha (1-{len(v.legal)}): ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(v.legal):
                return v.legal[int(answer) - 1]
            self.console.print(f"Escolha um número de 1 a {len(v.legal)}.")

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
            self.deciding = m.phase == "deciding"
            for event in m.apply(action):
                self.narrate(event)
        return m.winner
