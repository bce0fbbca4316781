// "Como jogar": the rules of the default table (docs/rules.md, sections 1 to 10, and the Mineiro style) for
// players, in Brazilian Portuguese, English and Spanish, with real cards.

import { cardFace } from "./cards.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { prefs } from "./prefs.js";

// [title, paragraphs...] per section and language; "cards:" lines draw those cards
const RULES = {
  "pt-BR": [
    ["Visão geral", "Duas duplas, parceiros frente a frente (ou um contra um). Cada mão tem até 3 vazas; quem vencer 2 vazas vence a mão. A primeira dupla a chegar a 12 tentos vence a partida."],
    ["Baralho", "40 cartas: o baralho sem 8, 9 e 10. Da mais fraca à mais forte:", "cards:4D 5S 6H 7C QD JS KH AC 2D 3S", "Entre cartas comuns o naipe não importa: dois reis empatam."],
    ["Vira e manilhas", "Depois de dar as cartas, vira-se uma carta: a vira. A manilha é o valor logo acima dela (vira K → manilha A; vira 3 → manilha 4). As quatro manilhas vencem qualquer carta comum, e entre elas decide o naipe:", "cards:5D 5S 5H 5C", "Ouros < Espadas < Copas < Paus (o Zap). Manilhas nunca empatam."],
    ["Ordem de jogo", "Cada um recebe 3 cartas. Quem está depois do carteador abre a 1ª vaza; o jogo segue no sentido horário. Quem vence uma vaza abre a próxima; numa vaza empatada, abre quem jogou primeiro uma das cartas empatadas."],
    ["Carta coberta", "A partir da 2ª vaza, na sua vez, você pode jogar uma carta coberta (virada para baixo). Ela não vale nada e nunca é revelada a ninguém."],
    ["Quem vence a mão", "Quem vencer 2 vazas. Empate na 1ª: vence quem ganhar a 2ª (e, se ela empatar, a 3ª). Quem venceu a 1ª e empatou depois vence a mão. Três vazas empatadas: ninguém marca."],
    ["Truco e aumentos", "A mão começa valendo 1. Na sua vez, antes de jogar, peça TRUCO (3), depois SEIS (6), NOVE (9) e DOZE (12). Os dois adversários respondem ao mesmo tempo, sem saber a resposta do parceiro: aceitar, correr ou aumentar. Se os dois correrem, quem pediu marca o valor anterior. Depois de um aceite, só quem aceitou pode pedir o próximo aumento."],
    ["Mão de onze", "Quando só uma dupla está com 11, ela vê as cartas do parceiro e decide se joga (a mão vale 3) ou foge (os adversários marcam 1). Não se pede truco nessa mão."],
    ["Mão de ferro", "Quando as duas duplas estão com 11, todos jogam no escuro, sem ver as próprias cartas. Quem vencer a mão vence o jogo."],
    ["Fim de jogo", "A primeira dupla a chegar a 12 vence. O placar nunca passa de 12."],
    ["Estilo Mineiro", "Manilhas fixas, seja qual for a vira: 4♣ (Zap) > 7♥ (Copas) > A♠ (Espadilha) > 7♦ (Pica-fumo). A mão começa valendo 2 e os pedidos são 4, 6, 10 e 12.", "cards:4C 7H AS 7D"],
  ],
  en: [
    ["Overview", "Two teams, partners facing each other (or one on one). Each hand has up to 3 tricks; winning 2 tricks wins the hand. The first team to 12 points wins the match."],
    ["The deck", "40 cards: the deck without 8, 9 and 10. From the weakest to the strongest:", "cards:4D 5S 6H 7C QD JS KH AC 2D 3S", "Among ordinary cards the suit does not matter: two kings tie."],
    ["Vira and manilhas", "After the deal one card is turned up: the vira. The manilha is the rank just above it (vira K → manilha A; vira 3 → manilha 4). The four manilhas beat every ordinary card, and among them the suit decides:", "cards:5D 5S 5H 5C", "Diamonds < Spades < Hearts < Clubs (the Zap). Manilhas never tie."],
    ["Order of play", "Everyone gets 3 cards. The player after the dealer leads the 1st trick; play goes clockwise. Whoever wins a trick leads the next; after a tied trick, whoever first played one of the tied cards leads."],
    ["Covered card", "From the 2nd trick on, on your turn, you may play a card face down. It is worth nothing and is never shown to anyone."],
    ["Who wins the hand", "Whoever wins 2 tricks. A tied 1st trick: the 2nd decides (and if it ties, the 3rd). Whoever won the 1st and then tied wins the hand. Three tied tricks: nobody scores."],
    ["Truco and raises", "A hand starts at 1. On your turn, before playing, ask TRUCO (3), then SIX (6), NINE (9) and TWELVE (12). Both opponents answer at the same time, neither knowing the partner's answer: accept, run or raise. If both run, the asking team scores the value before the ask. After an acceptance, only the accepting team may raise next."],
    ["Hand of eleven", "When only one team has 11, it sees the partner's cards and decides to play (the hand is worth 3) or flee (the opponents score 1). No truco in that hand."],
    ["Iron hand", "When both teams have 11, everyone plays blind, without seeing their own cards. Whoever wins the hand wins the match."],
    ["End of the match", "The first team to reach 12 wins. The score never goes above 12."],
    ["Mineiro style", "Fixed manilhas, whatever the vira: 4♣ (Zap) > 7♥ > A♠ > 7♦. A hand starts at 2 and the raises are 4, 6, 10 and 12.", "cards:4C 7H AS 7D"],
  ],
  es: [
    ["En resumen", "Dos parejas, compañeros frente a frente (o uno contra uno). Cada mano tiene hasta 3 bazas; quien gana 2 bazas gana la mano. La primera pareja que llega a 12 puntos gana la partida."],
    ["La baraja", "40 cartas: la baraja sin 8, 9 y 10. De la más débil a la más fuerte:", "cards:4D 5S 6H 7C QD JS KH AC 2D 3S", "Entre cartas comunes el palo no importa: dos reyes empatan."],
    ["Vira y manillas", "Después de repartir se da vuelta una carta: la vira. La manilla es el valor justo encima (vira K → manilla A; vira 3 → manilla 4). Las cuatro manillas ganan a cualquier carta común, y entre ellas decide el palo:", "cards:5D 5S 5H 5C", "Oros < Espadas < Copas < Bastos (el Zap). Las manillas nunca empatan."],
    ["Orden de juego", "Cada uno recibe 3 cartas. Quien está después del que reparte abre la 1ª baza; se juega en el sentido de las agujas del reloj. Quien gana una baza abre la siguiente; tras una baza empatada, abre quien jugó primero una de las cartas empatadas."],
    ["Carta tapada", "Desde la 2ª baza, en tu turno, puedes jugar una carta boca abajo. No vale nada y nunca se muestra a nadie."],
    ["Quién gana la mano", "Quien gana 2 bazas. Si la 1ª empata, decide la 2ª (y si empata, la 3ª). Quien ganó la 1ª y después empató gana la mano. Tres bazas empatadas: nadie suma."],
    ["Truco y subidas", "La mano empieza valiendo 1. En tu turno, antes de jugar, pide TRUCO (3), luego SEIS (6), NUEVE (9) y DOCE (12). Los dos rivales responden a la vez, sin saber la respuesta del compañero: querer, no querer o subir. Si los dos no quieren, quien pidió suma el valor anterior. Tras un \"quiero\", solo la pareja que aceptó puede subir."],
    ["Mano de once", "Cuando solo una pareja tiene 11, ve las cartas del compañero y decide si juega (la mano vale 3) o huye (los rivales suman 1). En esa mano no hay truco."],
    ["Mano de hierro", "Cuando las dos parejas tienen 11, todos juegan a ciegas, sin ver sus cartas. Quien gana la mano gana la partida."],
    ["Fin de la partida", "Gana la primera pareja que llega a 12. El tanteo nunca pasa de 12."],
    ["Estilo Mineiro", "Manillas fijas, sea cual sea la vira: 4♣ (Zap) > 7♥ > A♠ > 7♦. La mano empieza valiendo 2 y las subidas son 4, 6, 10 y 12.", "cards:4C 7H AS 7D"],
  ],
};

export class RulesScreen {
  constructor(root) {
    this.root = root;
  }

  mount() {
    document.title = `${t("rules_title")} · Truco Paulista`;
    const cards = (line) =>
      h(
        "div",
        { class: "help-cards", role: "img", "aria-label": line.slice(6) },
        line
          .slice(6)
          .split(" ")
          .map((c) => h("span", { svg: cardFace(c) })),
      );
    const sections = (RULES[prefs.lang] || RULES["pt-BR"]).map(([title, ...lines], i) =>
      h(
        "section",
        { class: "rules-section", "aria-labelledby": `rules-${i}` },
        h("h2", { id: `rules-${i}` }, title),
        lines.map((line) => (line.startsWith("cards:") ? cards(line) : h("p", {}, line))),
      ),
    );
    fill(
      this.root,
      h(
        "article",
        { class: "rules card" },
        h("h1", {}, t("rules_title")),
        sections,
        h("p", {}, h("a", { class: "btn btn-primary", href: "/", "data-link": "" }, t("back_to_lobby"))),
      ),
    );
  }

  unmount() {
    document.title = "Truco Paulista";
  }

  refresh() {
    this.mount();
  }
}
