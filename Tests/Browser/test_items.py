"""Item pages, checked against the dataset sources read here, not against the generator's output:
title, configured fields, photo, coordinates in the JSON-LD, and the Leaflet mini map."""

import json
import math
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import REPO, all_list_pages, is_site_relative, load_config, text_of

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
        # Every item page has the map: a page whose script draws no marker fails the test.
        try:
            WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon"))
        except Exception:
            pages_without_marker.append(where)

        if index == 0:
            browser.screenshots(f"item-{name}", phone=True)
        browser.assert_clean(where)

    assert not pages_without_marker, f"no Leaflet marker in #minimap on {pages_without_marker}"
