"""Every airport of airportsdata (28,298) against Natural Earth's 177 countries at 1:110m (#32's
data test): one site, built once, with the countries as a polygon dataset (the Shapefile, read
through GDAL) and the airports as points with the countries as their regions and a list of the
two nearest countries. For every airport three answers must agree:

- the build's: the region on its page, and its page's nearest countries, where a country holding
  the point is listed at exactly 0 m (no compass point) and none that does not hold it is;
- the browser's: near me's own code over the built files (Tests/Node/near-site.mjs, one Node
  process): which countries hold the point ("You are inside …", core/geo.js inPolygon over the
  whole/ shapes near me reads) for every airport; and near me itself (Tileset.nearest, which
  measures every country its tiles reach, tens of milliseconds a point) with its two nearest
  countries and their distances, for the airports within FULL_WITHIN of two countries'
  boundaries, the ties, every SPREAD-th airport and CEP4 Ross International;
- the oracle's: shapely over the Shapefile as GDAL reads it (through a GeoPackage, whose
  geometries are the same doubles), by the documented rule (docs/shapes.md): edges straight in
  longitude/latitude, so plain planar containment in degrees, boundary included.

Airports within TIE metres of a country's boundary are ties: the build must still give the
oracle's answer (both are exact), near me may read them either way (its whole/ files keep 6
decimals, about 0.1 m), and they are counted. The data comes from PyPI (airportsdata, pinned in
the Makefile, and geopandas 0.14.4's copy of Natural Earth): `make test-deps` puts it under
.build/natural-earth; without it the test fails.
"""

import csv
import html
import json
import math
import os
import sqlite3
import subprocess

import numpy as np
import pytest
import shapely
from selenium.webdriver.common.by import By
from shapely.geometry import mapping

from support import REPO, StaticServer, browser_session, build_site, remove_tree, wait_until

DATA = REPO / ".build" / "natural-earth"
AIRPORTS = DATA / "airportsdata" / "airports.csv"
COUNTRIES = DATA / "geopandas" / "datasets" / "naturalearth_lowres" / "naturalearth_lowres.shp"
NEAR_SITE = REPO / "Tests" / "Node" / "near-site.mjs"
RADIUS = 6371008.8
METRES_PER_DEGREE = RADIUS * math.pi / 180
# A point this near a country's boundary (metres) is a tie: near me may read it either way.
TIE = 0.1
# How far near me's distances may be from the build's (its whole files keep 6 decimals), in metres.
SLACK = 0.15
# Half the last digit of the distances in a page's item data.
PAGE_ROUNDING = 0.05
# Near me itself runs at the airports within this many metres of two countries' boundaries, and
# at every SPREAD-th airport.
FULL_WITHIN = 300
SPREAD = 3000
CEP4 = "CEP4"

SITE_YML = """\
title: Natural Earth airports
datasets:
  - name: countries
    title: Countries
    source: {countries}
    item_title: name
  - name: airports
    title: Airports
    source: {airports}
    id: icao
    slug: icao
    item_title: name
    latitude: lat
    longitude: lon
    neighbours: 0
    fields: [region]
    regions:
      source: data/countries.geojson
      name: name
      field: region
    nearest:
      - dataset: countries
        count: 2
        title: Nearest countries
"""


def read_countries(workdir):
    """The Shapefile's countries as GDAL reads them, in file order: [(name, shapely geometry)].
    Through a GeoPackage, whose geometries are WKB, the same doubles (GeoJSON from GDAL rounds
    some coordinates in their last digits)."""
    gpkg = workdir / "countries.gpkg"
    subprocess.run(["ogr2ogr", "-f", "GPKG", str(gpkg), str(COUNTRIES)], check=True, capture_output=True)
    with sqlite3.connect(gpkg) as db:
        table, column = db.execute("SELECT table_name, column_name FROM gpkg_geometry_columns").fetchone()
        rows = db.execute(f'SELECT name, "{column}" FROM "{table}" ORDER BY fid').fetchall()
    countries = []
    for name, blob in rows:
        envelope = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}[(blob[3] >> 1) & 7]
        countries.append((name, shapely.from_wkb(bytes(blob[8 + envelope:]))))
    return countries


