"""Solving a small truco variant with OpenSpiel's C++ algorithms.

``python_truco`` is a Python game: OpenSpiel's C++ CFR+ and best response run
on it, but every step calls back into Python. For a variant small enough to
solve, ``extensive_form`` walks the whole game tree once, through the same
``Table`` and information-state strings that ``python_truco`` serves, and
writes it in the Gambit EFG format that ``pyspiel.load_efg_game`` reads; the
C++ algorithms then run at C++ speed on exactly the same tree.

>>> import pyspiel
>>> tree = extensive_form({"players": 2, "hand_only": True, "max_raises": 0, "cover": False,
...                        "cards": "KD,KC,AD,AC,2D,2C,3D,3C"}, chance_limit=2)
>>> game = pyspiel.load_efg_game(tree.efg)
>>> game.num_players(), len(tree.infosets) > 0
(2, True)
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import pyspiel

from truco.bots import Bot
from truco.engine import Action, View, card_name, view
from truco.research.encoding import ACTION_NAMES, COVER_SLOT, PLAY_SLOT, RAISE_ID, action_id, information_state_string
from truco.research.openspiel import PARAMETERS, Table, Variant


@dataclass
class Infoset:
    """One information set of the tree: its player, a table where it occurs, the action ids there."""

    player: int
    number: int
    table: Table
    actions: list[int]


@dataclass
class Tree:
    efg: str
    #: EFG information-state string (``"p-p-number-"``) -> the information set
    infosets: dict[str, Infoset] = field(default_factory=dict)
    nodes: int = 0


def extensive_form(params: dict[str, Any], chance_limit: int | None = None) -> Tree:
    """The game tree of a two-player ``hand_only`` variant as EFG text (``chance_limit``: only the
    first few outcomes of each chance node, renormalized: a smaller tree for tests)."""
    variant = Variant.of({**PARAMETERS, **params})
    if variant.rules.players != 2 or not variant.hand_only:
        raise ValueError("only a one-hand 1v1 game (players=2, hand_only=true) is small enough to write out")
    lines: list[str] = ['EFG 2 R "truco" { "seat 0" "seat 1" }', ""]
    tree = Tree("")
    numbers: list[dict[str, int]] = [{}, {}]  # EFG numbers each player's information sets from 1
    outcome = 0

    def walk(table: Table, depth: int) -> None:
        nonlocal outcome
        tree.nodes += 1
        pad = " " * depth
        if table.is_over():
            outcome += 1
            r = table.returns()
            lines.append(f'{pad}t "" {outcome} "" {{ {r[0]} {r[1]} }}')
            return
        if table.is_chance():
            deals = _deals(table, chance_limit)
            labels = " ".join(f'"{label}" 1/{len(deals)}' for label, _ in deals)
            lines.append(f'{pad}c "" {depth + 1} "" {{ {labels} }} 0')
            for _, cards in deals:
                child = table.copy()
                for card in cards:
                    child.apply(card)
                walk(child, depth + 1)
            return
        assert table.match is not None
        seat = table.match.to_act()[0]
        key = information_state_string(view(table.match, seat), table.public)
        choices = list(table.choices(seat))
        number = numbers[seat].get(key)
        if number is None:
            number = numbers[seat][key] = len(numbers[seat]) + 1
            tree.infosets[f"{seat}-{seat}-{number}-"] = Infoset(seat, number, table.copy(), choices)
        labels = " ".join(f'"{ACTION_NAMES[a]}"' for a in choices)
        lines.append(f'{pad}p "" {seat + 1} {number} "" {{ {labels} }} 0')
        for a in choices:
            child = table.copy()
            child.apply(a)
            walk(child, depth + 1)

    walk(Table(variant), 0)
    tree.efg = "\n".join(lines) + "\n"
    return tree


def _deals(table: Table, limit: int | None) -> list[tuple[str, tuple[int, ...]]]:
    """The chance outcomes of a table, a whole deal at once: each seat's hand as a set (in card order),
    then the vira. Dealing card by card would repeat each deal once per order of its cards."""
    outcomes: list[tuple[str, tuple[int, ...]]]
    if table.dealer is None:
        outcomes = [(f"dealer {o}", (o,)) for o, _ in table.chance_outcomes()]
    else:
        deck = [c for c, _ in table.chance_outcomes()]
        outcomes = []
        for first in combinations(deck, 3):
            rest = [c for c in deck if c not in first]
            for second in combinations(rest, 3):
                viras = [c for c in rest if c not in second] if table.variant.vira is None else [None]
                for vira in viras:
                    cards = (*first, *second) if vira is None else (*first, *second, vira)
                    outcomes.append((" ".join(map(card_name, cards)), cards))
    return outcomes[:limit]


def action_ids(game: pyspiel.Game) -> dict[str, int]:
    """Our action names -> the EFG game's action ids (it numbers action labels itself)."""
    ids: dict[str, int] = {}
    state = game.new_initial_state()
    stack = [state]
    while stack and len(ids) < len(ACTION_NAMES):
        s = stack.pop()
        if s.is_terminal():
            continue
        if s.is_chance_node():
            stack.extend(s.child(o) for o, _ in s.chance_outcomes()[:2])
            continue
        for a in s.legal_actions():
            ids[s.action_to_string(a)] = a
            stack.append(s.child(a))
    return ids


