"""Markdown pages, the 404 page, and the sub-path redirect."""

import re

import pytest
from selenium.webdriver.common.by import By

from support import REPO, fetch, text_of

CONTENT = REPO / "content"
# Site path → Markdown source. README.md is both the home page text and the About page.
MARKDOWN_PAGES = {
    "about/": "README.md",
    "how-to-use/": "pages/how-to-use.md",
    "data-sources/": "pages/data-sources.md",
}
NOT_FOUND_TITLE = "Page not found"


def first_heading(markdown: str) -> str:
    return next(line[2:].strip() for line in markdown.splitlines() if line.startswith("# "))


def front_matter_title(markdown: str) -> str | None:
    match = re.match(r"---\n(.*?)\n---\n", markdown, re.DOTALL)
    title = match and re.search(r"^title:\s*(.+)$", match.group(1), re.MULTILINE)
    return title.group(1).strip() if title else None


def assert_is_a_page(browser, came_from: str):
    """The browser shows a real page of the site, not the 404 page or another host."""
    url = browser.driver.current_url
    assert url.startswith(browser.server.base_url), f"link on {came_from} left the site's /demo/: {url}"
    headings = browser.driver.find_elements(By.TAG_NAME, "h1")
    assert not any(text_of(h) == NOT_FOUND_TITLE for h in headings), f"link on {came_from} → 404: {url}"
    status, _, _ = fetch(url.split("#")[0])
    assert status == 200, f"link on {came_from} → {url} answered {status}"


@pytest.mark.parametrize("path, source", MARKDOWN_PAGES.items())
def test_markdown_page_renders_and_its_links_work(browser, server, path, source):
    markdown = (CONTENT / source).read_text()
    browser.open(path)
    driver = browser.driver
    article = driver.find_element(By.CSS_SELECTOR, "article.prose")

    assert text_of(article.find_element(By.TAG_NAME, "h1")) == first_heading(markdown)
    title = front_matter_title(markdown)
    if title:
        assert driver.title.startswith(title)
    shown = article.get_attribute("innerText")
    has_table = bool(article.find_elements(By.TAG_NAME, "table"))
    browser.screenshot(f"page-{path.strip('/')}-desktop")
    browser.assert_clean(browser.path)

    # Click every link of the text, one after the other, from a fresh copy of the page.
    count = len(article.find_elements(By.TAG_NAME, "a"))
    assert count, f"{path} has no links; its source {source} does"
    for index in range(count):
        browser.open(path)
        link = driver.find_elements(By.CSS_SELECTOR, "article.prose a")[index]
        label, href = link.text, link.get_attribute("href")
        if not href.startswith(server.origin):
            continue  # external: there is no internet here
        browser.click(link)
        assert_is_a_page(browser, f"{path} ({label!r} → {href})")
        browser.assert_clean(browser.path)

    # Nothing of the Markdown syntax may be left for the reader to see (checked last, so that a
    # rendering fault does not hide broken links).
    for syntax in ["**", "](", "|---", "| "]:
        assert syntax not in shown, f"{path} shows Markdown syntax {syntax!r} unrendered:\n{shown}"
    if re.search(r"^\|.*\|$", markdown, re.MULTILINE):
        assert has_table, f"{path}: the Markdown table is not rendered as a table"


def test_unknown_url_answers_404_with_the_404_page(server):
    for path in ["no-such-page", "boxes/no-such-box/", "a/b/c/d.html"]:
        status, headers, body = fetch(server.url(path))
        assert status == 404, f"{path} answered {status}"
        assert headers.get("Content-Type", "").startswith("text/html")
        assert NOT_FOUND_TITLE in body.decode()


@pytest.mark.parametrize("path", ["no-such-page", "photos/no/such/photo/"])
def test_404_page_links_work_at_any_depth(browser, server, path):
    browser.expect_failure(server.url(path))  # the document itself answers 404, as it should
    browser.open(path)
    driver = browser.driver
    assert text_of(driver.find_element(By.TAG_NAME, "h1")) == NOT_FOUND_TITLE
    # Its styles and script load too (a failure would show in the console check).
    assert driver.execute_script(
        "return [...document.styleSheets].some(s => s.href && /\\/assets\\/mapsite\\.[0-9a-f]{8}\\.css$/.test(s.href))"
    )
    if "/" not in path:
        browser.screenshot("404-desktop")
    browser.assert_clean(browser.path)

    links = [(a.text, a.get_attribute("href")) for a in driver.find_elements(By.CSS_SELECTOR, "a[href]")]
    here = driver.current_url.split("#")[0]
    # Links to other documents on this host; in-page ones such as the skip link (#main) stay here.
    internal = [(text, href) for text, href in links if href.startswith(server.origin) and href.split("#")[0] != here]
    assert internal, "the 404 page has no links"
    for text, href in internal:
        assert href.startswith(server.base_url), f"404 link {text!r} → {href} leaves /demo/"
        status, _, _ = fetch(href.split("#")[0])
        assert status == 200, f"404 link {text!r} → {href} answered {status}"

    browser.click(driver.find_element(By.LINK_TEXT, "home page"))
    assert browser.path == "/demo/"
    browser.assert_clean(browser.path)


def test_sub_path_without_slash_redirects(server):
    status, headers, _ = fetch(server.origin + "/demo")
    assert status == 301
    assert headers["Location"] in ("/demo/", server.base_url)
