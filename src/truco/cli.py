"""The ``truco`` command. Each subcommand's work lives in its own module."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from truco.bots import BOT_KINDS

if TYPE_CHECKING:
    from truco.server.store import Store  # the server is imported lazily


class LogFormat(StrEnum):
    """How `truco serve` writes its logs."""

    TEXT = "text"
    JSON = "json"


app = typer.Typer(help="Truco Paulista: engine, records, bots and the online table.", no_args_is_help=True)


@app.callback()
def main() -> None:
    """Truco Paulista: engine, records, bots and the online table."""


def _read_json(path: str) -> object:
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    return json.loads(text)


@app.command()
def replay(file: Annotated[str, typer.Argument(help="a game record (JSON), or - for standard input")]) -> None:
    """Apply a game record's actions and print the resulting state as JSON."""
    from truco.engine import RecordError
    from truco.engine import replay as run_replay

    try:
        result = run_replay(_read_json(file))
    except (OSError, ValueError, RecordError) as e:
        typer.echo(f"truco replay: not a readable record: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(result))
    raise typer.Exit(1 if "error" in result else 0)


@app.command()
def perft(
    file: Annotated[str, typer.Argument(help="a game record whose actions lead to the position (- for stdin)")],
    depth: Annotated[int, typer.Option(min=1, help="the deepest count")] = 4,
    divide: Annotated[bool, typer.Option(help="also print the count under each first action")] = False,
) -> None:
    """Count the sequences of legal actions from a position, depth 1..N, and time it."""
    import time

    from truco.engine import IllegalAction, RecordError, load
    from truco.engine.perft import divide as divide_counts
    from truco.engine.perft import perft as count

    try:
        match, actions = load(_read_json(file))
        for action in actions:
            match.apply(action)
    except (OSError, ValueError, RecordError, IllegalAction) as e:
        typer.echo(f"truco perft: cannot reach the position: {e}", err=True)
        raise typer.Exit(2) from None
    start = time.perf_counter()
    nodes = 0
    if divide:
        for action, n in divide_counts(match, depth):
            typer.echo(f"{action} {n}")
    for d in range(1, depth + 1):
        n = count(match, d)
        nodes += n
        typer.echo(f"{d} {n}")
    elapsed = time.perf_counter() - start
    typer.echo(f"{nodes} nodes in {elapsed:.3f} s: {nodes / max(elapsed, 1e-9):,.0f} nodes per second")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(help="SQLAlchemy URL (default: a SQLite file in the user data dir)")] = None,
    bot_pause: Annotated[float, typer.Option(help="seconds a bot waits before acting")] = 0.9,
    absence: Annotated[float, typer.Option(help="seconds before a bot plays for a disconnected player")] = 60.0,
    ranked_bot_offer: Annotated[
        float, typer.Option(help="seconds in the ranked queue before a match with bots is offered")
    ] = 90.0,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
    log_format: Annotated[LogFormat, typer.Option(help="text, or json: one JSON object per line")] = LogFormat.TEXT,
    bot_workers: Annotated[int | None, typer.Option(help="processes in which bots think (default: per core)")] = None,
    db_max_pages: Annotated[
        int | None, typer.Option(help="largest size of a SQLite database, in pages (writes past it fail)")
    ] = None,
    rate_limits: Annotated[
        str,
        typer.Option(
            help="JSON overriding the rate limits per client, e.g. '{\"guest\": [30, 20]}' (burst, per minute)"
        ),
    ] = "{}",
    origin: Annotated[
        list[str] | None, typer.Option(help="an origin whose pages may open tables (default: the server's own)")
    ] = None,
    waiting_ttl: Annotated[float, typer.Option(help="seconds a waiting table lasts with nobody connected")] = 600.0,
    token_idle: Annotated[float, typer.Option(help="seconds a player's token lasts unused")] = 30 * 86400.0,
    node: Annotated[
        str | None, typer.Option(help="this process's name in the tables' leases, on PostgreSQL (default: HOST:PORT)")
    ] = None,
    lease_ttl: Annotated[float, typer.Option(help="seconds a table's lease lasts unless renewed")] = 10.0,
    redis: Annotated[
        str | None,
        typer.Option(help="Redis URL: one site on many processes sharing the PostgreSQL --db (docs/deploy.md)"),
    ] = None,
    redis_prefix: Annotated[str, typer.Option(help="prefix of this site's Redis channels and keys")] = "truco",
    frame_rate: Annotated[float, typer.Option(help="frames per second a WebSocket client may send on average")] = 20.0,
    frame_burst: Annotated[int, typer.Option(help="frames a WebSocket client may send at once")] = 40,
    write_timeout: Annotated[
        float, typer.Option(help="seconds a frame may take to be written before its client is dropped")
    ] = 10.0,
) -> None:
    """Start the online table server (web client at http://HOST:PORT/)."""
    import socket

    from truco.server.app import serve as run_server
    from truco.server.config import Config, default_db_url
    from truco.server.limits import RATES, Rate

    overrides = {kind: Rate(*value) for kind, value in json.loads(rate_limits).items()}
    config = Config(
        db_url=db or default_db_url(),
        bot_pause=bot_pause,
        absence=absence,
        bot_workers=bot_workers,
        db_max_pages=db_max_pages,
        rates={**RATES, **overrides},
        origins=tuple(origin or ()),
        waiting_ttl=waiting_ttl,
        token_idle=token_idle,
        node=node or f"{socket.gethostname()}:{port}",
        lease_ttl=lease_ttl,
        redis_url=redis,
        redis_prefix=redis_prefix,
        ranked_bot_offer=ranked_bot_offer,
        frame_rate=frame_rate,
        frame_burst=frame_burst,
        write_timeout=write_timeout,
    )
    run_server(config, host, port, log_level, json_logs=log_format is LogFormat.JSON)


