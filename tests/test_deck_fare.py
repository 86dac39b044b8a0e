"""How does a deck fare (`workbench.fare`, `shrinetable deck fare`): its win
rate against each starter deck with intervals, the same as `shrinetable report`
on the same seeds, the same twice, paired after a change; measured in a process
of its own that Cancel ends at once; bad decks refused with what is wrong."""

from __future__ import annotations

import json
import time

import pytest

from shrinetable.cli import main
from shrinetable.engine import registry
from shrinetable.workbench import fare
from shrinetable.workbench.background import Background

GAME = "usagi"  # the quickest deck game (about 30 ms a game)


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """The person's data folder (no card folder of theirs), in the test's folder."""
    monkeypatch.setenv("SHRINETABLE_DATA_DIR", str(tmp_path / "data"))


def files(game=GAME):
    return registry.get(game).card_data.decks


def blade_ask(**kw):
    return fare.Ask.of(GAME, files().shipped("blade"), **kw)


def swapped(deck, out_card, in_card):
    """`deck` with one copy of `out_card` replaced by one of `in_card`."""
    cards = dict(deck.cards)
    cards[out_card] -= 1
    if not cards[out_card]:
        del cards[out_card]
    cards[in_card] = cards.get(in_card, 0) + 1
    return deck.model_copy(update={"cards": cards})


def plain(result):
    """A result without what varies with the machine (times)."""
    return {
        k: v
        for k, v in result.items()
        if k not in ("seconds", "cpu_per_game", "records", "seatings")
    }


def test_rates_against_each_starter_deck_and_overall_with_intervals():
    got = fare.measure(blade_ask(games=3))  # rounded up to whole rounds: both seat orders
    starters = [fare.deck_key(d) for d in files().catalog()[1]]
    assert [o["deck"] for o in got["opponents"]] == starters
    assert got["games_per_opponent"] == 4 and got["games"] == 4 * len(starters)
    for o in got["opponents"]:
        assert o["n"] == 4 and o["rate"] == o["k"] / 4
        assert o["ci"][0] <= o["rate"] <= o["ci"][1]
    overall = got["overall"]
    assert overall["n"] == got["finished"] == sum(o["n"] for o in got["opponents"])
    assert overall["k"] == sum(o["k"] for o in got["opponents"])
    assert overall["ci"][0] < overall["rate"] < overall["ci"][1]


def test_the_same_seeds_give_the_same_figures():
    ask = blade_ask(games=2, seed=7)
    assert plain(fare.measure(ask)) == plain(fare.measure(ask))
    other = plain(fare.measure(blade_ask(games=2, seed=8)))
    assert other["seed"] == 8


def test_rates_equal_the_report_on_the_same_seeds(tmp_path, capsys):
    got = fare.measure(blade_ask(games=4, seed=3))
    out = tmp_path / "report"
    argv = ["report", GAME, "--games", "16", "--decks", "blade,court,market", "--seed", "3"]
    assert main([*argv, "--jobs", "1", "--out", str(out)]) == 0
    matrix = json.loads((out / "report.json").read_text())["matrix"]["blade"]
    mine = {o["deck"]: o for o in got["opponents"]}
    for other in ("court", "market"):
        assert {k: mine[other][k] for k in ("k", "n", "ci")} == {
            k: matrix[other][k] for k in ("k", "n", "ci")
        }


def test_a_change_is_paired_with_the_last_measurement_on_the_same_games():
    ask = blade_ask(games=4)
    before = fare.measure(ask)
    again = fare.measure(ask, before)
    assert again["change"]["paired_games"] == before["finished"]
    assert again["change"]["overall"]["delta"] == 0 and again["change"]["overall"]["ci"] == [0, 0]
    deck = files().shipped("blade")
    weaker = swapped(deck, "kaito-the-drifting-blade", "family-seal")
    after = fare.measure(fare.Ask.of(GAME, weaker, games=4), before)
    change = after["change"]
    assert change["from"] == "Blade of the Kazehana"
    both = change["overall"]
    assert both["n"] == change["paired_games"] == after["finished"]  # all finished here
    assert both["delta"] == pytest.approx(after["overall"]["rate"] - before["overall"]["rate"])
    assert both["ci"][0] <= both["delta"] <= both["ci"][1]
    for o, was, now in zip(
        change["opponents"], before["opponents"], after["opponents"], strict=True
    ):
        assert o["deck"] == was["deck"] == now["deck"]
        assert o["delta"] == pytest.approx(now["rate"] - was["rate"])


def test_an_illegal_deck_is_refused_with_the_rule_in_each_deck_game():
    for game in ("shrines", "sorcerer", "shards", "usagi"):
        deck = files(game).catalog()[1][0]
        table = "primary" if game == "shrines" else "cards"
        first = next(iter(getattr(deck, table)))
        broken = deck.model_copy(update={table: {**getattr(deck, table), first: 9}})
        with pytest.raises(fare.Illegal, match="9 copies") as e:
            fare.set_up(fare.Ask.of(game, broken))
        assert "deck rules" in str(e.value)


