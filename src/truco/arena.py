"""``truco arena``: bots against bots in duplicate pairs, with honest statistics.

Pair ``m`` deals hand ``k`` from ``SeededDeals(derived_seed(seed, f"pair {m}"))``, which depends
only on (seed, m, k). The pair's two games use those same deals with the teams
swapping seats, so each team holds, in one game, the cards the other held in
the other: the luck of the cards cancels out.

The win rate of A is the mean over pairs of the pair's score (A's wins in its
two games / 2, so 0, ½ or 1). Pairs are independent, games within a pair are
not, so the 95% interval is mean ± 1.96·s/√n with s the standard deviation of
the pair scores and n the number of pairs (normal approximation; n ≥ 30 is
sensible).

At a table with signals (``--signals``, 4 players), the teams named play with partner signals
(seed 001): at each hand's start every bot of those teams makes its gestures (``gestures_of``), in
seat order, and their views carry their team's signals (``View.signals``); a team left out neither
makes nor sees any, which is how ``search`` using signals is measured against ``search`` ignoring them.

A decision's time is the CPU time of the bot's thread (``time.thread_time``),
what it costs on one core whatever else the machine runs; the wall-clock
figures are reported beside it.

>>> team = parse_team("search+heuristic:hard")
>>> team
(('search', 'medium'), ('heuristic', 'hard'))
>>> r = play_game(PairSpec("heuristic", "random", "paulista", 1), 0, 0)
>>> r["winner_team_of_a"] in (True, False)
True
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from random import Random
from typing import Any

from truco.bots import BOT_KINDS, LEVELS, PANEL, Bot, gestures_of, make_bot
from truco.engine import Match, Rules, SeededDeals, View, to_record, view
from truco.engine.deals import derived_seed
from truco.engine.events import HandEnded, HandStarted, RaiseAccepted, RaiseAsked
from truco.engine.signals import SignalLog

#: A seat's bot: (kind, level).
BotSpec = tuple[str, str]

#: Bots from outside ``truco.bots``, imported only when a team names them: kind -> (module, factory(level, seed)).
EXTERNAL_BOTS = {"openspiel-ismcts": ("truco.research.arena", "make_ismcts_bot")}

#: Actions after which a game is abandoned as broken (a real match takes a few hundred).
MAX_ACTIONS = 20_000


def parse_team(spec: str, default_level: str = "medium") -> tuple[BotSpec, ...]:
    """``"search"``, ``"search:hard"`` or ``"search+heuristic"`` (the team's first seat, then its partner)."""
    out = []
    for part in spec.split("+"):
        kind, _, level = part.strip().partition(":")
        level = level or default_level
        if kind not in BOT_KINDS and kind not in EXTERNAL_BOTS:
            known = ", ".join((*BOT_KINDS, *EXTERNAL_BOTS))
            raise ValueError(f"unknown bot {kind!r} in {spec!r} (known: {known})")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} in {spec!r} (known: {', '.join(LEVELS)})")
        out.append((kind, level))
    if len(out) > 2:
        raise ValueError(f"a team has at most two bots: {spec!r}")
    return tuple(out)


def label(bot: BotSpec) -> str:
    return f"{bot[0]}:{bot[1]}"


class Signals(StrEnum):
    """Which teams play with partner signals (4 players only)."""

    NONE = "none"
    BOTH = "both"
    A = "a"
    B = "b"

    def teams(self) -> tuple[str, ...]:
        """The teams ("a", "b") that signal."""
        return {"none": (), "both": ("a", "b"), "a": ("a",), "b": ("b",)}[self.value]


@dataclass(frozen=True)
class PairSpec:
    """What every game of a run shares: the two teams, the rules (a record's
    ``"rules"`` value), the run's seed and where to save records."""

    a: str
    b: str
    rules: Any
    seed: int
    records: str | None = None
    level: str = "medium"
    signals: Signals = Signals.NONE


