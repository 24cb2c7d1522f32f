"""Fuzz targets of the readers of outside input (issue #13): files, the command line, variant strings,
typed moves, environment options. The web readers are fuzzed in tests/web/test_fuzz_web.py.

Each target feeds hostile input (tests/fuzzing.py) to a reader through its public entry point and
holds that the reader either accepts it or refuses it with its own error class and a one-line
message (exit status 2 on the command line), never another exception or a traceback; and that a
refused file is left as it was. Hypothesis runs a fixed, bounded number of examples
(``fuzzing.FUZZ``), so the file runs in seconds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from canasta.cli.main import app
from canasta.env.config import EnvConfigError, make_config
from canasta.formats.records import RecordError, load_record, replay_record
from canasta.formats.savegame import SaveError, load_game
from canasta.formats.score_sheet import ScoreSheetError, score_file
from canasta.moves.notation import Move, MoveError
from canasta.rules.fields import Rules, RulesError
from canasta.util.jsontypes import MAX_DEPTH, MAX_INT_DIGITS, nesting_depth, parse_json, read_json_file
from fuzzing import FUZZ, SHEET, golden_record, hostile_documents, hostile_texts, is_one_line, json_values, texts

RECORD = golden_record()


class Refused(ValueError):
    """The error class a caller hands to the shared reader."""


def _write(tmp: Path, data: bytes) -> Path:
    path = tmp / "input.json"
    path.write_bytes(data)
    return path


# ------------------------------------------------------------------ the shared reader

@FUZZ
@given(data=st.one_of(hostile_texts(), hostile_documents(RECORD), hostile_documents(SHEET)))
def test_fuzz_shared_json_reader_refuses_in_one_line(data: Any) -> None:
    """parse_json: any text or bytes gives a value within the limits or the caller's error, in one line."""
    try:
        value = parse_json(data, Refused, "the input")
    except Refused as e:
        assert is_one_line(str(e)) and str(e).startswith("the input")
        return
    text = json.dumps(value)
    assert text.count("[") + text.count("{") >= 0  # the value is plain JSON again


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000, f"at most {MAX_DEPTH} levels"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"{MAX_DEPTH + 1} deep"),
    ("9" * 5000, f"at most {MAX_INT_DIGITS} digits"),
    ("", "is empty"),
    ("[1, 2", "not valid JSON"),
    ('{"a": 1, "a": 2}', "twice"),
    ("[NaN]", "not a JSON number"),
    ("1e400", "too large"),
    ('"\\udc00"', "lone surrogate"),
])
def test_shared_reader_names_the_limit(text: str, words: str) -> None:
    with pytest.raises(Refused) as info:
        parse_json(text, Refused, "x.json")
    assert words in str(info.value) and is_one_line(str(info.value))


def test_shared_reader_accepts_the_limits_themselves() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, Refused) is not None
    assert parse_json("9" * MAX_INT_DIGITS, Refused) == int("9" * MAX_INT_DIGITS)
    brackets = "[" * (MAX_DEPTH + 10)
    assert parse_json(json.dumps({"a": brackets}), Refused) == {"a": brackets}  # brackets in a text do not count


def test_nesting_depth_skips_brackets_in_texts_and_escaped_quotes() -> None:
    assert nesting_depth(json.dumps({"a": '[[[\\"[[{', "b": [[1]]})) == 3
    assert nesting_depth('"\\\\" [[]]') == 2  # the text is one backslash; the brackets after it count
    assert nesting_depth("") == 0 and nesting_depth("]]]") == 0


def test_shared_reader_refuses_non_utf8_and_oversized_files(tmp_path: Path) -> None:
    bad = _write(tmp_path, b'{"a": "\xff"}')
    with pytest.raises(Refused, match="not UTF-8"):
        read_json_file(bad, Refused)
    with pytest.raises(Refused, match="at most 5 bytes"):
        read_json_file(bad, Refused, max_bytes=5)
    with pytest.raises(Refused, match="cannot read"):
        read_json_file(tmp_path, Refused)


# ------------------------------------------------------------------ game records

@FUZZ
@given(data=hostile_documents(RECORD))
def test_fuzz_game_record_reader(tmp_path: Path, data: bytes) -> None:
    """load_record + replay_record: a hostile record is refused with RecordError in one line; the file is kept."""
    path = _write(tmp_path, data)
    try:
        replay_record(load_record(path), allow_incomplete=True)
    except RecordError as e:
        assert is_one_line(str(e))
    assert path.read_bytes() == data


def _read_or_refuse(tmp_path: Path, data: bytes, reader: Callable[[Path], object], error: type[Exception]) -> None:
    """``reader`` reads ``data`` from a file, or refuses it with ``error`` in one line; the file is kept."""
    path = _write(tmp_path, data)
    try:
        reader(path)
    except error as e:
        assert is_one_line(str(e))
    assert path.read_bytes() == data