def test_a_game_without_decks_and_a_budget_out_of_range_are_refused():
    with pytest.raises(fare.Refused, match="no decks"):
        fare.set_up(fare.Ask("shrine", "x", {}))
    with pytest.raises(fare.Refused, match="--games 0: give 1 to"):
        fare.set_up(blade_ask(games=0))


def test_the_command_prints_the_figures_and_json(capsys):
    assert main(["deck", "fare", GAME, "blade", "--games", "2", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert plain(got) == plain(fare.measure(blade_ask(games=2)))
    assert main(["deck", "fare", GAME, "blade", "--games", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("How does Blade of the Kazehana fare? 2 games against each")
    assert out[1].split()[:3] == ["against", "Blade", "of"] and "[" in out[1]
    assert out[-1].split()[0] == "overall"


def test_the_command_prints_the_paired_change_against_another_deck(tmp_path, capsys):
    deck = swapped(files().shipped("blade"), "kaito-the-drifting-blade", "family-seal")
    from shrinetable.formats.decktext import export

    path = tmp_path / "weaker.txt"
    path.write_text(export(deck, files().catalog()[0]))
    assert main(["deck", "fare", GAME, str(path), "--games", "2", "--against", "blade"]) == 0
    out = capsys.readouterr().out
    assert "How does weaker fare?" in out
    assert "Change from Blade of the Kazehana, paired on the same 10 games:" in out
    assert "pts  [" in out


def test_the_command_refuses_bad_decks_naming_them(tmp_path, capsys):
    assert main(["deck", "fare", GAME, "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "'nosuch': no deck of that name (blade, court" in err
    # a deck file of another game
    other = tmp_path / "charm.toml"
    other.write_text('game = "sorcerer"\nname = "Charm"\n[cards]\nsnap-ward = 3\n')
    assert main(["deck", "fare", GAME, str(other)]) == 2
    assert "a deck file for 'sorcerer', not for 'usagi'" in capsys.readouterr().err
    # a text list of another game's cards: each line named
    listed = tmp_path / "charm.txt"
    listed.write_text("3 Snap Ward\n2 Granite Guard\n")
    assert main(["deck", "fare", GAME, str(listed)]) == 2
    err = capsys.readouterr().err
    assert "line 1: no card called 'Snap Ward'" in err and "line 2:" in err
    # an illegal deck: the rule, exit 1
    short = tmp_path / "short.txt"
    short.write_text("3 Wandering Swordsman\n")
    assert main(["deck", "fare", GAME, str(short)]) == 1
    assert "at least 30" in capsys.readouterr().err
    assert main(["deck", "fare", GAME, "blade", "--games", "0"]) == 2


def wait(job, until, limit=120.0):
    end = time.monotonic() + limit
    while not until():
        job.poll()
        assert time.monotonic() < end, "the measurement did not get there in time"
        time.sleep(0.02)


def test_in_the_background_the_same_figures_and_each_game_reported():
    deck = files().shipped("blade")
    job = Background().start(GAME, deck, 2, None)
    seen = set()
    wait(job, lambda: (seen.add(job.done), not job.running)[1])
    assert job.error is None and job.result is not None
    assert job.total == 10 and max(seen) == 10 and len(seen) > 2
    assert plain(job.result) == plain(fare.measure(blade_ask(games=2)))
    assert not job.process.is_alive()


def test_cancel_ends_the_process_at_once_and_leaves_no_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # where the process makes its card folder
    job = Background().start(GAME, files().shipped("blade"), 100, None)
    wait(job, lambda: job.done >= 1)
    assert list(tmp_path.glob("shrinetable-fare-*"))  # the deck's folder, while it plays
    start = time.monotonic()
    job.cancel()
    assert time.monotonic() - start < 2.5
    assert not job.process.is_alive() and job.error == "cancelled" and job.result is None
    assert not list(tmp_path.glob("shrinetable-fare-*"))


def test_the_background_refuses_an_illegal_deck_at_once():
    deck = files().shipped("blade")
    short = deck.model_copy(update={"cards": dict(list(deck.cards.items())[:3])})
    with pytest.raises(ValueError, match="at least 30"):
        Background().start(GAME, short, 2, None)


def test_every_deck_game_measures_a_deck_as_the_builder_holds_it():
    """The builder's deck (the deck model made from its tables and single cards,
    not validated) is measured in every game that has decks, starters all."""
    from shrinetable.formats.deckbuild import Build
    from shrinetable.formats.decktext import Shape

    for game in ("shrines", "sorcerer", "shards", "usagi"):
        f = files(game)
        build = Build.of(Shape.of(f.model), f.catalog()[1][-1])
        got = fare.measure(fare.Ask.of(game, build.deck(f.model, f.game), games=1))
        assert got["games_per_opponent"] == 2 and len(got["opponents"]) == len(f.catalog()[1])
        assert got["games"] == 2 * len(got["opponents"])
        assert got["overall"]["n"] + got["unfinished"] == got["games"], game


def test_the_same_figures_on_two_worker_processes(capsys):
    assert main(["deck", "fare", GAME, "court", "--games", "2", "--json", "--jobs", "2"]) == 0
    got = json.loads(capsys.readouterr().out)
    court = fare.Ask.of(GAME, files().shipped("court"), games=2)
    assert plain(got) == plain(fare.measure(court))
