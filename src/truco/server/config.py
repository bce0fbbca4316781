"""The server's settings. Defaults are for people; tests and the benchmark shorten the pauses."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_dir

from truco.server.limits import RATES, Rate

#: the web client's files (issue 6); a placeholder page is served when missing
STATIC_DIR = Path(__file__).resolve().parent.parent / "web" / "static"


def default_db_url() -> str:
    """A SQLite file in the user's data directory, e.g. ``~/.local/share/truco/truco.sqlite3``."""
    folder = Path(user_data_dir("truco", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'truco.sqlite3'}"


@dataclass
class Config:
    db_url: str = field(default_factory=default_db_url)
    #: the most pages a SQLite database may grow to (None: no limit); past it writes fail as on a full disk
    db_max_pages: int | None = None
    #: seconds a bot waits before acting, so people can follow
    bot_pause: float = 0.9
    #: seconds a disconnected player keeps the seat before a bot plays it
    absence: float = 60.0
    #: steps kept in memory per table to fill a reconnecting client's gap
    history: int = 256
    chat_length: int = 200
    #: at most chat_burst messages per seat in any chat_window seconds
    chat_burst: int = 5
    chat_window: float = 10.0
    #: frames per second a connection may send on average, and its burst
    frame_rate: float = 20.0
    frame_burst: int = 40
    max_frame: int = 16 * 1024
    #: seconds a frame may take to be written: a client that stops reading is dropped after it
    write_timeout: float = 10.0
    #: rate limits per client address: "guest", "table", "join", "connect"
    rates: dict[str, Rate] = field(default_factory=lambda: dict(RATES))
    #: the origins whose pages may open the WebSocket (empty: the server's own, from the Host header)
    origins: tuple[str, ...] = ()
    #: seconds a table waiting for players lasts without a connected person; then it expires
    waiting_ttl: float = 600.0
    #: seconds a player's token lasts unused (30 days)
    token_idle: float = 30 * 86400.0
    #: worker processes in which bots think (None: sized to the machine's cores)
    bot_workers: int | None = None
    static_dir: Path = STATIC_DIR
    #: failed logins allowed per name and per client address before growing delays
    #: (login_delay seconds, doubled at each further failure, at most login_delay_cap)
    login_free_per_name: int = 5
    login_free_per_client: int = 20
    login_delay: float = 1.0
    login_delay_cap: float = 300.0
    #: the ranked queue's window: rating points wide, growing per second of waiting, at most cap;
    #: after ranked_bot_offer seconds an unranked match with bots is offered (docs/protocol.md)
    ranked_window: float = 100.0
    ranked_window_growth: float = 10.0
    ranked_window_cap: float = 800.0
    ranked_bot_offer: float = 90.0
    #: this process's name in the tables' leases, which are kept on PostgreSQL only (None: no leases)
    node: str | None = None
    #: seconds a table's lease lasts unless renewed (``truco.server.leases``)
    lease_ttl: float = 10.0
    #: the Redis that relays between the processes of one site (None: one process serves the site)
    redis_url: str | None = None
    #: the prefix of this site's Redis channels and keys (several sites may share one Redis)
    redis_prefix: str = "truco"
