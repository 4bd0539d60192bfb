"""The site with JavaScript turned off (issue 22): maps give way to links to the lists, nothing
waits for a script that will never run, and every menu link shows, on a phone too."""

import pytest
from selenium.webdriver.common.by import By

from support import ARTIFACTS, Browser, new_driver, remove_tree, text_of

PHONE = {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture(scope="module")
def no_js(server, workdir):
    profile = workdir / "chromium-no-js"
    driver = new_driver(profile, javascript=False)
    try:
        yield Browser(driver, server)
    finally:
        driver.quit()
        remove_tree(profile)


def scripts_are_off(driver) -> bool:
    """The page's own line of script did not run: <html> still says no-js."""
    return "no-js" in (driver.find_element(By.TAG_NAME, "html").get_attribute("class") or "").split()


@pytest.mark.parametrize("path", ["map/", "boxes/map/"])
def test_map_page_links_to_the_lists_instead_of_loading_forever(no_js, server, path):
    driver = no_js.driver
    no_js.open(path)
    assert scripts_are_off(driver), f"{path}: JavaScript ran in the browser that should have none"
    status = driver.find_element(By.ID, "map-status")
    assert not status.is_displayed(), f"{path} shows {status.text!r} without JavaScript"
    assert not driver.find_element(By.ID, "map").is_displayed(), f"{path} shows an empty map"
    note = driver.find_element(By.CSS_SELECTOR, "p.noscript")
    assert note.is_displayed() and "list" in text_of(note)
    links = note.find_elements(By.TAG_NAME, "a")
    assert links and all(link.is_displayed() for link in links)
    target = links[0].get_attribute("href")
    assert target.startswith(server.base_url)
    no_js.click(links[0])
    assert driver.current_url == target and driver.find_elements(By.CSS_SELECTOR, "ul.item-list a")


@pytest.mark.parametrize(
    "path, hidden",
    [("boxes/1-e-71st-st/", "#minimap"), ("near/", "#near-form"), ("near/", "#near-map"),
     ("tours/a-walk-through-old-downtown/", "#tour-map")],
)
def test_what_needs_a_script_is_not_shown(no_js, path, hidden):
    no_js.open(path)
    assert scripts_are_off(no_js.driver)
    elements = no_js.driver.find_elements(By.CSS_SELECTOR, hidden)
    assert elements, f"{path} has no {hidden}"
    assert not elements[0].is_displayed(), f"{path} shows {hidden} without JavaScript"


def test_every_menu_link_shows_on_a_phone_without_javascript(no_js):
    driver = no_js.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        no_js.open("")
        assert scripts_are_off(driver)
        assert not driver.find_element(By.CSS_SELECTOR, ".menu-button").is_displayed()
        links = driver.find_elements(By.CSS_SELECTOR, ".site-header nav a")
        assert len(links) >= 5
        width = driver.execute_script("return innerWidth")
        for link in links:
            assert link.is_displayed(), f"{link.text!r} is hidden without JavaScript"
            assert link.rect["x"] >= 0 and link.rect["x"] + link.rect["width"] <= width, (link.text, link.rect)
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / "menu-no-js-phone.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

