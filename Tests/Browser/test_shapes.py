"""Places that are lines and polygons (the example's elevated railways and Center City squares):
their pages draw the shape on the mini map, fitted to it, and show its length or area, as
pyproj measures the GeoJSON read here; their JSON-LD has a GeoShape; the downloads keep the shapes."""

import csv
import io
import json

import pytest
import shapely.wkt
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from shapely.geometry import Polygon, shape

import shapes
from support import REPO, Browser, fetch, slug_of, text_of

# (dataset, id, slug): a polygon with a hole, one without, a line.
PAGES = [
    ("squares", "city-hall", "city-hall"),
    ("squares", "rittenhouse-square", "rittenhouse-square"),
    ("elevated", "third-avenue-el", "third-avenue-elevated"),
]


@pytest.mark.parametrize("name,row_id,slug", PAGES)
def test_shape_is_drawn_fitted_and_measured(browser, server, datasets, name, row_id, slug):
    row = datasets[name].rows[row_id]
    assert row.geometry, f"{name} {row_id} is no line or polygon in the source"
    driver = browser.driver
    browser.open(f"{name}/{slug}/")
    where = browser.path

    # Drawn: a path in the mini map's static map, besides the pin at the representative point
    # (Leaflet's map, once the visitor moves it, draws the same: test_items.py).
    driver.execute_script("document.getElementById('minimap').scrollIntoView()")
    paths = WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-shape path"))
    assert len(paths) == 1, f"{where}: {len(paths)} vector paths"
    box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", paths[0])
    frame = driver.execute_script("return document.getElementById('minimap').getBoundingClientRect().toJSON()")
    # Fitted: the whole shape in view, and filling much of the map one way or the other.
    assert box["left"] >= frame["left"] - 1 and box["right"] <= frame["right"] + 1, (where, box, frame)
    assert box["top"] >= frame["top"] - 1 and box["bottom"] <= frame["bottom"] + 1, (where, box, frame)
    assert max(box["width"] / frame["width"], box["height"] / frame["height"]) > 0.4, (where, box, frame)
    if name == "squares":  # polygons are filled
        assert paths[0].get_attribute("fill") not in (None, "none")
    assert driver.find_elements(By.CSS_SELECTOR, "#minimap .static-markers .place-pin")

    # Measured: Length, or Area and Perimeter, among the fields, as pyproj measures the source.
    shown = dict(
        (text_of(dt), text_of(dd))
        for dt, dd in zip(
            driver.find_elements(By.CSS_SELECTOR, "dl.fields dt"), driver.find_elements(By.CSS_SELECTOR, "dl.fields dd")
        )
    )
    expected = dict(shapes.measures(row.geometry))
    assert expected and all(shown.get(label) == value for label, value in expected.items()), (where, shown, expected)

    # The point standing for it lies on the line or inside the polygon.
    data = json.loads(driver.find_element(By.ID, "item-data").get_attribute("textContent"))
    assert shapes.inside(row.geometry, data["lat"], data["lon"]), (where, data["lat"], data["lon"])
    assert shape(data["geometry"]).equals_exact(shape(row.geometry), 1e-7) or shape(data["geometry"]).equals(
        shape(row.geometry)
    )

    # JSON-LD: GeoCoordinates, then a GeoShape of "lat lon" pairs.
    place = json.loads(driver.find_element(By.CSS_SELECTOR, 'script[type="application/ld+json"]').get_attribute("textContent"))
    coordinates, geo_shape = place["geo"]
    assert coordinates["@type"] == "GeoCoordinates" and geo_shape["@type"] == "GeoShape"
    key = "polygon" if name == "squares" else "line"
    numbers = [float(n) for n in geo_shape[key].split()]
    outer = row.geometry["coordinates"][0] if key == "polygon" else row.geometry["coordinates"]
    assert numbers == pytest.approx([c for lon, lat in outer for c in (lat, lon)], abs=1e-7)
    browser.assert_clean(where)


