"""What operators ask of a real ``truco serve``: liveness, readiness, Prometheus metrics, JSON logs."""

from __future__ import annotations

import json
import random
import re

import httpx
import pytest
from tests.server.databases import drop_database, scratch_database
from tests.server.helpers import Player, random_action, run


def sample(metrics: str, name: str) -> float:
    """The value of one sample (``name`` with its labels, exactly as exposed)."""
    found = re.search(rf"^{re.escape(name)} (\S+)$", metrics, re.MULTILINE)
    assert found, f"{name} not in /metrics"
    return float(found.group(1))


def test_health_readiness_and_metrics_of_a_played_table(make_server):
    server = make_server("--bot-pause", "0.01")
    assert httpx.get(server.url + "/healthz").json() == {"status": "alive"}
    ready = httpx.get(server.url + "/readyz")
    assert (ready.status_code, ready.json()) == (200, {"status": "ready"})
    before = httpx.get(server.url + "/metrics")
    assert before.headers["content-type"].startswith("text/plain; version=0.0.4")
    assert sample(before.text, "truco_commands_total") == 0
    assert sample(before.text, "truco_connections") == 0

    async def play() -> None:
        solo = await Player(server, "Solo").register()
        solo.held = (await solo.post("/api/quick")).json()
        sock = await solo.connect()
        rng = random.Random(15)
        for _ in range(2):
            await sock.until(lambda m: m.get("view") is not None and 0 in m["view"]["to_act"])
            assert (await sock.command("act", action=random_action(sock.view, rng)))["type"] == "ack"
        after = httpx.get(server.url + "/metrics").text
        assert sample(after, "truco_commands_total") == 2
        assert sample(after, "truco_command_seconds_count") == 2
        assert sample(after, 'truco_command_seconds_bucket{le="+Inf"}') == 2
        assert sample(after, 'truco_tables{status="playing"}') == 1
        assert sample(after, "truco_connections") == 1
        await sock.close()

    run(play())


def test_json_logs_are_one_object_a_line(make_server, tmp_path, monkeypatch):
    log = tmp_path / "server.log"
    monkeypatch.setenv("TRUCO_TEST_SERVER_LOG", str(log))
    server = make_server("--log-format", "json", "--log-level", "info")
    httpx.get(server.url + "/healthz")
    server.stop()
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    assert any(r["logger"] == "uvicorn.access" and "/healthz" in r["message"] for r in lines)
    assert all({"time", "level", "logger", "message"} <= set(r) for r in lines)


@pytest.mark.postgres
def test_not_ready_when_the_database_is_gone(make_server, postgres_url):
    """A server whose PostgreSQL database disappears stays alive but is no longer ready."""
    with scratch_database(postgres_url) as url:
        server = make_server(db_url=url)
        assert httpx.get(server.url + "/readyz").status_code == 200
        drop_database(url)
        ready = httpx.get(server.url + "/readyz", timeout=10)
        assert ready.status_code == 503
        assert ready.json()["status"] == "not_ready" and ready.json()["reason"].startswith("database")
        assert httpx.get(server.url + "/healthz").status_code == 200
