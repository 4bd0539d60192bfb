#!/usr/bin/env python3
"""mapsite visitor benchmark: what a phone's browser pays for a page, measured in headless Chromium
with nginx compressing text as a host would (`gzip on` for HTML, CSS, JS, JSON, SVG).

    python3 Tests/Benchmarks/visitor_bench.py --example SITE --cities SITE [--json OUT]

Given two built sites, the example (`content/`, for an item page) and the 144,563 cities (for the
map), each served by an nginx of its own at /demo/ with the README's cache headers (a year and
`immutable` for fingerprinted assets, `no-cache` for HTML and sw.js), it measures, each time in
a new Chromium profile at a phone's viewport (390×844):

- an item page's first visit: the bytes nginx sent (its access log's `$bytes_sent`, headers
  included) until the page has loaded and the network has been idle for 2 s, which includes the
  service worker's first files; the same once the page is scrolled to the end (its mini-map, a
  static map, draws the basemap's images, from another host); and once the mini-map is tapped
  (it then loads Leaflet);
- the cities' map page (`cities/map/`) under emulated slow 4G (DevTools protocol
  `Network.emulateNetworkConditions`: 400 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, no cache
  disabled): the time from navigation start until the first marker or cluster is in the page (a
  MutationObserver installed before any script; Leaflet's icons, or the same icons of the first
  view that the page draws before Leaflet has loaded, `.cluster-icon` and `.place-pin`, drawn
  once the page's stylesheets are in, so on the screen at once), and the bytes nginx sent for
  requests it logged before that moment;
- a repeat visit to every page opened before (home, the item page, the map page, a list): how
  many requests for files under `assets/` reached nginx, and how many requests in all.

bench.py calls `run(example, cities)` (section `visitor`), which returns the figures and the
targets as (name, value, limit, passed) tuples.
"""

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

TARGETS = {
    "item_first_visit": 60_000,  # bytes transferred, the item page's first visit
    "map_before_markers": 150_000,  # bytes transferred before the map's first markers
    "map_first_markers": 1.0,  # seconds to the first markers under slow 4G
    "repeat_assets": 0,  # asset requests that reach the server on a repeat visit
}
SLOW_4G = {"offline": False, "latency": 400, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
PHONE = (390, 844)

NGINX_CONF = """
daemon off;
worker_processes 1;
pid {run}/nginx.pid;
error_log {run}/error.log warn;
events {{ worker_connections 256; }}
http {{
    log_format bench '$msec $status $bytes_sent $request_uri';
    access_log {run}/access.log bench;
    client_body_temp_path {run}/client_body;
    proxy_temp_path {run}/proxy;
    fastcgi_temp_path {run}/fastcgi;
    uwsgi_temp_path {run}/uwsgi;
    scgi_temp_path {run}/scgi;
    types {{
        text/html html; text/css css; text/javascript js; application/json json;
        application/geo+json geojson; application/manifest+json webmanifest; text/csv csv;
        application/xml xml; text/plain txt; image/png png; image/jpeg jpg jpeg; image/svg+xml svg;
    }}
    default_type application/octet-stream;
    sendfile on;
    absolute_redirect off;
    # As a host would: text compressed (precompressed .gz siblings when the site has them).
    gzip on;
    gzip_comp_level 6;
    gzip_static on;
    gzip_types text/css text/javascript application/json application/geo+json application/manifest+json
               image/svg+xml text/csv application/xml text/plain;
    server {{
        listen 127.0.0.1:{port};
        location = /demo {{ return 301 /demo/; }}
        location /demo/ {{
            alias {site}/;
            index index.html;
            add_header Cache-Control "no-cache";
            location ~* "\\.[0-9a-f]{{8}}\\.(js|css|svg|png)$" {{
                add_header Cache-Control "public, max-age=31536000, immutable";
            }}
        }}
    }}
}}
"""

# Records when the first marker or cluster enters the page (ms since navigation start, and the
# wall clock, to compare with nginx's log).
MARKER_WATCH = """
window.__firstMarker = null;
new MutationObserver(function (changes, observer) {
  if (document.querySelector('.leaflet-marker-icon, .leaflet-marker-pane > *, .cluster-icon, .marker-cluster, .place-pin')) {
    window.__firstMarker = { ms: performance.now(), wall: Date.now() / 1000 };
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""


def log(message):
    print(f"  visitor: {message}", file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """nginx serving `site` at /demo/, its access log read by `requests()`."""

    def __init__(self, site, scratch):
        self.site, self.scratch, self.port = Path(site), Path(scratch), free_port()
        self.scratch.mkdir(parents=True, exist_ok=True)
        for folder in [self.scratch, self.site, *self.site.parents]:
            if str(folder).startswith(("/tmp/", "/dev/shm/")):
                folder.chmod(0o755)
        conf = self.scratch / "nginx.conf"
        conf.write_text(NGINX_CONF.format(run=self.scratch, port=self.port, site=self.site))
        self.process = subprocess.Popen(["nginx", "-p", str(self.scratch), "-e", str(self.scratch / "error.log"),
                                         "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError((self.scratch / "error.log").read_text())

    def url(self, path=""):
        return f"http://127.0.0.1:{self.port}/demo/{path}"

    def mark(self):
        """The access log's length now: `requests(since=mark)` gives what came after."""
        path = self.scratch / "access.log"
        return path.stat().st_size if path.exists() else 0

    def requests(self, since=0):
        """[(time, status, bytes sent, uri)] logged since `since`."""
        path = self.scratch / "access.log"
        if not path.exists():
            return []
        with open(path, "rb") as handle:
            handle.seek(since)
            lines = handle.read().decode().splitlines()
        found = []
        for line in lines:
            stamp, status, sent, uri = line.split(" ", 3)
            found.append((float(stamp), int(status), int(sent), uri))
        return found

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def new_driver(profile):
    os.environ.setdefault("SE_OFFLINE", "true")
    os.environ.setdefault("SE_AVOID_STATS", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                     f"--window-size={PHONE[0]},{PHONE[1]}", "--no-first-run", "--disable-extensions",
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(60)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 3, "mobile": True})
    return driver