def test_downloads_keep_the_shapes(server, datasets):
    status, _, body = fetch(server.url("downloads/squares.geojson"))
    assert status == 200
    features = {f["id"]: f for f in json.loads(body)["features"]}
    for row_id, row in datasets["squares"].rows.items():
        geometry = features[row_id]["geometry"]
        assert geometry["type"] == row.geometry["type"]
        # The download is at full precision; the oracle's rows (ogr2ogr for a GIS source) at 7
        # decimals, about 1 cm.
        assert shape(geometry).equals_exact(shape(row.geometry), 1e-7), row_id
        # RFC 7946: outer rings counter-clockwise, holes clockwise.
        rings = geometry["coordinates"]
        assert Polygon(rings[0]).exterior.is_ccw, row_id
        assert all(not Polygon(hole).exterior.is_ccw for hole in rings[1:]), row_id
        assert features[row_id]["properties"]["title"] == row.title
    assert any(len(f["geometry"]["coordinates"]) > 1 for f in features.values()), "no polygon with a hole"

    status, _, body = fetch(server.url("downloads/elevated.csv"))
    assert status == 200
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8"))))
    assert {r["id"] for r in rows} == set(datasets["elevated"].rows)
    for r in rows:
        source = datasets["elevated"].rows[r["id"]]
        assert shapely.wkt.loads(r["geometry"]).equals_exact(shape(source.geometry), 1e-7)
        assert shapes.inside(source.geometry, float(r["latitude"]), float(r["longitude"]))


# The map pages: lines and polygons drawn from the shape tiles, each path with its place's popup.

SHAPE_PATHS = """
return Array.from(document.querySelectorAll('#map .leaflet-overlay-pane path.' + arguments[0])).map(function (p) {
  return p;
});"""

# Clicks a path at a point of it (a line's middle may be off its box's centre) and returns the
# popup's link, once it shows.
CLICK_PATH = """
var path = arguments[0], length = path.getTotalLength(), point = path.getPointAtLength(length / 3);
var matrix = path.getScreenCTM(), x = matrix.a * point.x + matrix.c * point.y + matrix.e,
  y = matrix.b * point.x + matrix.d * point.y + matrix.f;
if (path.classList.contains('shape-fill')) {
  var box = path.getBoundingClientRect();
  var hit = null;
  // A point of the fill: scan its box for where the path is the element hit.
  for (var i = 1; i < 20 && !hit; i++) for (var j = 1; j < 20 && !hit; j++) {
    var px = box.left + box.width * i / 20, py = box.top + box.height * j / 20;
    if (document.elementFromPoint(px, py) === path) hit = [px, py];
  }
  if (!hit) return null;
  x = hit[0]; y = hit[1];
}
path.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y, view: window }));
return [x, y];
"""



def on_map(driver, script, *args):
    """Runs `script` (a function's body, which returns its answer; `args` are its arguments) with
    `map` bound to the map page's Leaflet map: the `map` of the page's own page/map.js module."""
    body = "var map = module.map; done((function () {" + script + "}).apply(null, arguments));"
    answer = Browser(driver, None).module("page/map", body, *args)
    assert not (isinstance(answer, dict) and "__error" in answer), answer
    return answer


def wait_for_map(driver):
    WebDriverWait(driver, 15).until(lambda d: "Loading" not in d.find_element(By.ID, "map-status").text)
    return text_of(driver.find_element(By.ID, "map-status"))


def popup_link(driver, path):
    """The popup a click on `path` opens: (title, href), its link resolved against the page."""
    on_map(driver, "map.closePopup()")
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".leaflet-popup"))
    assert driver.execute_script(CLICK_PATH, path), "no point of the path takes a click"
    link = WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".leaflet-popup a.popup-title"))[0]
    return text_of(link), driver.execute_script("return arguments[0].href", link)


