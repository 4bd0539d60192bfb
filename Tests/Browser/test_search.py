"""The search box in the header of every page: typed queries, keyboard use, and that the index
under search/ is fetched only once the box is used. On a list page and on an item page, so that
result links are checked from two depths of the site under /demo/."""

import csv
import functools
import json
import time
import unicodedata
from urllib.parse import urljoin

import pytest
import yaml
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import (
    REPO, all_list_pages, fetch, fetch_page, load_config, slug_of, squash, text_of, wait_until)

CONFIG = load_config(REPO / "content" / "site.yml")
DATASET_TITLES = {d["name"]: d["title"] for d in CONFIG["datasets"]}
PHOTOS = json.loads((REPO / "content" / "data" / "photos.json").read_text())
# A photographer whose name has accents, and the photos they took.
ACCENTED = next(p["photographer"] for p in PHOTOS if p.get("photographer") and not p["photographer"].isascii())
BY_ACCENTED = {p["title"] for p in PHOTOS if p.get("photographer") == ACCENTED}


def without_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@pytest.fixture(scope="module")
def property_urls(server):
    """Item page URL by title, read from the list pages of properties."""
    return {
        " ".join(title.split()): urljoin(url, link)
        for url, page in all_list_pages(server, "properties")
        for link, title in zip(page.items, page.titles)
    }


def search_requests(driver) -> list[str]:
    return driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/search/'))"
    )


def box(driver):
    return driver.find_element(By.ID, "site-search-input")


def listbox(driver):
    return driver.find_element(By.CSS_SELECTOR, ".site-search [role=listbox]")


def status(driver) -> str:
    return text_of(driver.find_element(By.CSS_SELECTOR, ".site-search [role=status]"))


def results(driver) -> list[dict]:
    """The options shown: title, detail line, link, selection."""
    return driver.execute_script(
        """return [...document.querySelectorAll('#site-search-results [role=option]')].map(o => ({
             id: o.id, selected: o.getAttribute('aria-selected'),
             title: (o.querySelector('.site-search-title') || {}).textContent,
             meta: (o.querySelector('.site-search-meta') || {}).textContent,
             href: (o.closest('a') || o.querySelector('a') || {}).href }))"""
    )


def search(driver, text: str) -> list[dict]:
    """Clears the box, types `text` key by key, and waits until the answer to it has settled."""
    field = box(driver)
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    wait_until(driver, lambda d: status(d) == "" and not results(d), 5)
    field.send_keys(text)
    wait_until(driver, lambda d: status(d) != "")
    # Answers come after an 80 ms pause in typing; make sure the one shown is the last.
    previous = None
    for _ in range(30):
        time.sleep(0.1)
        current = (status(driver), results(driver))
        if current == previous:
            break
        previous = current
    assert box(driver).get_attribute("value") == text
    return results(driver)


@functools.cache
def site_pages(base: str) -> set[str]:
    """The URLs of the site's own pages that search finds (search/pages.json), under `base`."""
    status_code, _, body = fetch(base + "search/pages.json")
    assert status_code == 200
    return {base + page["p"] for page in json.loads(body)["pages"]}


def assert_open_with(driver, found: list[dict], query: str, base: str):
    """The list is open with `found`: up to 3 of the site's own pages, then up to 10 places, each
    a page of the site at `base` (…/demo/)."""
    assert found, f"no results for {query!r}: {status(driver)!r}"
    pages = [option for option in found if option["href"] in site_pages(base)]
    assert found[: len(pages)] == pages and len(pages) <= 3, f"site pages for {query!r}: {pages}"
    places = found[len(pages):]
    assert len(places) <= 10, f"{len(places)} places for {query!r}"
    assert box(driver).get_attribute("aria-expanded") == "true"
    assert listbox(driver).is_displayed()
    assert status(driver) == ("1 result." if len(found) == 1 else f"{len(found)} results.")
    for option in found:
        assert option["title"] and option["meta"] and option["href"], option
        assert fetch(option["href"])[0] == 200, f"result {option['title']!r} → {option['href']} is no page"
    for option in places:
        # `<dataset>/<slug>/` under /demo/, and the dataset named under the title.
        dataset, _, rest = option["href"][len(base):].partition("/")
        assert option["href"].startswith(base) and rest.count("/") == 1 and rest.endswith("/"), option
        assert option["meta"].endswith(DATASET_TITLES[dataset]), option