@pytest.fixture(scope="module")
def natural_earth(workdir):
    """The site, built once: (site folder, [airport rows], [(country name, geometry)])."""
    for path in (AIRPORTS, COUNTRIES):
        if not path.is_file():
            pytest.fail(f"{path} is missing: `make test-deps` downloads it", pytrace=False)
    countries = read_countries(workdir)
    content = workdir / "natural-earth"
    (content / "data").mkdir(parents=True)
    # Regions are read from GeoJSON: the same geometries, every double written as Python's repr
    # (the shortest text that reads back as the same double).
    features = [{"type": "Feature", "properties": {"name": name}, "geometry": mapping(geometry)}
                for name, geometry in countries]
    collection = {"type": "FeatureCollection", "features": features}
    (content / "data" / "countries.geojson").write_text(json.dumps(collection))
    yml = SITE_YML.format(countries=json.dumps(str(COUNTRIES)), airports=json.dumps(str(AIRPORTS)))
    (content / "site.yml").write_text(yml)
    site = build_site(content, workdir / "natural-earth-site")
    with open(AIRPORTS, newline="", encoding="utf-8") as file:
        airports = list(csv.DictReader(file))
    yield site, airports, countries
    remove_tree(site)  # 30,000 files, in memory


ITEM_DATA = '<script type="application/json" id="item-data">'


def between(text, before, after):
    """The text between the first `before` and the next `after`, or None."""
    start = text.find(before)
    if start < 0:
        return None
    start += len(before)
    return text[start:text.index(after, start)]


def country_titles(site):
    """{id: title} of the countries, from their pages' item data and headings."""
    titles = {}
    for page in (site / "countries").glob("*/index.html"):
        text = page.read_text()
        data = between(text, ITEM_DATA, "</script>")
        if data:
            titles[json.loads(data)["id"]] = html.unescape(between(text, "<h1>", "</h1>"))
    return titles


def page_answer(page, titles):
    """The build's answer for a place's page: (id, region or None, [(country, metres)]), the
    nearest countries as its item data gives them (to 0.1 m; exactly 0 for a country holding the
    point, which the page prints as "0 m" with no compass point); None for a page of no place."""
    try:
        with open(page, encoding="utf-8") as file:
            text = file.read()
    except (FileNotFoundError, NotADirectoryError):
        return None
    data = between(text, ITEM_DATA, "</script>")
    if data is None:
        return None
    item = json.loads(data)
    region = between(text, "<dt>Region</dt><dd>", "</dd>")
    listed = [(titles[near["id"]], near["distance"]) for near in item["nearest_countries"]]
    return item["id"], (html.unescape(region) if region is not None else None), listed


def built_answers(site):
    """The build's answer for every airport: {id: (region or None, [(country, metres)])}."""
    titles = country_titles(site)
    answers = {}
    for entry in os.scandir(site / "airports"):
        answer = page_answer(os.path.join(entry.path, "index.html"), titles)
        if answer:
            answers[answer[0]] = answer[1:]
    return answers


