"""The site's assets have fingerprinted names (issue 22): every one a page or a stylesheet names,
including those the item and map pages' scripts load later (data-css, data-js), exists under its
fingerprinted name and is served as immutable (the README's nginx rule, in nginx.conf)."""

import re
from html.parser import HTMLParser
from urllib.parse import urljoin, urlparse

from support import fetch

FINGERPRINTED = re.compile(r"/assets/(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_.-]+\.[0-9a-f]{8}\.(js|css|svg|png)$")
# A page of each kind: home, list, item, maps, near, tours, favourites, a tour, a group index (with
# its regions map) and a group, a Markdown page, the 404 page.
PAGES = ["", "boxes/", "boxes/1-e-71st-st/", "boxes/map/", "map/", "near/", "tours/", "favourites/",
         "tours/a-walk-through-old-downtown/", "properties/by/neighbourhood/", "photos/by/borough/bronx/",
         "data-sources/", "404.html"]


class AssetLinks(HTMLParser):
    """The URLs of a page's scripts, stylesheets, icons and script-loaded files."""

    def __init__(self, html: str):
        super().__init__()
        self.urls: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("src", "href", "data-css", "data-js"):
            # data-css and data-js: a list (a map page loads Leaflet and its scripts itself).
            for value in (attrs.get(name) or "").split() if name.startswith("data-") else [attrs.get(name)]:
                if value and "assets/" in value and tag != "a":
                    self.urls.append(value)


def test_every_referenced_asset_is_fingerprinted_exists_and_is_immutable(server):
    seen: dict[str, str] = {}  # URL → the page or stylesheet that named it
    for path in PAGES:
        url = server.url(path)
        status, _, body = fetch(url)
        assert status == 200, f"{path} answered {status}"
        for link in AssetLinks(body.decode()).urls:
            seen.setdefault(urljoin(url, link), path)
    stylesheets = [url for url in seen if url.endswith(".css")]
    for sheet in stylesheets:
        status, _, body = fetch(sheet)
        assert status == 200, f"{sheet} answered {status}"
        for ref in re.findall(r"url\(\s*['\"]?([^'\")]+)", body.decode()):
            if not ref.startswith(("data:", "#", "http:", "https:")):
                seen.setdefault(urljoin(sheet, ref), sheet)
    kinds = {urlparse(url).path.rsplit(".", 1)[-1] for url in seen}
    assert {"js", "css", "svg", "png"} <= kinds, f"expected scripts, stylesheets and images among {sorted(seen)}"
    assert any(u.endswith(".png") and "/leaflet/images/" in u for u in seen), "Leaflet's CSS names no image"
    for url, named_by in sorted(seen.items()):
        assert FINGERPRINTED.search(urlparse(url).path), f"{url} (named by {named_by}) has no fingerprint"
        status, headers, _ = fetch(url)
        assert status == 200, f"{url} (named by {named_by}) answered {status}"
        assert headers.get("Cache-Control") == "public, max-age=31536000, immutable", (url, headers)