@pytest.mark.parametrize("page", ["list", "item"])
def test_search_box_finds_places(browser, server, property_urls, page):
    """`1521 waln` → 1521 Walnut St; the accented and plain spellings of a name find the same."""
    path = "properties/" if page == "list" else property_urls["1521 Walnut St"][len(server.base_url):]
    browser.open(path)
    driver = browser.driver
    field = box(driver)

    # The box: labelled "Search", a combobox, shown by the script; no index fetched yet.
    label = driver.find_element(By.CSS_SELECTOR, f"label[for='{field.get_attribute('id')}']")
    assert text_of(label) == "Search"
    assert field.get_attribute("role") == "combobox"
    assert field.is_displayed()
    assert field.get_attribute("aria-expanded") == "false"
    assert not search_requests(driver), f"/demo/{path}: search files fetched before the box was used"

    # Focusing fetches the manifest, relative to the page's data-root: under /demo/.
    field.click()
    wait_until(driver, search_requests, 5)
    assert search_requests(driver)[0] == server.url("search/index.json")

    found = search(driver, "1521 waln")
    assert_open_with(driver, found, "1521 waln", server.base_url)
    assert found[0]["title"] == "1521 Walnut St"
    assert found[0]["href"] == property_urls["1521 Walnut St"]
    assert found[0]["meta"].endswith("Property assessments")
    for request in search_requests(driver):
        assert request.startswith(server.url("search/")), f"fetched {request} outside /demo/search/"

    # Every word must match a whole word: an unfinished first word finds nothing.
    assert not search(driver, "waln 1521"), "`waln 1521` matched: only the last word may be a word's start"
    assert status(driver) == "No results for “waln 1521”."

    # Accents and case do not matter.
    accented = search(driver, ACCENTED)
    assert_open_with(driver, accented, ACCENTED, server.base_url)
    assert accented[0]["title"] in BY_ACCENTED, f"{ACCENTED!r} → {accented[0]['title']!r}, not one of their photos"
    plain = search(driver, without_accents(ACCENTED).lower())
    assert [(r["title"], r["href"]) for r in plain] == [(r["title"], r["href"]) for r in accented]
    for result in accented:
        assert result["href"].startswith(server.url("photos/")), f"{result['href']} is no photo page under /demo/photos/"
    browser.assert_clean(browser.path)

    # Enter opens the first result.
    search(driver, "1521 waln")
    box(driver).send_keys(Keys.ENTER)
    wait_until(driver, lambda d: d.current_url == property_urls["1521 Walnut St"])
    assert text_of(driver.find_element(By.CSS_SELECTOR, "article.place h1")) == "1521 Walnut St"
    browser.assert_clean(browser.path)


def test_search_keyboard_no_results_and_escape(browser, server):
    browser.open("boxes/")
    driver = browser.driver
    found = search(driver, "walnut")
    assert_open_with(driver, found, "walnut", server.base_url)
    assert len(found) >= 3, "`walnut` should find several places"
    field = box(driver)

    def active() -> int | None:
        selected = [i for i, r in enumerate(results(driver)) if r["selected"] == "true"]
        assert len(selected) <= 1, f"{len(selected)} options selected"
        descendant = field.get_attribute("aria-activedescendant")
        if not selected:
            assert not descendant
            return None
        assert descendant == results(driver)[selected[0]]["id"]
        return selected[0]

    assert active() is None
    last = len(found) - 1
    for key, expected in [
        (Keys.ARROW_DOWN, 0), (Keys.ARROW_DOWN, 1), (Keys.ARROW_UP, 0), (Keys.ARROW_UP, last), (Keys.ARROW_DOWN, 0),
    ]:
        field.send_keys(key)
        assert active() == expected, f"after {'down' if key == Keys.ARROW_DOWN else 'up'}: option {active()}, not {expected}"

    # Escape closes the list and keeps the text; a second Escape clears it.
    field.send_keys(Keys.ESCAPE)
    assert not listbox(driver).is_displayed()
    assert field.get_attribute("aria-expanded") == "false"
    assert field.get_attribute("value") == "walnut"
    field.send_keys(Keys.ESCAPE)
    assert field.get_attribute("value") == ""

    # Nonsense: no list, a message that says so.
    assert search(driver, "qzxvj") == []
    assert status(driver) == "No results for “qzxvj”."
    assert driver.find_element(By.CSS_SELECTOR, ".site-search [role=status]").is_displayed()
    assert field.get_attribute("aria-expanded") == "false"
    browser.assert_clean(browser.path)

    # Enter opens the active option, here the second.
    found = search(driver, "walnut")
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    wait_until(driver, lambda d: d.current_url == found[1]["href"])
    assert text_of(driver.find_element(By.TAG_NAME, "h1")) == found[1]["title"]
    browser.assert_clean(browser.path)


def test_search_screenshots(browser):
    """The open list of results, on a desktop and on a phone."""
    driver = browser.driver
    browser.open("photos/")
    assert search(driver, "broadway"), status(driver)
    browser.screenshot("search-desktop")
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        browser.open("photos/")
        assert search(driver, "broadway"), status(driver)
        browser.screenshot("search-phone", 390, 844, mobile=True)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.assert_clean(browser.path)