def _command_reads_or_refuses(tmp_path: Path, data: bytes, command: str, as_json: bool) -> None:
    """``canasta COMMAND FILE [--json]``: exit 0, or exit 2 with one ``error:`` line; never a traceback."""
    res = CliRunner().invoke(app, [command, str(_write(tmp_path, data))] + (["--json"] if as_json else []))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code in (0, 2), res.output
    if res.exit_code == 2:
        assert res.output.startswith("error: ") and is_one_line(res.output)


@FUZZ
@given(data=hostile_documents(RECORD))
def test_fuzz_save_file_reader(tmp_path: Path, data: bytes) -> None:
    """load_game (canasta play --resume): a hostile save file is refused with SaveError in one line; kept."""
    _read_or_refuse(tmp_path, data, load_game, SaveError)


@FUZZ
@given(data=hostile_documents(RECORD), as_json=st.booleans())
def test_fuzz_replay_command(tmp_path: Path, data: bytes, as_json: bool) -> None:
    """canasta replay FILE [--json]: exit 0 or exit 2 with one ``error:`` line, never a traceback."""
    _command_reads_or_refuses(tmp_path, data, "replay", as_json)


# ------------------------------------------------------------------ score sheets

@FUZZ
@given(data=hostile_documents(SHEET))
def test_fuzz_score_sheet_reader(tmp_path: Path, data: bytes) -> None:
    """score_file: a hostile score sheet is refused with ScoreSheetError in one line; the file is kept."""
    _read_or_refuse(tmp_path, data, score_file, ScoreSheetError)


@FUZZ
@given(data=hostile_documents(SHEET), as_json=st.booleans())
def test_fuzz_score_command(tmp_path: Path, data: bytes, as_json: bool) -> None:
    """canasta score FILE [--json]: exit 0 or exit 2 with one ``error:`` line, never a traceback."""
    _command_reads_or_refuses(tmp_path, data, "score", as_json)


def test_names_are_printed_as_text_not_markup(tmp_path: Path) -> None:
    """A seat or side named like Rich markup ('[/bold]') is shown as is; a name with an escape is refused."""
    record = golden_record()
    record["seats"][0]["name"] = "[/bold] Ann"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 0 and "[/bold] Ann" in res.output, res.output
    record["seats"][0]["name"] = "\x1b[2J Ann"
    path.write_text(json.dumps(record), encoding="utf-8")
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 2 and "printable" in res.output and is_one_line(res.output)
    sheet = {"variant": "classic", "deals": [{"[/x]": SHEET["deals"][0]["NS"], "EW": SHEET["deals"][0]["EW"]}]}
    path.write_text(json.dumps(sheet), encoding="utf-8")
    res = CliRunner().invoke(app, ["score", str(path)])
    assert res.exit_code == 0 and "[/x]" in res.output, res.output


@pytest.mark.parametrize("limit, words", [
    ({"penalties": 100_001}, "'penalties' must be at most 100000"),
    ({"ask_failed": 101}, "'ask_failed' must be at most 100"),
    ({"penalties": True}, "not true/false"),
    ({"went_out": 1}, "true or false"),
])
def test_score_sheet_counts_are_bounded(tmp_path: Path, limit: dict[str, Any], words: str) -> None:
    sheet = json.loads(json.dumps(SHEET))
    sheet["deals"][0]["EW"].update(limit)
    with pytest.raises(ScoreSheetError) as info:
        score_file(_write(tmp_path, json.dumps(sheet).encode()))
    assert words in str(info.value) and is_one_line(str(info.value))


def _long_key_record() -> dict[str, Any]:
    record = golden_record()
    record["x" * 100_000 + "\n"] = 1
    return record


def _long_move_record() -> dict[str, Any]:
    record = golden_record()
    record["deals"][0]["moves"][0] = "meld " + "KH " * 50_000
    return record


def _long_side_sheet() -> dict[str, Any]:
    return {"variant": "classic", "deals": [{"y" * 100_000: {}, "EW": {}, "NS": {}}]}


@pytest.mark.parametrize("document, words", [
    (_long_key_record(), "unknown field 'xxxxxxxx"),
    (_long_move_record(), "move 1 ('meld KH KH"),
    ({"format": "canasta-record", "version": ["1"] * 50_000}, "record version a list is not supported"),
    (_long_side_sheet(), "names 3 side(s) ('yyyy"),
])
def test_messages_never_echo_a_huge_input(tmp_path: Path, document: dict[str, Any], words: str) -> None:
    """A huge key, move or value is quoted cut to a few dozen characters, so the message stays one short line."""
    path = _write(tmp_path, json.dumps(document).encode())
    reader = score_file if "deals" in document and "variant" in document else (
        lambda p: replay_record(load_record(p)))
    with pytest.raises((RecordError, ScoreSheetError)) as info:
        reader(path)
    assert words in str(info.value) and is_one_line(str(info.value), longest=400), str(info.value)[:500]


