"""Every word the site's code shows a reader is in gradsite/words.py, in every language."""

from __future__ import annotations

from gradsite.project import LANGUAGES
from gradsite.words import WORDS, missing


def test_every_language_has_every_key():
    assert set(WORDS) == set(LANGUAGES)
    assert missing() == {}


def test_a_key_missing_in_one_language_is_found():
    planted = {
        lang: {group: dict(words) for group, words in table.items()}
        for lang, table in WORDS.items()
    }
    del planted["en"]["picture"]["flow"]
    planted["zh"]["downloads"]["extra"] = "多出来的"
    assert missing(planted) == {"en": ["downloads.extra", "picture.flow"]}
