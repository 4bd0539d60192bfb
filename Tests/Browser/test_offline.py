"""The site installed and used with no network: the manifest and icons make it installable (asked
of Chromium through the DevTools protocol), the service worker serves the pages seen before when
the server is gone, the site's offline page for the others, a tour saved for offline with its
map, its stops' pages, ticking stops off by location and near me, and a rebuilt site replaces
every cache of the last build.

These tests run in order on a site and a server of their own: nginx is stopped (by its PID) to
take the network away, so that whatever answers can only be the service worker, and started
again on the same port (a service worker belongs to its origin); the theme is a copy, so that a
rebuild can change an asset.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from selenium.webdriver.common.by import By

from support import (
    HERE, REPO, StaticServer, browser_session, build_site, free_port, text_of, wait_until,
)

TOUR = "saturday-delivery-route"


class RestartableServer(StaticServer):
    """nginx as the other tests run it, but with HTML sent with `Cache-Control: no-cache` (as the
    README tells hosts), and started again on the port it had after a stop."""

    def start(self) -> "RestartableServer":
        if not self.port:
            self.port = free_port()
        self.scratch.mkdir(parents=True, exist_ok=True)
        config = (HERE / "nginx.conf").read_text()
        no_cache = config.replace(
            "index index.html;", 'index index.html;\n            add_header Cache-Control "no-cache";', 1)
        assert no_cache != config, "nginx.conf has no `index index.html;` line to add the header after"
        no_cache = no_cache.replace("@PORT@", str(self.port)).replace("@SITE@", str(self.site) + "/")
        (self.scratch / "nginx.conf").write_text(no_cache.replace("@RUN@", str(self.scratch)))
        self.process = subprocess.Popen(
            ["nginx", "-p", str(self.scratch), "-e", str(self.scratch / "error.log"), "-c",
             str(self.scratch / "nginx.conf")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        if not self._wait_until_up():
            raise RuntimeError((self.scratch / "error.log").read_text(errors="replace"))
        return self


@pytest.fixture(scope="module")
def theme(workdir):
    path = workdir / "offline-theme"
    shutil.copytree(REPO / "templates", path)
    return path


@pytest.fixture(scope="module")
def site(workdir, theme):
    return build_site(REPO / "content", workdir / "offline-site", theme=theme)


@pytest.fixture(scope="module")
def server(site, workdir):
    for folder in [site, *site.parents]:
        if str(folder).startswith(("/tmp/", "/dev/shm/")):
            folder.chmod(0o755)
    server = RestartableServer(site, workdir / "nginx-offline").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def visitor(server, workdir):
    yield from browser_session(server, workdir, "offline")


def controlled(visitor, path: str) -> None:
    """Opens `path` and waits until the service worker controls it (a page opened before the
    worker was active is not controlled until it loads again)."""
    driver = visitor.driver
    visitor.open(path)
    driver.set_script_timeout(20)
    driver.execute_async_script("var done = arguments[0]; navigator.serviceWorker.ready.then(function () { done(); });")
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        visitor.open(path)
    wait_until(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=10,
               message=f"no service worker controls {path}")


def from_service_worker(driver) -> bool:
    """Whether the document was answered by the service worker (its timing says a worker started)."""
    return driver.execute_script(
        "var n = performance.getEntriesByType('navigation')[0]; return n.workerStart > 0;")


def cache_names(driver) -> list[str]:
    return driver.execute_async_script("caches.keys().then(arguments[0]);")


STORED_BYTES_JS = """
var done = arguments[0];
caches.keys().then(function (names) {
  return Promise.all(names.map(function (name) {
    return caches.open(name).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.map(function (request) {
          return cache.match(request).then(function (r) { return r.blob(); }).then(function (b) { return b.size; });
        }));
      });
    });
  }));
}).then(function (lists) { done([].concat.apply([], lists).reduce(function (a, b) { return a + b; }, 0)); });
"""


def test_installable(visitor, server):
    controlled(visitor, "")
    driver = visitor.driver
    errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == [], f"Chromium says the site is not installable: {errors}"
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["url"] == server.url("manifest.webmanifest")
    assert not manifest.get("errors"), manifest.get("errors")
    data = json.loads(manifest["data"])
    assert data["display"] == "standalone" and data["start_url"] == "./" and data["scope"] == "./"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    theme = driver.find_element(By.CSS_SELECTOR, "meta[name=theme-color]").get_attribute("content")
    assert theme == data["theme_color"]
    for icon in data["icons"]:  # each icon is a PNG of the size it claims
        size = driver.execute_async_script(
            "var done = arguments[1], image = new Image(); image.onload = function () {"
            " done(image.naturalWidth + 'x' + image.naturalHeight); }; image.onerror = function () { done('error'); };"
            " image.src = arguments[0];", server.url(icon["src"]))
        assert size == icon["sizes"], icon
    visitor.assert_clean("home, installable")


def test_service_worker_controls_pages_under_the_base_path(visitor, server):
    controlled(visitor, "boxes/")
    scope = visitor.driver.execute_async_script(
        "var done = arguments[0]; navigator.serviceWorker.getRegistration().then(function (r) { done(r.scope); });")
    assert scope == server.base_url
    names = cache_names(visitor.driver)
    assert any(name.startswith("mapsite /demo/ ") and name.endswith(" shell") for name in names), names
    visitor.assert_clean("boxes, controlled")


def test_pages_seen_before_open_offline_and_others_show_the_offline_page(visitor, server):
    driver = visitor.driver
    controlled(visitor, "boxes/")
    seen = ["boxes/", "about/"]
    item = driver.find_element(By.CSS_SELECTOR, "main ul a[href]").get_attribute("href")
    titles = {}
    for path in seen + [item]:
        visitor.open(path)
        titles[path] = text_of(driver.find_element(By.TAG_NAME, "h1"))
    # Seen whole: the item page's mini-map moved, so that Leaflet was loaded (and kept).
    driver.execute_script("document.getElementById('minimap').scrollIntoView()")
    wait_until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#minimap .static-move"), timeout=15).click()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".leaflet-container"), timeout=15,
               message="the item page's map did not load")
    server.stop()
    try:
        for path in seen + [item]:
            visitor.open(path)
            assert text_of(driver.find_element(By.TAG_NAME, "h1")) == titles[path], path
            assert from_service_worker(driver), path
            # The site's stylesheet came along (its rules are read), and the script ran.
            assert driver.execute_script(
                "return Array.prototype.some.call(document.styleSheets, function (sheet) {"
                " return /\\/mapsite\\.[0-9a-f]{8}\\.css$/.test(sheet.href) && sheet.cssRules.length > 50; })"), path
            assert driver.execute_script("return document.documentElement.classList.contains('js')"), path
        # The item page's mini map, drawn without the network, moves with the Leaflet kept.
        driver.execute_script("document.getElementById('minimap').scrollIntoView()")
        wait_until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#minimap .static-move"), timeout=15).click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon"), timeout=15,
                   message="the item page's map did not load offline")
        visitor.open("photos/")  # never opened
        assert text_of(driver.find_element(By.TAG_NAME, "h1")) == "You are offline"
        assert from_service_worker(driver)
        assert driver.current_url == server.url("photos/")
        home = driver.find_element(By.CSS_SELECTOR, "main a").get_attribute("href")
        assert home == server.base_url
        visitor.assert_clean("pages offline")
    finally:
        server.start()


def open_tour(visitor):
    visitor.open(f"tours/{TOUR}/")
    wait_until(visitor.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#tour-offline[data-ready=true]"))


def test_a_saved_tour_works_offline(visitor, server):
    driver = visitor.driver
    controlled(visitor, f"tours/{TOUR}/")
    open_tour(visitor)
    box = driver.find_element(By.ID, "tour-offline")
    assert box.get_attribute("data-saved") != "true"
    box.find_element(By.CSS_SELECTOR, ".offline-save").click()
    wait_until(driver, lambda d: box.get_attribute("data-saved") == "true", timeout=60, message="the tour was not saved")
    status = text_of(box.find_element(By.CSS_SELECTOR, ".offline-status"))
    match = re.match(r"Saved for offline: (\d+) files, ([\d.]+) (kB|MB) on this device", status)
    assert match, status
    listing = json.loads(driver.execute_async_script(
        "fetch('offline.json').then(function (r) { return r.text(); }).then(arguments[0]);"))
    assert int(match.group(1)) >= len(listing["files"])  # the site's files all stored (basemap images may fail here)
    stops = driver.find_elements(By.CSS_SELECTOR, "#tour-stops li")
    stop_urls = [li.find_element(By.CSS_SELECTOR, ".tour-stop a").get_attribute("href") for li in stops]

    # The same again once the page reloads: what is stored is measured.
    open_tour(visitor)
    assert text_of(driver.find_element(By.CSS_SELECTOR, "#tour-offline .offline-status")).startswith(
        f"Saved for offline: {match.group(1)} files")

    server.stop()
    try:
        open_tour(visitor)
        assert from_service_worker(driver)
        # Every stop on the map: a dot on the way (its number only where it covers no other).
        assert len(driver.find_elements(By.CSS_SELECTOR, "#tour-map path.tour-dot")) == len(stops)
        directions = driver.find_elements(By.CSS_SELECTOR, "#tour-stops .tour-directions[href]")
        assert len(directions) == len(stops)
        # Ticking the third stop off by standing near it (about 15 m north).
        third = driver.find_elements(By.CSS_SELECTOR, "#tour-stops li")[2]
        lat, lon = float(third.get_attribute("data-lat")) + 0.000135, float(third.get_attribute("data-lon"))
        third_id = third.get_attribute("data-id")
        driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": server.origin})
        driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": lat, "longitude": lon, "accuracy": 5})
        driver.find_element(By.ID, "tour-follow").click()
        boxes = driver.find_elements(By.CSS_SELECTOR, "#tour-stops input[type=checkbox]")
        wait_until(driver, lambda d: boxes[2].is_selected(), message="the stop reached was not ticked offline")
        driver.find_element(By.ID, "tour-follow").click()
        driver.find_element(By.ID, "tour-reset").click()
        # A stop's page, never opened before, was saved with the tour.
        visitor.open(stop_urls[-1])
        assert from_service_worker(driver)
        assert text_of(driver.find_element(By.TAG_NAME, "h1")) != "You are offline"
        assert driver.find_elements(By.CSS_SELECTOR, "script#item-data")
        # Near me, from the tiles stored, saying so; the browser knows it is offline too.
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": True, "latitude": 0, "downloadThroughput": -1, "uploadThroughput": -1, "latency": 0})
        visitor.open(f"near/?dataset=stops&lat={lat}&lon={lon}")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"), timeout=15)
        status = text_of(driver.find_element(By.ID, "near-status"))
        assert "Offline: from the places saved on this device" in status, status
        results = driver.find_elements(By.CSS_SELECTOR, "#near-results li")
        assert results and results[0].get_attribute("data-id") == third_id
        visitor.assert_clean("saved tour offline")
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        server.start()


def test_removing_a_saved_tour_frees_it(visitor):
    driver = visitor.driver
    open_tour(visitor)
    tour_caches = [name for name in cache_names(driver) if name.endswith(" tour " + TOUR)]
    assert len(tour_caches) == 1
    before = driver.execute_async_script(STORED_BYTES_JS)
    driver.find_element(By.CSS_SELECTOR, "#tour-offline .offline-remove").click()
    box = driver.find_element(By.ID, "tour-offline")
    wait_until(driver, lambda d: box.get_attribute("data-saved") == "false")
    assert not [name for name in cache_names(driver) if " tour " in name]
    after = driver.execute_async_script(STORED_BYTES_JS)
    # Every cache of the site together: what the tour held is gone (its assets and the pages seen
    # stay in the other caches).
    assert after < before - 100_000, (before, after)
    open_tour(visitor)
    assert driver.find_element(By.CSS_SELECTOR, "#tour-offline .offline-save").is_displayed()
    visitor.assert_clean("saved tour removed")


def test_a_new_build_replaces_the_caches(visitor, server, site, theme):
    driver = visitor.driver
    open_tour(visitor)  # saved, so that the new build saves it again
    box = driver.find_element(By.ID, "tour-offline")
    box.find_element(By.CSS_SELECTOR, ".offline-save").click()
    wait_until(driver, lambda d: box.get_attribute("data-saved") == "true", timeout=60, message="the tour was not saved")
    controlled(visitor, "boxes/")
    old_css = driver.find_element(By.CSS_SELECTOR, "link[rel=stylesheet][href*='mapsite.']").get_attribute("href")
    old_builds = {name.split(" ")[2] for name in cache_names(driver) if name.startswith("mapsite /demo/ ")}
    assert len(old_builds) == 1
    css = theme / "assets" / "mapsite.css"
    css.write_text(css.read_text() + "\n.rebuilt-marker { color: inherit; }\n")
    build_site(REPO / "content", site, theme=theme)

    def builds(d, tours=True):
        return {name.split(" ")[2] for name in cache_names(d) if tours or " tour " not in name}

    # The browser looks for a new worker on navigation; it installs, activates and drops the old
    # caches but the saved tour's, which it never reads.
    visitor.open("boxes/")
    wait_until(driver, lambda d: builds(d) - old_builds, timeout=20, message="no cache of the new build")
    wait_until(driver, lambda d: not (builds(d, tours=False) & old_builds), timeout=20,
               message="the old build's caches are still there")
    visitor.open("boxes/")
    new_css = driver.find_element(By.CSS_SELECTOR, "link[rel=stylesheet][href*='mapsite.']").get_attribute("href")
    assert new_css != old_css
    assert ".rebuilt-marker" in driver.execute_async_script(
        "fetch(arguments[0]).then(function (r) { return r.text(); }).then(arguments[1]);", new_css)
    # The tour page saves the tour again for the new build, then drops the old copy.
    open_tour(visitor)
    box = driver.find_element(By.ID, "tour-offline")
    wait_until(driver, lambda d: box.get_attribute("data-saved") == "true", timeout=60,
               message="the tour was not saved again")
    assert not (builds(driver) & old_builds), cache_names(driver)
    tours = [name for name in cache_names(driver) if name.endswith(" tour " + TOUR)]
    assert len(tours) == 1 and tours[0].split(" ")[2] not in old_builds
    # The old stylesheet is in no cache of the service worker any more, and the server has none.
    # (The browser's own HTTP cache may keep it under its old name, which no new page names.)
    assert driver.execute_async_script(
        "var done = arguments[1]; caches.match(arguments[0]).then(function (r) { done(!!r); });", old_css) is False
    visitor.expect_failure(old_css)
    status = driver.execute_async_script(
        "var done = arguments[1]; fetch(arguments[0], { cache: 'no-store' })"
        ".then(function (r) { done(r.status); }, function () { done(-1); });", old_css)
    assert status == 404
    visitor.assert_clean("rebuilt site")
