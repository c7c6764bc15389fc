"""The error-message index (gradsite/errorindex.py): each entry's heading is text its example
printed at this build, never typed."""

from __future__ import annotations

import html
import re

import pytest
from gradsite import errorindex
from gradsite.pages import fences
from gradsite.project import LANGUAGES, url_prefix

from sitebuild import pre_blocks


def test_the_heading_is_the_first_sentence_of_the_first_message_line():
    output = "route:\n  RuntimeError: one of … operation: [torch.FloatTensor [3]], which is …\n"
    assert errorindex.first_sentence(output) == "RuntimeError: one of … operation"
    output = "UserWarning: Detected `a.step()` before `b.step()`.  In 1.1.0 and later …\n"
    assert (
        errorindex.first_sentence(output) == "UserWarning: Detected `a.step()` before `b.step()`."
    )
    assert errorindex.first_sentence("RuntimeError: not allowed.You can …") == (
        "RuntimeError: not allowed."
    )
    assert errorindex.first_sentence("x = 1\n") is None


def test_entries_name_the_example_each_marked_heading_includes():
    markdown = (
        '## A {#a .gs-error}\n\n```python exec="on"\n--8<-- "snippets/errors/a.py"\n```\n\n'
        "## Plain {#plain}\n\n### B {#b .gs-error}\n\nno example\n"
    )
    assert errorindex.entries(markdown, fences(markdown)) == {"a": "snippets/errors/a.py", "b": ""}


ENTRY = re.compile(r'<h3 class="gs-error" id="([\w-]+)">(.*?)<a class="headerlink"', re.S)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_heading_is_in_its_examples_output(site, language):
    page = site.page(url_prefix(language) + "errors")
    entries = ENTRY.findall(page)
    assert len(entries) >= 20, f"{language}: only {len(entries)} entries"
    for (anchor, heading), following in zip(entries, [*entries[1:], None]):
        start = page.index(f'id="{anchor}"')
        end = page.index(f'id="{following[0]}"') if following else len(page)
        outputs = "\n".join(pre_blocks(page[start:end]))
        title = html.unescape(re.sub(r"<[^>]+>", "", heading))
        assert title and title in outputs, f"{language} #{anchor}: {title!r} is not in its output"
