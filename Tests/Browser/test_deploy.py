"""The site as a CDN serves it from object storage: built with base URL /demo/, sent by `mapsite
deploy` to SeaweedFS on loopback (Tests/Deploy/seaweed.py), and served by nginx as a caching
proxy in front of the bucket would (a folder's URL answered with its index.html, the headers the
objects were stored with passed on). Chromium installs the service worker from it, then nginx is
stopped: the pages seen before open from the worker, the others show the site's offline page."""

from __future__ import annotations

import subprocess
import sys
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from support import MAPSITE, REPO, StaticServer, browser_session, build_site, free_port, text_of, wait_until

sys.path.insert(0, str(REPO / "Tests" / "Deploy"))
import seaweed  # noqa: E402

NGINX = """daemon off;
worker_processes 1;
pid @RUN@/nginx.pid;
error_log @RUN@/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path @RUN@/client_body;
    proxy_temp_path @RUN@/proxy;
    fastcgi_temp_path @RUN@/fastcgi;
    uwsgi_temp_path @RUN@/uwsgi;
    scgi_temp_path @RUN@/scgi;
    absolute_redirect off;
    server {
        listen 127.0.0.1:@PORT@;
        location = /demo { return 301 /demo/; }
        location /demo/ {
            rewrite ^/demo/(.*/)?$ /@BUCKET@/demo/$1index.html break;
            rewrite ^/demo/(.*)$ /@BUCKET@/demo/$1 break;
            proxy_pass http://127.0.0.1:@STORE@;
            proxy_intercept_errors on;
            error_page 403 404 =404 /demo/404.html;
        }
    }
}
"""


class CDN(StaticServer):
    """nginx in front of the bucket, started again on the same port after a stop."""

    def __init__(self, store: seaweed.SeaweedFS, scratch):
        super().__init__(scratch, scratch)
        self.store = store

    def start(self) -> "CDN":
        if not self.port:
            self.port = free_port()
        self.scratch.mkdir(parents=True, exist_ok=True)
        config = (NGINX.replace("@PORT@", str(self.port)).replace("@RUN@", str(self.scratch))
                  .replace("@STORE@", str(self.store.port)).replace("@BUCKET@", seaweed.BUCKET))
        (self.scratch / "nginx.conf").write_text(config)
        self.process = subprocess.Popen(
            ["nginx", "-p", str(self.scratch), "-e", str(self.scratch / "error.log"), "-c",
             str(self.scratch / "nginx.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not self._wait_until_up():
            raise RuntimeError((self.scratch / "error.log").read_text(errors="replace"))
        return self


@pytest.fixture(scope="module")
def cdn(workdir):
    try:
        store = seaweed.SeaweedFS(workdir / "deploy-store")
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)
    site = build_site(REPO / "content", workdir / "deploy-site")
    result = subprocess.run(
        [str(MAPSITE), "deploy", f"s3://{seaweed.BUCKET}/demo/", "--endpoint", store.url, "--output", str(site)],
        env=seaweed.environment(workdir / "deploy-home"), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    server = CDN(store, workdir / "nginx-deploy").start()
    yield server
    server.stop()
    store.stop()


@pytest.fixture(scope="module")
def visitor(cdn, workdir):
    yield from browser_session(cdn, workdir, "deploy")


def headers(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return {name.lower(): value for name, value in response.headers.items()}


def test_the_cdn_passes_on_the_stored_types_and_caching(cdn, visitor):
    visitor.open("")
    stylesheet = visitor.driver.find_element(By.CSS_SELECTOR, "link[rel=stylesheet][href*='mapsite.']")
    css = headers(stylesheet.get_attribute("href"))
    assert css["content-type"] == "text/css; charset=utf-8"
    assert css["cache-control"] == "public, max-age=31536000, immutable"
    manifest = headers(cdn.url("manifest.webmanifest"))
    assert manifest["content-type"] == "application/manifest+json" and manifest["cache-control"] == "no-cache"
    page = headers(cdn.url("boxes/"))
    assert page["content-type"] == "text/html; charset=utf-8" and page["cache-control"] == "no-cache"
    assert headers(cdn.url("tiles/boxes/index.json"))["cache-control"] == "no-cache"
    visitor.assert_clean("home through the CDN")


def test_pages_seen_through_the_cdn_open_offline(cdn, visitor):
    driver = visitor.driver
    visitor.open("boxes/")
    driver.set_script_timeout(20)
    driver.execute_async_script("var done = arguments[0]; navigator.serviceWorker.ready.then(function () { done(); });")
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        visitor.open("boxes/")
    wait_until(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=10,
               message="no service worker controls boxes/")
    item = driver.find_element(By.CSS_SELECTOR, "main ul a[href]").get_attribute("href")
    titles = {}
    for path in ["boxes/", "about/", item]:
        visitor.open(path)
        titles[path] = text_of(driver.find_element(By.TAG_NAME, "h1"))
    cdn.stop()
    try:
        for path, title in titles.items():
            visitor.open(path)
            assert text_of(driver.find_element(By.TAG_NAME, "h1")) == title, path
            assert driver.execute_script(
                "return performance.getEntriesByType('navigation')[0].workerStart > 0"), path
        visitor.open("photos/")  # never opened
        assert text_of(driver.find_element(By.TAG_NAME, "h1")) == "You are offline"
        visitor.assert_clean("pages offline behind the CDN")
    finally:
        cdn.start()