@pytest.mark.parametrize(
    "path, expected",
    [("squares/map/", {"squares"}), ("elevated/map/", {"elevated"}), ("map/", {"squares", "elevated"})],
    ids=["squares", "elevated", "all"],
)
def test_maps_draw_lines_and_polygons_with_popups(browser, server, datasets, path, expected):
    driver = browser.driver
    browser.open(path)
    status = wait_for_map(driver)
    assert status.endswith("in view"), f"{path}: {status}"
    if path == "map/":
        # The first view holds every dataset: go to Philadelphia's squares, then to Manhattan's lines.
        views = {"squares": (39.952, -75.162, 15), "elevated": (40.74, -73.99, 13)}
    else:
        views = {name: None for name in expected}
    for name, view in views.items():
        if view:
            on_map(driver, "map.setView([arguments[0], arguments[1]], arguments[2])", *view)
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#map path.shape-" + (
                "fill" if name == "squares" else "line")))
            wait_for_map(driver)
        rows = datasets[name].rows
        by_title = {row.title: row for row in rows.values()}
        kind = "shape-fill" if name == "squares" else "shape-line"
        # map/ draws other datasets' shapes too (the walks): count this dataset's.
        kind += ".shapes-of-" + name
        paths = WebDriverWait(driver, 10).until(lambda d: d.execute_script(SHAPE_PATHS, kind))
        # Each place drawn once (its pieces in one path), every place of the dataset in this view.
        assert len(paths) == len(rows), f"{path}: {len(paths)} {kind} paths for {len(rows)} {name}"
        if name == "squares":
            outlines = driver.execute_script(SHAPE_PATHS, "shape-outline.shapes-of-" + name)
            assert len(outlines) == len(rows), f"{path}: {len(outlines)} outlines"
            assert all(p.get_attribute("fill") not in (None, "none") for p in paths)
            # Holes stay open: City Hall's courtyard is a hole, so its path has two rings.
            assert any(p.get_attribute("d").count("M") >= 2 for p in paths), "no polygon with its hole drawn"
        else:
            assert all(p.get_attribute("fill") in (None, "none") for p in paths)
        colors = {p.get_attribute("fill") if name == "squares" else p.get_attribute("stroke") for p in paths}
        assert len(colors) == 1, f"{path}: {name} drawn in {colors}"
        titles = set()
        for element in paths:
            title, href = popup_link(driver, element)
            row = by_title.get(title)
            assert row, f"{path}: a {name} path's popup names {title!r}, no place of {name}"
            assert href == server.url(f"{name}/{slug_of(row.title)}/"), (path, title, href)
            titles.add(title)
        assert titles == set(by_title), f"{path}: popups name {sorted(titles)}"
    browser.screenshot(f"shapes-{path.strip('/').replace('/', '-') or 'all'}-desktop")
    browser.screenshot(f"shapes-{path.strip('/').replace('/', '-') or 'all'}-phone", 390, 844, mobile=True)
    browser.assert_clean(path)


def aeqd_distances(geometries: list[dict], lat: float, lon: float) -> list[float]:
    """Metres from (lat, lon) to each GeoJSON geometry: shapely in an azimuthal equidistant
    projection centred on the point (pyproj), where distances from the centre are true."""
    import numpy
    import shapely
    from pyproj import Transformer
    from shapely.geometry import Point

    transformer = Transformer.from_crs(
        "EPSG:4326", f"+proj=aeqd +lat_0={lat} +lon_0={lon} +ellps=WGS84 +units=m", always_xy=True
    )

    def project(coordinates):
        return numpy.column_stack(transformer.transform(coordinates[:, 0], coordinates[:, 1]))

    return [shapely.transform(shape(geometry), project).distance(Point(0, 0)) for geometry in geometries]