admin_app = typer.Typer(help="Moderation: abuse reports, bans, revoked tokens, password resets.", no_args_is_help=True)
app.add_typer(admin_app, name="admin")
DbOption = Annotated[str | None, typer.Option(help="SQLAlchemy URL (default: the server's default database)")]


def _admin_store(db: str | None) -> Store:
    from truco.server.config import default_db_url
    from truco.server.store import Store

    store = Store(db or default_db_url())
    store.migrate()
    return store


@admin_app.command("reports")
def admin_reports(db: DbOption = None) -> None:
    """List abuse reports with the chat messages concerned (JSON lines)."""
    from truco.server.admin import list_reports

    for report in list_reports(_admin_store(db)):
        typer.echo(json.dumps(report, ensure_ascii=False))


@admin_app.command("ban")
def admin_ban(
    nickname: str,
    scope: Annotated[str, typer.Option(help="chat or server")] = "chat",
    lift: Annotated[bool, typer.Option("--lift", help="lift the ban instead")] = False,
    db: DbOption = None,
) -> None:
    """Ban a nickname from the chat or from the whole server (or lift the ban)."""
    from truco.server.admin import ban, unban

    store = _admin_store(db)
    try:
        done = unban(store, nickname, scope) if lift else ban(store, nickname, scope)
    except ValueError as e:
        typer.echo(f"truco admin: {e}", err=True)
        raise typer.Exit(2) from None
    what = "lifted" if lift else "banned"
    typer.echo(f"{nickname}: {what} ({scope})" if done else f"{nickname}: nothing to change ({scope})")


@admin_app.command("reset-password")
def admin_reset_password(
    name: str,
    base_url: Annotated[str, typer.Option(help="the server's address as players reach it")] = "http://127.0.0.1:8000",
    ttl: Annotated[float, typer.Option(help="seconds the link stays valid")] = 3600.0,
    db: DbOption = None,
) -> None:
    """Print a one-time link that lets NAME set a new password (it expires after --ttl seconds)."""
    from truco.server.admin import reset_link
    from truco.server.errors import CommandError

    try:
        typer.echo(reset_link(_admin_store(db), name, base_url, ttl))
    except CommandError as e:
        typer.echo(f"truco admin: {e}", err=True)
        raise typer.Exit(1) from None


@admin_app.command("revoke")
def admin_revoke(
    who: Annotated[
        str,
        typer.Argument(
            help="a player id (as in the reports), or a nickname: all players named alike"
            " (put -- before an id stored beginning with -)"
        ),
    ],
    db: DbOption = None,
) -> None:
    """Revoke every token and session of a player: refused at once by a running server."""
    from truco.server.admin import revoke

    revoked = revoke(_admin_store(db), who)
    if not revoked:
        typer.echo(f"truco admin: no player {who!r}", err=True)
        raise typer.Exit(1)
    for p in revoked:
        typer.echo(f"{p['id']}\t{p['nickname']}: tokens revoked, {p['sessions']} session(s) ended")


