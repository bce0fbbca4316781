"""Bots think off the table's actor: while a bot searches, the table answers its people at once."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from tests.server.helpers import Player, random_action, run

GESTURES = ["piscar", "sobrancelha", "bochecha", "lingua"]


def test_a_searching_bot_does_not_hold_up_its_table(server):
    async def body():
        me = await Player(server, "Paciente").register()
        rng = random.Random(8)
        waits: list[float] = []
        for _ in range(4):  # a match may end early (a run, a doze): then a new one
            me.held = (await me.post("/api/quick", {"bot": "search", "level": "hard"})).json()
            sock = await me.connect()
            await sample_waits(sock, rng, waits)
            await sock.close()
            if len(waits) >= 6:
                break
        quick = sum(w < 0.06 for w in waits)
        assert len(waits) >= 6
        assert quick >= len(waits) - 2, f"only {quick} of {len(waits)} signals were acknowledged within 60 ms: {waits}"
        await me.aclose()

    run(body())


async def sample_waits(sock: Any, rng: random.Random, waits: list[float]) -> None:
    """Until the match ends or six samples are taken: play seat 0's move, then, while a bot searches,
    time a signal's acknowledgement."""
    while len(waits) < 6:
        if sock.view and sock.view["phase"] == "over":  # the person's own move may have ended the match
            return
        if not sock.view or not sock.view["legal"]:
            # three hard searches in a row: seconds each on a busy machine
            await sock.until(
                lambda m: m.get("view") is not None and (m["view"]["legal"] or m["view"]["phase"] == "over"),
                timeout=180,
            )
        if sock.view["phase"] == "over":
            return
        reply = await sock.command("act", action=random_action(sock.view, rng))
        if reply.get("code") == "stale":  # the partner answered the same raise first
            continue
        assert reply["type"] == "ack", reply
        if 0 in sock.view["to_act"] or sock.view["phase"] == "over":
            continue
        await asyncio.sleep(0.1)  # a bot is searching now (hard: 0.16-4 s a move)
        sent = time.monotonic()
        signal = await sock.command("signal", gesture=rng.choice(GESTURES))
        if signal.get("code") == "not_started":  # the bots ended the match meanwhile
            return
        assert signal["type"] == "ack", signal
        waits.append(time.monotonic() - sent)