def seat_bots(team: tuple[BotSpec, ...], players: int) -> list[BotSpec]:
    """The bots of a team's seats in order (first seat, partner); one bot fills both seats."""
    return [team[i % len(team)] for i in range(players // 2)]


def seat_bot(kind: str, level: str, seed: int) -> Bot:
    """One of ours (``make_bot``) or, imported on first use, an external one (``EXTERNAL_BOTS``)."""
    if kind in EXTERNAL_BOTS:
        import importlib

        module, factory = EXTERNAL_BOTS[kind]
        return getattr(importlib.import_module(module), factory)(level, seed)  # type: ignore[no-any-return]
    return make_bot(kind, level, seed)


def play_game(spec: PairSpec, pair: int, game: int) -> dict[str, Any]:
    """Game ``game`` (0: A sits at the even seats, 1: A at the odd seats) of pair ``pair``."""
    rules = Rules.parse(spec.rules)
    teams = [parse_team(spec.a, spec.level), parse_team(spec.b, spec.level)]
    a_team = game  # the engine team of A
    pair_seed = derived_seed(spec.seed, f"pair {pair}")  # the pair's deals, and its signal tables
    deals = SeededDeals(pair_seed, rules.deck, rules.players)
    match = Match(rules, deals=deals, first_dealer=deals.first_dealer)
    seats: dict[int, BotSpec] = {}
    for engine_team in (0, 1):
        team_seats = [s for s in range(rules.players) if match.team_of(s) == engine_team]
        for s, bot in zip(
            team_seats, seat_bots(teams[0] if engine_team == a_team else teams[1], rules.players), strict=True
        ):
            seats[s] = bot
    bots = {
        s: seat_bot(kind, level, Random(f"{spec.seed}:{pair}:{game}:{s}").getrandbits(32))
        for s, (kind, level) in seats.items()
    }
    side = {s: "a" if match.team_of(s) == a_team else "b" for s in seats}
    signalling = [s for s in seats if side[s] in spec.signals.teams()] if rules.players == 4 else []
    log = SignalLog(pair_seed) if signalling else None
    made = {"a": 0, "b": 0}

    def seat_view(seat: int) -> View:
        return view(match, seat, signals=log if seat in signalling else None)

    def make_signals() -> None:
        assert log is not None
        for s in signalling:
            for gesture in gestures_of(bots[s], seat_view(s)):
                log.add(match, s, gesture)
                made[side[s]] += 1

    if log is not None:
        make_signals()
    times: dict[str, list[float]] = {label(b): [] for b in seats.values()}
    wall: dict[str, list[float]] = {label(b): [] for b in seats.values()}
    raises = {t: {"asked": 0, "accepted": 0, "run": 0} for t in ("a", "b")}
    asking: str | None = None
    while not match.is_over:
        if len(match.actions) > MAX_ACTIONS:
            raise RuntimeError(f"pair {pair} game {game}: no end after {MAX_ACTIONS} actions")
        seat = match.to_act()[0]
        seen = seat_view(seat)
        start, cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].act(seen)
        times[label(seats[seat])].append((time.thread_time() - cpu) * 1000)
        wall[label(seats[seat])].append((time.perf_counter() - start) * 1000)
        for event in match.apply(action):
            if isinstance(event, RaiseAsked):
                asking = "a" if match.team_of(event.seat) == a_team else "b"
                raises[asking]["asked"] += 1
            elif isinstance(event, RaiseAccepted) and asking:
                raises[asking]["accepted"] += 1
                asking = None
            elif isinstance(event, HandEnded):
                if event.reason == "run" and asking:
                    raises[asking]["run"] += 1
                asking = None
            elif isinstance(event, HandStarted) and log is not None:
                make_signals()
    if spec.records:
        path = Path(spec.records) / f"pair-{pair:05d}-game-{game}.json"
        path.write_text(json.dumps(to_record(match)), encoding="utf-8")
    a_points = sum(r.points for r in match.results if r.winner == a_team)
    b_points = sum(r.points for r in match.results if r.winner == 1 - a_team)
    return {
        "pair": pair,
        "game": game,
        "winner_team_of_a": match.winner == a_team,
        "score_a": match.score[a_team],
        "score_b": match.score[1 - a_team],
        "hands": len(match.results),
        "points_a": a_points,
        "points_b": b_points,
        "raises": raises,
        "signals": made,
        "times": times,
        "wall": wall,
        "deals": [deals.get(k) for k in range(len(match.results))],
    }


def play_pair(spec: PairSpec, pair: int) -> list[dict[str, Any]]:
    return [play_game(spec, pair, 0), play_game(spec, pair, 1)]


def confidence_interval(scores: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """(mean, low, high) of independent scores, normal approximation, clipped to [0, 1].

    >>> [round(x, 3) for x in confidence_interval([1, 0, 0.5, 1])]
    [0.625, 0.156, 1.0]
    """
    n = len(scores)
    if n == 0:
        return 0.0, 0.0, 1.0
    mean = sum(scores) / n
    if n == 1:
        return mean, 0.0, 1.0
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of decision times (nearest rank), in ms."""
    if not values:
        return {"n": 0}
    v = sorted(values)

    def at(q: float) -> float:
        return round(v[min(len(v) - 1, math.ceil(q * len(v)) - 1)], 3)

    return {"n": len(v), "p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": round(v[-1], 3)}


def scores_by_pair(games: Iterable[dict[str, Any]]) -> dict[int, float]:
    """A's score in each duplicate pair of a run (its share of the pair's two matches), from its games.

    >>> scores_by_pair([{"pair": 0, "winner_team_of_a": True}, {"pair": 0, "winner_team_of_a": False}])
    {0: 0.5}
    """
    by_pair: dict[int, float] = {}
    for g in games:
        by_pair[g["pair"]] = by_pair.get(g["pair"], 0.0) + (0.5 if g["winner_team_of_a"] else 0.0)
    return by_pair


def summarize(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The statistics of a run from its games (both games of every pair)."""
    by_pair = scores_by_pair(games)
    hands = points_a = points_b = wins = n_games = 0
    raises = {t: {"asked": 0, "accepted": 0, "run": 0} for t in ("a", "b")}
    signals = {"a": 0, "b": 0}
    times: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    for g in games:
        n_games += 1
        wins += g["winner_team_of_a"]
        hands += g["hands"]
        points_a += g["points_a"]
        points_b += g["points_b"]
        for t in raises:
            for k in raises[t]:
                raises[t][k] += g["raises"][t][k]
            signals[t] += g["signals"][t]
        for name, ts in g["times"].items():
            times.setdefault(name, []).extend(ts)
        for name, ts in g.get("wall", {}).items():
            wall.setdefault(name, []).extend(ts)
    mean, low, high = confidence_interval(list(by_pair.values()))
    return {
        "pairs": len(by_pair),
        "matches": n_games,
        "wins_a": wins,
        "win_rate_a": round(mean, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "hands": hands,
        "points_per_hand": {"a": round(points_a / max(hands, 1), 3), "b": round(points_b / max(hands, 1), 3)},
        "raises": {
            t: {
                **r,
                "asked_per_hand": round(r["asked"] / max(hands, 1), 3),
                "accepted_rate": round(r["accepted"] / max(r["asked"], 1), 3),
                "run_rate": round(r["run"] / max(r["asked"], 1), 3),
            }
            for t, r in raises.items()
        },
        "signals_per_hand": {t: round(n / max(hands, 1), 3) for t, n in signals.items()},
        "decision_ms": {name: percentiles(ts) for name, ts in sorted(times.items())},
        "decision_wall_ms": {name: percentiles(ts) for name, ts in sorted(wall.items())},
    }


def run(spec: PairSpec, pairs: int, jobs: int = 1, progress: bool = True, first: int = 0) -> dict[str, Any]:
    """Play ``pairs`` duplicate pairs on ``jobs`` processes, numbered from ``first`` (a run of pairs 0–599 and
    one of 600–999 together play the same games as one of 1,000); return the summary (and every game's
    outcome)."""
    from functools import partial

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    if spec.records:
        Path(spec.records).mkdir(parents=True, exist_ok=True)
    games: list[dict[str, Any]] = []
    work = partial(play_pair, spec)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, disable=not progress, transient=False) as bar:
        task = bar.add_task("", total=pairs)

        def record(pair_games: list[dict[str, Any]]) -> None:
            games.extend(pair_games)
            wins = sum(g["winner_team_of_a"] for g in games)
            bar.update(task, advance=1, description=f"A {wins} × {len(games) - wins} B")

        if jobs <= 1:
            for m in range(first, first + pairs):
                record(work(m))
        else:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                for pair_games in pool.imap_unordered(work, range(first, first + pairs)):
                    record(pair_games)
    games.sort(key=lambda g: (g["pair"], g["game"]))
    for g in games:
        del g["deals"]
    summary = summarize(games)
    summary["a"], summary["b"] = spec.a, spec.b
    summary["rules"], summary["seed"], summary["signals"] = spec.rules, spec.seed, spec.signals.value
    summary["first_pair"] = first
    summary["games"] = [{k: g[k] for k in ("pair", "game", "winner_team_of_a", "score_a", "score_b")} for g in games]
    return summary


def report(summary: dict[str, Any]) -> str:
    """A human-readable report of a run."""
    a, b = summary["a"], summary["b"]
    low, high = summary["ci95"]
    lines = [
        f"A = {a}   B = {b}   rules = {json.dumps(summary['rules'])}   seed = {summary['seed']}"
        f"   signals = {summary['signals']}",
        f"{summary['matches']} matches in {summary['pairs']} duplicate pairs{pair_numbers(summary)}:"
        f" A won {summary['wins_a']}",
        f"win rate of A: {summary['win_rate_a']:.1%}   95% CI [{low:.1%}, {high:.1%}] (over pairs)",
        f"points per hand: A {summary['points_per_hand']['a']}   B {summary['points_per_hand']['b']}"
        f"   ({summary['hands']} hands)",
    ]
    for t, name in (("a", "A"), ("b", "B")):
        r = summary["raises"][t]
        lines.append(
            f"raises by {name}: {r['asked']} asked ({r['asked_per_hand']} per hand), "
            f"{r['accepted_rate']:.0%} accepted, {r['run_rate']:.0%} run from"
        )
    if summary["signals"] != Signals.NONE:
        per_hand = summary["signals_per_hand"]
        lines.append(f"partner signals per hand: A {per_hand['a']}   B {per_hand['b']}")
    for name, p in summary["decision_ms"].items():
        if p["n"]:
            w = summary["decision_wall_ms"].get(name, p)
            lines.append(
                f"decision time {name} (CPU of one core): p50 {p['p50']} ms  p95 {p['p95']} ms  p99 {p['p99']} ms"
                f"  max {p['max']} ms  ({p['n']} decisions; wall clock p95 {w['p95']} ms, p99 {w['p99']} ms)"
            )
    return "\n".join(lines)


def pair_numbers(summary: dict[str, Any]) -> str:
    """The pairs' numbers, as " (pairs 600–999)", for a run that did not start at pair 0; else nothing."""
    first = summary.get("first_pair", 0)
    return f" (pairs {first}–{first + summary['pairs'] - 1})" if first else ""


def run_panel(
    a: str,
    pairs: int,
    jobs: int = 1,
    seed: int = 0,
    rules: Any = "paulista",
    level: str = "medium",
    progress: bool = True,
    on_row: Callable[[dict[str, Any]], None] | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """``a`` against every member of the sparring panel (``truco.bots.PANEL``), ``pairs`` duplicate pairs each
    numbered from ``first``; ``on_row`` gets each opponent's row as soon as it is measured."""
    rows: list[dict[str, Any]] = []
    for opponent in PANEL:
        s = run(PairSpec(a, opponent, rules, seed, None, level), pairs, jobs, progress, first)
        rows.append({
            "opponent": opponent,
            "pairs": s["pairs"],
            "win_rate_a": s["win_rate_a"],
            "ci95": s["ci95"],
            "points_per_hand": s["points_per_hand"],
            "raises": {t: {k: s["raises"][t][k] for k in ("asked_per_hand", "accepted_rate", "run_rate")}
                       for t in ("a", "b")},
            "decision_ms": s["decision_ms"],
        })  # fmt: skip
        if on_row:
            on_row(rows[-1])
    return {"a": a, "rules": rules, "seed": seed, "rows": rows}


#: The panel table's header: raises asked per hand by A and B, and the share accepted and run from.
PANEL_HEADER = (
    f"{'opponent':<10} {'pairs':>5} {'win A':>6} {'95% CI':>15} {'pts/hand A-B':>13}"
    f"  {'raises/hand A':>13} {'acc':>4} {'run':>4}  {'raises/hand B':>13} {'acc':>4} {'run':>4}"
)


def panel_title(a: str, rules: Any, seed: int) -> str:
    return f"A = {a}   rules = {json.dumps(rules)}   seed = {seed}"


def panel_row(r: dict[str, Any]) -> str:
    """One opponent's line: A's win rate, its interval, points and raises per hand, raises' answers."""
    low, high = r["ci95"]
    ra, rb = r["raises"]["a"], r["raises"]["b"]
    return (
        f"{r['opponent']:<10} {r['pairs']:>5} {r['win_rate_a']:>6.1%} {f'[{low:.1%}, {high:.1%}]':>15}"
        f" {r['points_per_hand']['a']:>6.2f}-{r['points_per_hand']['b']:<6.2f}"
        f"  {ra['asked_per_hand']:>13.2f} {ra['accepted_rate']:>4.0%} {ra['run_rate']:>4.0%}"
        f"  {rb['asked_per_hand']:>13.2f} {rb['accepted_rate']:>4.0%} {rb['run_rate']:>4.0%}"
    )


def panel_report(panel: dict[str, Any]) -> str:
    """The panel's table: a title, the header, one line per opponent."""
    lines = [panel_title(panel["a"], panel["rules"], panel["seed"]), PANEL_HEADER]
    return "\n".join(lines + [panel_row(r) for r in panel["rows"]])