def oracle(airports, countries):
    """For each airport: (the countries whose polygon covers it, in file order; {country: metres
    to its boundary} for the boundaries within FULL_WITHIN of it). Containment is planar in
    degrees, as the documented rule reads edges; the metres are measured to each boundary segment
    in the plane of degrees scaled by cos(latitude) around the point, exact enough at these
    distances."""
    lons = np.array([float(a["lon"]) for a in airports])
    lats = np.array([float(a["lat"]) for a in airports])
    points = shapely.points(lons, lats)
    covers = [[] for _ in airports]
    for name, geometry in countries:
        west, south, east, north = geometry.bounds
        boxed = np.flatnonzero((west <= lons) & (lons <= east) & (south <= lats) & (lats <= north))
        shapely.prepare(geometry)
        for i in boxed[shapely.covers(geometry, points[boxed])]:
            covers[i].append(name)
    # Every edge of every ring, a segment of its own, each searched within FULL_WITHIN of each
    # point: in degrees of latitude, and of longitude, longer by 1/cos(latitude).
    starts, ends, owners = [], [], []
    for index, (_, geometry) in enumerate(countries):
        for ring in shapely.get_rings(shapely.get_parts(geometry)):
            xy = shapely.get_coordinates(ring)
            starts.append(xy[:-1])
            ends.append(xy[1:])
            owners += [index] * (len(xy) - 1)
    starts, ends, owners = np.concatenate(starts), np.concatenate(ends), np.array(owners)
    scales = np.maximum(np.cos(np.radians(lats)), 1e-9)
    reach = np.minimum(FULL_WITHIN / METRES_PER_DEGREE / scales, 360)
    tree = shapely.STRtree(shapely.linestrings(np.stack([starts, ends], axis=1)))
    point, segment = tree.query(points, predicate="dwithin", distance=reach)
    # The distance from the point (the origin) to each segment a to b in the scaled plane.
    here = np.stack([lons[point], lats[point]], axis=1)
    scale = np.stack([scales[point], np.ones(len(point))], axis=1)
    a, b = (starts[segment] - here) * scale, (ends[segment] - here) * scale
    step = b - a
    length = np.maximum(np.sum(step * step, axis=1), 1e-300)
    t = np.clip(-np.sum(a * step, axis=1) / length, 0, 1)
    foot = a + t[:, None] * step
    metres = np.hypot(foot[:, 0], foot[:, 1]) * METRES_PER_DEGREE
    near = [{} for _ in airports]
    for i, owner, d in zip(point, owners[segment], metres):
        name = countries[owner][0]
        if d <= FULL_WITHIN and d < near[i].get(name, math.inf):
            near[i][name] = float(d)
    return covers, near


