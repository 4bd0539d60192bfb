"""axe-core (PyPI axe-core-python, which ships axe 4.4) on every page type of the example site, at a
desktop and at a phone's viewport, each page in the state a visitor sees it in: maps drawn, the
item page's small map loaded, search results shown, near-me results found, a favourite saved.

A violation fails the test with its rule id, the page and the elements (axe's CSS selectors).
Nothing is switched off: every rule of axe's default set runs.
"""

from pathlib import Path
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By

from support import all_list_pages, fetch_page, list_pages, wait_until

try:
    import axe_core_python
except ImportError:  # the test fails, rather than skips, without its tool
    axe_core_python = None

PHONE = (390, 844)
DESKTOP = (1280, 900)
CHICAGO = (41.8818, -87.6298)  # the Loop, among the mail boxes and the route's stops

RUN_AXE = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(function (results) {
  done(results.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(function (n) { return n.target.join(" ") + " — " + n.failureSummary.split("\\n").slice(1, 3).join(" "); })};
  }));
}, function (error) { done([{id: "axe-error", impact: "", help: String(error), nodes: []}]); });
"""


def axe_source() -> str:
    if axe_core_python is None:
        pytest.fail("axe-core-python is not installed: run `make test-deps`", pytrace=False)
    return (Path(axe_core_python.__file__).parent / "axe.min.js").read_text()


def first_item(server, dataset: str) -> str:
    url, page = all_list_pages(server, dataset)[0]
    return urljoin(url, page.items[0])


def first_link_under(server, path: str, marker: str) -> str:
    """The first link of a page whose href contains `marker` (a group or region page)."""
    url = server.url(path)
    page = fetch_page(url)
    for link in page.find_all("a"):
        target = urljoin(url, link.attrs.get("href", "")).split("#")[0]
        if marker in target and target.startswith(url) and target != url:  # a page below this one
            return target
    raise AssertionError(f"no link containing {marker!r} on {path}")


def ready_menu(driver):
    """On a phone, the menu opened with its button; on a wide screen the menu shows anyway."""
    button = driver.find_element(By.CSS_SELECTOR, ".site-header .menu-button")
    if button.is_displayed():
        button.click()
        assert button.get_attribute("aria-expanded") == "true"
        wait_until(driver, lambda d: all(a.is_displayed() for a in d.find_elements(By.CSS_SELECTOR, "#site-menu a")))


def ready_map(driver):
    wait_until(driver, lambda d: "Loading" not in d.find_element(By.ID, "map-status").text, 15)


def ready_item(driver):
    """The mini map drawn as a visitor first sees it: a static map."""
    driver.execute_script("document.getElementById('minimap').scrollIntoView()")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-markers .place-pin"), 15)
    driver.execute_script("window.scrollTo(0, 0)")


def ready_item_moved(driver):
    """The mini map once its "Move the map" button was pressed: Leaflet's, with its controls."""
    driver.execute_script("document.getElementById('minimap').scrollIntoView()")
    wait_until(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#minimap .static-move"), 15).click()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon"), 15)
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#minimap .static-map"), 5)
    driver.execute_script("window.scrollTo(0, 0)")


def ready_search(driver):
    box = wait_until(driver, lambda d: d.find_element(By.ID, "site-search-input"))
    if not box.is_displayed():  # on a phone the search box sits behind the menu button? it does not: fail loudly
        raise AssertionError("the search box is not shown")
    box.send_keys("Madison")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#site-search-results:not([hidden]) [role=option]"))


def ready_near(driver):
    wait_until(driver, lambda d: d.execute_script("return document.body.getAttribute('data-near-ready')") == "true", 15)


def ready_tour(driver):
    wait_until(driver, lambda d: d.execute_script("return document.body.getAttribute('data-tour-ready')") == "true")


def ready_favourites(driver):
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#favourites-list li"))


def ready_regions(driver):
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#regions-map path.leaflet-interactive"), 15)


def ready_group(driver):
    wait_until(driver, lambda d: d.find_element(By.ID, "group-map").get_attribute("data-ready") == "true", 15)


def ready_coloured_map(driver):
    ready_map(driver)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".colour-legend button"), 15)
    wait_until(driver, lambda d: d.find_element(By.ID, "filter-panel").get_attribute("data-counted"), 15)


def ready_filtered_list(driver):
    wait_until(driver, lambda d: d.find_element(By.ID, "filtered-list").get_attribute("data-shown"), 15)


def page_types(server):
    """(name, URL, a function that waits until the page is as a visitor sees it, or None)."""
    return [
        ("home", server.url(""), None),
        ("home, menu open (phone)", server.url("about/"), ready_menu),
        ("markdown page", server.url("data-sources/"), None),
        ("dataset list", server.url("boxes/"), None),
        ("dataset map", server.url("boxes/map/"), ready_map),
        ("map of all datasets", server.url("map/"), ready_map),
        ("map filtered, coloured by a field", server.url("photos/map/?borough=Bronx"), ready_coloured_map),
        ("list filtered", server.url("photos/?borough=Bronx&borough=Queens"), ready_filtered_list),
        ("item page (point)", first_item(server, "boxes"), ready_item),
        ("item page (line)", first_item(server, "elevated"), ready_item),
        ("item page (polygon)", first_item(server, "squares"), ready_item),
        ("item page, map moved", first_item(server, "squares"), ready_item_moved),
        ("group index", server.url("photos/by/borough/"), None),
        ("group page", first_link_under(server, "photos/by/borough/", "/by/borough/"), ready_group),
        ("region index", server.url("properties/by/neighbourhood/"), ready_regions),
        ("region page", first_link_under(server, "properties/by/neighbourhood/", "/by/neighbourhood/"), None),
        ("tours", server.url("tours/"), None),
        ("tour page", first_link_under(server, "tours/", "/tours/"), ready_tour),
        ("search results", server.url("about/"), ready_search),
        ("near me", server.url("near/?dataset=boxes"), "near"),
        ("favourites", server.url("favourites/"), "favourites"),
        ("404", server.url("no-such-page/"), None),
    ]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_no_violation_on_any_page_type(browser, server, viewport):
    driver = browser.driver
    source = axe_source()
    width, height = viewport
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": viewport == PHONE},
    )
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": server.origin})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": CHICAGO[0], "longitude": CHICAGO[1], "accuracy": 10})
    found = []
    checked = 0
    try:
        for name, url, ready in page_types(server):
            if name == "404":
                browser.expect_failure(url)
            if ready == "favourites":
                save_a_favourite(browser, server)
            browser.open(url)
            if ready == "near":
                driver.find_element(By.CSS_SELECTOR, "#near-form button[type=submit]").click()
                ready_near(driver)
            elif ready == "favourites":
                ready_favourites(driver)
            elif ready:
                ready(driver)
            driver.execute_script(source)
            violations = driver.execute_async_script(RUN_AXE)
            checked += 1
            for violation in violations:
                found.append(f"{name} ({browser.path}): {violation['id']} [{violation['impact']}] {violation['help']}\n    "
                             + "\n    ".join(violation["nodes"]))
            browser.assert_clean(name)
    finally:
        driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert checked == len(page_types(server))
    assert not found, f"axe found {len(found)} violations:\n" + "\n".join(found)


def save_a_favourite(browser, server):
    """Saves the first mail box with its ☆ button, so that the favourites page lists a place."""
    browser.open(first_item(server, "boxes"))
    button = wait_until(browser.driver, lambda d: d.find_element(By.ID, "favourite"))
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    assert button.get_attribute("aria-pressed") == "true"
