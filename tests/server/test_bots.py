"""Bots think off the table's actor: while a bot searches, the table answers its people at once."""

from __future__ import annotations

import asyncio
import random
import time

from tests.server.helpers import Player, random_action, run

GESTURES = ["piscar", "sobrancelha", "bochecha", "lingua"]


def test_a_searching_bot_does_not_hold_up_its_table(server):
    async def body():
        me = await Player(server, "Paciente").register()
        me.held = (await me.post("/api/quick", {"bot": "search", "level": "hard"})).json()
        sock = await me.connect()
        rng = random.Random(8)
        samples = 0
        waits: list[float] = []
        while samples < 6:
            if not sock.view or not sock.view["legal"]:
                # three hard searches in a row: seconds each on a busy machine
                await sock.until(
                    lambda m: m.get("view") is not None and (m["view"]["legal"] or m["view"]["phase"] == "over"),
                    timeout=180,
                )
            if sock.view["phase"] == "over":
                break
            reply = await sock.command("act", action=random_action(sock.view, rng))
            assert reply["type"] == "ack"
            if 0 in sock.view["to_act"] or sock.view["phase"] == "over":
                continue
            await asyncio.sleep(0.1)  # a bot is searching now (hard: 0.16-4 s a move)
            sent = time.monotonic()
            signal = await sock.command("signal", gesture=rng.choice(GESTURES))
            if signal.get("code") == "not_started":  # the bots ended the match meanwhile (a run, a doze)
                break
            assert signal["type"] == "ack", signal
            waits.append(time.monotonic() - sent)
            samples += 1
        quick = sum(w < 0.06 for w in waits)
        assert samples >= 5
        assert quick >= samples - 2, f"only {quick} of {samples} signals were acknowledged within 60 ms: {waits}"
        await sock.close()
        await me.aclose()

    run(body())