def settle(server, quiet=2.0, limit=30.0):
    """Waits until nginx has logged nothing new for `quiet` seconds."""
    start, last, size = time.monotonic(), time.monotonic(), server.mark()
    while time.monotonic() - start < limit:
        time.sleep(0.2)
        now = server.mark()
        if now != size:
            size, last = now, time.monotonic()
        elif time.monotonic() - last >= quiet:
            return


def kb(n):
    return f"{n / 1000:,.1f} KB"


def item_first_visit(server, workdir, item):
    """Bytes of an item page's first visit: at load and idle, then with the mini-map scrolled in."""
    driver = new_driver(workdir / "profile-item")
    try:
        start = server.mark()
        driver.get(server.url(item))
        settle(server)
        loaded = server.requests(start)
        middle = server.mark()
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        settle(server)
        scrolled = server.requests(middle)
        last = server.mark()
        driver.execute_script("document.getElementById('minimap').scrollIntoView(); document.getElementById('minimap').click()")
        settle(server)
        tapped = server.requests(last)
        seen = loaded + scrolled + tapped
        return {
            "page": item,
            "bytes": sum(r[2] for r in loaded), "requests": len(loaded),
            "scrolled_bytes": sum(r[2] for r in loaded + scrolled), "scrolled_requests": len(loaded) + len(scrolled),
            "tapped_bytes": sum(r[2] for r in seen), "tapped_requests": len(seen),
            "largest": sorted(((r[2], r[3]) for r in seen), reverse=True),
        }
    finally:
        driver.quit()


def map_first_markers(server, workdir, page):
    """The cities' map under slow 4G: time to the first marker, bytes before it."""
    driver = new_driver(workdir / "profile-map")
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MARKER_WATCH})
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW_4G)
        start = server.mark()
        driver.get(server.url(page))
        deadline = time.monotonic() + 60
        first = None
        while time.monotonic() < deadline and not first:
            first = driver.execute_script("return window.__firstMarker")
            time.sleep(0.05)
        settle(server)
        seen = server.requests(start)
        if not first:
            return {"page": page, "ms": None, "bytes_before": None, "requests_before": None,
                    "bytes_total": sum(r[2] for r in seen)}
        # nginx logs a request when its response is sent; with the throttling the browser has it
        # later still, so this counts no request the markers could not have needed.
        before = [r for r in seen if r[0] <= first["wall"]]
        # When nginx finished sending each response, from the navigation's start.
        navigation = first["wall"] - first["ms"] / 1000
        return {"page": page, "ms": first["ms"], "bytes_before": sum(r[2] for r in before),
                "requests_before": len(before), "bytes_total": sum(r[2] for r in seen),
                "requests_total": len(seen),
                "timeline": [(round((r[0] - navigation) * 1000), r[2], r[3]) for r in before]}
    finally:
        driver.quit()