def near_me(site, points, full):
    """Tests/Node/near-site.mjs's answers (see there) for [(lat, lon)], near me itself at the
    indices of `full`."""
    request = {"dataset": "countries", "k": 2, "points": points, "full": sorted(full)}
    result = subprocess.run(["node", str(NEAR_SITE), str(site)], input=json.dumps(request), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_build_browser_and_oracle_agree_for_every_airport(natural_earth):
    site, airports, countries = natural_earth
    names = [name for name, _ in countries]
    assert len(set(names)) == len(names) == 177, "Natural Earth's 1:110m countries have 177 distinct names"
    assert len(airports) >= 28000

    pages = built_answers(site)
    assert len(pages) == len(airports), f"{len(pages)} airport pages for {len(airports)} airports"
    built = [pages[airport["icao"]] for airport in airports]
    covers, near = oracle(airports, countries)
    # Near me itself where two countries' boundaries come within FULL_WITHIN, at ties, and a spread.
    full = {i for i, distances in enumerate(near) if len(distances) >= 2 or min(distances.values(), default=TIE) < TIE}
    full |= set(range(0, len(airports), SPREAD))
    full |= {i for i, airport in enumerate(airports) if airport["icao"] == CEP4}
    browser = near_me(site, [[float(a["lat"]), float(a["lon"])] for a in airports], full)
    assert browser["polygons"] == len(countries), "near me's whole/ files hold every country"

    failures, ties, ties_read_otherwise = [], [], []
    for i, airport in enumerate(airports):
        region, listed = built[i]
        inside = covers[i]
        answer = browser["answers"][i]
        tied = {name for name, d in near[i].items() if d < TIE}
        problems = []
        # The build against the oracle: exact, ties included.
        first = inside[0] if inside else None
        if region != first:
            problems.append(f"region {region!r}, oracle {first!r} (first in the file of {inside})")
        zero = [name for name, d in listed if d == 0]
        if not set(zero) <= set(inside) or len(zero) != min(2, len(inside)):
            problems.append(f"page lists at 0 m {zero}, oracle holds it in {inside}")
        # The browser against both; a tie may be read either way, within TIE of its boundary.
        seen = set(answer["inside"])
        if seen != set(inside):
            if tied and seen <= set(inside) | tied:
                ties_read_otherwise.append((airport["icao"], sorted(seen), inside))
            else:
                problems.append(f"near me inside {sorted(seen)}, oracle {inside}")
        if "nearest" in answer:
            if set(answer["nearInside"]) != seen:
                problems.append(f"near me itself inside {answer['nearInside']}, its whole shapes {sorted(seen)}")
            # The same countries at the same distances (two within 2 SLACK of each other may swap).
            if len(listed) != len(answer["nearest"]) or any(
                    abs(d_page - d) > PAGE_ROUNDING + SLACK and not (d_page == 0 and name in tied)
                    or (name != found and abs(d_page - d) > 2 * SLACK)
                    for (name, d_page), (found, d) in zip(listed, answer["nearest"])):
                problems.append(f"near me itself lists {answer['nearest']}, the page {listed}")
        if tied:
            ties.append((airport["icao"], sorted(tied), inside))
        if problems:
            where = f"{airport['icao']} {airport['name']} ({airport['lat']}, {airport['lon']})"
            failures.append(where + ": " + "; ".join(problems))

    summary = (f"{len(airports)} airports, {len(airports) - len(failures)} agree, {len(failures)} disagree; near me "
               f"itself at {len(full)} (simplified: {browser['simplified']}); {len(ties)} within {TIE} m of a "
               f"boundary: {ties}, read otherwise by near me: {ties_read_otherwise}; in no country: "
               f"{sum(1 for c in covers if not c)}")
    print(summary)
    assert not failures, summary + "\n" + "\n".join(failures[:100])


@pytest.fixture(scope="module")
def natural_earth_browser(natural_earth, workdir):
    site = natural_earth[0]
    server = StaticServer(site, workdir / "nginx-natural-earth").start()
    try:
        for session in browser_session(server, workdir, "natural-earth"):
            yield session
    finally:
        server.stop()


def test_cep4_in_chromium(natural_earth, natural_earth_browser):
    """CEP4 Ross International, on the border at 49°N: its page gives Canada (first in the file of
    the two that hold it) and lists both countries at 0 m; near me at its coordinates in Chromium
    says it is inside both, at 0 m each (phone screenshots: natural-earth-cep4-page-phone.png,
    natural-earth-cep4-near-phone.png)."""
    session, driver = natural_earth_browser, natural_earth_browser.driver
    site, airports, countries = natural_earth
    airport = next(a for a in airports if a["icao"] == CEP4)
    _, region, listed = page_answer(site / "airports" / "cep4" / "index.html", country_titles(site))
    holding = [name for name, geometry in countries
               if geometry.covers(shapely.Point(float(airport["lon"]), float(airport["lat"])))]
    assert len(holding) == 2 and region == holding[0], (region, holding)
    assert sorted(listed) == sorted((name, 0) for name in holding), listed

    session.open("airports/cep4/")
    assert driver.find_element(By.CSS_SELECTOR, "dl.fields dd").text == region
    entries = driver.find_elements(By.CSS_SELECTOR, "section.cross li")
    shown = sorted(" ".join(li.text.split()) for li in entries)
    assert shown == sorted(f"{name} 0 m" for name in holding), shown
    session.screenshot("natural-earth-cep4-page-phone", 390, 844, mobile=True)

    session.open(f"near/?dataset=countries&lat={airport['lat']}&lon={airport['lon']}")
    wait_until(driver, lambda d: d.execute_script("return document.body.getAttribute('data-near-ready')") == "true", 15)
    inside = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#near-inside a")]
    assert sorted(inside) == sorted(holding), inside
    shown = {li.find_element(By.TAG_NAME, "a").text: li.find_element(By.CSS_SELECTOR, ".distance").text
             for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")}
    assert all(shown.get(name) == "0 m, inside" for name in holding), shown
    session.screenshot("natural-earth-cep4-near-phone", 390, 844, mobile=True)
    session.assert_clean("near/ at CEP4")