def test_search_finds_the_sites_own_pages(browser, server, datasets):
    """Datasets, tours and Markdown pages are found by their titles and descriptions, before the
    places, and each links to its page under /demo/."""
    browser.open("boxes/")
    driver = browser.driver
    tour = CONFIG["tours"][0]
    words = tour["title"].split()
    query = " ".join(words[:-1] + [words[-1][:4]])  # the last word half typed
    found = search(driver, query)
    assert found, f"no results for {query!r}"
    assert found[0]["title"] == tour["title"], found[0]
    stops = len(tour.get("stops") or datasets[tour["dataset"]].rows)
    assert found[0]["meta"] == f"Tour · {stops} stops"
    assert found[0]["href"] == server.url(f"tours/{tour.get('name') or slug_of(tour['title'])}/")

    boxes = CONFIG["datasets"][0]
    found = search(driver, boxes["title"].lower())
    assert found[0]["title"] == boxes["title"] and found[0]["href"] == server.url(boxes["name"] + "/")
    assert found[0]["meta"] == f"{datasets[boxes['name']].count} places"

    guide = yaml.safe_load((REPO / "content" / "pages" / "how-to-use.md").read_text().split("---")[1])
    found = search(driver, guide["title"])
    assert [(r["title"], r["meta"], r["href"]) for r in found if r["meta"] == "Page"] == [
        (guide["title"], "Page", server.url("how-to-use/"))]
    found = search(driver, "download the data")  # words of the page's description, not its title
    assert found and found[0]["href"] == server.url("how-to-use/"), found

    for result in found:
        assert fetch(result["href"])[0] == 200, f"result {result['title']!r} → {result['href']} is no page"
    assert not search(driver, "qwertyuiop"), "a word in no page and no place"
    browser.assert_clean(browser.path)


def test_search_finds_group_and_region_pages(browser, server):
    """A neighbourhood's page is found by its name, whether places lie in it or not (a region of
    the polygons file alone), and so is each group field's index; the result line's count is the
    one the page itself shows."""
    regions = json.loads((REPO / "content" / "data" / "neighbourhoods.geojson").read_text())
    names = [feature["properties"]["name"] for feature in regions["features"]]
    browser.open("properties/")
    driver = browser.driver
    seen = {"with places": 0, "without": 0}
    for name in names:
        found = [r for r in search(driver, name) if r["meta"].startswith("Neighbourhood · ")]
        assert [r["title"] for r in found][:1] == [name], (name, found)
        result = found[0]
        assert result["href"] == server.url(f"properties/by/neighbourhood/{slug_of(name)}/")
        page = fetch_page(result["href"])
        assert squash(page.find_all("h1")[0].text) == name
        metas = [squash(m.text) for m in page.find_all("p", cls="meta")]
        counts = [m for m in metas if m.endswith("· Neighbourhood")]
        assert len(counts) == 1, counts
        shown = counts[0].split(" places")[0]
        if shown == "0":
            assert result["meta"] == "Neighbourhood · no places"
            assert page.find_all("p", cls="empty"), f"{name}: no places, yet no word of it"
            seen["without"] += 1
        else:
            assert result["meta"] == f"Neighbourhood · {shown} place" + ("" if shown == "1" else "s")
            seen["with places"] += 1
    assert seen["with places"] and seen["without"], seen  # the example has both kinds

    found = search(driver, "property assessments by zon")
    assert found[0]["title"] == "Property assessments by zoning", found
    assert found[0]["href"] == server.url("properties/by/zoning/")
    assert fetch(found[0]["href"])[0] == 200
    browser.assert_clean(browser.path)


def test_results_show_thumbnails(browser, server):
    """A place with a thumbnail shows it in its result (from the site root), and it loads; a place
    without one shows none."""
    browser.open("boxes/")
    driver = browser.driver
    photo = next(p for p in PHOTOS if p.get("thumbnail"))
    found = search(driver, photo["title"])
    assert found and found[0]["title"] == photo["title"], found
    first = driver.find_element(By.CSS_SELECTOR, "#site-search-results [role=option]")
    own = first.find_elements(By.CSS_SELECTOR, "img.site-search-thumb")
    assert [i.get_attribute("src") for i in own] == [server.url(photo["thumbnail"])]
    wait_until(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0",
                                                  own[0]))
    with (REPO / "content" / "data" / "boxes.csv").open(newline="") as file:
        box = next(csv.DictReader(file))  # mail boxes have no thumbnails
    box_found = search(driver, box["address"])
    assert any(r["title"] == box["address"] and r["meta"].endswith(DATASET_TITLES["boxes"]) for r in box_found), box_found
    assert not driver.find_elements(By.CSS_SELECTOR, "#site-search-results img"), "a box result shows an image"
    browser.assert_clean(browser.path)