def repeat_visit(pages, workdir):
    """Opens each (server, page) twice in one profile; requests of the second round reaching nginx."""
    driver = new_driver(workdir / "profile-repeat")
    try:
        for server, page in pages:
            driver.get(server.url(page))
            settle(server, quiet=1.5)
        marks = {id(server): server.mark() for server, _ in pages}
        for server, page in pages:
            driver.get(server.url(page))
            settle(server, quiet=1.5)
        again = [r for server in {id(s): s for s, _ in pages}.values() for r in server.requests(marks[id(server)])]
        assets = [r for r in again if "/assets/" in r[3]]
        return {"requests": len(again), "asset_requests": len(assets), "uris": sorted({r[3] for r in again})[:20],
                "asset_uris": sorted({r[3] for r in assets})}
    finally:
        driver.quit()


def first_item(site):
    """The path of the first place of the first dataset of the example site (its list page's first link)."""
    listing = (Path(site) / "boxes" / "index.html").read_text()
    slugs = re.findall(r'<a href="\.\./boxes/([a-z0-9-]+/)"', listing.split("<main", 1)[1])
    return "boxes/" + next(slug for slug in slugs if slug not in ("map/", "page/", "by/"))


def run(example, cities, cities_name="cities", quiet=False):
    workdir = Path(tempfile.mkdtemp(prefix="mapsite-visitor-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    workdir.chmod(0o755)
    servers = []
    try:
        example_server = Server(example, workdir / "nginx-example")
        cities_server = Server(cities, workdir / "nginx-cities")
        servers = [example_server, cities_server]
        item = first_item(example)
        result = {"item": item_first_visit(example_server, workdir, item)}
        log(f"item page {item}: {kb(result['item']['bytes'])} in {result['item']['requests']} requests")
        result["map"] = map_first_markers(cities_server, workdir, f"{cities_name}/map/")
        log(f"map page: first markers at {result['map']['ms']} ms, {result['map']['bytes_before']} bytes before")
        result["repeat"] = repeat_visit(
            [(example_server, ""), (example_server, item), (example_server, "boxes/"), (example_server, "map/"),
             (cities_server, f"{cities_name}/map/")], workdir)
        log(f"repeat visit: {result['repeat']['asset_requests']} asset requests")
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    item, map_, repeat = result["item"], result["map"], result["repeat"]
    result["targets"] = [
        ("item page, first visit (bytes)", item["bytes"], TARGETS["item_first_visit"],
         item["bytes"] <= TARGETS["item_first_visit"]),
        ("cities map, bytes before first markers", map_["bytes_before"], TARGETS["map_before_markers"],
         map_["bytes_before"] is not None and map_["bytes_before"] <= TARGETS["map_before_markers"]),
        ("cities map, first markers under slow 4G (s)", None if map_["ms"] is None else map_["ms"] / 1000,
         TARGETS["map_first_markers"], map_["ms"] is not None and map_["ms"] / 1000 <= TARGETS["map_first_markers"]),
        ("repeat visit, asset requests", repeat["asset_requests"], TARGETS["repeat_assets"],
         repeat["asset_requests"] <= TARGETS["repeat_assets"]),
    ]
    if not quiet:
        print_result(result)
    return result


def print_result(result):
    item, map_, repeat = result["item"], result["map"], result["repeat"]
    print("\nVisitor (headless Chromium, phone viewport, nginx with gzip; bytes as nginx sent them)")
    print(f"  item page {item['page']}, first visit: {kb(item['bytes'])} in {item['requests']} requests "
          f"(scrolled to its mini-map: {kb(item['scrolled_bytes'])} in {item['scrolled_requests']}; "
          f"its mini-map tapped, Leaflet loaded: {kb(item['tapped_bytes'])} in {item['tapped_requests']})")
    for size, uri in item["largest"]:
        print(f"      {kb(size):>10}  {uri}")
    ms = "never" if map_["ms"] is None else f"{map_['ms'] / 1000:.2f} s"
    print(f"  cities map under slow 4G (400 ms RTT, 1.6 Mbit/s): first markers after {ms}; "
          f"{kb(map_['bytes_before'] or 0)} in {map_.get('requests_before')} requests before them, "
          f"{kb(map_['bytes_total'])} once idle")
    for ms, size, uri in map_.get("timeline", []):
        print(f"      {ms:>6} ms {kb(size):>10}  {uri}")
    print(f"  repeat visit of 5 pages: {repeat['requests']} requests reached the server, "
          f"{repeat['asset_requests']} of them for assets {repeat['asset_uris'] or ''}")
    for name, value, limit, passed in result["targets"]:
        shown = "–" if value is None else (f"{value:,.2f}" if isinstance(value, float) else f"{value:,}")
        print(f"  {'PASS' if passed else 'FAIL'}  {name}: {shown} (limit {limit:,})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--example", required=True, help="the example site, built from content/")
    parser.add_argument("--cities", required=True, help="the cities site")
    parser.add_argument("--cities-name", default="cities", help="the cities dataset's name (default cities)")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    result = run(args.example, args.cities, args.cities_name)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
