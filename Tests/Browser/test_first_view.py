"""A dataset's map page draws its first view before Leaflet has loaded (issue 22: first markers
within a second on a slow phone network), from what the page carries, and Leaflet's map then
takes its place showing the same: the same clusters and pins in the same places, over the same
basemap images. Checked on a site of places spread over the world (a smaller cities map), made
here, at a phone's size."""

import json
import random
import re
from html import unescape
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By

from support import ARTIFACTS, REPO, Browser, StaticServer, build_site, fetch, new_driver, remove_tree, text_of, wait_until

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
SLOW = {"offline": False, "latency": 400, "downloadThroughput": 200_000, "uploadThroughput": 93_750}
FAST = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}

# Crowds of places around a few cities, and some lone ones far from any (left alone by the
# clustering: pins, not clusters, in the first view).
CROWDS = [(40.7, -74.0), (51.5, -0.1), (35.7, 139.7), (-33.9, 151.2), (-23.5, -46.6), (19.4, -99.1),
          (28.6, 77.2), (-1.3, 36.8), (55.8, 37.6), (30.0, 31.2)]
# A field to filter by (issue 30): the first view of a filtered map shows its places alone.
KINDS = ["harbour", "market", "station"]
LONE = [(-77.85, 166.67), (-49.35, 70.22), (73.51, 80.53), (-54.8, -68.3), (64.8, -147.7)]


@pytest.fixture(scope="module")
def world_site(workdir):
    content = workdir / "world-content"
    (content / "data").mkdir(parents=True)
    rng = random.Random(22)
    rows = ["id,name,lat,lon,kind"]
    for i in range(2000):
        lat, lon = CROWDS[i % len(CROWDS)]
        rows.append(f"p{i},Place {i},{lat + rng.gauss(0, 2.5):.5f},{lon + rng.gauss(0, 3.5):.5f},{KINDS[i % 3]}")
    rows += [f"lone{i},Lone place {i},{lat},{lon},{KINDS[0]}" for i, (lat, lon) in enumerate(LONE)]
    (content / "data" / "world.csv").write_text("\n".join(rows) + "\n")
    (content / "README.md").write_text("# The world\n")
    (content / "site.yml").write_text(
        "title: The world\ndatasets:\n  - name: world\n    title: Places of the world\n    source: data/world.csv\n"
        "    id: id\n    item_title: name\n    latitude: lat\n    longitude: lon\n    neighbours: 2\n"
        "    tile_budget: 8000\n    filters: [kind]\n")
    site = build_site(content, workdir / "world-site", theme=REPO / "templates")
    yield site
    remove_tree(content)


@pytest.fixture(scope="module")
def world_server(world_site, workdir):
    server = StaticServer(world_site, workdir / "nginx-world").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser(world_server, workdir):
    """The module's browser, on the world site, at a phone's size."""
    profile = workdir / "chromium-first-view"
    driver = new_driver(profile)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        yield Browser(driver, world_server)
    finally:
        driver.quit()
        remove_tree(profile)


# Every icon of a map, as [kind, label, colour, centre x, centre y]: a cluster with its count, or a pin.
ICONS = """
return Array.from(document.querySelectorAll(arguments[0])).map(function (icon) {
  var box = icon.getBoundingClientRect(), cluster = icon.querySelector('.cluster-icon');
  var colour = cluster ? cluster.style.getPropertyValue('--color').trim() : icon.querySelector('svg path').getAttribute('fill');
  return [cluster ? 'cluster' : 'pin', cluster ? cluster.textContent : '', colour,
          box.left + box.width / 2, box.top + box.height / 2];
});"""

# The basemap's images, as [URL, left, top].
TILES = """
return Array.from(document.querySelectorAll(arguments[0])).map(function (image) {
  var box = image.getBoundingClientRect();
  return [image.getAttribute('src'), box.left, box.top];
});"""

# Installed in every new page: the first view as it is when drawn (the icons, the images, the
# attribution, and whether Leaflet was there), in window.__firstView.
RECORD_FIRST_VIEW = """
new MutationObserver(function (changes, observer) {
  if (!document.querySelector('#map .static-markers > *')) return;
  observer.disconnect();
  var icons = function () {%s}, tiles = function () {%s};
  var attribution = document.querySelector('#map .static-attribution');
  window.__firstView = { icons: icons.call(null, '#map .static-markers > *'), tiles: tiles.call(null, '#map .static-map img'),
    attribution: attribution ? attribution.textContent : null, leaflet: typeof L !== 'undefined',
    at: performance.now() };
}).observe(document, { childList: true, subtree: true });
""" % (ICONS, TILES)


def first_view_on_a_slow_network(browser, url):
    """Opens `url` on a slow network (each request 400 ms) and waits until Leaflet's map has taken
    the first view's place: the first view as it was drawn (RECORD_FIRST_VIEW), or None."""
    driver = browser.driver
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW)
    recorder = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FIRST_VIEW})
    try:
        browser.open("")  # from another page: only the hash changing would load nothing
        browser.open(url)
        # Leaflet then shows its map, and the first view is taken away.
        wait_until(driver, lambda d: text_of(d.find_element(By.ID, "map-status")).endswith("in view"), 20)
        wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#map .static-map"), 5,
                   "the first view stays over Leaflet's map")
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", recorder)
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", FAST)
    return driver.execute_script("return window.__firstView")


