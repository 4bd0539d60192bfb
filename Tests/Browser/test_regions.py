"""Regions: each place gets the name of the region of content/data/neighbourhoods.geojson that
contains it (computed here with shapely: the border counts as inside, the first region in the file
wins), and each region, empty ones included, has a page that draws its outline."""

import json
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import REPO, Regions, all_list_pages, fetch_page, load_config, slug_of, text_of, wait_until

CONFIG = load_config(REPO / "content" / "site.yml")
REGIONAL = [d for d in CONFIG["datasets"] if d.get("regions")]
assert REGIONAL, "no dataset of site.yml has regions: these tests need one"
DATASET = REGIONAL[0]
FIELD = DATASET["regions"]["field"]
REGIONS_FILE = REPO / "content" / DATASET["regions"]["source"]


def field_label() -> str:
    return next(
        (e.get("label", FIELD) for e in DATASET.get("fields") or [] if isinstance(e, dict) and e["name"] == FIELD), FIELD
    )


@pytest.fixture(scope="module")
def regions():
    return Regions(REGIONS_FILE, DATASET["regions"].get("name", "name"))


@pytest.fixture(scope="module")
def item_urls(server):
    """Every item page of the dataset, by its title, from the list pages (titles shared by two
    places are left out)."""
    urls, seen = {}, set()
    for url, page in all_list_pages(server, DATASET["name"]):
        for link, title in zip(page.items, page.titles):
            title = " ".join(title.split())
            if title in seen:
                urls.pop(title, None)
            else:
                urls[title] = urljoin(url, link)
            seen.add(title)
    return urls


def region_shown(page) -> tuple[str | None, str | None]:
    """The region field's (text, link) on an item page read with parse_html."""
    for dt, dd in zip(page.find_all("dt"), page.find_all("dd")):
        if dt.text == field_label():
            link = dd.find("a")
            return dd.text, link.attrs["href"] if link else None
    return None, None


def test_every_place_is_in_the_region_that_contains_it(server, datasets, regions, item_urls):
    """Over HTTP, every item page of the dataset: its region field is the shapely answer."""
    spec = datasets[DATASET["name"]]
    problems, in_none = [], 0
    for row in spec.rows.values():
        if row.title not in item_urls:
            continue
        url = item_urls[row.title]
        expected = regions.name_at(row.latitude, row.longitude)
        text, link = region_shown(fetch_page(url))
        in_none += expected is None
        if text != expected:
            where = f"{url[len(server.origin):]} ({row.latitude}, {row.longitude})"
            problems.append(f"{where}: shows {text!r}, lies in {expected!r}")
        elif expected and urljoin(url, link) != server.url(f"{DATASET['name']}/by/{FIELD}/{slug_of(expected)}/"):
            problems.append(f"{url}: {expected} links to {urljoin(url, link)}")
    assert len(item_urls) >= spec.count * 0.9, "most item pages were not found in the lists"
    assert not problems, f"{len(problems)} places in the wrong region:\n" + "\n".join(problems[:30])
    assert in_none, "no place lies outside every region: the check of places in no region tested nothing"