@pytest.mark.parametrize(
    "name, lat, lon, inside",
    [
        # In Rittenhouse Square, near its north-west corner, not at the point that stands for it.
        ("squares", 39.9503, -75.1725, "Rittenhouse Square"),
        # In City Hall's courtyard, its hole: inside no square.
        ("squares", 39.95247, -75.16344, None),
        # On Broadway, between the Sixth and Third Avenue lines.
        ("elevated", 40.7359, -73.9908, None),
    ],
    ids=["inside-a-square", "in-a-hole", "between-lines"],
)
def test_near_me_measures_to_the_shapes(browser, server, datasets, name, lat, lon, inside):
    spec = datasets[name]
    driver = browser.driver
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": browser.server.origin})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": lat, "longitude": lon, "accuracy": 5})
    browser.open(f"near/?dataset={name}")
    driver.find_element(By.CSS_SELECTOR, "#near-form button[type=submit]").click()
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"))
    line = driver.find_element(By.ID, "near-inside")
    if inside:
        assert line.is_displayed() and text_of(line) == f"You are inside {inside}.", text_of(line)
        row = next(r for r in spec.rows.values() if r.title == inside)
        link = line.find_element(By.TAG_NAME, "a")
        assert driver.execute_script("return arguments[0].href", link) == server.url(f"{name}/{slug_of(row.title)}/")
    else:
        assert not line.is_displayed(), text_of(line)
    # The list: every place, nearest first by the distance to its shape (0 inside), as shapely
    # measures it; ties within a metre may come either way.
    shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]
    rows = list(spec.rows.values())
    distance = dict(zip([row.id for row in rows], aeqd_distances([row.geometry for row in rows], lat, lon)))
    assert sorted(shown) == sorted(distance), shown
    for a, b in zip(shown, shown[1:]):
        assert distance[a] <= distance[b] + 1, f"{a} ({distance[a]:.1f} m) listed before {b} ({distance[b]:.1f} m)"
    texts = [text_of(e) for e in driver.find_elements(By.CSS_SELECTOR, "#near-results .distance")]
    first = distance[shown[0]]
    assert (texts[0].startswith("0 m") if inside else not texts[0].startswith("0 m")), texts[0]
    # The distance shown is the shape's, not its representative point's, to the metre or 0.1%.
    rows = {row.id: row for row in spec.rows.values()}
    point = _haversine(lat, lon, rows[shown[0]].latitude, rows[shown[0]].longitude)
    assert first < point - 5, (shown[0], first, point)
    if name == "squares" and not inside:
        # In the hole, City Hall is the nearest: its courtyard's edge a few metres away.
        assert shown[0] == "city-hall" and first < 60, (shown, first)
    browser.screenshot(f"near-shapes-{name}-{'inside' if inside else 'outside'}")
    if inside:
        browser.screenshot(f"near-shapes-{name}-inside-phone", 390, 844, mobile=True)
    browser.assert_clean(browser.path)


def _haversine(lat1, lon1, lat2, lon2):
    import math

    rad = math.pi / 180
    dp, dl = (lat2 - lat1) * rad, (lon2 - lon1) * rad
    h = math.sin(dp / 2) ** 2 + math.cos(lat1 * rad) * math.cos(lat2 * rad) * math.sin(dl / 2) ** 2
    return 2 * 6371008.8 * math.asin(min(1, math.sqrt(h)))


# A site of many small shapes cut into many tiles (the smallest budget), so that near me must
# reach into neighbouring tiles for shapes that stick out of their own.

def _crowded_shapes(count=400, seed=11):
    """Polygons (some with a hole) and lines around Center City, 30 m to 800 m across."""
    import math
    import random

    rng = random.Random(seed)
    features = []
    for i in range(count):
        lat, lon = 39.95 + rng.uniform(-0.03, 0.03), -75.16 + rng.uniform(-0.04, 0.04)
        size = 10 ** rng.uniform(-3.6, -2.1)
        ring = []
        for k in range(10):
            angle = 2 * math.pi * k / 10
            r = size * rng.uniform(0.6, 1.0)
            ring.append([round(lon + r * math.cos(angle), 7), round(lat + r * math.sin(angle), 7)])
        ring.append(ring[0])
        if i % 3 == 2:
            geometry = {"type": "LineString", "coordinates": ring[:6]}
        else:
            rings = [ring]
            if i % 3 == 1:
                hole = [[round(lon + size * 0.3 * math.cos(a), 7), round(lat - size * 0.3 * math.sin(a), 7)]
                        for a in (0, math.pi / 2, math.pi, 3 * math.pi / 2)]
                rings.append(hole + [hole[0]])
            geometry = {"type": "Polygon", "coordinates": rings}
        features.append({"type": "Feature", "id": f"s{i}", "geometry": geometry,
                         "properties": {"id": f"s{i}", "name": f"Shape {i}"}})
    return features


