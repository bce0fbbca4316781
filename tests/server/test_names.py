"""Bans by nickname in every script: names that read alike are one name, different names stay apart."""

from __future__ import annotations

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import insert, select
from tests.server.helpers import run
from tests.server.test_social import admin

from truco.server.names import name_key
from truco.server.store import MIGRATIONS, Store, bans, players

LOOK_ALIKES = [
    ("Malandro", "Mаlandro"),  # Cyrillic а
    ("Malandro", "M a l a n d r o"),
    ("Malandro", "ＭＡＬＡＮＤＲＯ"),  # fullwidth
    ("Malandro", "Malandrö"),
    ("Paulo", "Pau1o"),
    ("Иван", "ИВАН"),
    ("张三", "张 三"),
    ("محمد", "محمـد"),  # with a tatweel
]
DIFFERENT = [("张三", "李四"), ("Иван", "Ivan"), ("محمد", "أحمد"), ("😀😀", "😀"), ("😀😀", "🙂🙂"), ("Zé", "Zá")]


@pytest.mark.parametrize(("a", "b"), LOOK_ALIKES)
def test_look_alikes_share_a_key(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_different_names_keep_different_keys(a, b):
    assert name_key(a) != name_key(b)


def test_a_ban_holds_its_look_alikes_and_no_one_else(server):
    admin(server, "ban", "张三", "--scope", "server")
    admin(server, "ban", "Malandro", "--scope", "server")

    async def body():
        async with httpx.AsyncClient(base_url=server.url) as http:
            for name in ("😀😀", "Иван", "李四", "محمد", "Ana", "Zé"):
                r = await http.post("/api/guest", json={"nickname": name})
                assert r.status_code == 200, (name, r.text)
            for name in ("张三", "张 三", "Mаlandro", "M a l a n d r o", "MALANDRO"):
                r = await http.post("/api/guest", json={"nickname": name})
                assert r.status_code == 403 and r.json()["error"]["code"] == "banned", name

    run(body())


def test_the_migration_rekeys_players_and_drops_the_empty_ban(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(insert(players).values(id="p", nickname="Mаlandro", nickname_key="mlandro", created_at=0))
        for key in ("", "malandro"):  # the 0001 keys of "张三" and of "Malandro"
            conn.execute(insert(bans).values(nickname_key=key, scope="server", created_at=0))
    store.migrate()
    assert store.rows(select(players.c.nickname_key))[0]["nickname_key"] == name_key("Malandro")
    assert [r["nickname_key"] for r in store.rows(select(bans.c.nickname_key))] == [name_key("Malandro")]
