"""A place split along the antimeridian (fixtures/antimeridian: Fiji-like parts at 177…180 and
-180…-178, one vertex a rounding past 180): its page's mini map, static and then Leaflet's, is
fitted to the 5° across the line and shows the whole shape and the pin, not the whole world."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import ARTIFACTS, HERE, REPO, StaticServer, browser_session, build_site, wait_until

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


# The maps of the fixture's datasets across the line: `pacific`, 136 places of Fiji, Tonga, Samoa,
# Tuvalu and Kiribati's Kanton at 178.3°E to 171.6°W (its map page carries a first view of cluster
# tiles), with `islands`, the split shape, on the site's map; near me's and the regions'. Each is
# fitted to the 10° across ±180, not to the whole world, and every place is drawn where the view
# is: the tiles of both sides of the line asked for, the places west of it moved a turn east
# (#32 point 4).
PACIFIC = [line.split(",") for line in (FIXTURE / "data" / "pacific.csv").read_text().splitlines()[1:]]

# Installed in every new page: the static first view as first drawn, in window.__firstView: each
# icon as [label, centre x, centre y], and the map's box.
RECORD_FIRST_VIEW = """
new MutationObserver(function (changes, observer) {
  if (!document.querySelector('#map .static-markers > *')) return;
  observer.disconnect();
  window.__firstView = { map: document.getElementById('map').getBoundingClientRect().toJSON(),
    icons: Array.from(document.querySelectorAll('#map .static-markers > *')).map(function (icon) {
      var box = icon.getBoundingClientRect(), cluster = icon.querySelector('.cluster-icon');
      return [cluster ? cluster.textContent : '1', box.left + box.width / 2, box.top + box.height / 2];
    }) };
}).observe(document, { childList: true, subtree: true });
"""

# Leaflet's icons on the map, read in one go (it may redraw them between two calls).
LEAFLET_ICONS = """
return { map: document.getElementById('map').getBoundingClientRect().toJSON(),
  icons: Array.from(document.querySelectorAll('#map .leaflet-marker-icon')).map(function (icon) {
    var box = icon.getBoundingClientRect(), cluster = icon.querySelector('.cluster-icon');
    return [cluster ? cluster.textContent : '1', box.left + box.width / 2, box.top + box.height / 2];
  }) };"""


def assert_all_inside(drawn, count, where):
    """Every icon's centre inside the map (icons moved apart by declutter.js may stand a little
    beyond their place), and their counts adding up to every place of the dataset."""
    frame = drawn["map"]
    assert drawn["icons"], f"{where}: no icons"
    for label, x, y in drawn["icons"]:
        assert frame["left"] - 30 <= x <= frame["right"] + 30 and frame["top"] - 30 <= y <= frame["bottom"] + 30, \
            (where, label, x, y, frame)
    assert sum(int(label) for label, _, _ in drawn["icons"]) == count, (where, drawn["icons"])


def open_map(browser, path):
    """Opens a map page and waits until Leaflet has drawn it and taken the first view's place;
    returns Leaflet's view as [west, east, zoom]."""
    driver = browser.driver
    browser.open("")
    browser.open(path)
    wait_until(driver, lambda d: d.find_element(By.ID, "map-status").text.endswith("in view"), 15)
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#map .static-map"), 5)
    return browser.module("page/map", "var b = module.map.getBounds(); done([b.getWest(), b.getEast(), module.map.getZoom()]);")


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_dataset_map_is_fitted_across_the_line(fiji, screen):
    driver = fiji.driver
    phone = screen == "phone"
    if phone:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    recorder = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FIRST_VIEW})
    try:
        west, east, zoom = open_map(fiji, "pacific/map/")
        # The places span 178.3°E to 171.6°W, written 188.4: a view around 183°, zoom 5 (a phone's
        # 17° across, a desktop's height-bound 56°); fitted to the whole world it would be zoom 0 or 1.
        assert west < 178.3 and east > 188.4 and zoom >= 5 and east - west < (30 if phone else 60), (west, east, zoom)
        first = driver.execute_script("return window.__firstView")
        assert first, "no static first view was drawn"
        assert_all_inside(first, len(PACIFIC), f"{screen}: the static first view")
        assert_all_inside(driver.execute_script(LEAFLET_ICONS), len(PACIFIC), f"{screen}: Leaflet's map")
        if phone:
            ARTIFACTS.mkdir(exist_ok=True)
            driver.save_screenshot(str(ARTIFACTS / "antimeridian-map-phone.png"))
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", recorder)
        if phone:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    fiji.assert_clean("pacific/map/")