def _serve_shapes(workdir, name, title, features, tile_budget):
    """A site of one dataset, `shapes`, of the GeoJSON features, built and served under /demo/
    (its folders in workdir named after `name`): the started server."""
    from support import StaticServer, build_site

    content = workdir / f"{name}-content"
    (content / "data").mkdir(parents=True, exist_ok=True)
    (content / "data" / "shapes.geojson").write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    (content / "site.yml").write_text(
        f"title: {title}\ndatasets:\n  - name: shapes\n    source: data/shapes.geojson\n    id: id\n"
        f"    item_title: name\n    neighbours: 0\n    tile_budget: {tile_budget}\n")
    site = build_site(content, workdir / f"{name}-site", theme=REPO / "templates")
    return StaticServer(site, workdir / f"nginx-{name}").start()


@pytest.fixture(scope="module")
def crowded(workdir):
    """(server, features): the crowded site, built and served under /demo/."""
    features = _crowded_shapes()
    server = _serve_shapes(workdir, "crowded", "Crowded shapes", features, 1000)
    yield server, features
    server.stop()


@pytest.fixture(scope="module")
def crowded_browser(crowded, workdir):
    from support import Browser, new_driver, remove_tree

    profile = workdir / "chromium-crowded"
    driver = new_driver(profile)
    try:
        yield Browser(driver, crowded[0])
    finally:
        driver.quit()
        remove_tree(profile)


def test_near_me_is_exact_across_many_shape_tiles(crowded, crowded_browser):
    server, features = crowded
    manifest = json.loads(fetch(server.url("tiles/shapes/index.json"))[2])
    reached = [c for c in manifest["reach"] if c != "-"]
    assert len(shapes.shape_tree(manifest["tree"])[0]) > 20 and len(reached) > 20, "the shapes are not spread over many tiles"
    _, tiles = shapes.whole_shape_tree(manifest, lambda path: json.loads(fetch(server.url("tiles/shapes/" + path))[2]))
    assert len(tiles) > 3, "no simplified shape tiles"
    driver = crowded_browser.driver
    import random

    rng = random.Random(5)
    points = [(39.95 + rng.uniform(-0.035, 0.035), -75.16 + rng.uniform(-0.045, 0.045)) for _ in range(6)]
    # And one inside a polygon without a hole, away from the point that stands for it.
    polygon = next(f for f in features if f["geometry"]["type"] == "Polygon" and len(f["geometry"]["coordinates"]) == 1)
    from shapely.geometry import Point

    outline = shape(polygon["geometry"])
    inner = outline.buffer(-outline.length / 60)
    corner = inner.exterior.coords[0]
    points.append((corner[1], corner[0]))
    for lat, lon in points:
        crowded_browser.open(f"near/?dataset=shapes&lat={lat:.6f}&lon={lon:.6f}&k=25")
        WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"))
        # The address rounds the point to 6 decimals: measure from what the page used.
        query = dict(part.split("=") for part in driver.execute_script("return location.search")[1:].split("&"))
        lat, lon = float(query["lat"]), float(query["lon"])
        shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]
        distance = dict(zip([f["id"] for f in features], aeqd_distances([f["geometry"] for f in features], lat, lon)))
        ranked = sorted(distance, key=lambda i: distance[i])
        assert len(shown) == 25
        for rank, (got, want) in enumerate(zip(shown, ranked[:25])):
            # The sphere against the ellipsoid: equal to 0.5% or a metre.
            assert abs(distance[got] - distance[want]) <= max(1, 0.005 * distance[want]), (
                f"({lat}, {lon}) rank {rank + 1}: {got} at {distance[got]:.1f} m, shapely has {want} at "
                f"{distance[want]:.1f} m")
        holding = sorted(f["properties"]["name"] for f in features
                         if f["geometry"]["type"] == "Polygon" and shape(f["geometry"]).contains(Point(lon, lat)))
        line = driver.find_element(By.ID, "near-inside")
        if holding:
            names = [text_of(a) for a in line.find_elements(By.TAG_NAME, "a")]
            assert sorted(names) == holding, (lat, lon, names, holding)
            assert text_of(line).startswith("The point is inside")
        else:
            assert not line.is_displayed(), text_of(line)
    assert holding, "the last point, inside a polygon, is in none"
    crowded_browser.assert_clean("near/ on the crowded site")


