"""The full-screen map pages and the near-me page: their tiles load (a missing JSON tile fails
the console check) and what they show agrees with the sources."""

import math

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import REPO, load_config, text_of

DATASET_NAMES = [d["name"] for d in load_config(REPO / "content" / "site.yml")["datasets"]]


def wait_for_map(driver, timeout=15) -> str:
    """Waits until the map page's status line leaves "Loading…"; returns it."""
    WebDriverWait(driver, timeout).until(
        lambda d: "Loading" not in d.find_element(By.ID, "map-status").text
    )
    return text_of(driver.find_element(By.ID, "map-status"))


@pytest.mark.parametrize("name", [*DATASET_NAMES, None], ids=[*DATASET_NAMES, "all"])
def test_map_page_shows_the_places(browser, name):
    path = f"{name}/map/" if name else "map/"
    browser.open(path)
    driver = browser.driver
    status = wait_for_map(driver)
    if name in (None, DATASET_NAMES[0]):
        browser.screenshot(f"map-{name or 'all'}-desktop")
        browser.screenshot(f"map-{name or 'all'}-phone", 390, 844, mobile=True)
    assert status.endswith("in view"), f"{path}: {status}"
    markers = driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-marker-icon")
    assert markers, f"{path}: no markers or clusters on the map"
    browser.assert_clean(path)


def distance(lat1, lon1, lat2, lon2):
    """Great-circle distance in metres (haversine), as tiles.js computes it."""
    rad = math.pi / 180
    dp, dl = (lat2 - lat1) * rad, (lon2 - lon1) * rad
    h = math.sin(dp / 2) ** 2 + math.cos(lat1 * rad) * math.cos(lat2 * rad) * math.sin(dl / 2) ** 2
    return 2 * 6371008.8 * math.asin(min(1, math.sqrt(h)))


def test_near_me_lists_the_nearest_places(browser, datasets):
    spec = datasets[DATASET_NAMES[0]]
    # Stand a little off the first place of the dataset.
    origin = next(iter(spec.rows.values()))
    here = (origin.latitude + 0.0007, origin.longitude - 0.0011)
    driver = browser.driver
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": browser.server.origin})
    driver.execute_cdp_cmd(
        "Emulation.setGeolocationOverride", {"latitude": here[0], "longitude": here[1], "accuracy": 10}
    )
    browser.open(f"near/?dataset={spec.name}")
    driver.find_element(By.CSS_SELECTOR, "#near-form button[type=submit]").click()
    WebDriverWait(driver, 15).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]")
        or "Could not" in d.find_element(By.ID, "near-status").text
    )
    status = text_of(driver.find_element(By.ID, "near-status"))
    browser.screenshot("near-desktop")
    assert driver.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"), f"near/: {status}"

    shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]
    ranked = sorted(spec.rows.values(), key=lambda r: (distance(*here, r.latitude, r.longitude), r.id))
    assert shown == [row.id for row in ranked[: len(shown)]]
    assert len(shown) == min(10, spec.count)
    browser.assert_clean(browser.path)
