"""The server's figures in Prometheus' format (``GET /metrics``, made by ``prometheus-client``).

Each hub has its own registry, so that several servers in one process (tests) count apart.

>>> m = Metrics(lambda: {"playing": 2}, lambda: 5, lambda: 7)
>>> m.command(0.004)
>>> text = m.exposition().decode()
>>> 'truco_tables{status="playing"} 2.0' in text, "truco_connections 5.0" in text, "truco_frames_queued 7.0" in text
(True, True, True)
>>> "truco_commands_total 1.0" in text, 'truco_command_seconds_bucket{le="0.005"} 1.0' in text
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import Enum

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

#: the content type of ``exposition()``
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

#: seconds from reading a command to having queued its step and its ack (p99 is tens of milliseconds)
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class LeaseMove(Enum):
    """How a table's lease changed hands (``truco.server.leases``)."""

    #: this process took a free lease, or one of its own from before a restart
    ACQUIRED = "acquired"
    #: this process took a lease another owner had let lapse
    TAKEN_OVER = "taken_over"
    #: another process took a lease of this one (found when renewing, or fenced off when appending)
    LOST = "lost"
    #: this process gave a lease up (a table forgotten, or the server stopping)
    RELEASED = "released"


class _Live(Collector):
    """The gauges read when scraped: tables in memory by status, open connections, and the
    frames queued for them (a client that stops reading holds its frames until it is dropped)."""

    def __init__(
        self, tables: Callable[[], dict[str, int]], connections: Callable[[], int], queued: Callable[[], int]
    ) -> None:
        self.tables = tables
        self.connections = connections
        self.queued = queued

    def collect(self) -> Iterator[Metric]:
        by_status = GaugeMetricFamily("truco_tables", "Tables in this process's memory", labels=["status"])
        for status, n in sorted(self.tables().items()):
            by_status.add_metric([status], n)
        yield by_status
        yield GaugeMetricFamily("truco_connections", "Open table connections", value=self.connections())
        yield GaugeMetricFamily("truco_frames_queued", "Frames waiting to be written", value=self.queued())


class Metrics:
    """The counters and histogram the server updates, and the gauges it is asked for when scraped."""

    def __init__(
        self, tables: Callable[[], dict[str, int]], connections: Callable[[], int], queued: Callable[[], int]
    ) -> None:
        self.registry = CollectorRegistry()
        self.registry.register(_Live(tables, connections, queued))
        self.commands = Counter("truco_commands", "Commands handled by the tables", registry=self.registry)
        self.latency = Histogram(
            "truco_command_seconds",
            "From reading a command to having queued its step to every audience and its ack",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.leases = Counter("truco_lease_moves", "Table leases that changed hands", ["move"], registry=self.registry)
        for move in LeaseMove:
            self.leases.labels(move.value)
        self.relayed = Counter(
            "truco_relay_messages",
            "Messages published to and received from the other processes",
            ["direction"],
            registry=self.registry,
        )

    def command(self, seconds: float) -> None:
        self.commands.inc()
        self.latency.observe(seconds)

    def lease(self, move: LeaseMove, n: int = 1) -> None:
        if n:
            self.leases.labels(move.value).inc(n)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
