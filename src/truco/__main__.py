from truco.cli import app

app()
