"""The home page: site title, the README as rendered Markdown, and a card per dataset."""

import re

import pytest
from selenium.webdriver.common.by import By

from support import REPO, fetch, load_config, squash, text_of

CONTENT = REPO / "content"
DATASET_NAMES = [d["name"] for d in load_config(CONTENT / "site.yml")["datasets"]]


def readme_texts(markdown: str) -> tuple[str, list[str]]:
    """The README's first heading, and the plain text of each paragraph and list item."""
    heading = next(line[2:].strip() for line in markdown.splitlines() if line.startswith("# "))
    texts = []
    for block in re.split(r"\n\s*\n", markdown):
        if block.lstrip().startswith("#"):
            continue
        for part in re.split(r"^- ", block, flags=re.MULTILINE):
            plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", part)  # [text](url) → text
            plain = squash(plain.replace("**", ""))
            if plain:
                texts.append(plain)
    return heading, texts


def straight_quotes(text: str) -> str:
    """Straight quotes for curly ones: the Markdown renderer makes quotes typographic."""
    return text.translate(str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'}))


def test_home_page_shows_title_readme_and_datasets(browser, server, site_config, datasets):
    browser.open("")
    driver = browser.driver

    assert driver.title == site_config["title"]
    assert text_of(driver.find_element(By.CSS_SELECTOR, ".site-header .brand")) == site_config["title"]

    # The README, rendered: its heading, every paragraph and list item, and no Markdown left over.
    intro = driver.find_element(By.CSS_SELECTOR, "section.intro")
    heading, texts = readme_texts((CONTENT / "README.md").read_text())
    assert text_of(intro.find_element(By.TAG_NAME, "h1")) == heading
    shown = straight_quotes(text_of(intro))
    for text in texts:
        assert text in shown, f"README text not on the home page: {text!r}"
    assert "**" not in shown and "](" not in shown
    assert intro.find_elements(By.TAG_NAME, "strong"), "README's **bold** is not rendered"

    # The README's links are relative to content/; on the site they must lead to pages that exist.
    for link in intro.find_elements(By.TAG_NAME, "a"):
        href = link.get_attribute("href")
        assert href.startswith(server.base_url), f"README link {href!r} leaves the site's /demo/ path"
        status, _, _ = fetch(href)
        assert status == 200, f"README link {link.get_attribute('outerHTML')} → {href} answered {status}"

    # One card per dataset, in the order of site.yml, with its count of places.
    cards = driver.find_elements(By.CSS_SELECTOR, ".dataset-cards .card")
    assert [text_of(card.find_element(By.TAG_NAME, "h2")) for card in cards] == [d.title for d in datasets.values()]
    for card, spec in zip(cards, datasets.values()):
        assert text_of(card.find_element(By.CSS_SELECTOR, ".count")) == f"{spec.count:,} places"
        for link in [card.find_element(By.CSS_SELECTOR, "h2 a"), card.find_element(By.LINK_TEXT, "Browse the list")]:
            assert link.get_attribute("href") == server.url(f"{spec.name}/")

    browser.assert_clean("the home page")
    browser.screenshots("home", phone=True)


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_dataset_card_leads_to_its_list(browser, datasets, name):
    spec = datasets[name]
    browser.open("")
    card_link = browser.driver.find_element(By.LINK_TEXT, spec.title)
    browser.click(card_link)
    assert browser.path == f"/demo/{name}/"
    assert text_of(browser.driver.find_element(By.TAG_NAME, "h1")) == spec.title
    browser.assert_clean(browser.path)
