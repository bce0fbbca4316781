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
