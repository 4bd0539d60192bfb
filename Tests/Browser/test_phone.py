"""A visitor on a phone, outdoors (issue 22): what pages cost to load, on a 375×812 screen."""

from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import REPO, all_list_pages, load_config

PHONE = {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True}
DATASET_NAMES = [d["name"] for d in load_config(REPO / "content" / "site.yml")["datasets"]]

# The files of this site's own origin the page asked for: [(URL, bytes transferred)].
RESOURCES = """
return performance.getEntriesByType('resource')
  .filter(function (r) { return r.name.indexOf(location.origin) === 0; })
  .map(function (r) { return [r.name, r.transferSize]; });
"""


def leaflet_files(driver) -> list[str]:
    """What the page loaded of Leaflet or its marker clusters (scripts, styles, images)."""
    return [url for url, _ in driver.execute_script(RESOURCES) if "/leaflet/" in url]


@pytest.fixture
def phone(browser):
    """The module's browser with a phone's screen, and without its cache (each page pays in full)."""
    driver = browser.driver
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    yield browser
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})


def test_pages_without_a_map_load_no_leaflet(phone):
    for path in ["", f"{DATASET_NAMES[0]}/", "data-sources/"]:
        phone.open(path)
        WebDriverWait(phone.driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        assert phone.driver.execute_script(RESOURCES), f"{path}: no resources measured, so none could be judged"
        assert leaflet_files(phone.driver) == [], f"{path} has no map but loaded Leaflet"
        phone.assert_clean(path)


def test_item_page_loads_leaflet_only_when_its_map_scrolls_into_view(phone, server):
    driver = phone.driver
    # An item page whose map starts below a phone's screen.
    below = None
    for name in DATASET_NAMES:
        url, page = all_list_pages(server, name)[0]
        phone.open(urljoin(url, page.items[0]))
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        top = driver.execute_script("return document.getElementById('minimap').getBoundingClientRect().top")
        if top > PHONE["height"] + 20:
            below = phone.path
            break
    assert below, "no item page of the example has its map below a phone's first screen"
    driver.execute_script("return new Promise(function (done) { setTimeout(done, 500); })")
    assert leaflet_files(driver) == [], f"{below}: Leaflet loaded before its map was in view"
    assert not driver.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon")

    driver.execute_script("document.getElementById('minimap').scrollIntoView()")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon"))
    loaded = leaflet_files(driver)
    assert any(url.split("/")[-1].startswith("leaflet.min.") and url.endswith(".js") for url in loaded), loaded
    assert any(url.split("/")[-1].startswith("leaflet.") and url.endswith(".css") for url in loaded), loaded
    phone.assert_clean(below)


def test_map_page_loads_the_minified_leaflet(phone):
    phone.open(f"{DATASET_NAMES[0]}/map/")
    WebDriverWait(phone.driver, 15).until(lambda d: "Loading" not in d.find_element(By.ID, "map-status").text)
    names = [url.split("/")[-1] for url in leaflet_files(phone.driver)]
    scripts = [name for name in names if name.endswith(".js")]
    assert scripts and all(".min." in name for name in scripts), names
    phone.assert_clean("map page")