def variant_action(view: View, chosen: Action, allowed: list[int]) -> int:
    """A bot's action in a restricted variant: a covered play becomes the same card played open,
    and a raise the variant forbids becomes an acceptance (or the first open play on one's turn)."""
    a = action_id(view, chosen)
    if a in allowed:
        return a
    if COVER_SLOT <= a < COVER_SLOT + 3 and a - COVER_SLOT + PLAY_SLOT in allowed:
        return a - COVER_SLOT + PLAY_SLOT
    if a == RAISE_ID:
        return next(b for b in allowed if b not in (RAISE_ID,))
    raise ValueError(f"the bot's {chosen} has no counterpart in {allowed}")


def bot_policy(
    tree: Tree, game: pyspiel.Game, new_bot: Callable[[int], Bot], samples: int, jobs: int = 1
) -> pyspiel.TabularPolicy:
    """A bot as a tabular policy of the EFG game: at each information set, the share of ``samples``
    fresh bots (``new_bot(k)``, k = 0..samples-1, the seed) choosing each action from the seat's view.

    Fresh, so that nothing one decision taught a bot (the search bot models its opponents as it
    plays) leaks into another information set's. A fresh bot's choice depends on its seed and the
    view alone, so it is asked once per view (information sets that differ only in the order of
    the public actions share one), in ``jobs`` processes, and not at all where the variant leaves
    one action."""
    ids = action_ids(game)
    seen: dict[str, View] = {}
    seen_key: dict[str, str] = {}
    for key, info in tree.infosets.items():
        assert info.table.match is not None
        seen[key] = view(info.table.match, info.player)
        seen_key[key] = json.dumps(seen[key].to_json(), sort_keys=True)
    # where the variant leaves one action, whatever the bot picks counts as it: no need to ask
    distinct = {seen_key[key]: v for key, v in seen.items() if len(tree.infosets[key].actions) > 1}
    chosen = dict(zip(distinct, _decisions(list(distinct.values()), new_bot, samples, jobs), strict=True))
    table: dict[str, list[tuple[int, float]]] = {}
    for key, info in tree.infosets.items():
        if len(info.actions) == 1:
            table[key] = [(ids[ACTION_NAMES[info.actions[0]]], 1.0)]
            continue
        counts = dict.fromkeys(info.actions, 0)
        for action in chosen[seen_key[key]]:
            counts[variant_action(seen[key], action, info.actions)] += 1
        table[key] = [(ids[ACTION_NAMES[a]], n / samples) for a, n in counts.items()]
    return pyspiel.TabularPolicy(table)


#: What ``_decisions``' worker processes ask of each view (they inherit it by fork).
_decide: Callable[[View], list[Action]] | None = None


def _decide_in_worker(seen: View) -> list[Action]:
    assert _decide is not None
    return _decide(seen)


def _decisions(views: list[View], new_bot: Callable[[int], Bot], samples: int, jobs: int) -> list[list[Action]]:
    """Each view's actions by ``samples`` fresh bots, in ``jobs`` forked processes."""
    global _decide

    def decide(seen: View) -> list[Action]:
        return [new_bot(k).act(seen) for k in range(samples)]

    if jobs <= 1:
        return [decide(v) for v in views]
    _decide = decide
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return pool.map(_decide_in_worker, views, chunksize=32)
    finally:
        _decide = None