def test_a_handful_of_item_pages_in_the_browser(browser, server, datasets, regions, item_urls):
    """A few places spread over the file, and one outside every region, as a visitor sees them."""
    spec = datasets[DATASET["name"]]
    rows = [r for r in spec.rows.values() if r.title in item_urls]
    picks = rows[:: max(1, len(rows) // 5)][:5]
    picks += [next(r for r in rows if regions.name_at(r.latitude, r.longitude) is None)]
    driver = browser.driver
    for row in picks:
        browser.open(item_urls[row.title])
        expected = regions.name_at(row.latitude, row.longitude)
        shown = {
            text_of(dt): dd
            for dt, dd in zip(
                driver.find_elements(By.CSS_SELECTOR, "dl.fields dt"), driver.find_elements(By.CSS_SELECTOR, "dl.fields dd")
            )
        }
        if expected is None:
            assert field_label() not in shown, f"{browser.path}: lies in no region, shows {text_of(shown[field_label()])!r}"
            continue
        assert text_of(shown[field_label()]) == expected, f"{browser.path}: lies in {expected}"
        link = shown[field_label()].find_element(By.TAG_NAME, "a")
        assert link.get_attribute("href") == server.url(f"{DATASET['name']}/by/{FIELD}/{slug_of(expected)}/")
        browser.assert_clean(browser.path)


def outline_paths(driver) -> list[str]:
    return [p.get_attribute("d") for p in driver.find_elements(By.CSS_SELECTOR, "#group-map path.leaflet-interactive")]


def open_region(browser, name: str) -> str:
    path = f"{DATASET['name']}/by/{FIELD}/{slug_of(name)}/"
    browser.open(path)
    driver = browser.driver
    assert text_of(driver.find_element(By.TAG_NAME, "h1")) == name
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#group-map[data-ready=true]"))
    wait_until(driver, outline_paths, 5)
    return path


def test_region_page_draws_the_outline_and_the_places(browser, server, datasets, regions):
    spec = datasets[DATASET["name"]]
    counts = {}
    for row in spec.rows.values():
        name = regions.name_at(row.latitude, row.longitude)
        counts[name] = counts.get(name, 0) + 1
    # The most populous region with a hole, if any, so that the hole is checked too.
    with_holes = [n for n, s in regions.regions if s.geom_type == "Polygon" and list(s.interiors)]
    name = max(with_holes or [n for n in counts if n], key=lambda n: counts.get(n, 0))
    path = open_region(browser, name)
    driver = browser.driver
    paths = outline_paths(driver)
    assert len(paths) == 1, f"{path}: {len(paths)} outlines"
    rings = 1 + len(list(regions.shape_of(name).interiors))
    assert paths[0].count("M") == rings, f"{path}: the outline has {paths[0].count('M')} rings, the region {rings}"
    assert text_of(driver.find_element(By.CSS_SELECTOR, "p.meta")).startswith(f"{counts.get(name, 0):,} places")
    if counts.get(name):
        assert driver.find_elements(By.CSS_SELECTOR, "#group-map .leaflet-marker-icon"), f"{path}: no markers"

    # The outline drawn is the region of the file (points.json carries it).
    from shapely.geometry import shape

    points = json.loads((browser.server.site / path / "points.json").read_text())
    assert shape(points["shape"]).equals(regions.shape_of(name)), f"{path}: points.json's shape is not {name}'s"
    browser.screenshots("region-page", phone=True)
    browser.assert_clean(path)


def test_empty_region_still_has_a_page(browser, server, datasets, regions):
    spec = datasets[DATASET["name"]]
    occupied = {regions.name_at(r.latitude, r.longitude) for r in spec.rows.values()}
    empty = [name for name in regions.names if name not in occupied]
    assert empty, "every region has places: nothing to check"
    name = "Center City East" if "Center City East" in empty else empty[0]
    path = open_region(browser, name)
    driver = browser.driver
    assert text_of(driver.find_element(By.CSS_SELECTOR, "p.meta")).startswith("0 places")
    assert not driver.find_elements(By.CSS_SELECTOR, "ul.item-list li")
    assert not driver.find_elements(By.CSS_SELECTOR, "#group-map .leaflet-marker-icon")
    assert len(outline_paths(driver)) == 1
    browser.screenshot("region-empty-desktop")
    browser.assert_clean(path)

    # The index lists every region, this one with 0 places.
    index = fetch_page(server.url(f"{DATASET['name']}/by/{FIELD}/"))
    listed = {tr.find("th").attrs["data-value"]: tr.find("td").text for tr in index.find("tbody").find_all("tr")}
    assert sorted(listed) == sorted(regions.names)
    assert listed[name] == "0"


RAMP = ["#fde725", "#5ec962", "#21918c", "#3b528b", "#440154"]  # page/regions-map.js, light to dark
NO_VALUE = "#c8c8c8"


def table_columns(driver) -> tuple[list[str], dict[str, list[float | None]]]:
    """The index table's number columns, and each region's numbers, as the table has them."""
    heads = [text_of(th) for th in driver.find_elements(By.CSS_SELECTOR, "table.groups thead th")][1:]
    rows = {}
    for row in driver.find_elements(By.CSS_SELECTOR, "table.groups tbody tr"):
        name = row.find_element(By.CSS_SELECTOR, "th").get_attribute("data-value")
        cells = [td.get_attribute("data-value") for td in row.find_elements(By.CSS_SELECTOR, "td")]
        rows[name] = [float(c) if c else None for c in cells]
    return heads, rows


def test_region_index_map_colours_each_region_by_the_tables_numbers(browser, server, regions):
    """The index page of the region field maps every region of the polygons file, filled by the
    number chosen (a median first, then the places): a larger number never gets a lighter colour,
    a region without one is grey, the legend names the number; a click opens the region's page."""
    names = [f["properties"][DATASET["regions"].get("name", "name")]
             for f in json.loads(REGIONS_FILE.read_text())["features"]]
    browser.open(f"{DATASET['name']}/by/{slug_of(FIELD)}/")
    driver = browser.driver
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#regions-map[data-ready=true]"), timeout=15)
    heads, rows = table_columns(driver)
    assert sorted(rows) == sorted(names)
    menu = driver.find_element(By.ID, "regions-column")
    options = [text_of(o) for o in menu.find_elements(By.TAG_NAME, "option")]
    assert options == heads, (options, heads)

    def fills() -> dict[str, str]:
        paths = driver.find_elements(By.CSS_SELECTOR, "#regions-map path[data-name]")
        return {p.get_attribute("data-name"): p.get_attribute("data-fill") for p in paths}

    for column in ([1, 0] if len(heads) > 1 else [0]):
        if column != int(driver.find_element(By.ID, "regions-map").get_attribute("data-column")):
            driver.execute_script(
                "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))",
                menu, str(column))
        wait_until(driver, lambda d: d.find_element(By.ID, "regions-map").get_attribute("data-column") == str(column))
        shown = fills()
        assert sorted(shown) == sorted(names), f"{heads[column]}: regions drawn {sorted(shown)}"
        values = {name: rows[name][column] for name in names}
        for name, value in values.items():
            assert (shown[name] == NO_VALUE) == (value is None), (heads[column], name, value, shown[name])
        ranked = [(values[n], RAMP.index(shown[n])) for n in names if values[n] is not None]
        for a_value, a_class in ranked:
            for b_value, b_class in ranked:
                if a_value < b_value:
                    assert a_class <= b_class, f"{heads[column]}: {a_value} darker than {b_value}"
        assert len({c for _, c in ranked}) >= 3, f"{heads[column]}: too few classes for {len(ranked)} regions"
        legend = text_of(driver.find_element(By.CSS_SELECTOR, ".regions-legend"))
        assert legend.startswith(heads[column]), legend
    browser.screenshot("regions-index-desktop")

    # A click in the middle of the largest region drawn, as a visitor would.
    paths = driver.find_elements(By.CSS_SELECTOR, "#regions-map path[data-name]")
    largest = max(paths, key=lambda p: p.size["width"] * p.size["height"])
    target = largest.get_attribute("data-name")
    largest.click()
    wait_until(driver, lambda d: d.current_url.endswith(f"/{slug_of(FIELD)}/{slug_of(target)}/"))
    browser.assert_clean(browser.path)


def test_region_index_map_by_keyboard(browser, server, regions):
    """Without a mouse: Tab from the "Colour by" menu reaches the regions in the order of the
    index table below the map, each a link named with its number and showing the same text as
    its tooltip, outlined while it has the focus; Enter opens its page."""
    browser.open(f"{DATASET['name']}/by/{slug_of(FIELD)}/")
    driver = browser.driver
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#regions-map[data-ready=true]"), timeout=15)
    names = [th.get_attribute("data-value")
             for th in driver.find_elements(By.CSS_SELECTOR, "table.groups tbody tr th")]
    assert sorted(names) == sorted(f["properties"][DATASET["regions"].get("name", "name")]
                                   for f in json.loads(REGIONS_FILE.read_text())["features"])
    driver.execute_script("document.getElementById('regions-column').focus()")

    def focused_region():
        return driver.execute_script(
            "var e = document.activeElement; return e && e.getAttribute('data-name') ? e : null")

    for _ in range(5):  # the menu, then the map itself, then its first region
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if focused_region() is not None:
            break
    visited = []
    for index in range(min(3, len(names))):
        if index:
            ActionChains(driver).send_keys(Keys.TAB).perform()
        region = focused_region()
        assert region is not None, f"Tab {index + 1} left the regions"
        name = region.get_attribute("data-name")
        visited.append(name)
        assert region.get_attribute("role") == "link"
        # The newest tooltip (the one before it fades out for a moment).
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".leaflet-tooltip")
                   and text_of(d.find_elements(By.CSS_SELECTOR, ".leaflet-tooltip")[-1]).startswith(name + ": "))
        tooltip = text_of(driver.find_elements(By.CSS_SELECTOR, ".leaflet-tooltip")[-1])
        assert region.get_attribute("aria-label") == tooltip, (region.get_attribute("aria-label"), tooltip)
        assert tooltip.startswith(name + ": ") and len(tooltip) > len(name) + 2, tooltip
        assert region.get_attribute("stroke-width") == "3"
        outlined = driver.find_elements(By.CSS_SELECTOR, '#regions-map path[stroke-width="3"]')
        assert [p.get_attribute("data-name") for p in outlined] == [name]
    assert visited == names[:len(visited)], visited
    browser.screenshot("regions-index-keyboard")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_until(driver, lambda d: d.current_url.endswith(f"/{slug_of(FIELD)}/{slug_of(visited[-1])}/"))
    browser.assert_clean(browser.path)
