"""The score keeper: a hand-checked sheet through the API, refusals, and the shared scoring code."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from canasta.cards.deck import parse_cards
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import score_deal
from canasta.scoring.sides import SideResult
from canasta.web.sheet import SheetError, score_entry

THEM_MELDS = {"mode": "melds", "melds": "QH QS QD QC 2C 2D 2H\n5H 5S 5D", "red_threes": "3H",
              "hand": "9S 4C"}
US_QUICK = {"mode": "quick", "natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "went_out": True,
            "meld_points": 340, "hand_points": 0}


def test_hand_checked_sheet(client: TestClient) -> None:
    r = client.post("/api/sheets", json={"variant": "classic(players=4)", "sides": ["Us", "Them"]})
    assert r.status_code == 201
    sid = r.json()["id"]
    # Us: natural canasta 500 + mixed canasta 300 + 2 red threes 200 + going out 100 + cards 340 = 1440
    # Them: mixed canasta 300 + red three 100 + melded (4x10 + 3x20 + 3x5 = 115) - hand (10 + 5) = 500
    r = client.post(f"/api/sheets/{sid}/deals", json={"entries": {"Us": US_QUICK, "Them": THEM_MELDS}})
    assert r.status_code == 200, r.text
    sheet = r.json()
    assert sheet["deals"][0]["Us"]["score"] == 1440 and sheet["deals"][0]["Them"]["score"] == 500
    assert sheet["deals"][0]["Them"]["breakdown"]["hand_cards"] == -15
    assert sheet["next_minimum"] == {"Us": 50, "Them": 50}
    # deal 2. Us: mixed canasta 300 + cards 100 = 400 -> 1840 (minimum 90);
    # Them: no meld, 65 points in hand -> -65 -> 435 (minimum 50)
    deal2 = {"Us": {"mode": "quick", "mixed_canastas": 1, "meld_points": 100},
             "Them": {"mode": "quick", "melded": False, "hand_points": 65}}
    sheet = client.post(f"/api/sheets/{sid}/deals", json={"entries": deal2}).json()
    assert sheet["totals"] == {"Us": 1840, "Them": 435}
    assert sheet["next_minimum"] == {"Us": 90, "Them": 50}
    assert sheet["winner"] is None
    assert client.get(f"/api/sheets/{sid}").json()["totals"] == {"Us": 1840, "Them": 435}
    undone = client.delete(f"/api/sheets/{sid}/deals/last").json()
    assert undone["totals"] == {"Us": 1440, "Them": 500}


def test_winner_at_the_target(client: TestClient) -> None:
    sid = client.post("/api/sheets", json={"variant": "classic(players=2,target=1000)"}).json()["id"]
    sheet = client.post(f"/api/sheets/{sid}/deals", json={"entries": {
        "Us": US_QUICK, "Them": {"mode": "quick", "hand_points": 20}}}).json()
    assert sheet["winner"] == "Us"


@pytest.mark.parametrize("entries, words", [
    ({"Us": {"mode": "quick", "went_out": True}, "Them": THEM_MELDS}, "going out needs"),
    ({"Us": US_QUICK, "Them": dict(THEM_MELDS, went_out=True)}, "both went out"),
    ({"Us": US_QUICK, "Them": dict(THEM_MELDS, melds="KH KH KH")}, "KH appears 3 times"),
    ({"Us": US_QUICK, "Them": dict(THEM_MELDS, hand="ZZ")}, "not a card"),
    ({"Us": US_QUICK}, "one entry for each side"),
    ({"Us": dict(US_QUICK, red_threes=-1), "Them": THEM_MELDS}, "whole number"),
    ({"Us": US_QUICK, "Them": dict(THEM_MELDS, mode="guess")}, "mode must be"),
])
def test_bad_deals_are_refused_and_change_nothing(client: TestClient, entries: dict, words: str) -> None:
    sid = client.post("/api/sheets", json={"variant": "classic(players=4)", "sides": ["Us", "Them"]}).json()["id"]
    r = client.post(f"/api/sheets/{sid}/deals", json={"entries": entries})
    assert r.status_code == 400 and words in r.json()["error"], r.text
    assert client.get(f"/api/sheets/{sid}").json()["deals"] == []


def test_bad_sheets_are_refused(client: TestClient) -> None:
    assert client.post("/api/sheets", json={"variant": "nope"}).status_code == 400
    assert client.post("/api/sheets", json={"variant": "classic", "sides": ["A", "A"]}).status_code == 400
    assert client.get("/api/sheets/unknown").status_code == 404


def test_entries_by_melds_score_as_the_shared_scoring_code() -> None:
    rules = Rules.parse("classic(players=4)")
    got = score_entry(rules, ["A", "B"], {"A": dict(THEM_MELDS, went_out=True, melds=THEM_MELDS["melds"]),
                                          "B": {"mode": "melds", "melds": ["KH KS KD"], "hand": "JK"}})
    want = score_deal(rules, {
        "A": SideResult([parse_cards("QH QS QD QC 2C 2D 2H"), parse_cards("5H 5S 5D")], parse_cards("3H"),
                        parse_cards("9S 4C"), went_out=True),
        "B": SideResult([parse_cards("KH KS KD")], [], parse_cards("JK")),
    })
    assert {k: v["score"] for k, v in got.items()} == {k: v.total for k, v in want.items()}
    assert got["A"]["breakdown"] == want["A"].breakdown


def test_quick_entry_of_red_threes_against_a_side_that_did_not_meld() -> None:
    rules = Rules.parse("classic(players=4)")
    got = score_entry(rules, ["A", "B"], {"A": {"mode": "quick", "red_threes": 1, "melded": False},
                                          "B": {"mode": "quick", "red_threes": 4, "melded": True}})
    assert got["A"]["score"] == -100 and got["B"]["score"] == 800
    with pytest.raises(SheetError):
        score_entry(rules, ["A", "B"], {"A": {"mode": "quick", "natural_canastas": "x"}, "B": {}})


def test_a_deal_by_melds_scores_as_canasta_score() -> None:
    """The same deal typed into the web score keeper and into a ``canasta score`` file gives the same numbers."""
    from canasta.formats.score_sheet import parse_sheet, score_sheet

    a = {"melds": [["QH", "QS", "QD", "QC", "2C", "2D", "2H"], ["5H", "5S", "5D"]], "red_threes": ["3H"],
         "hand": ["9S", "4C"], "went_out": True}
    b = {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], "red_threes": ["3D", "3D"], "hand": ["JK", "7C"]}
    cli = score_sheet(parse_sheet({"variant": "classic(players=4)", "deals": [{"NS": a, "EW": b}]}))
    web = score_entry(Rules.parse("classic(players=4)"), ["NS", "EW"],
                      {"NS": dict(a, mode="melds"), "EW": dict(b, mode="melds")})
    for side in ("NS", "EW"):
        assert web[side]["score"] == cli.deals[0][side].total
        assert web[side]["breakdown"] == cli.deals[0][side].breakdown


def test_hand_and_foot_sheet_by_books_and_counts(client: TestClient) -> None:
    """HF-1 (RULES_AMERICAN.md C.2) as the page sends it: books, counts as form texts, red threes held."""
    sheet = client.post("/api/sheets", json={"variant": "hand-and-foot", "sides": ["A", "B"]}).json()
    assert sheet["facts"]["books"] and sheet["facts"]["red_threes_held"] and sheet["facts"]["rounds"] == 4
    assert not sheet["facts"]["special_hand"] and not sheet["facts"]["black_threes"]
    entries = {"A": {"mode": "quick", "natural_canastas": "2", "mixed_canastas": "2", "meld_points": "400",
                     "hand_points": "20", "went_out": True, "melded": True},
               "B": {"mode": "quick", "natural_canastas": "1", "mixed_canastas": "1", "meld_points": "215",
                     "hand_points": "170", "red_threes_held": "1", "melded": True}}
    r = client.post(f"/api/sheets/{sheet['id']}/deals", json={"entries": entries})
    assert r.status_code == 200, r.text
    assert r.json()["totals"] == {"A": 2080, "B": 345} and r.json()["next_minimum"] == {"A": 90, "B": 90}
    entries["B"]["red_threes"] = "1"  # laid out: refused, they stay in hands in this variant
    r = client.post(f"/api/sheets/{sheet['id']}/deals", json={"entries": entries})
    assert r.status_code == 400 and "stay in the hand" in r.json()["error"]


def test_mac_sheet_facts_and_special_hand_by_melds(client: TestClient) -> None:
    sheet = client.post("/api/sheets", json={"variant": "mac", "sides": ["A", "B"]}).json()
    facts = sheet["facts"]
    assert facts["special_hand"] and facts["black_threes"] and facts["player_hands"] and not facts["books"]
    special = "8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH".split()
    entries = {"A": {"mode": "melds", "special_hand": special},
               "B": {"mode": "melds", "melds": "AH AS AD\n9H 9S 9D 9C", "red_threes": "3H", "black_threes": ["3S"],
                     "player_hands": [["7D", "4C"], ["AC"]]}}
    r = client.post(f"/api/sheets/{sheet['id']}/deals", json={"entries": entries})
    assert r.status_code == 200, r.text
    expected = score_deal(Rules.parse("mac"), {
        "A": SideResult(special_hand=parse_cards(" ".join(special))),
        "B": SideResult(melds=[parse_cards("AH AS AD"), parse_cards("9H 9S 9D 9C")], red_threes=parse_cards("3H"),
                        black_threes=parse_cards("3S"), player_hands=[parse_cards("7D 4C"), parse_cards("AC")])})
    assert r.json()["totals"] == {"A": expected["A"].total, "B": expected["B"].total}
    assert r.json()["deals"][0]["A"]["breakdown"]["special_hand"] > 0
