"""Session fixtures: the example site, built once with base URL /demo/ and served by nginx under
that sub-path; the hostile fixture site, likewise; and a headless Chromium per test module.

Every test that uses a browser ends with a check that the pages it showed logged no errors
(see `_no_browser_errors`); only raster basemap tiles may fail to load, as there is no internet.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from support import HERE, REPO, StaticServer, browser_session, build_site, load_datasets, remove_tree

CONTENT = REPO / "content"
HOSTILE = HERE / "fixtures" / "hostile"
REGIONS = HERE / "fixtures" / "regions"


@pytest.fixture(scope="session")
def workdir():
    """A scratch folder for the sites, nginx and browser profiles; removed at the end. In memory
    (/dev/shm) when the machine has it: writing and removing a few thousand small files on a busy
    disk took seconds."""
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else Path("/tmp")
    path = Path(tempfile.mkdtemp(prefix="mapsite-browser-", dir=base))
    path.chmod(0o755)  # nginx's workers run as `nobody`
    yield path
    remove_tree(path)


@pytest.fixture(scope="session")
def example():
    """The example content, read from its sources: (site config, [DatasetSpec])."""
    try:
        return load_datasets(CONTENT)
    except FileNotFoundError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def site_config(example):
    return example[0]


@pytest.fixture(scope="session")
def datasets(example):
    return {spec.name: spec for spec in example[1]}


@pytest.fixture(scope="session")
def site_dir(workdir):
    """The example site, built once for the session as it would be for hosting under /demo/."""
    return build_site(Path("content"), workdir / "site")


@pytest.fixture(scope="session")
def server(site_dir, workdir):
    server = StaticServer(site_dir, workdir / "nginx").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def linkcheck(server):
    """linkchecker over the served site, running in the background: the Popen, to wait for.

    It takes a good part of the suite's time, mostly its own CPU; started when the session begins
    (by `_start_linkcheck_early`), it runs while the browser tests do."""
    linkchecker = shutil.which("linkchecker")
    if not linkchecker:
        pytest.fail("linkchecker is not installed (Debian package linkchecker)", pytrace=False)
    # The 404 page is linked from no page; start from it too. (A site under a base URL that is only
    # a path, as here, has no sitemap.)
    start = [server.base_url, server.url("404.html")]
    process = subprocess.Popen(
        [linkchecker, "-f", str(HERE / "linkcheckerrc"), "--no-status", *start],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    yield process
    if process.poll() is None:  # the session ended without waiting for it
        process.kill()
        process.communicate()


@pytest.fixture(scope="session", autouse=True)
def _start_linkcheck_early(request):
    """Starts `linkcheck` with the first test, when a test of this session will want it. Under
    pytest-xdist every worker collects every test but runs only some, so there the test that wants
    it starts it."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    if any("linkcheck" in getattr(item, "fixturenames", ()) for item in request.session.items):
        request.getfixturevalue("linkcheck")


@pytest.fixture(scope="session")
def hostile_server(workdir):
    """The site of Tests/Browser/fixtures/hostile: one place whose texts and URLs try to run script."""
    site = build_site(HOSTILE, workdir / "hostile-site", theme=REPO / "templates")
    server = StaticServer(site, workdir / "nginx-hostile").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def regions_server(workdir):
    """The site of Tests/Browser/fixtures/regions: places on borders, in holes and overlaps."""
    site = build_site(REGIONS, workdir / "regions-site", theme=REPO / "templates")
    server = StaticServer(site, workdir / "nginx-regions").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser(server, workdir, request):
    yield from browser_session(server, workdir, request.module.__name__)


@pytest.fixture(scope="module")
def hostile_browser(hostile_server, workdir, request):
    yield from browser_session(hostile_server, workdir, request.module.__name__ + "-hostile")


@pytest.fixture(autouse=True)
def _no_browser_errors(request):
    """After each test that used a browser: no uncaught errors, rejections or SEVERE console entries.

    Tests also check this themselves after each page (`Browser.assert_clean`) to name the page;
    this catches what happened after their last check, e.g. when an assertion ended the test early.
    """
    browsers = [request.getfixturevalue(name) for name in ("browser", "hostile_browser", "no_js")
                if name in request.fixturenames]
    yield
    problems = [problem for browser in browsers for problem in browser.problems()]  # also clears them
    call = getattr(request.node, "report_call", None)
    if problems and not (call and call.failed):  # a failed test is reported once, by its own failure
        pytest.fail("errors in the browser:\n" + "\n".join(problems), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps the test's own outcome on the item, for `_no_browser_errors`."""
    report = yield
    if report.when == "call":
        item.report_call = report
    return report
