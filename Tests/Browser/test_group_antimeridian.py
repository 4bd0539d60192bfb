"""A group of places on both sides of the antimeridian (fixtures/antimeridian-group: four Fiji-like
islands at 178.0 to -178.8): its page's map is fitted to the 3° across the line, every pin in
view, not to the whole world with the pins at its edges (#32 point 4)."""

import pytest
from selenium.webdriver.common.by import By

from support import HERE, REPO, StaticServer, browser_session, build_site, wait_until

FIXTURE = HERE / "fixtures" / "antimeridian-group"
PAGE = "islands/by/country/fiji/"


@pytest.fixture(scope="module")
def fiji(workdir):
    site = build_site(FIXTURE, workdir / "antimeridian-group-site", theme=REPO / "templates")
    server = StaticServer(site, workdir / "nginx-antimeridian-group").start()
    try:
        yield from browser_session(server, workdir, "antimeridian-group")
    finally:
        server.stop()


def test_group_map_is_fitted_across_the_line(fiji):
    driver = fiji.driver
    fiji.open(PAGE)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#group-map[data-ready=true]"))
    view = driver.execute_script(
        "return import(arguments[0]).then(function (m) { var b = m.map.getBounds();"
        " return [b.getWest(), b.getEast(), m.map.getZoom()]; })",
        driver.execute_script("return document.querySelector('script[src*=\"group-map\"]').src"))
    west, east, zoom = view
    # The islands span 178.0 to 181.2 (-178.8 moved east by a turn): a view of a few degrees
    # around 180, zoomed well in; fitted to the world it would span 360° at zoom 0 or 1.
    assert west < 178.0 and east > 181.2 and east - west < 30 and zoom >= 4, view
    frame = driver.find_element(By.ID, "group-map").rect
    # Read in one go: Leaflet may redraw its icons between two calls of the driver.
    icons = driver.execute_script(
        "return Array.from(document.querySelectorAll('#group-map .leaflet-marker-icon'))"
        ".map(function (e) { var r = e.getBoundingClientRect(); return {x: r.left, width: r.width}; })")
    assert icons, "no pins or clusters"
    for r in icons:
        assert frame["x"] - 1 <= r["x"] and r["x"] + r["width"] <= frame["x"] + frame["width"] + 1, (r, frame)
    fiji.screenshot("antimeridian-group-phone", 390, 844, mobile=True)
    fiji.assert_clean(PAGE)