@admin_app.command("bans")
def admin_bans(db: DbOption = None) -> None:
    """List the bans in force."""
    from truco.server.admin import list_bans

    for b in list_bans(_admin_store(db)):
        typer.echo(f"{b['nickname'] or ''}\t{b['nickname_key']}\t{b['scope']}")


def _rules_option(spec: str | None) -> str | dict[str, Any]:
    """A ``--rules`` value: a profile name or a JSON object of options."""
    if spec is None:
        return "paulista"
    return json.loads(spec) if spec.lstrip().startswith("{") else spec


@app.command()
def arena(
    a: Annotated[
        str, typer.Argument(help=f"team A: a bot ({', '.join(BOT_KINDS)}), 'search:hard', 'search+heuristic'")
    ],
    b: Annotated[str, typer.Argument(help="team B, the same way; 'panel': every sparring-panel bot in turn")],
    matches: Annotated[int, typer.Option(help="matches to play, in duplicate pairs (rounded up to even)")] = 100,
    seed: Annotated[int, typer.Option(help="deals of pair m, hand k come from (seed, m, k)")] = 0,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    first_pair: Annotated[
        int, typer.Option(help="number of the first pair played: 600 with --matches 800 plays pairs 600-999")
    ] = 0,
    rules: Annotated[str | None, typer.Option(help="a profile or JSON, e.g. '{\"players\": 2}'")] = None,
    level: Annotated[str, typer.Option(help="level of bots named without one")] = "medium",
    json_file: Annotated[str | None, typer.Option("--json", help="write every figure to this file")] = None,
    records: Annotated[str | None, typer.Option(help="save each game's record in this directory")] = None,
    signals: Annotated[
        str, typer.Option(help="teams that play with partner signals (4 players): none, both, a or b")
    ] = "none",
) -> None:
    """Play bots against bots in duplicate pairs and print the statistics."""
    from truco.arena import (
        PANEL_HEADER,
        PairSpec,
        Signals,
        panel_row,
        panel_title,
        parse_team,
        report,
        run,
        run_panel,
    )
    from truco.engine import Rules, RulesError

    try:
        spec_rules = _rules_option(rules)
        Rules.parse(spec_rules)
        parse_team(a, level)
        if first_pair < 0:
            raise ValueError(f"--first-pair must be 0 or more, not {first_pair}")
        if signals not in tuple(Signals):
            raise ValueError(f"--signals must be one of {', '.join(Signals)}, not {signals!r}")
        signal_teams = Signals(signals)
        if b != "panel":
            parse_team(b, level)
    except (ValueError, RulesError) as e:
        typer.echo(f"truco arena: {e}", err=True)
        raise typer.Exit(2) from None
    if b == "panel":
        typer.echo(f"{panel_title(a, spec_rules, seed)}\n{PANEL_HEADER}")
        panel = run_panel(a, (matches + 1) // 2, jobs, seed, spec_rules, level, progress=False,
                          on_row=lambda row: typer.echo(panel_row(row)), first=first_pair)  # fmt: skip
        if json_file:
            Path(json_file).write_text(json.dumps(panel, indent=1), encoding="utf-8")
        return
    spec = PairSpec(a, b, spec_rules, seed, records, level, signal_teams)
    summary = run(spec, (matches + 1) // 2, jobs, first=first_pair)
    typer.echo(report(summary))
    if json_file:
        Path(json_file).write_text(json.dumps(summary, indent=1), encoding="utf-8")


@app.command()
def play(
    level: Annotated[str, typer.Option(help="the bots' level: easy, medium, hard")] = "medium",
    rules: Annotated[str | None, typer.Option(help="a profile or JSON, e.g. '{\"players\": 2}'")] = None,
    seed: Annotated[int | None, typer.Option(help="deals and bots from this seed")] = None,
    bot: Annotated[str, typer.Option(help=f"the bots: {', '.join(BOT_KINDS)}")] = "search",
) -> None:
    """Play a match in the terminal, with a bot partner against two bots (or 1v1)."""
    from truco.bots import make_bot
    from truco.engine import Rules, RulesError
    from truco.play import play_matches

    try:
        parsed = Rules.parse(_rules_option(rules))
        make_bot(bot, level, 0)
    except (ValueError, RulesError) as e:
        typer.echo(f"truco play: {e}", err=True)
        raise typer.Exit(2) from None
    try:
        play_matches(parsed, level, seed, bot)
    except (EOFError, KeyboardInterrupt):
        typer.echo("\nAté a próxima!")
        raise typer.Exit(1) from None