def test_crowded_map_draws_shapes_at_every_zoom(crowded, crowded_browser):
    server, features = crowded
    driver = crowded_browser.driver
    crowded_browser.open("shapes/map/")
    wait_for_map(driver)
    for zoom in (12, 14, 16, 18):
        on_map(driver, "map.setView([39.95, -75.16], arguments[0])", zoom)
        WebDriverWait(driver, 10).until(lambda d: on_map(
            d, "return map.getZoom() === arguments[0]", zoom))
        wait_for_map(driver)
        fills = WebDriverWait(driver, 10).until(lambda d: d.execute_script(SHAPE_PATHS, "shape-fill"))
        lines = driver.execute_script(SHAPE_PATHS, "shape-line")
        # The 1000-byte budget leaves few shapes in the simplified tiles of the coarser zooms.
        assert fills and (lines or zoom < 14), f"zoom {zoom}: {len(fills)} polygons, {len(lines)} lines"
        if zoom == 14:
            crowded_browser.screenshot("shapes-crowded-z14")
    crowded_browser.assert_clean("the crowded map")


# The shape tiles the page fetched: tiles/<dataset>/shapes/<z>/<x>/<y>.json.
SHAPE_TILES_FETCHED = """
return performance.getEntriesByType('resource').map(function (e) { return e.name; })
  .filter(function (name) { return /\\/tiles\\/[a-z0-9-]+\\/shapes\\/\\d+\\/\\d+\\/\\d+\\.json$/.test(name); });"""


def test_a_shape_tile_with_nothing_to_draw_has_no_file_and_is_not_fetched(crowded, crowded_browser):
    server, _ = crowded
    manifest = json.loads(fetch(server.url("tiles/shapes/index.json"))[2])
    empty = set()
    _, tiles = shapes.whole_shape_tree(
        manifest, lambda path: json.loads(fetch(server.url("tiles/shapes/" + path))[2]), empty=empty)
    assert empty and tiles, "no shape tile with nothing to draw beside ones with shapes: the test shows less"
    # The deepest such tile: the map over its middle at its zoom.
    key = max(sorted(empty), key=len)
    z, x, y = shapes.tile_of(key)
    assert fetch(server.url(f"tiles/shapes/shapes/{z}/{x}/{y}.json"))[0] == 404
    lat, lon = shapes.tile_centre(z, x, y)
    driver = crowded_browser.driver
    crowded_browser.open("shapes/map/")
    wait_for_map(driver)
    on_map(driver, "map.setView([arguments[0], arguments[1]], arguments[2])", lat, lon, z)
    WebDriverWait(driver, 10).until(lambda d: on_map(d, "return map.getZoom() === arguments[0]", z))
    wait_for_map(driver)
    fetched = WebDriverWait(driver, 10).until(lambda d: d.execute_script(SHAPE_TILES_FETCHED))
    assert not [url for url in fetched if url.endswith(f"/tiles/shapes/shapes/{z}/{x}/{y}.json")], fetched
    crowded_browser.assert_clean("the map over a shape tile with nothing to draw")


# The titles of the places with a pin on the map (markercluster's markers included) and of the
# places drawn as polygons at least 2 pixels across (from their popups).
PINS_AND_FILLS = """
var pins = new Set(), fills = new Set();
map.eachLayer(function (l) {
  if (l instanceof L.MarkerClusterGroup) l.getLayers().forEach(function (m) { pins.add(m.options.title); });
  else if (l instanceof L.Marker && l.options.title) pins.add(l.options.title);
  var b = l instanceof L.Polygon && l.getBounds(), z = map.getZoom();
  var size = b && Math.max.apply(null, ['x', 'y'].map(function (k) {
    return Math.abs(map.project(b.getNorthEast(), z)[k] - map.project(b.getSouthWest(), z)[k]);
  }));
  // A polygon under 2 pixels across keeps its pin.
  if (l instanceof L.Polygon && /shape-fill/.test(l.options.className) && size >= 2) {
    var title = /Shape \\d+/.exec(l.getPopup().getContent());
    fills.add(title && title[0]);
  }
});
return [Array.from(pins).filter(function (t) { return /^Shape /.test(t); }), Array.from(fills)];"""

