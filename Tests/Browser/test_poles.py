"""Polygons at the poles (fixtures/poles: Natural Earth's Antarctica, cut along the antimeridian and
drawn down to the south pole, and a north polar cap written the same way), on a phone: each page's
mini map draws its shape filled, with the pin inside the fill; the dataset's map draws Antarctica
from its shape tiles down to the map's edge, the strip from 84.71°S to 85.05°S along the
antimeridian included (the tiles once closed the ring along 84.71°S), and the cap filled around its
pin. Screenshots: poles-antarctica-phone, poles-cap-phone, poles-map-phone."""

import math
import re

import pytest
from selenium.webdriver.common.by import By

from support import ARTIFACTS, HERE, REPO, StaticServer, browser_session, build_site, fetch, wait_until

FIXTURE = HERE / "fixtures" / "poles"
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture(scope="module")
def poles(workdir):
    """The fixture's site served, and a Chromium of its own with a phone's viewport."""
    site = build_site(FIXTURE, workdir / "poles-site", theme=REPO / "templates")
    server = StaticServer(site, workdir / "nginx-poles").start()
    try:
        for browser in browser_session(server, workdir, "poles"):
            browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
            yield browser
    finally:
        server.stop()


def save(driver, name):
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def in_fill(driver, selector, x, y):
    """Whether viewport pixel (x, y) lies in the fill of a path matching `selector` (an SVG path's
    own test, in its SVG's pixels)."""
    return driver.execute_script(
        """
        const [selector, x, y] = arguments;
        return Array.from(document.querySelectorAll(selector)).some((path) => {
          const m = path.getScreenCTM().inverse();
          const p = new DOMPoint(x, y).matrixTransform(m);
          return path.isPointInFill(p);
        });""",
        selector, x, y)


def pin_anchor(driver, pin):
    """The viewport pixel a pin points at: the middle of its icon's foot (icons.js: anchor 12.5, 40
    of 25 × 41)."""
    box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", pin)
    return box["left"] + box["width"] / 2, box["top"] + box["height"] - 1


@pytest.mark.parametrize("slug,name", [("antarctica", "poles-antarctica-phone"), ("arctic-cap", "poles-cap-phone")])
def test_page_draws_the_shape_filled_with_its_pin_inside(poles, slug, name):
    driver = poles.driver
    poles.open(f"poles/{slug}/")
    minimap = driver.find_element(By.ID, "minimap")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", minimap)
    paths = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-shape path"), 5)
    assert len(paths) == 1
    pin = driver.find_element(By.CSS_SELECTOR, "#minimap .static-markers .place-pin")
    save(driver, name)
    x, y = pin_anchor(driver, pin)
    assert in_fill(driver, "#minimap .static-shape path", x, y), (slug, "static map", x, y)
    frame = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", minimap)
    shape = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", paths[0])
    # Around a pole: the whole width of the world (256 pixels at zoom 0), or all of the map's.
    assert shape["width"] >= min(255, frame["width"] - 2), (slug, shape, frame)

    driver.find_element(By.CSS_SELECTOR, "#minimap .static-move").click()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-overlay-pane path"))
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#minimap .static-map"), 5)
    marker = driver.find_element(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon")
    x, y = pin_anchor(driver, marker)
    assert in_fill(driver, "#minimap .leaflet-overlay-pane path", x, y), (slug, "Leaflet's map", x, y)
    poles.assert_clean(slug)


def world_pixel(lat, lon, zoom):
    size = 256 * 2 ** zoom
    s = math.sin(max(-85.0511287798, min(85.0511287798, lat)) * math.pi / 180)
    return size * (lon / 360 + 0.5), size * (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi))


def test_map_draws_antarctica_to_the_edge_and_caps_around_their_pins(poles):
    """At zoom 4 on the antimeridian, points of the strip from 84.71°S to 85.05°S on both sides of
    the line are in Antarctica's fill; at zoom 1, each place's pin (its page's) is in a fill."""
    driver = poles.driver
    pins = []
    for slug in ("antarctica", "arctic-cap"):
        page = fetch(poles.server.url(f"poles/{slug}/"))[2].decode()
        pins.append(tuple(float(re.search(rf'id="minimap"[^>]* {name}="([^"]+)"', page).group(1))
                          for name in ("data-lat", "data-lon")))
    poles.open("poles/map/#4/-84/180")
    mapbox = driver.execute_script("return document.getElementById('map').getBoundingClientRect().toJSON()")
    middle = mapbox["left"] + mapbox["width"] / 2, mapbox["top"] + mapbox["height"] / 2

    def viewport(lat, lon, zoom, centre):
        (px, py), (cx, cy) = world_pixel(lat, lon, zoom), world_pixel(*centre, zoom)
        return middle[0] + px - cx, middle[1] + py - cy

    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "path.shape-fill"))
    for lon in (172.0, 178.0, 182.0, 188.0):
        for lat in (-84.8, -84.95, -85.03):
            x, y = viewport(lat, lon, 4, (-84, 180))
            assert mapbox["top"] <= y <= mapbox["bottom"], (lat, lon, y, mapbox)
            assert in_fill(driver, "path.shape-fill", x, y), ("the strip is not drawn", lat, lon, x, y)
    save(driver, "poles-map-phone")

    driver.execute_script("location.hash = '#1/0/30'")
    for lat, lon in pins:
        x, y = viewport(lat, lon, 1, (0, 30))
        message = f"the pin at {lat}, {lon} is not in a fill"
        wait_until(driver, lambda d: in_fill(d, "path.shape-fill", x, y), 5, message)
    poles.assert_clean("poles/map/")
