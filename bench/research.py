"""Research interfaces: their speed, and CFR+ on a small truco variant.

    python bench/research.py speed [--matches 200] [--repeat 5]
    python bench/research.py cfr [--iterations 400] [--svg docs/research-cfr.svg] [--samples 4] [--bots random,...]
                                 [--jobs 1]

``speed``: in the same run, alternating, (1) the raw engine (a random legal action of
``legal_actions``, applied), (2) the engine through views (what every bot gets: the view
of the seat to act, one of its legal actions), (3) the PettingZoo environment with a random
agent (``last()`` then ``step``, so an observation and a mask every step), (4) the same in
PettingZoo's generic ``OrderEnforcingWrapper`` (which ``env()`` does without), and, to show where
a step's time goes, (5) the environment handing out a copy of a constant observation (the seat's
view still written by the engine, ``seat_vector``, and the mask still made; ``without_observation``).
The random agent
remembers the legal ids of each mask it has seen, so that its own work stays small beside the
environment's. Medians of ``--repeat`` runs of ``--matches`` 1v1 matches each, in CPU time of the
process (less disturbed by a shared machine than the wall clock).

``cfr``: writes the variant's tree (``truco.research.solve``), runs OpenSpiel's C++ CFR+ on
it, prints NashConv against iterations and draws them as an SVG, then each of our bots'
exploitability in the variant and its expected points against the CFR+ strategy.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from pathlib import Path
from random import Random
from typing import Any

from truco.engine import Match, RandomDeals, Rules, view

RULES = Rules.parse({"players": 2})

#: The solved variant: one hand, 1v1, eight cards (K A 2 3 of ouros and paus), vira KD
#: (so the manilhas are AD and AC), the dealer drawn, one raise at most, no covered cards.
VARIANT = {
    "players": 2,
    "hand_only": True,
    "cards": "KD,KC,AD,AC,2D,2C,3D,3C",
    "vira": "KD",
    "max_raises": 1,
    "cover": False,
}


def raw_engine(matches: int, seed: int) -> float:
    rng = Random(seed)
    rnd = rng.random
    actions = 0
    start = time.process_time()
    for _ in range(matches):
        m = Match(RULES, deals=RandomDeals(rng, RULES.deck, RULES.players), first_dealer=0)
        while m.winner is None:
            legal = m.legal_actions(m.to_act()[0])
            m.apply(legal[int(rnd() * len(legal))])
            actions += 1
    return actions / (time.process_time() - start)


def engine_views(matches: int, seed: int) -> float:
    rng = Random(seed)
    rnd = rng.random
    actions = 0
    start = time.process_time()
    for _ in range(matches):
        m = Match(RULES, deals=RandomDeals(rng, RULES.deck, RULES.players), first_dealer=0)
        while m.winner is None:
            legal = view(m, m.to_act()[0]).legal
            m.apply(legal[int(rnd() * len(legal))])
            actions += 1
    return actions / (time.process_time() - start)


def without_observation() -> Any:
    """The environment without its observation: ``observe`` hands out a copy of a constant vector
    and the real mask (from the seat's view, which the engine still writes, as in ``env()``). Not a
    usable environment (it tells the agent nothing): what the rest of a step costs, PettingZoo's
    loop and the copy of an observation included, without the observation."""
    import numpy as np

    from truco.research.encoding import OBSERVATION_SIZE, mask
    from truco.research.pettingzoo import raw_env

    nothing = np.zeros(OBSERVATION_SIZE, np.float32)

    class WithoutObservation(raw_env):
        def observe(self, agent: str) -> dict[str, Any]:
            bits = self._seat_views().seen(self._seat[agent])[3]
            return {"observation": nothing.copy(), "action_mask": mask(bits)}

    return WithoutObservation(rules={"players": 2})


def pettingzoo_steps(matches: int, seed: int, wrapped: bool = False, without: bool = False) -> float:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from truco.research.pettingzoo import env

    e = without_observation() if without else env(rules={"players": 2})
    if wrapped:
        e = OrderEnforcingWrapper(e)
    rng = Random(seed)
    rnd = rng.random
    #: the agent's own work kept small: the legal ids of each mask it has seen
    ids: dict[bytes, list[int]] = {}
    steps = 0
    start = time.process_time()
    for k in range(matches):
        e.reset(seed=seed * 100_000 + k)
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            mask = obs["action_mask"]
            legal = ids.get(mask.tobytes())
            if legal is None:
                legal = ids[mask.tobytes()] = mask.nonzero()[0].tolist()
            e.step(legal[int(rnd() * len(legal))])
            steps += 1
    return steps / (time.process_time() - start)


def speed(matches: int, repeat: int) -> None:
    runs: dict[str, list[float]] = {
        "raw engine": [],
        "engine through views": [],
        "PettingZoo env": [],
        "env in PettingZoo's OrderEnforcingWrapper": [],
        "env without the observation (view, mask)": [],
    }
    for r in range(repeat):
        runs["raw engine"].append(raw_engine(matches, r))
        runs["engine through views"].append(engine_views(matches, r))
        runs["PettingZoo env"].append(pettingzoo_steps(matches, r))
        runs["env in PettingZoo's OrderEnforcingWrapper"].append(pettingzoo_steps(matches, r, wrapped=True))
        runs["env without the observation (view, mask)"].append(pettingzoo_steps(matches, r, without=True))
    medians = {name: statistics.median(v) for name, v in runs.items()}
    for name, v in runs.items():
        print(f"{name:41} median {medians[name]:>9,.0f} actions/s   (runs: {', '.join(f'{x:,.0f}' for x in v)})")
    env = medians["PettingZoo env"]
    raw, views = medians["raw engine"] / env, medians["engine through views"] / env
    print(f"raw engine / env: {raw:.1f}x   engine through views / env: {views:.1f}x")
    name = "env without the observation (view, mask)"
    print(f"raw engine / {name}: {medians['raw engine'] / medians[name]:.1f}x")


def svg_plot(points: list[tuple[int, float]], path: Path) -> None:
    """NashConv against iterations on log-log axes, as a self-contained SVG."""
    w, h, left, bottom, top, right = 640, 400, 70, 50, 20, 20
    xs = [math.log10(i) for i, _ in points]
    ys = [math.log10(v) for _, v in points]
    x0, x1 = 0.0, math.ceil(max(xs))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * (w - left - right)

    def py(y: float) -> float:
        return h - bottom - (y - y0) / (y1 - y0) * (h - bottom - top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"'
        ' font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
    ]
    for e in range(int(x0), int(x1) + 1):
        out.append(f'<line x1="{px(e):.1f}" y1="{top}" x2="{px(e):.1f}" y2="{h - bottom}" stroke="#ddd"/>')
        out.append(f'<text x="{px(e):.1f}" y="{h - bottom + 16}" text-anchor="middle">{10**e:g}</text>')
    for e in range(int(y0), int(y1) + 1):
        out.append(f'<line x1="{left}" y1="{py(e):.1f}" x2="{w - right}" y2="{py(e):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{py(e) + 4:.1f}" text-anchor="end">{10**e:g}</text>')
    line = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys, strict=True))
    out.append(f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    out += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="#1f77b4"/>' for x, y in zip(xs, ys, strict=True)]
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">CFR+ iterations</text>')
    out.append(
        f'<text x="16" y="{(top + h - bottom) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {(top + h - bottom) / 2})">NashConv (points per hand)</text>'
    )
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def cfr(iterations: int, svg: Path, samples: int, bots: list[str], jobs: int) -> None:
    import pyspiel

    from truco.bots import make_bot
    from truco.research.solve import bot_policy, extensive_form

    start = time.perf_counter()
    tree = extensive_form(VARIANT)
    game = pyspiel.load_efg_game(tree.efg)
    print(f"variant {VARIANT}")
    print(
        f"tree: {tree.nodes:,} nodes, {len(tree.infosets):,} information sets, written in "
        f"{time.perf_counter() - start:.0f} s"
    )
    root = game.new_initial_state()
    solved = solve(game, iterations, svg) if iterations else None
    for name in bots:
        kind, _, level = name.partition(":")
        start = time.perf_counter()
        policy = bot_policy(
            tree, game, lambda k, kind=kind, level=level: make_bot(kind, level or "medium", k), samples, jobs
        )
        exploit = pyspiel.exploitability(game, policy)
        against = ""
        if solved is not None:
            as0 = pyspiel.expected_returns(root, [policy, solved], -1, True)[0]
            as1 = pyspiel.expected_returns(root, [solved, policy], -1, True)[1]
            against = f"   against CFR+: {(as0 + as1) / 2:+.4f} points per hand"
        print(f"{name:18} exploitability {exploit:.4f}{against}   ({time.perf_counter() - start:.0f} s)", flush=True)


def solve(game: Any, iterations: int, svg: Path) -> Any:
    """CFR+'s average strategy after ``iterations``, its NashConv along the way printed and drawn."""
    import pyspiel

    solver = pyspiel.CFRPlusSolver(game)
    checkpoints = sorted({i for i in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, iterations) if i <= iterations})
    points: list[tuple[int, float]] = []
    start = time.perf_counter()
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i in checkpoints:
            nash_conv = pyspiel.nash_conv(game, solver.average_policy())
            points.append((i, nash_conv))
            print(f"iteration {i:5}: NashConv {nash_conv:.5f}   ({time.perf_counter() - start:.0f} s)", flush=True)
    svg_plot(points, svg)
    print(f"plot: {svg}")
    solved = solver.tabular_average_policy()
    value = pyspiel.expected_returns(game.new_initial_state(), solved, -1, True)
    print(f"value of the CFR+ strategy to seat 0 in self-play: {value[0]:+.4f}")
    return solved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--matches", type=int, default=200)
    s.add_argument("--repeat", type=int, default=5)
    c = sub.add_parser("cfr")
    c.add_argument("--iterations", type=int, default=400, help="0: no CFR+ (the bots' exploitability only)")
    c.add_argument("--svg", type=Path, default=Path("docs/research-cfr.svg"))
    c.add_argument("--samples", type=int, default=4, help="calls per information set to estimate a bot's policy")
    c.add_argument("--jobs", type=int, default=1, help="processes asking the bots")
    c.add_argument("--bots", default="random,heuristic:easy,heuristic:medium,heuristic:hard", help="comma-separated")
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.matches, args.repeat)
    else:
        cfr(args.iterations, args.svg, args.samples, args.bots.split(","), args.jobs)


if __name__ == "__main__":
    main()