# The point and cluster tiles the page fetched: tiles/<dataset>/<z>/<x>/<y>.json.
POINT_TILES_FETCHED = """
return performance.getEntriesByType('resource').map(function (e) { return e.name; })
  .filter(function (name) { return /\\/tiles\\/[a-z0-9-]+\\/\\d+\\/\\d+\\/\\d+\\.json$/.test(name); });"""


def test_a_place_drawn_as_its_polygon_has_no_pin(crowded, crowded_browser):
    _, features = crowded
    kinds = {f["properties"]["name"]: f["geometry"]["type"] for f in features}
    driver = crowded_browser.driver
    crowded_browser.open("shapes/map/")
    wait_for_map(driver)
    for zoom in (14, 16):
        on_map(driver, "map.setView([39.95, -75.16], arguments[0])", zoom)
        WebDriverWait(driver, 10).until(lambda d: on_map(
            d, "return map.getZoom() === arguments[0]", zoom))
        wait_for_map(driver)
        pins, fills = WebDriverWait(driver, 10).until(
            lambda d: (lambda r: r if r[0] and r[1] else None)(on_map(d, PINS_AND_FILLS)))
        assert None not in fills, "a polygon's popup names no place"
        assert not set(pins) & set(fills), f"zoom {zoom}: pins on polygons drawn: {sorted(set(pins) & set(fills))[:5]}"
        # Lines keep their pins; so do polygons too small to draw (a zoom out).
        assert any(kinds[t] == "LineString" for t in pins), f"zoom {zoom}: no line has its pin"
        assert all(kinds[t] == "Polygon" for t in fills)
    crowded_browser.assert_clean("the crowded map's pins")


@pytest.fixture(scope="module")
def polygons_only(workdir):
    """The crowded site's polygons alone: the map needs no pins from the manifest's pointsBelow on."""
    features = [f for f in _crowded_shapes() if f["geometry"]["type"] == "Polygon"]
    server = _serve_shapes(workdir, "polygons", "Polygons", features, 4000)
    yield server
    server.stop()


def test_where_every_polygon_is_drawn_the_map_fetches_no_point_tiles(polygons_only, crowded_browser):
    server = polygons_only
    manifest = json.loads(fetch(server.url("tiles/shapes/index.json"))[2])
    below = manifest["shapes"]["pointsBelow"]
    assert isinstance(below, int) and 10 <= below <= 17, f"pointsBelow {below}: the fixture shows nothing"
    driver = crowded_browser.driver
    for zoom in (below - 1, below, below + 1):
        # A new page at that zoom (not a new hash on the same page), so that what it fetches is
        # this view's alone.
        driver.get("about:blank")
        driver.get(server.url(f"shapes/map/#{zoom}/39.95/-75.16"))
        status = wait_for_map(driver)
        assert status.endswith("in view"), status
        WebDriverWait(driver, 10).until(lambda d: on_map(d, PINS_AND_FILLS)[1])
        pins, fills = on_map(driver, PINS_AND_FILLS)
        fetched = driver.execute_script(POINT_TILES_FETCHED)
        assert not set(pins) & set(fills), f"zoom {zoom}: pins on polygons drawn"
        if zoom < below:
            # Some polygon is too small to draw here: the point tiles give its pin or cluster.
            assert fetched, f"zoom {zoom}: no point tile fetched below pointsBelow ({below})"
        else:
            assert not fetched, f"zoom {zoom}: point tiles fetched from pointsBelow ({below}) on: {fetched}"
            assert not pins and not driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-marker-icon"), zoom
    crowded_browser.assert_clean("the polygons' map")


@pytest.fixture(scope="module")
def dateline(workdir):
    """A site of one polygon and one line across the antimeridian, written unsplit (179.5° to
    -179.5°), built and served under /demo/."""
    def wrap(lon):
        return round(lon - 360 if lon > 180 else lon, 6)

    # Many vertices, so that the 1000-byte tiles split them down to tiles on either side.
    steps = [i / 100 for i in range(101)]
    ring = ([[wrap(179.5 + t), -17.0] for t in steps] + [[wrap(180.5 - t), -16.0] for t in steps])
    ring.append(ring[0])
    route = [[wrap(179.2 + 1.6 * t), -15.5] for t in steps]
    features = [
        {"type": "Feature", "id": "area", "geometry": {"type": "Polygon", "coordinates": [ring]},
         "properties": {"id": "area", "name": "Across the date line"}},
        {"type": "Feature", "id": "route", "geometry": {"type": "LineString", "coordinates": route},
         "properties": {"id": "route", "name": "A route across"}},
    ]
    server = _serve_shapes(workdir, "dateline", "Date line", features, 1000)
    yield server
    server.stop()


