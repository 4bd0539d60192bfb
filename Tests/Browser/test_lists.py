"""List pages: page size from site.yml, Next and Previous, every item listed once."""

import pytest
from selenium.webdriver.common.by import By

from support import REPO, all_list_pages, load_config, text_of

CONFIG = load_config(REPO / "content" / "site.yml")
DATASET_NAMES = [d["name"] for d in CONFIG["datasets"]]


def page_size(name: str) -> int:
    dataset = next(d for d in CONFIG["datasets"] if d["name"] == name)
    return dataset.get("page_size") or CONFIG.get("page_size") or 200


def item_titles(driver) -> list[str]:
    return [text_of(link) for link in driver.find_elements(By.CSS_SELECTOR, "ul.item-list li a")]


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_list_paginates(browser, datasets, name):
    spec, size = datasets[name], page_size(name)
    browser.open(f"{name}/")
    driver = browser.driver
    first_page = item_titles(driver)
    assert len(first_page) == min(size, spec.count)
    meta = text_of(driver.find_element(By.CSS_SELECTOR, ".meta"))
    assert meta.startswith(f"1–{min(size, spec.count):,} of {spec.count:,} places"), meta
    browser.screenshot(f"list-{name}-desktop")
    browser.assert_clean(browser.path)
    if spec.count <= size:
        assert not driver.find_elements(By.CSS_SELECTOR, ".pagination")
        return

    browser.click(driver.find_element(By.CSS_SELECTOR, ".pagination a[rel=next]"))
    assert browser.path == f"/demo/{name}/page/2/"
    second_page = item_titles(driver)
    assert len(second_page) == min(size, spec.count - size)
    assert second_page[0] != first_page[0]
    current = driver.find_element(By.CSS_SELECTOR, ".pagination [aria-current=page]")
    assert current.text == "2"
    browser.assert_clean(browser.path)

    browser.click(driver.find_element(By.CSS_SELECTOR, ".pagination a[rel=prev]"))
    assert browser.path == f"/demo/{name}/"
    assert item_titles(driver) == first_page
    browser.assert_clean(browser.path)


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_list_pages_show_every_item_once(server, datasets, name):
    spec, size = datasets[name], page_size(name)
    pages = all_list_pages(server, name)
    assert len(pages) == max(1, -(-spec.count // size))
    links = [link for _, page in pages for link in page.items]
    # Links are relative to their list page: compare the item folder they end in.
    folders = [link.rstrip("/").rsplit("/", 1)[-1] for link in links]
    assert len(folders) == spec.count
    assert len(set(folders)) == spec.count, "an item is listed twice"
    titles = sorted(title.strip() for _, page in pages for title in page.titles)
    assert titles == sorted(row.title for row in spec.rows.values())
