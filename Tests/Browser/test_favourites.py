"""Favourites: ☆ on a place's page keeps it in the browser; the favourites page lists and maps
what was saved, newest first, and forgets what is removed."""

from urllib.parse import urljoin

from selenium.webdriver.common.by import By

from support import list_pages, text_of, wait_until


def first_item_url(server, dataset: str) -> str:
    url, page = list_pages(server, f"{dataset}/")[0]
    return urljoin(url, page.items[0])


def open_favourites(browser):
    browser.open("favourites/")
    wait_until(browser.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-favourites-ready=true]"))


def shown(driver):
    return [
        (li.get_attribute("data-dataset"), text_of(li.find_element(By.TAG_NAME, "a")), li.find_element(By.TAG_NAME, "a").get_attribute("href"))
        for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")
    ]


def test_saved_places_are_listed_and_mapped_until_removed(browser, server, datasets):
    driver = browser.driver
    open_favourites(browser)
    assert text_of(driver.find_element(By.ID, "favourites-status")).startswith("No favourites yet")
    assert not driver.find_element(By.ID, "favourites-layout").is_displayed()

    saved = []
    for name in list(datasets)[:2]:
        url = first_item_url(server, name)
        browser.open(url)
        button = driver.find_element(By.ID, "favourite")
        assert button.get_attribute("aria-pressed") == "false" and text_of(button) == "☆ Save"
        button.click()
        assert button.get_attribute("aria-pressed") == "true" and text_of(button) == "★ Saved"
        saved.insert(0, (name, text_of(driver.find_element(By.CSS_SELECTOR, "article.place h1")), url))
        browser.open(url)  # still saved on the next visit
        assert driver.find_element(By.ID, "favourite").get_attribute("aria-pressed") == "true"

    open_favourites(browser)
    browser.screenshot("favourites-desktop")
    assert shown(driver) == saved, "newest first, each linking to its page"
    assert text_of(driver.find_element(By.ID, "favourites-status")) == "2 places saved."
    pins = driver.find_elements(By.CSS_SELECTOR, "#favourites-map .place-pin")
    assert len(pins) == 2

    driver.find_element(By.CSS_SELECTOR, "#favourites-list li .favourite-remove").click()
    assert shown(driver) == saved[1:]
    open_favourites(browser)
    assert shown(driver) == saved[1:], "a removed place stays removed"
    browser.open(saved[0][2])
    assert driver.find_element(By.ID, "favourite").get_attribute("aria-pressed") == "false"

    open_favourites(browser)
    driver.find_element(By.ID, "favourites-clear").click()
    assert shown(driver) == []
    assert text_of(driver.find_element(By.ID, "favourites-status")).startswith("No favourites yet")
    browser.assert_clean("favourites")
