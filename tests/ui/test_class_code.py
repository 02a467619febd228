"""A class session's code and address (btlgames/ui/serve/class_code.py), and the command that starts it."""
from __future__ import annotations

import pytest

from btlgames.cli import main
from btlgames.ui.serve import class_code
from btlgames.ui.serve.class_code import ALPHABET, LENGTH, address, check_class_ip, new_code, shown, typed_code


def test_a_code_is_new_each_time_and_has_no_letters_that_read_alike():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert not set("01258OILSZB") & set(ALPHABET)


@pytest.mark.parametrize("typed", ["ABCD-EFGH", "abcd-efgh", " abcd efgh ", "AbCdEfGh", "abcd\u2009-efgh"])
def test_a_code_is_read_as_typed_in_any_case_with_or_without_its_hyphen(typed):
    assert typed_code(typed) == "ABCDEFGH"
    assert shown("ABCDEFGH") == "ABCD-EFGH"


def test_nothing_typed_is_no_code():
    assert typed_code("") == typed_code(None) == typed_code(" - ") == ""


def test_the_address_students_open_carries_the_code_as_it_is_read_out():
    assert address("192.168.1.20", 8866, "ABCDEFGH") == "http://192.168.1.20:8866/?code=ABCD-EFGH"
    assert address("fe80::1", 8000) == "http://[fe80::1]:8000/"
    assert address("", 8866).startswith("http://") and ":8866/" in address("", 8866)


@pytest.mark.parametrize("given, kept", [("", ""), ("0.0.0.0", ""), ("::", ""), ("10.0.0.7", "10.0.0.7"),
                                         ("127.0.0.1", "127.0.0.1")])
def test_a_class_listens_on_one_address_or_all(given, kept):
    assert check_class_ip(given) == kept


@pytest.mark.parametrize("bad", ["classroom", "10.0.0", "http://10.0.0.7"])
def test_an_address_that_is_none_is_refused_in_words(bad):
    with pytest.raises(ValueError, match="--ip takes an address such as"):
        check_class_ip(bad)


def test_the_class_command_refuses_a_folder_that_is_missing_or_holds_another_file(tmp_path, capsys):
    assert main(["class", "--dir", str(tmp_path / "missing")]) == 2
    assert "does not exist" in capsys.readouterr().err
    (tmp_path / "class.sqlite").write_text("not a database, a note")
    assert main(["class", "--dir", str(tmp_path)]) == 2
    assert "is not a class file of this kit" in capsys.readouterr().err
    assert main(["class", "--dir", str(tmp_path), "--ip", "the-classroom"]) == 2
    assert "--ip takes an address" in capsys.readouterr().err
    assert class_code.students_host("10.1.2.3") == "10.1.2.3"