def test_site_map_is_fitted_across_the_line(fiji):
    driver = fiji.driver
    # The site's map of both datasets: the narrowest span of their bounds, every place drawn in it
    # (the split shape as its polygon, without a pin, a hundred pixels wide at zoom 5).
    west, east, zoom = open_map(fiji, "map/")
    assert west < 177 and east > 188.4 and east - west < 60, (west, east, zoom)
    assert_all_inside(driver.execute_script(LEAFLET_ICONS), len(PACIFIC), "the site's map")
    frame = box(driver, driver.find_element(By.ID, "map"))
    paths = driver.find_elements(By.CSS_SELECTOR, "#map path.shapes-of-islands")
    assert paths
    for path in paths:
        b = box(driver, path)
        assert frame["left"] <= b["left"] and b["right"] <= frame["right"] and b["width"] > 50, (b, frame)
    fiji.assert_clean("map/")


def test_near_me_overview_is_fitted_across_the_line(fiji):
    """Near me before a point is chosen shows the dataset's places as dots, fitted to the manifest's
    bounds: across the line, each dot in view (those west of it drawn a turn east)."""
    driver = fiji.driver
    fiji.open("near/?dataset=pacific")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-dots]"), 15)

    def state():
        return fiji.module(
            "page/near", "var map = module.map, b = map.getBounds(), dots = [];"
            " map.eachLayer(function (l) { if (l instanceof L.CircleMarker) dots.push(b.contains(l.getLatLng())); });"
            " done([b.getWest(), b.getEast(), map.getZoom(), dots, document.body.getAttribute('data-near-dots')]);")
    # The world's view comes first, its dots drawn, until the manifest is in and the map fitted to
    # it; then the dots of the fitted view replace them. The last state read is checked.
    last = []

    def settled(_):
        last[:] = state()
        return last[1] > 188.4 and len(last[3]) >= 5 and all(last[3]) and last[4] == str(len(last[3]))
    try:
        wait_until(driver, settled, 10)
    except Exception:
        pass
    west, east, zoom, dots, count = last
    # Near me's map is the smaller: zoom 4, 93° across, around 183° (the world would be zoom 1 or 2).
    assert west < 178.3 and east > 188.4 and east - west < 100 and zoom >= 4, (west, east, zoom)
    # A dot a group at least: Fiji, Tonga, Samoa, Tuvalu, Kanton.
    assert len(dots) >= 5 and all(dots) and count == str(len(dots)), (dots, count)
    fiji.assert_clean("near/")


def test_regions_map_is_fitted_across_the_line(fiji):
    """The regions of a field (Fiji split at 180, Tonga, Samoa, Tuvalu, Kanton): their map is fitted
    to the 9° across the line, each region drawn inside it, not at the world's two edges."""
    driver = fiji.driver
    fiji.open("pacific/by/nation/")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#regions-map[data-ready=true]"), 15)
    frame = box(driver, driver.find_element(By.ID, "regions-map"))
    paths = driver.find_elements(By.CSS_SELECTOR, "#regions-map path[data-name]")
    assert {p.get_attribute("data-name") for p in paths} == {"Fiji", "Tonga", "Samoa", "Tuvalu", "Kiribati"}
    boxes = [box(driver, p) for p in paths]
    for b in boxes:
        assert frame["left"] - 1 <= b["left"] and b["right"] <= frame["right"] + 1, (b, frame)
    # Together they fill much of the map's width or height (fitted to the world: a few pixels).
    across = (max(b["right"] for b in boxes) - min(b["left"] for b in boxes)) / frame["width"]
    down = (max(b["bottom"] for b in boxes) - min(b["top"] for b in boxes)) / frame["height"]
    assert max(across, down) > 0.5, (across, down, boxes, frame)
    fiji.assert_clean("pacific/by/nation/")
