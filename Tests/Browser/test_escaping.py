"""Dataset text is shown literally and never runs: the site of fixtures/hostile in a real browser."""

import csv
import json

from selenium.webdriver.common.by import By

from support import HERE, text_of, wait_until
from test_search import search

with (HERE / "fixtures" / "hostile" / "data" / "places.csv").open(newline="") as file:
    HOSTILE = next(row for row in csv.DictReader(file) if row["id"] == "h1")


def pwned(driver):
    return driver.execute_script("return typeof window.__pwned === 'undefined' ? null : window.__pwned")


def test_hostile_text_is_shown_literally_and_never_runs(hostile_browser):
    browser, driver = hostile_browser, hostile_browser.driver

    for path in ["", "places/"]:
        browser.open(path)
        assert pwned(driver) is None, f"script from the data ran on /demo/{path}"
        browser.assert_clean(browser.path)

    # The list shows the title and the first field as text.
    link = driver.find_element(By.LINK_TEXT, HOSTILE["title"])
    summary = link.find_element(By.XPATH, "following-sibling::span[@class='summary']")
    assert text_of(summary) == HOSTILE["note"]

    browser.click(link)
    assert pwned(driver) is None, f"script from the data ran on {browser.path}"
    assert text_of(driver.find_element(By.CSS_SELECTOR, "article.place h1")) == HOSTILE["title"]
    assert HOSTILE["title"] in driver.title
    assert text_of(driver.find_element(By.CSS_SELECTOR, "dl.fields dd")) == HOSTILE["note"]
    assert text_of(driver.find_element(By.CSS_SELECTOR, "p.description")) == HOSTILE["description"]
    assert driver.find_element(By.ID, "minimap").get_attribute("data-title") == HOSTILE["title"]

    # No element the data tried to create, and no javascript: URL anywhere.
    assert not driver.find_elements(By.CSS_SELECTOR, 'img[src="x"], main script, body script:not([src])')
    for element in driver.find_elements(By.CSS_SELECTOR, "[src], [href]"):
        for attribute in ("src", "href"):
            value = (element.get_attribute(attribute) or "").strip().lower()
            assert not value.startswith("javascript:"), element.get_attribute("outerHTML")

    # The JSON-LD stays one intact script whose values are the literal texts.
    scripts = driver.find_elements(By.CSS_SELECTOR, 'script[type="application/ld+json"]')
    assert len(scripts) == 1
    place = json.loads(scripts[0].get_attribute("textContent"))
    assert place["name"] == HOSTILE["title"]
    assert place["description"] == HOSTILE["description"]
    assert "image" not in place

    browser.screenshot("hostile-item-desktop")
    browser.assert_clean(browser.path)


def test_hostile_text_on_tour_and_favourites_pages_stays_text(hostile_browser):
    browser, driver = hostile_browser, hostile_browser.driver
    browser.open("tours/a-tour-b-through-b-both-places/")
    assert pwned(driver) is None, f"script from the data ran on {browser.path}"
    assert text_of(driver.find_element(By.TAG_NAME, "h1")) == "A tour <b>through</b> both places"
    titles = [text_of(a) for a in driver.find_elements(By.CSS_SELECTOR, "#tour-stops .tour-stop a")]
    assert HOSTILE["title"] in titles
    found = search(driver, "tour through")  # the tour as a result of the search box, as text
    assert found and found[0]["title"] == "A tour <b>through</b> both places", found
    assert pwned(driver) is None, "script from the data ran in the search results"
    for marker in driver.find_elements(By.CSS_SELECTOR, "#tour-map .place-pin"):
        driver.execute_script("arguments[0].click()", marker)  # opens its popup
        assert pwned(driver) is None, "script from the data ran in a tour popup"
    browser.assert_clean(browser.path)

    browser.open("places/")
    browser.click(driver.find_element(By.LINK_TEXT, HOSTILE["title"]))
    driver.find_element(By.ID, "favourite").click()
    browser.open("favourites/")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#favourites-list li"))
    assert pwned(driver) is None, "script from the data ran on the favourites page"
    assert text_of(driver.find_element(By.CSS_SELECTOR, "#favourites-list li a")) == HOSTILE["title"]
    driver.find_element(By.ID, "favourites-clear").click()
    browser.assert_clean(browser.path)
