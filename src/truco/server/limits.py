"""Limits per client at the edge: token buckets by client address, and the access log without invites.

>>> limiter = Limiter({"table": Rate(burst=2, per_minute=60)})
>>> [limiter.allow("table", "1.2.3.4", now=0.0) for _ in range(3)]
[True, True, False]
>>> limiter.allow("table", "1.2.3.4", now=1.0), limiter.allow("table", "5.6.7.8", now=1.0)
(True, True)
>>> RedactInvites().redact("GET /t/abc?invite=s3cr3t&x=1")
'GET /t/abc?invite=…&x=1'
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """``burst`` actions at once, then ``per_minute`` on average."""

    burst: int
    per_minute: float


#: the defaults, per client address (docs/protocol.md, "Limits")
RATES = {
    "guest": Rate(burst=30, per_minute=20),
    "table": Rate(burst=20, per_minute=20),
    "join": Rate(burst=60, per_minute=60),
    "connect": Rate(burst=120, per_minute=120),
    #: replays and records of finished matches
    "replay": Rate(burst=30, per_minute=60),
}


class Limiter:
    """A token bucket per (kind, client). Buckets that filled up again are forgotten now and then."""

    FORGET_EVERY = 10_000

    def __init__(self, rates: dict[str, Rate]) -> None:
        self.rates = rates
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}

    def allow(self, kind: str, client: str, now: float | None = None) -> bool:
        rate = self.rates.get(kind)
        if rate is None:
            return True
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get((kind, client), (float(rate.burst), now))
        tokens = min(float(rate.burst), tokens + (now - last) * rate.per_minute / 60)
        allowed = tokens >= 1
        self._buckets[(kind, client)] = (tokens - 1 if allowed else tokens, now)
        if len(self._buckets) > self.FORGET_EVERY:
            self._forget(now)
        return allowed

    def _forget(self, now: float) -> None:
        for key, (tokens, last) in list(self._buckets.items()):
            rate = self.rates[key[0]]
            if tokens + (now - last) * rate.per_minute / 60 >= rate.burst:
                del self._buckets[key]


class RedactInvites(logging.Filter):
    """Keeps invite codes out of the access log (they open private tables)."""

    _INVITE = re.compile(r"(invite=)[^&\s\"]*")

    def redact(self, text: str) -> str:
        return self._INVITE.sub(r"\1…", text)

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.redact(a) if isinstance(a, str) else a for a in record.args)
        record.msg = self.redact(str(record.msg))
        return True