@pytest.mark.parametrize("command", ["replay", "score"])
@pytest.mark.parametrize("content", ["[" * 100_000, "9" * 5000])
def test_commands_in_a_subprocess_refuse_hostile_files(tmp_path: Path, command: str, content: str) -> None:
    """The defect as reported: the real command prints one line on stderr and exits 2."""
    path = tmp_path / "hostile.json"
    path.write_text(content, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "canasta", command, str(path)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("error: ") and is_one_line(proc.stderr) and not proc.stdout


# ------------------------------------------------------------------ variant strings, moves, env options

variant_texts = st.one_of(
    texts,
    st.builds(lambda name, key, value: f"{name}({key}={value})",
              st.sampled_from(["classic", "cutthroat", "samba", "canasta", "bolivia", "hollywood"]),
              st.sampled_from(["players", "teams", "target", "hand_size", "packs", "jokers", "draw", "variant",
                               "min_meld_table", "red3_values", "canasta_max", "wild_limit", "x"]),
              st.one_of(texts, st.integers().map(str), st.just("9" * 5000), st.just("1" * 40))),
    st.integers(1, 20000).map(lambda n: "classic" + "(" * n + ")" * n),
    st.integers(1, 5000).map(lambda n: "classic(" + ",".join(["players=2"] * n) + ")"),
)


@FUZZ
@given(text=variant_texts)
def test_fuzz_variant_string_reader(text: str) -> None:
    """Rules.parse: a variant string gives rules or RulesError in one line (of bounded length)."""
    try:
        Rules.parse(text)
    except RulesError as e:
        assert is_one_line(str(e)) and len(str(e)) < 4000


move_texts = st.one_of(
    texts,
    st.lists(st.sampled_from(["meld", "add", "take", "to", "discard", "KH", "2C", "JK", "4H-7H/5H", "K", "W",
                              "10", "JK=5H", "draw", "9" * 60, "-", "/", "=", "²"]), max_size=12).map(" ".join),
    st.integers(1, 100000).map(lambda n: "meld " + "KH " * n),
)


@FUZZ
@given(text=move_texts)
def test_fuzz_typed_move_reader(text: str) -> None:
    """Move.parse: a typed move gives a Move or MoveError in one line."""
    try:
        Move.parse(text)
    except MoveError as e:
        assert is_one_line(str(e)) and len(str(e)) < 4000


env_values = st.one_of(json_values, st.integers(min_value=10**400, max_value=10**401), st.just(float("nan")),
                       st.just(-(10**5000)))


@FUZZ
@given(key=st.sampled_from(["episode", "reward", "reward_scale", "max_steps", "dealer", "illegal",
                            "illegal_reward", "players", "target", "variant_options"]),
       value=env_values)
def test_fuzz_environment_options(key: str, value: Any) -> None:
    """make_config: any option value gives a config or EnvConfigError in one line."""
    try:
        if key == "variant_options":
            make_config(value)
        else:
            make_config("classic", **{key: value})
    except EnvConfigError as e:
        assert is_one_line(str(e)) and len(str(e)) < 4000


@FUZZ
@given(key=st.sampled_from(["dealer", "scores", "deck"]),
       value=st.one_of(env_values, st.lists(env_values, max_size=3), st.lists(st.integers(-5, 60), max_size=110)))
def test_fuzz_environment_reset_options(key: str, value: Any) -> None:
    """reset(options=...): a dealer, scores or deck gives an episode or a one-line ValueError; a refusal
    changes nothing (the next reset with the same seed deals the same cards)."""
    from canasta.env import canasta_v0

    env = canasta_v0.raw_env(variant="classic")
    env.reset(seed=5)
    hand = list(env.deal.hands[0]) if env.deal is not None else []
    try:
        env.reset(seed=5, options={key: value})
    except ValueError as e:
        assert is_one_line(str(e)) and len(str(e)) < 4000
        assert env.deal is not None and list(env.deal.hands[0]) == hand


@pytest.mark.parametrize("text, words", [
    ("classic(packs=999999999)", "packs must be 1 to 9"),
    ("classic(jokers=100000)", "jokers 0 to 32"),
    ("classic(target=99999999999)", "at most 9 digits"),
    ("classic(target=" + "9" * 5000 + ")", "at most 2000 characters"),
    ("classic(players=2,\x1b[2J)", "control character"),
    ("canasta(variant=\nclassic)", "cannot read variant 'canasta(variant=\\nclassic)'"),
    ("classic(players=²)", "whole number"),
])
def test_variant_strings_have_limits(text: str, words: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.parse(text)
    assert words in str(info.value) and is_one_line(str(info.value))
