"""A visitor on a phone, outdoors (issue 22): what pages cost to load, on a 375×812 screen."""

from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from support import ARTIFACTS, REPO, all_list_pages, load_config

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


def test_item_page_loads_leaflet_only_when_its_map_is_moved(phone, server):
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
    # Nothing of the map is drawn before it comes into view; then a static map, still without Leaflet.
    assert not driver.find_elements(By.CSS_SELECTOR, "#minimap .static-map")
    driver.execute_script("document.getElementById('minimap').scrollIntoView()")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-markers .place-pin"))
    driver.execute_script("return new Promise(function (done) { setTimeout(done, 500); })")
    assert leaflet_files(driver) == [], f"{below}: Leaflet loaded before its map was moved"
    assert not driver.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon")

    # A tap on the map loads it (the minified build) and shows Leaflet's map.
    driver.find_element(By.ID, "minimap").click()
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


def phone_artifact(name: str):
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"


def _menu_links(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".site-header nav a")


def test_phone_menu_opens_with_its_button_and_closes_with_escape(phone):
    driver = phone.driver
    phone.open("")
    button = driver.find_element(By.CSS_SELECTOR, ".site-header .menu-button")
    links = _menu_links(driver)
    assert len(links) >= 5, f"only {len(links)} menu links"
    assert button.is_displayed(), "no menu button on a phone"
    assert button.get_attribute("aria-expanded") == "false"
    assert button.get_attribute("aria-controls") == driver.find_element(By.CSS_SELECTOR, ".site-header nav").get_attribute("id")
    assert not any(link.is_displayed() for link in links), "the closed menu shows links"
    phone.screenshot("menu-closed-phone", PHONE["width"], PHONE["height"], mobile=True)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)

    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    width = driver.execute_script("return innerWidth")
    for link in links:  # every link shown, on the screen and not covered by anything
        assert link.is_displayed(), f"{link.text!r} is not shown in the open menu"
        box = link.rect
        assert 0 <= box["x"] and box["x"] + box["width"] <= width, f"{link.text!r} is off the screen: {box}"
        hit = driver.execute_script(
            "var r = arguments[0].getBoundingClientRect(); arguments[0].scrollIntoView({block: 'center'});"
            "r = arguments[0].getBoundingClientRect();"
            "return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === arguments[0];", link)
        assert hit, f"{link.text!r} is covered in the open menu"
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(phone_artifact("menu-open-phone")))

    # Escape closes it and gives the button the focus; Enter and Space toggle it as a button does.
    links[0].send_keys(Keys.ESCAPE)
    assert button.get_attribute("aria-expanded") == "false"
    assert not links[0].is_displayed()
    assert driver.switch_to.active_element == button
    button.send_keys(Keys.ENTER)
    assert button.get_attribute("aria-expanded") == "true" and links[-1].is_displayed()
    button.send_keys(Keys.SPACE)
    assert button.get_attribute("aria-expanded") == "false"

    # A link of the open menu leads where it says.
    button.click()
    target = links[-1].get_attribute("href")
    phone.click(links[-1])
    assert driver.current_url == target
    phone.assert_clean("the phone menu")


def test_desktop_menu_shows_every_link_and_no_button(browser):
    driver = browser.driver
    browser.open("")
    assert not driver.find_element(By.CSS_SELECTOR, ".site-header .menu-button").is_displayed()
    links = _menu_links(driver)
    assert links and all(link.is_displayed() for link in links)
    browser.screenshot("menu-desktop")
    browser.assert_clean("home")
