"""The ``truco`` command. Each subcommand's work lives in its own module."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

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
