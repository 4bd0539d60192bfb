"""Item pages, checked against the dataset sources read here, not against the generator's output:
title, configured fields, photo, coordinates in the JSON-LD, and the mini map: a static map of the
place until the visitor moves it, then Leaflet's, which shows the same."""

import json
import math
import re
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from support import ARTIFACTS, REPO, all_list_pages, is_site_relative, load_config, text_of

DATASET_NAMES = [d["name"] for d in load_config(REPO / "content" / "site.yml")["datasets"]]


def sample_item_urls(server, name: str) -> list[str]:
    """A few items spread over the list: first, middle and last of page 1, first of page 2, the very last."""
    pages = all_list_pages(server, name)
    picks = [(0, 0), (0, len(pages[0][1].items) // 2), (0, -1), (1, 0), (-1, -1)]
    urls = []
    for page_index, item_index in picks:
        if -len(pages) <= page_index < len(pages) and pages[page_index][1].items:
            url, page = pages[page_index]
            urls.append(urljoin(url, page.items[item_index]))
    return list(dict.fromkeys(urls))  # unique, in order


def shown_value(driver, dd) -> str:
    """A field's value as shown: the text of its <dd> without the week of an hours field."""
    text = driver.execute_script(
        "return Array.from(arguments[0].childNodes).filter(n => !(n.matches && n.matches('.next-time, table.hours')))"
        ".map(n => n.textContent).join('')", dd)
    return " ".join(text.split())


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_item_pages_show_their_source_row(browser, server, datasets, name):
    spec = datasets[name]
    driver = browser.driver
    pages_without_marker = []

    urls = sample_item_urls(server, name)
    assert urls, f"{name}/ lists no item pages"
    for index, url in enumerate(urls):
        browser.open(url)
        where = browser.path

        # JSON-LD names the row (identifier) and where it is; both must match the source.
        scripts = driver.find_elements(By.CSS_SELECTOR, 'script[type="application/ld+json"]')
        assert len(scripts) == 1, f"{where}: expected one JSON-LD script, found {len(scripts)}"
        place = json.loads(scripts[0].get_attribute("textContent"))
        row = spec.rows.get(str(place.get("identifier")))
        assert row, f"{where}: JSON-LD identifier {place.get('identifier')!r} is no {spec.config['source']} row"
        assert place["@type"] == "Place"
        assert place["name"] == row.title
        # A line or polygon has its GeoCoordinates first, then its GeoShape (test_shapes.py).
        geo = place["geo"][0] if isinstance(place["geo"], list) else place["geo"]
        assert math.isclose(geo["latitude"], row.latitude, abs_tol=1e-7), (where, geo, row.latitude)
        assert math.isclose(geo["longitude"], row.longitude, abs_tol=1e-7), (where, geo, row.longitude)

        # The item's own JSON: its id and position, and its thumbnail when the row has a safe one.
        data = json.loads(driver.find_element(By.ID, "item-data").get_attribute("textContent"))
        assert data["dataset"] == name and data["id"] == row.id, (where, data["id"])
        assert math.isclose(data["lat"], row.latitude, abs_tol=1e-7) and math.isclose(data["lon"], row.longitude, abs_tol=1e-7)
        safe = row.thumbnail and (is_site_relative(row.thumbnail) or row.thumbnail.startswith(("http://", "https://")))
        assert data.get("thumbnail") == (row.thumbnail if safe else None), (where, data.get("thumbnail"))

        # What a visitor reads.
        assert text_of(driver.find_element(By.CSS_SELECTOR, "article.place h1")) == row.title
        shown_fields = [
            (text_of(dt), shown_value(driver, dd))
            for dt, dd in zip(
                driver.find_elements(By.CSS_SELECTOR, "dl.fields dt"), driver.find_elements(By.CSS_SELECTOR, "dl.fields dd")
            )
        ]
        assert shown_fields == [(label, " ".join(value.split())) for label, value in row.fields], where
        if row.description:
            assert text_of(driver.find_element(By.CSS_SELECTOR, "p.description")) == " ".join(row.description.split())

        # The photo, when the row has one: shown, and actually loaded.
        images = driver.find_elements(By.CSS_SELECTOR, "figure.photo img")
        if row.image and (is_site_relative(row.image) or row.image.startswith(("http://", "https://"))):
            assert len(images) == 1, f"{where}: the row's image {row.image!r} is not shown"
            image = images[0]
            if is_site_relative(row.image):
                assert image.get_attribute("src") == server.url(row.image)
                driver.execute_script("arguments[0].scrollIntoView()", image)
                WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].complete", image))
                assert driver.execute_script("return arguments[0].naturalWidth", image) > 0, f"{where}: image broken"
            assert image.get_attribute("alt") == row.title
        else:
            assert not images, f"{where}: an image is shown for a row without one"

        # The mini map's element says where to put the marker; the marker itself is checked below.
        minimap = driver.find_element(By.ID, "minimap")
        assert math.isclose(float(minimap.get_attribute("data-lat")), row.latitude, abs_tol=1e-6)
        assert math.isclose(float(minimap.get_attribute("data-lon")), row.longitude, abs_tol=1e-6)
        # Every item page has the map: a page whose script draws no pin fails the test.
        driver.execute_script("arguments[0].scrollIntoView()", minimap)
        try:
            WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-markers .place-pin"))
        except Exception:
            pages_without_marker.append(where)

        if index == 0:
            browser.screenshots(f"item-{name}", phone=True)
        browser.assert_clean(where)

    assert not pages_without_marker, f"no pin in #minimap on {pages_without_marker}"


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}

