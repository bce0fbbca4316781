"""``truco play``: a whole match played by typing at the prompt."""

from __future__ import annotations

import re
import subprocess
import sys

from typer.testing import CliRunner

from truco.cli import app


def test_a_whole_match_through_standard_input():
    # Nonsense first, then always the first choice: the game asks again and goes on to the end.
    result = CliRunner().invoke(app, ["play", "--seed", "3", "--level", "easy"], input="x\n9\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Escolha um número de 1 a" in out
    assert "Vira:" in out and "manilha" in out and "Placar: Nós" in out and "Sua escolha" in out
    assert "Fim de jogo" in out
    assert "Seu parceiro jogou" in out


def test_one_against_one_in_a_real_process_with_house_rules():
    rules = '{"profile": "mineiro", "players": 2}'
    done = subprocess.run(
        [sys.executable, "-m", "truco", "play", "--seed", "8", "--bot", "heuristic", "--rules", rules],
        input="2\n" * 400,  # the second choice: covered cards, runs, raises — whatever is second
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Fim de jogo" in done.stdout and "manilhas fixas" in done.stdout
    assert "Seu parceiro" not in done.stdout


def test_running_out_of_input_ends_politely():
    result = CliRunner().invoke(app, ["play", "--seed", "1", "--bot", "random"], input="1\n")
    assert result.exit_code == 1
    assert "Até a próxima" in result.output


def test_bad_rules_are_refused():
    result = CliRunner().invoke(app, ["play", "--rules", '{"players": 3}'])
    assert result.exit_code == 2


def test_the_hand_is_shown_off_turn_manilhas_are_starred_and_calls_have_letters():
    # "t" asks truco at the first prompt; then the first choice, always
    result = CliRunner().invoke(
        app, ["play", "--seed", "3", "--level", "easy", "--bot", "heuristic"], input="t\n" + "1\n" * 400
    )
    out = result.output
    assert result.exit_code == 0, out
    assert out.index("Suas cartas:") < out.index("Sua vez"), "the hand is shown as soon as it is dealt"
    assert out.count("Suas cartas:") > out.count("Sua vez"), "and after tricks, not only on the person's turn"
    assert "★" in out, "manilhas are marked"
    assert "(t)" in out and "Você pediu TRUCO!" in out
    assert "Aceito!" not in out, "an acceptance says who accepted"
    assert "Jogar de novo? (s/n)" in out and "Até a próxima!" in out


def test_play_again():
    # at every prompt a wrong answer first ("s" is no choice of a move), then the first choice: so the
    # line after a match's last move is "s", and a second match starts; input runs out in it
    result = CliRunner().invoke(
        app, ["play", "--seed", "5", "--level", "easy", "--bot", "random"], input="s\n1\n" * 500
    )
    out = result.output
    assert out.count("— Mão 1 —") >= 2, out[-2000:]
    assert out.count("Fim de jogo") >= 1


def test_one_against_one_names_the_two_players():
    rules = '{"players": 2}'
    result = CliRunner().invoke(app, ["play", "--seed", "4", "--bot", "random", "--rules", rules], input="1\n" * 300)
    out = result.output
    assert result.exit_code == 0, out
    assert "Placar: Você" in out and "Nós" not in out and "Eles" not in out
    assert re.search(r"(Você|Zé) (ganhou|marcou)", out)