def settled_icons(driver, first, what):
    """Leaflet's icons once they show the same as `first` (declutter.js moves crowded ones apart a
    frame or two after the map is drawn), or as they are after 5 s."""
    def same():
        try:
            same_places(first, driver.execute_script(ICONS, "#map .leaflet-marker-icon"), what)
            return True
        except AssertionError:
            return False
    try:
        wait_until(driver, lambda d: same(), 5)
    except Exception:
        pass
    return driver.execute_script(ICONS, "#map .leaflet-marker-icon")


def same_places(first, then, what):
    """Two lists of [name…, x, y] hold the same names at the same places, within a pixel."""
    assert len(first) == len(then), f"{what}: {len(first)} drawn first, {len(then)} by Leaflet"
    for a, b in zip(sorted(first), sorted(then)):
        assert a[:-2] == b[:-2] and abs(a[-2] - b[-2]) <= 1 and abs(a[-1] - b[-1]) <= 1, (what, a, b)


@pytest.mark.parametrize("view", ["", "#1/20.00000/15.00000"], ids=["fitted", "from the URL"])
def test_first_view_is_drawn_before_leaflet_and_leaflet_shows_the_same(browser, world_server, view):
    driver = browser.driver
    url = world_server.url("world/map/") + view
    page = fetch(world_server.url("world/map/"))[2].decode()
    carried = json.loads(re.search(r'<script type="application/json" id="map-first-view">(.*?)</script>', page).group(1))
    assert carried["dataset"] == "world" and 0 in carried["zooms"] and 1 in carried["zooms"], carried["zooms"]
    # The page names one script, the entry that draws the first view (a bundle of what it imports;
    # explore-map-page.js on a map with filters): every other (the search box's, Leaflet, the
    # map's) is loaded by it, once the view is drawn.
    scripts = re.findall(r"<script[^>]* src=[^>]*>", page)
    assert len(scripts) == 1 and re.search(r'type="module" src="[^"]*/page/(explore-)?map-page\.[0-9a-f]{8}\.js"', scripts[0]), scripts
    element = re.search(r'<div id="map"[^>]*>', page).group(0)
    assert "leaflet.min." in element and "/page/map." in element, element

    # On a slow network (each request 400 ms), the first view is drawn while Leaflet is on its way.
    first = first_view_on_a_slow_network(browser, url)
    assert first, "no first view was drawn"
    assert not first["leaflet"], "Leaflet was loaded before the first view was drawn"
    drawn, tiles, attribution = first["icons"], first["tiles"], first["attribution"]
    same_places(drawn, settled_icons(driver, drawn, "icons"), "icons")
    same_places(tiles, driver.execute_script(TILES, "#map .leaflet-tile-pane img"), "basemap images")
    if not view:
        driver.save_screenshot(str(artifact("first-view-leaflet-phone")))
        # A picture of the first view itself, as it stays when the map's own script (the last
        # the page loads) does not come.
        script = urljoin(world_server.url("world/map/"), re.search(r'data-modules="([^" ]*/page/map\.[0-9a-f]{8}\.js) ', element).group(1))
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": [script]})
        try:
            browser.open(world_server.url("world/map/"))
            wait_until(driver, lambda d: text_of(d.find_element(By.ID, "map-status")).startswith("Could not load"), 10)
            assert driver.find_elements(By.CSS_SELECTOR, "#map .static-markers > *")
            driver.save_screenshot(str(artifact("first-view-phone")))
        finally:
            driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        assert all(script in problem for problem in browser.problems())

    zoom = int(view[1]) if view else 0
    colour = json.loads(unescape(re.search(r'data-colors="([^"]*)"', element).group(1)))["world"]
    assert {icon[2] for icon in drawn} == {colour}
    kinds = {icon[0] for icon in drawn}
    assert "cluster" in kinds and (view or "pin" in kinds), kinds  # the lone places are pins
    assert tiles and all(f"/{zoom}/" in src for src, _, _ in tiles), tiles
    assert "OpenStreetMap" in attribution, attribution

    browser.assert_clean("world/map/ with Leaflet")


def test_a_filter_in_the_query_draws_only_its_places_first_and_leaflet_the_same(browser, world_server):
    driver = browser.driver
    first = first_view_on_a_slow_network(browser, world_server.url("world/map/?kind=market"))
    assert first and not first["leaflet"], "no filtered first view was drawn before Leaflet"
    markets = sum(1 for i in range(2000) if KINDS[i % 3] == "market")
    # Every market once, in counted cells, and no other place.
    assert sum(int(icon[1].replace(",", "")) if icon[0] == "cluster" else 1 for icon in first["icons"]) == markets
    same_places(first["icons"], settled_icons(driver, first["icons"], "filtered icons"), "filtered icons")
    browser.assert_clean("world/map/?kind=market")


def test_a_view_the_page_does_not_carry_is_left_to_leaflet(browser, world_server):
    driver = browser.driver
    browser.open(world_server.url("world/map/") + "#6/40.70000/-74.00000")
    wait_until(driver, lambda d: text_of(d.find_element(By.ID, "map-status")).endswith("in view"), 15)
    assert not driver.find_elements(By.CSS_SELECTOR, "#map .static-map")
    assert driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-marker-icon")
    browser.assert_clean("world/map/ at zoom 6")


def artifact(name):
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"
