"""A place split along the antimeridian (fixtures/antimeridian: Fiji-like parts at 177…180 and
-180…-178, one vertex a rounding past 180): its page's mini map, static and then Leaflet's, is
fitted to the 5° across the line and shows the whole shape and the pin, not the whole world."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import HERE, REPO, StaticServer, browser_session, build_site

FIXTURE = HERE / "fixtures" / "antimeridian"
PAGE = "islands/fiji-like/"


@pytest.fixture(scope="module")
def fiji(workdir):
    """The fixture's site served, and a Chromium of its own (the example site is not needed)."""
    site = build_site(FIXTURE, workdir / "antimeridian-site", theme=REPO / "templates")
    server = StaticServer(site, workdir / "nginx-antimeridian").start()
    try:
        yield from browser_session(server, workdir, "antimeridian")
    finally:
        server.stop()


def box(driver, element):
    return driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)


def assert_fitted(driver, shape, pin, where):
    """The shape and the pin inside the mini map, the shape filling much of it (5° across some
    400 pixels is zoom 6; fitted to the whole world the shape would be a few pixels wide)."""
    frame = box(driver, driver.find_element(By.ID, "minimap"))
    shape_box, pin_box = box(driver, shape), box(driver, pin)
    for b in (shape_box, pin_box):
        assert b["left"] >= frame["left"] - 1 and b["right"] <= frame["right"] + 1, (where, b, frame)
        assert b["top"] >= frame["top"] - 1 and b["bottom"] <= frame["bottom"] + 1, (where, b, frame)
    assert shape_box["width"] / frame["width"] > 0.4, (where, shape_box, frame)


def test_fiji_page_is_fitted_across_the_line(fiji):
    driver = fiji.driver
    fiji.open(PAGE)
    minimap = driver.find_element(By.ID, "minimap")
    driver.execute_script("arguments[0].scrollIntoView()", minimap)
    paths = WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-shape path"))
    assert len(paths) == 1
    pin = driver.find_element(By.CSS_SELECTOR, "#minimap .static-markers .place-pin")
    assert_fitted(driver, paths[0], pin, "static map")
    fiji.screenshot("antimeridian-fiji-phone", 390, 844, mobile=True)

    driver.find_element(By.CSS_SELECTOR, "#minimap .static-move").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-overlay-pane path"))
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#minimap .static-map"))
    shapes = driver.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-overlay-pane path")
    marker = driver.find_element(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon")
    assert_fitted(driver, shapes[0], marker, "Leaflet's map")
    fiji.assert_clean(PAGE)