# What a mini map shows, in the page's coordinates: its pin's box, its shape's box, its basemap
# images ([URL, left, top]); `static` for the static map, else Leaflet's.
MINIMAP = """
var map = document.getElementById('minimap'), fixed = arguments[0];
var box = function (e) { if (!e) return null; var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
var pin = fixed ? map.querySelector('.static-markers .place-pin') : map.querySelector('.leaflet-marker-icon');
var shape = fixed ? map.querySelector('.static-shape path') : map.querySelector('path.leaflet-interactive');
var images = fixed ? map.querySelectorAll('.static-map > img') : map.querySelectorAll('.leaflet-tile-pane img');
return { pin: box(pin), shape: box(shape), fill: shape && shape.getAttribute('fill'),
  tiles: Array.from(images).map(function (i) { var r = i.getBoundingClientRect(); return [i.getAttribute('src'), r.left, r.top]; }) };
"""


def close(a, b, slack):
    return all(abs(x - y) <= slack for x, y in zip(a, b))


# A point, a polygon with a hole, a line.
PREVIEWS = ["boxes/1-e-71st-st/", "squares/rittenhouse-square/", "elevated/third-avenue-elevated/"]


@pytest.mark.parametrize("path", PREVIEWS)
def test_mini_map_is_a_static_map_until_moved_then_leaflet_shows_the_same(browser, site_config, path):
    driver = browser.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        browser.open(path)
        minimap = driver.find_element(By.ID, "minimap")
        driver.execute_script("arguments[0].scrollIntoView()", minimap)
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-markers .place-pin"))
        # Drawn without Leaflet, which is not loaded.
        assert driver.execute_script("return typeof L === 'undefined'")
        assert not driver.execute_script(
            "return performance.getEntriesByType('resource').filter(function (r) { return /\\/leaflet\\//.test(r.name); }).length")
        static = driver.execute_script(MINIMAP, True)
        frame = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]",
                                      minimap)
        # The basemap's images cover the map, from the site's template; its attribution is shown.
        template = site_config.get("basemap", {}).get("url", "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
        pattern = re.escape(template).replace(r"\{z\}", r"(\d+)").replace(r"\{x\}", r"\d+").replace(r"\{y\}", r"\d+")
        zooms = {re.fullmatch(pattern, src).group(1) for src, _, _ in static["tiles"]}
        assert len(zooms) == 1, static["tiles"]
        assert min(x for _, x, _ in static["tiles"]) <= frame[0] and max(x for _, x, _ in static["tiles"]) + 256 >= frame[2]
        assert min(y for _, _, y in static["tiles"]) <= frame[1] and max(y for _, _, y in static["tiles"]) + 256 >= frame[3]
        attribution = driver.find_element(By.CSS_SELECTOR, "#minimap .static-attribution")
        assert attribution.is_displayed() and "OpenStreetMap" in text_of(attribution)
        # The pin, and a line or polygon, in the map; a shape fitted to it.
        assert frame[0] <= static["pin"][0] and static["pin"][2] <= frame[2]
        if "boxes" in path:
            assert static["shape"] is None and zooms == {"16"}
        else:
            shape = static["shape"]
            assert frame[0] - 1 <= shape[0] and shape[2] <= frame[2] + 1 and frame[1] - 1 <= shape[1] and shape[3] <= frame[3] + 1
            assert max((shape[2] - shape[0]) / (frame[2] - frame[0]), (shape[3] - shape[1]) / (frame[3] - frame[1])) > 0.4
            assert (static["fill"] == "none") == ("elevated" in path)
        driver.execute_script("window.scrollTo(0, 0)")
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / f"item-{path.split('/')[0]}-preview-phone.png"))
        driver.execute_script("arguments[0].scrollIntoView()", minimap)

        # A tap on it loads Leaflet, whose map shows the same and takes its place.
        ActionChains(driver).move_to_element_with_offset(minimap, 0, 30).click().perform()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon"))
        WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#minimap .static-map"))
        leaflet = driver.execute_script(MINIMAP, False)
        assert close(static["pin"], leaflet["pin"], 1), (static["pin"], leaflet["pin"])
        if static["shape"]:
            assert close(static["shape"], leaflet["shape"], 2), (static["shape"], leaflet["shape"])
        pairs = list(zip(sorted(static["tiles"]), sorted(leaflet["tiles"])))
        assert len(static["tiles"]) == len(leaflet["tiles"]) and all(
            a[0] == b[0] and close(a[1:], b[1:], 1) for a, b in pairs), (static["tiles"], leaflet["tiles"])
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.assert_clean(path)


def test_mini_map_moves_from_the_keyboard(browser):
    driver = browser.driver
    browser.open(PREVIEWS[1])
    minimap = driver.find_element(By.ID, "minimap")
    driver.execute_script("arguments[0].scrollIntoView()", minimap)
    button = WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "#minimap .static-move"))
    assert text_of(button) == "Move the map" and button.tag_name == "button"
    # Reached with Tab like any button, pressed with Enter: the map is Leaflet's, and has the focus
    # (its arrow keys move it).
    driver.execute_script("arguments[0].focus()", button)
    button.send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon"))
    assert driver.switch_to.active_element == minimap
    before = driver.execute_script("return document.querySelector('#minimap .leaflet-map-pane').style.transform")
    minimap.send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(driver, 5).until(lambda d: d.execute_script(
        "return document.querySelector('#minimap .leaflet-map-pane').style.transform") != before)
    browser.assert_clean("mini map from the keyboard")