HIT = """
var p = map.latLngToContainerPoint([arguments[0], arguments[1]]);
var box = map.getContainer().getBoundingClientRect();
var element = document.elementFromPoint(box.left + p.x, box.top + p.y);
return element ? element.getAttribute('class') || element.tagName : null;
"""


def test_shapes_across_the_antimeridian_draw_on_both_sides(dateline, crowded_browser):
    driver = crowded_browser.driver
    manifest = json.loads(fetch(dateline.url("tiles/shapes/index.json"))[2])
    read = lambda path: json.loads(fetch(dateline.url("tiles/shapes/" + path))[2])  # noqa: E731
    deep = [key for key in shapes.whole_shape_tree(manifest, read)[0] if len(key) >= 6]
    # Leaves on both sides: quadkeys of the first column are all 0s and 2s, of the last 1s and 3s.
    assert any(set(k) <= {"0", "2"} for k in deep) and any(set(k) <= {"1", "3"} for k in deep), deep
    crowded_browser.open(dateline.url("shapes/map/"))
    wait_for_map(driver)
    for centre in (180, -180, 179.9):
        on_map(driver, "map.setView([-16.3, arguments[0]], 8, { animate: false })", centre)
        wait_for_map(driver)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(SHAPE_PATHS, "shape-fill"))
        # The polygon on both sides of the line, in the copy of the world in view.
        for lon in (centre - 0.3, centre + 0.3):
            hit = WebDriverWait(driver, 5).until(lambda d: on_map(d, HIT, -16.8, lon))
            assert "shape-fill" in hit, f"centre {centre}: at (-16.8, {lon}) the map shows {hit}"
            line = on_map(driver, HIT, -15.5, lon)
            assert "shape-line" in (line or ""), f"centre {centre}: at (-15.5, {lon}) the map shows {line}"
        # Outside it, east and west: nothing drawn.
        for lon in (centre - 0.7, centre + 0.7):
            assert "shape" not in (on_map(driver, HIT, -16.8, lon) or ""), (centre, lon)
    crowded_browser.screenshot("shapes-dateline")
    crowded_browser.assert_clean("the date line map")


def test_a_map_of_another_tile_version_says_so(crowded, crowded_browser):
    """Last in this module: it rewrites the crowded site's manifest as version 1."""
    server, _ = crowded
    manifest = server.site / "tiles" / "shapes" / "index.json"
    data = json.loads(manifest.read_text())
    assert data["version"] == 6
    data["version"] = 1
    manifest.write_text(json.dumps(data))
    driver = crowded_browser.driver
    # A first visit: the service worker of the tests before keeps this build's manifest (tiles
    # change only with a build), so it goes, with what it kept.
    crowded_browser.open("")
    driver.execute_async_script("""var done = arguments[arguments.length - 1];
Promise.all([navigator.serviceWorker.getRegistrations().then(function (all) {
  return Promise.all(all.map(function (r) { return r.unregister(); })); }),
  caches.keys().then(function (keys) { return Promise.all(keys.map(function (k) { return caches.delete(k); })); })
]).then(function () { done(); });""")
    driver.execute_script("window.__errors = []")
    crowded_browser.open("shapes/map/")
    status = wait_for_map(driver)
    assert "tile format version 1" in status and "reads version 6" in status and "rebuilding" in status, status
    crowded_browser.open("near/?dataset=shapes&lat=39.95&lon=-75.16")
    WebDriverWait(driver, 10).until(lambda d: "Could not" in d.find_element(By.ID, "near-status").text)
    assert "tile format version 1" in text_of(driver.find_element(By.ID, "near-status"))
    # The pages rethrow the error for the console: expected here, so read and drop it.
    crowded_browser.problems()
