"""Helpers for the browser tests: building a site, serving it with nginx, driving Chromium, and
reading the example content (site.yml and the dataset sources) independently of the generator.

See /work/shared/BROWSER-TESTING.md for why things are done the way they are here.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import unicodedata
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml

import shapes

# Selenium must use the Debian chromedriver it is given, never download one, and send no stats.
os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402 (after the environment it reads)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
ARTIFACTS = HERE / "artifacts"
# The binary under test: the one `make release` builds, or another named by MAPSITE_BINARY.
MAPSITE = Path(os.environ.get("MAPSITE_BINARY") or REPO / ".build" / "release" / "mapsite")
# Every test site is served under this sub-path, to catch links that assume the site is at "/".
BASE_PATH = "/demo/"

# Raster basemap tiles are the only requests allowed to fail: there is no internet here.
BASEMAP_TILE = re.compile(r"^https?://([a-z0-9-]+\.)*tile\.openstreetmap\.org/")

# Installed in every document before its own scripts run: records uncaught errors and unhandled
# promise rejections with their stack, per page (the console log has them too, but terser).
ERROR_RECORDER_JS = """
window.__errors = [];
window.addEventListener('error', function (event) {
  // Only uncaught script errors; failed resource loads reach the console log instead.
  if (event instanceof ErrorEvent) {
    window.__errors.push('error: ' + event.message + ' at ' + event.filename + ':' + event.lineno);
  }
});
window.addEventListener('unhandledrejection', function (event) {
  var reason = event.reason;
  window.__errors.push('unhandled rejection: ' + (reason && reason.stack ? reason.stack : String(reason)));
});
"""


# --- Building -----------------------------------------------------------------------------------


def build_site(content: Path, output: Path, base_url: str = BASE_PATH, theme: Path | None = None) -> Path:
    """Runs `mapsite build` from the repository; fails with the tool's output when it does not succeed."""
    if not MAPSITE.exists():
        pytest.fail(f"{MAPSITE} is missing: run `swift build -c release --product mapsite` first", pytrace=False)
    command = [
        str(MAPSITE), "build", "--content", str(content), "--output", str(output), "--base-url", base_url,
    ]
    if theme:
        command += ["--templates", str(theme)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        pytest.fail(
            f"`{' '.join(command)}` exited with {result.returncode}:\n{result.stdout}\n{result.stderr}", pytrace=False
        )
    return output


# --- Serving ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class StaticServer:
    """nginx serving `site` at http://127.0.0.1:PORT/demo/, configured from Tests/Browser/nginx.conf.

    Runs in the foreground (`daemon off`) so that the PID we started is nginx's master process,
    and we stop exactly that process.
    """

    def __init__(self, site: Path, scratch: Path):
        self.site = site
        self.scratch = scratch
        self.process: subprocess.Popen | None = None
        self.port = 0

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        return self.origin + BASE_PATH

    def url(self, path: str = "") -> str:
        """The URL of a site path such as `boxes/page/2/`."""
        return self.base_url + path.lstrip("/")

    def start(self) -> "StaticServer":
        self.scratch.mkdir(parents=True, exist_ok=True)
        # nginx's workers run as `nobody`: every folder on the way to the site must be readable.
        for folder in [self.scratch, self.site, *self.site.parents]:
            if str(folder).startswith((tempfile.gettempdir() + "/", "/dev/shm/")):
                folder.chmod(0o755)
        for _ in range(5):
            self.port = free_port()
            config = (HERE / "nginx.conf").read_text()
            config = (
                config.replace("@PORT@", str(self.port))
                .replace("@SITE@", str(self.site) + "/")
                .replace("@RUN@", str(self.scratch))
            )
            config_path = self.scratch / "nginx.conf"
            config_path.write_text(config)
            error_log = self.scratch / "error.log"
            self.process = subprocess.Popen(
                ["nginx", "-p", str(self.scratch), "-e", str(error_log), "-c", str(config_path)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,  # nginx logs to error.log
            )
            if self._wait_until_up():
                return self
            self.stop()  # most likely the port was taken between free_port() and listen
        raise RuntimeError(f"nginx did not start:\n{(self.scratch / 'error.log').read_text(errors='replace')}")

    def _wait_until_up(self, timeout: float = 10) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(self.base_url, timeout=1):
                    return True
            except urllib.error.HTTPError:
                return True  # nginx answers; what it answers is for the tests to judge
            except OSError:
                time.sleep(0.05)
        return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful: workers finish, then the master exits
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


def fetch(url: str) -> tuple[int, dict, bytes]:
    """GETs `url` without following redirects; returns status, headers and body, errors included."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


# --- The browser --------------------------------------------------------------------------------


def new_driver(profile: Path, javascript: bool = True):
    """Headless Chromium with console logging and the error recorder installed (or, with
    `javascript=False`, with JavaScript turned off as a visitor can)."""
    options = webdriver.ChromeOptions()
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.binary_location = "/usr/bin/chromium"
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
        f"--user-data-dir={profile}", "--no-first-run", "--disable-extensions", "--hide-scrollbars",
        # No internet here, and a look-up of an outside host (the basemap's tiles) can take 5 s to
        # fail, holding up the page's load event: make every host but ours fail at once instead.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ERROR_RECORDER_JS})
    return driver


class Browser:
    """A Chromium driver plus what went wrong on the pages it showed.

    Errors recorded by a page live in its `window`, so they are collected before every navigation
    (`open`, `click`); `problems()` returns everything since it was last called.
    """

    def __init__(self, driver, server: StaticServer):
        self.driver = driver
        self.server = server
        self._pending: list[str] = []
        self._expected_failures: set[str] = set()

    def expect_failure(self, url: str) -> None:
        """Lets `url` fail to load without it counting as an error: a 404 page's own document."""
        self._expected_failures.add(url)

    def open(self, path: str = "") -> None:
        self._collect_page_errors()
        self.driver.get(path if path.startswith("http") else self.server.url(path))

    def click(self, element) -> None:
        """Clicks a link and waits for the next document to load."""
        self._collect_page_errors()
        before = self.driver.execute_script("return window.performance.timeOrigin")
        element.click()
        WebDriverWait(self.driver, 15).until(
            lambda d: d.execute_script("return window.performance.timeOrigin") != before
            and d.execute_script("return document.readyState") == "complete"
        )

    def module(self, name: str, body: str, *args):
        """Runs `body` with `module` bound to the page's own instance of the theme's module `name`
        (`page/map`, `core/route`): the one its scripts imported, found by its fingerprinted URL
        among the page's scripts and module preloads, so a test reaches the page's state through
        the module's exports as the scripts do, with no global. `body` returns through `done(x)`;
        `args` are `arguments[0…]` as in execute_script."""
        return self.driver.execute_async_script(
            """var done = arguments[arguments.length - 1], name = arguments[0], args = [].slice.call(arguments, 1, -1);
            var pattern = new RegExp("/assets/" + name + "\\\\.[0-9a-f]{8}\\\\.js$");
            var urls = [].map.call(document.querySelectorAll("script[type=module][src], link[rel=modulepreload]"),
              function (e) { return e.src || e.href; }).concat(performance.getEntriesByType("resource").map(function (e) { return e.name; }));
            var url = urls.filter(function (u) { return pattern.test(u.split(/[?#]/)[0]); })[0];
            if (!url) { done({__error: "the page loaded no module " + name}); return; }
            import(url).then(function (module) { (function () { """ + body + """ }).apply(null, args); },
              function (e) { done({__error: String(e)}); });""",
            name, *args)

    @property
    def path(self) -> str:
        """The current URL without scheme and host: `/demo/boxes/`."""
        url = self.driver.current_url
        return url[len(self.server.origin):] if url.startswith(self.server.origin) else url

    def _collect_page_errors(self) -> None:
        try:
            errors = self.driver.execute_script("var e = window.__errors || []; window.__errors = []; return e;")
        except Exception:  # no document yet (about:blank before the first page)
            errors = []
        url = self.driver.current_url
        self._pending += [f"{url}: {error}" for error in errors or []]

    def problems(self) -> list[str]:
        """Uncaught errors, unhandled rejections and SEVERE console entries, except basemap tiles."""
        self._collect_page_errors()
        found, self._pending = self._pending, []
        for entry in self.driver.get_log("browser"):  # reading the log clears it
            if entry["level"] != "SEVERE":
                continue
            url = entry["message"].split(" ", 1)[0]
            if BASEMAP_TILE.match(url) or url in self._expected_failures:
                continue
            # The pages declare no icon, so Chromium asks the host for /favicon.ico: outside the
            # site under /demo/, so not the site's to serve.
            if url == self.server.origin + "/favicon.ico":
                continue
            found.append(f"console {entry['level']}: {entry['message']}")
        return found

    def assert_clean(self, where: str = "") -> None:
        problems = self.problems()
        assert not problems, f"errors in the browser{' on ' + where if where else ''}:\n" + "\n".join(problems)

    def screenshot(
        self, name: str, width: int = 1280, height: int = 900, mobile: bool = False, reload=None
    ) -> Path:
        """Saves the viewport, at the given size, to Tests/Browser/artifacts/<name>.png.

        A page that lays itself out once when it loads (a map fitted to its places) is loaded again
        at that size first, as a visitor on such a screen would open it (without the view a map
        keeps in the URL's hash): give `reload`, a function of the driver that waits until the
        page is ready again."""
        ARTIFACTS.mkdir(exist_ok=True)
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )
        try:
            if reload:
                self.driver.get(self.driver.current_url.split("#")[0])
                reload(self.driver)
            self.driver.execute_script("window.scrollTo(0, 0)")  # the top of the page, as a visitor lands
            time.sleep(0.2)  # let layout and Leaflet react to the new size
            path = ARTIFACTS / f"{name}.png"
            self.driver.save_screenshot(str(path))
            return path
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def screenshots(self, name: str, phone: bool = False) -> None:
        self.screenshot(f"{name}-desktop")
        if phone:
            self.screenshot(f"{name}-phone", 390, 844, mobile=True)


def browser_session(server: "StaticServer", workdir: Path, name: str):
    """A Chromium on `server` for a test module's fixture to yield, with a profile of its own,
    quit and its profile removed afterwards."""
    profile = workdir / f"chromium-{name}"
    driver = new_driver(profile)
    try:
        yield Browser(driver, server)
    finally:
        driver.quit()
        remove_tree(profile)


class ListPage(HTMLParser):
    """Reads a list page's HTML: the item links in order, and the Next link."""

    def __init__(self, html: str):
        super().__init__()
        self.items: list[str] = []
        self.titles: list[str] = []
        self.next: str | None = None
        self._in_list = False
        self._in_item_link = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "ul" and "item-list" in (attrs.get("class") or "").split():
            self._in_list = True
        elif tag == "a" and self._in_list:
            self.items.append(attrs["href"])
            self.titles.append("")
            self._in_item_link = True
        elif tag == "a" and attrs.get("rel") == "next":
            self.next = attrs["href"]

    def handle_endtag(self, tag):
        if tag == "ul":
            self._in_list = False
        elif tag == "a":
            self._in_item_link = False

    def handle_data(self, data):
        if self._in_item_link:
            self.titles[-1] += data


def all_list_pages(server: "StaticServer", dataset: str) -> list[tuple[str, ListPage]]:
    """Every list page of a dataset, following Next links from the first: [(url, page)]."""
    return list_pages(server, f"{dataset}/")


def list_pages(server: "StaticServer", path: str) -> list[tuple[str, ListPage]]:
    """Every page of a paginated list (a dataset's or a group's), following Next links: [(url, page)]."""
    pages = []
    url = server.url(path)
    while url and len(pages) < 10_000:
        status, _, body = fetch(url)
        assert status == 200, f"{url} answered {status}"
        page = ListPage(body.decode())
        pages.append((url, page))
        url = urljoin(url, page.next) if page.next else None
    return pages


class Node:
    """An element of a page read with `parse_html`: enough of a DOM to check static HTML over HTTP,
    for checks over every page of a kind, where a browser would take too long."""

    def __init__(self, tag: str, attrs: dict, parent: "Node | None" = None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list["Node | str"] = []

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    @property
    def text(self) -> str:
        """The text content, whitespace collapsed."""
        parts = []

        def walk(node):
            for child in node.children:
                parts.append(child) if isinstance(child, str) else walk(child)

        walk(self)
        return squash("".join(parts))

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list["Node"]:
        """Descendants in document order with the tag, class and attribute values given."""
        found = []

        def walk(node):
            for child in node.children:
                if isinstance(child, str):
                    continue
                if (
                    (tag is None or child.tag == tag)
                    and (cls is None or cls in child.classes)
                    and all(child.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())
                ):
                    found.append(child)
                walk(child)

        walk(self)
        return found

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> "Node | None":
        found = self.find_all(tag, cls, **attrs)
        return found[0] if found else None


class _TreeBuilder(HTMLParser):
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = self.current = Node("#document", {})

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in self.VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, {k: v or "" for k, v in attrs}, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:  # a stray end tag is ignored
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse_html(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def fetch_page(url: str) -> Node:
    status, _, body = fetch(url)
    assert status == 200, f"{url} answered {status}"
    return parse_html(body.decode())


def wait_until(driver, condition, timeout: float = 10, message: str = ""):
    """WebDriverWait, polling every 50 ms rather than every half second. An element the page
    replaced while the condition read it (a list redrawn) is read again at the next poll."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(condition, message)


def text_of(element) -> str:
    """An element's text with whitespace collapsed, as a reader sees it."""
    return squash(element.get_attribute("textContent"))


def squash(text: str) -> str:
    return " ".join(text.split())


# --- site.yml -----------------------------------------------------------------------------------
#
# Read with PyYAML, independently of the Swift loader, which is the point: the tests check the
# generator against what the author wrote.


def load_config(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


# --- Datasets, read from their sources ----------------------------------------------------------


@dataclass
class SourceRow:
    """One row of a dataset's source file, with what its item page should show."""

    id: str
    title: str
    latitude: float
    longitude: float
    fields: list[tuple[str, str]]  # (label, value) of the configured fields that have a value
    image: str | None
    description: str | None
    thumbnail: str | None = None
    # Every source, derived and region field by name, as text ("" when missing): for groups.
    values: dict[str, str] = field(default_factory=dict)
    # A GeoJSON geometry other than a Point, as written; None for points.
    geometry: dict | None = None

    def value(self, name: str) -> str:
        return self.values.get(name, "")


@dataclass
class DatasetSpec:
    name: str
    title: str
    config: dict
    rows: dict[str, SourceRow] = field(default_factory=dict)  # by id

    @property
    def count(self) -> int:
        return len(self.rows)


def load_datasets(content: Path) -> tuple[dict, list[DatasetSpec]]:
    config = load_config(content / "site.yml")
    specs = [DatasetSpec(d["name"], d["title"], d) for d in config.get("datasets", [])]
    for spec in specs:
        spec.rows = {row.id: row for row in read_rows(content, spec.config)}
    return config, specs


def _features(source: Path, config: dict) -> list:
    """A GeoJSON source's features; any other, in WGS 84, through GDAL's ogr2ogr (which reprojects
    with PROJ as mapsite does), its coordinates rounded to seven decimals
    (about 1 cm), and each feature's FID as its id."""
    if source.suffix.lower() == ".geojson":
        return json.loads(source.read_text())["features"]
    command = ["ogr2ogr", "-f", "GeoJSON", "/vsistdout/", str(source), "-t_srs", "EPSG:4326",
               "-lco", "COORDINATE_PRECISION=7", "-preserve_fid"]
    if config.get("crs"):
        command += ["-s_srs", config["crs"]]
    if config.get("where"):
        command += ["-where", config["where"]]
    if config.get("layer"):
        command.append(config["layer"])
    output = subprocess.run(command, check=True, capture_output=True).stdout
    features = json.loads(output)["features"]
    # The FID is the field `fid` when the layer has no attribute of that name, as in mapsite.
    for feature in features:
        properties = feature.setdefault("properties", {})
        if not any(name.lower() == "fid" for name in properties):
            properties["fid"] = str(feature["id"])
    return features


def read_rows(content: Path, config: dict) -> list[SourceRow]:
    source = content / config["source"]
    if not source.exists():
        raise FileNotFoundError(f"{source} is missing (named by dataset {config['name']!r} in site.yml)")
    suffix = source.suffix.lower()
    records = []  # (lookup, (lat, lon) or None)
    if suffix == ".csv":
        with source.open(newline="", encoding="utf-8-sig") as file:
            for row in csv.DictReader(file, delimiter=config.get("delimiter", ",")):
                records.append((lambda name, row=row: row.get(name), None))
    elif suffix in (".geojson", ".gpkg", ".shp", ".kml", ".gpx", ".fgb"):
        for feature in _features(source, config):
            properties = feature.get("properties") or {}
            geometry = feature["geometry"]
            if geometry["type"] == "Point":
                lon, lat = geometry["coordinates"][:2]
                records.append((lambda name, p=properties: _json_text(_dotted(p, name)), (lat, lon)))
            else:  # a line or polygon: its representative point, its measures (shapes.py)
                records.append((lambda name, p=properties: _json_text(_dotted(p, name)), geometry))
    else:
        for element in json.loads(source.read_text()):
            records.append((lambda name, e=element: _json_text(_dotted(e, name)), None))

    regions = Regions(content / config["regions"]["source"], config["regions"].get("name", "name")) if config.get(
        "regions"
    ) else None
    rows = []
    for source_value, geometry in records:
        if config.get("latitude"):
            lat, lon = float(source_value(config["latitude"])), float(source_value(config["longitude"]))
        elif config.get("coordinates"):
            lat, lon = (float(part) for part in source_value(config["coordinates"]).split(","))
        elif isinstance(geometry, dict):
            lat, lon = shapes.representative(geometry)
        else:
            lat, lon = geometry
        # Derived fields and the region field, computed here from their definitions in site.yml.
        extra = {}
        for derived in config.get("derived") or []:
            extra[derived["name"]] = derive(derived["rule"], source_value(derived["from"]) or "")
        if regions:
            extra[config["regions"]["field"]] = regions.name_at(lat, lon) or ""

        def value(name, source_value=source_value, extra=extra):
            return extra[name] if name in extra else source_value(name)

        identifier = (value(config["id"]) or "").strip() if config.get("id") else ""
        title = _render_title(str(config.get("item_title", "title")), value) or identifier or "Untitled"
        fields = []
        names = []
        for entry in config.get("fields", []):
            if isinstance(entry, str):
                name, label, style = entry, entry, "text"
            else:
                name, label, style = entry["name"], entry.get("label", entry["name"]), entry.get("format", "text")
            names.append(name)
            text = value(name) or ""
            if text:  # the generator leaves out fields without a value
                fields.append((label, format_value(text, style)))
        # group_by fields that are not in `fields` follow them, labelled from their name.
        for name in config.get("group_by") or []:
            if name not in names and value(name):
                fields.append((label_from(name), value(name)))
        if isinstance(geometry, dict):
            fields += shapes.measures(geometry)
        wanted = set(names) | set(config.get("group_by") or []) | set(extra)
        wanted |= {a["field"] for a in config.get("aggregates") or []}
        rows.append(
            SourceRow(
                id=identifier, title=title, latitude=lat, longitude=lon, fields=fields,
                image=_non_empty(value(config["image"])) if config.get("image") else None,
                description=_non_empty(value(config["item_description"])) if config.get("item_description") else None,
                thumbnail=_non_empty(value(config["thumbnail"])) if config.get("thumbnail") else None,
                values={name: value(name) or "" for name in wanted},
                geometry=geometry if isinstance(geometry, dict) else None,
            )
        )
    return rows


# --- Derived fields, regions and value formats, as README's config reference describes them -----


def derive(rule: str, text: str) -> str:
    if rule == "block":
        return block_of(text)
    if rule == "upper":
        return text.upper()
    if rule == "lower":
        return text.lower()
    if rule == "first_word":
        return (text.split() or [""])[0]
    raise ValueError(f"unknown derivation rule {rule!r}")


def block_of(address: str) -> str:
    """`1552 Walnut St` → `1500 block of Walnut St`: the house number rounded down to the hundred,
    then the street (up to the first comma); empty when the address starts with no house number."""
    words = address.split(",")[0].split()
    match = re.match(r"^(\d+)(?:[-–]\d+|[A-Za-z])?$", words[0]) if words else None
    rest = words[1:]
    if rest and rest[0] in ("1/2", "½"):
        rest = rest[1:]
    if not match or not rest:
        return ""
    return f"{int(match.group(1)) // 100 * 100} block of {' '.join(rest)}"


class Regions:
    """The polygons of a regions GeoJSON file, read with shapely."""

    def __init__(self, path: Path, name_key: str = "name"):
        try:
            from shapely.geometry import shape
        except ImportError:
            pytest.fail("shapely is not installed: run `make test-deps`", pytrace=False)
        features = json.loads(path.read_text())["features"]
        self.regions = [(str(f["properties"][name_key]), shape(f["geometry"])) for f in features]

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.regions]

    def shape_of(self, name: str):
        return next(shape for region, shape in self.regions if region == name)

    def name_at(self, lat: float, lon: float) -> str | None:
        """The first region in the file that covers the point (its border counts as inside)."""
        from shapely.geometry import Point

        point = Point(lon, lat)
        return next((name for name, shape in self.regions if shape.covers(point)), None)


def label_from(name: str) -> str:
    """A field's label when site.yml gives none: `sale_price` → `Sale price`."""
    words = name.split(".")[-1].replace("_", " ").replace("-", " ")
    return words[:1].upper() + words[1:]


def format_value(text: str, style: str) -> str:
    """A value as a field's `format` shows it: `number` 1,234.5, `currency` $387,900 (cents when
    there are any); text that is no number is shown as it is."""
    kind, _, symbol = (style or "text").partition(" ")
    if kind == "text":
        return text
    if kind == "hours":
        return hours_summary(text)
    try:
        number = Decimal(text.strip())
    except ArithmeticError:
        return text
    if not number.is_finite():
        return text
    return format_number(number, "currency" if kind == "currency" else "number", symbol or "$", text.strip())


DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]


def hours_summary(text: str) -> str:
    """An hours value as pages show it, for the rules the example uses (`Mo-Fr 17:00; Sa 12:00`:
    days or a range of days, then moments): the week in one line, runs of days with the same
    times together, ranges with an en dash. Other text is shown as it is."""
    week = [""] * 7
    for rule in text.split(";"):
        days, _, times = rule.strip().partition(" ")
        first, _, last = days.partition("-")
        if first not in DAYS or (last and last not in DAYS) or not re.fullmatch(r"\d\d:\d\d(,\d\d:\d\d)*", times):
            return text
        for day in range(DAYS.index(first), DAYS.index(last or first) + 1):
            week[day] = ", ".join(sorted(times.split(",")))
    parts, start = [], 0
    while start < 7:
        end = start
        while end + 1 < 7 and week[end + 1] == week[start]:
            end += 1
        if week[start]:
            parts.append(DAYS[start] + (f"–{DAYS[end]}" if end > start else "") + " " + week[start])
        start = end + 1
    return "; ".join(parts) or "closed"


def format_number(number: Decimal, kind: str, symbol: str = "$", written: str | None = None) -> str:
    """`kind` currency: `$1,234,567`, or `$1,234,567.50` when there are cents. number: `1,234.5`
    (the decimals as written, when `written` is given)."""
    sign = "-" if number < 0 else ""
    number = abs(number)
    if kind == "currency":
        cents = int((number * 100).to_integral_value(rounding=ROUND_HALF_EVEN))
        whole, fraction = divmod(cents, 100)
        return f"{sign}{symbol}{whole:,}" + (f".{fraction:02d}" if fraction else "")
    if written is not None and "." in written:
        return f"{sign}{int(number):,}" + written[written.index("."):]
    whole = int(number)
    rest = number - whole
    return f"{sign}{whole:,}" + (str(rest.normalize())[1:] if rest else "")


def exact_median(numbers: list[Decimal]) -> Decimal | None:
    ordered = sorted(numbers)
    if not ordered:
        return None
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def numbers_of(rows, name: str) -> list[Decimal]:
    """The values of a field that are numbers, as an aggregate reads them (empty values left out)."""
    found = []
    for row in rows:
        try:
            number = Decimal(row.value(name).strip())
        except ArithmeticError:
            continue
        if number.is_finite():
            found.append(number)
    return found


def slug_of(text: str) -> str:
    """A URL segment as the README describes slugs: folded to lowercase ASCII letters and digits,
    every other run of characters one hyphen (`Street views: Midtown` → `street-views-midtown`)."""
    folded = unicodedata.normalize("NFKD", text.replace("ß", "ss"))
    folded = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    return "-".join(re.findall(r"[a-z0-9]+", folded))[:80].rstrip("-")


def _render_title(template: str, value) -> str:
    if "{" not in template:
        return (value(template) or "").strip()
    return re.sub(r"\{\s*([^}]*?)\s*\}", lambda m: value(m.group(1)) or "", template).strip()


def _dotted(obj: dict, path: str):
    if path in obj:
        return obj[path]
    for part in path.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return None
        obj = obj[part]
    return obj


def _json_text(value) -> str | None:
    """JSON values as text, the way the generator shows them."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, list):
        return ", ".join(t for t in (_json_text(v) for v in value) if t is not None)
    if isinstance(value, dict):
        return None
    return str(value)


def _non_empty(text: str | None) -> str | None:
    text = (text or "").strip()
    return text or None


def is_site_relative(url: str) -> bool:
    """No scheme, not protocol-relative or root-absolute, not a fragment: relative to the site."""
    return ":" not in url and not url.startswith("/") and not url.startswith("#")


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
