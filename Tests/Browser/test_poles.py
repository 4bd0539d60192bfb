"""Polygons at the poles (fixtures/poles: Natural Earth's Antarctica, cut along the antimeridian and
drawn down to the south pole, and a north polar cap written the same way), on a phone: each page's
mini map draws its shape filled, with the pin inside the fill; the dataset's map draws Antarctica
from its shape tiles down to the map's edge, the strip from 84.71°S to 85.05°S along the
antimeridian included (the tiles once closed the ring along 84.71°S), and the cap filled around its
pin; the mini maps of Antarctica and Natural Earth's Fiji, static and Leaflet's, outline the place
but not its cuts along ±180° and the pole. Screenshots: poles-antarctica-phone, poles-cap-phone,
poles-map-phone, poles-{antarctica,fiji}-outline[-leaflet]-phone."""

import json
import math
import re

import pytest
from selenium.webdriver.common.by import By

from support import ARTIFACTS, HERE, REPO, StaticServer, browser_session, build_site, fetch, wait_until

FIXTURE = HERE / "fixtures" / "poles"
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture(scope="module")
def poles(workdir):
    """The fixture's site served, and a Chromium of its own with a phone's viewport."""
    site = build_site(FIXTURE, workdir / "poles-site", theme=REPO / "templates")
    server = StaticServer(site, workdir / "nginx-poles").start()
    try:
        for browser in browser_session(server, workdir, "poles"):
            browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
            yield browser
    finally:
        server.stop()


def save(driver, name):
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def in_fill(driver, selector, x, y):
    """Whether viewport pixel (x, y) lies in the fill of a path matching `selector` (an SVG path's
    own test, in its SVG's pixels)."""
    return driver.execute_script(
        """
        const [selector, x, y] = arguments;
        return Array.from(document.querySelectorAll(selector)).some((path) => {
          const m = path.getScreenCTM().inverse();
          const p = new DOMPoint(x, y).matrixTransform(m);
          return path.isPointInFill(p);
        });""",
        selector, x, y)


def pin_anchor(driver, pin):
    """The viewport pixel a pin points at: the middle of its icon's foot (icons.js: anchor 12.5, 40
    of 25 × 41)."""
    box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", pin)
    return box["left"] + box["width"] / 2, box["top"] + box["height"] - 1


@pytest.mark.parametrize("slug,name", [("antarctica", "poles-antarctica-phone"), ("arctic-cap", "poles-cap-phone")])
def test_page_draws_the_shape_filled_with_its_pin_inside(poles, slug, name):
    driver = poles.driver
    poles.open(f"poles/{slug}/")
    minimap = driver.find_element(By.ID, "minimap")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", minimap)
    paths = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-shape path"), 5)
    assert len(paths) == 1
    pin = driver.find_element(By.CSS_SELECTOR, "#minimap .static-markers .place-pin")
    save(driver, name)
    x, y = pin_anchor(driver, pin)
    assert in_fill(driver, "#minimap .static-shape path", x, y), (slug, "static map", x, y)
    frame = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", minimap)
    shape = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", paths[0])
    # Around a pole: the whole width of the world (256 pixels at zoom 0), or all of the map's.
    assert shape["width"] >= min(255, frame["width"] - 2), (slug, shape, frame)

    driver.find_element(By.CSS_SELECTOR, "#minimap .static-move").click()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-overlay-pane path"))
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#minimap .static-map"), 5)
    marker = driver.find_element(By.CSS_SELECTOR, "#minimap .leaflet-marker-icon")
    x, y = pin_anchor(driver, marker)
    assert in_fill(driver, "#minimap .leaflet-overlay-pane path", x, y), (slug, "Leaflet's map", x, y)
    poles.assert_clean(slug)


def world_pixel(lat, lon, zoom):
    size = 256 * 2 ** zoom
    s = math.sin(max(-85.0511287798, min(85.0511287798, lat)) * math.pi / 180)
    return size * (lon / 360 + 0.5), size * (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi))


def test_map_draws_antarctica_to_the_edge_and_caps_around_their_pins(poles):
    """At zoom 4 on the antimeridian, points of the strip from 84.71°S to 85.05°S on both sides of
    the line are in Antarctica's fill; at zoom 1, each place's pin (its page's) is in a fill."""
    driver = poles.driver
    pins = []
    for slug in ("antarctica", "arctic-cap"):
        page = fetch(poles.server.url(f"poles/{slug}/"))[2].decode()
        pins.append(tuple(float(re.search(rf'id="minimap"[^>]* {name}="([^"]+)"', page).group(1))
                          for name in ("data-lat", "data-lon")))
    poles.open("poles/map/#4/-84/180")
    mapbox = driver.execute_script("return document.getElementById('map').getBoundingClientRect().toJSON()")
    middle = mapbox["left"] + mapbox["width"] / 2, mapbox["top"] + mapbox["height"] / 2

    def viewport(lat, lon, zoom, centre):
        (px, py), (cx, cy) = world_pixel(lat, lon, zoom), world_pixel(*centre, zoom)
        return middle[0] + px - cx, middle[1] + py - cy

    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "path.shape-fill"))
    for lon in (172.0, 178.0, 182.0, 188.0):
        for lat in (-84.8, -84.95, -85.03):
            x, y = viewport(lat, lon, 4, (-84, 180))
            assert mapbox["top"] <= y <= mapbox["bottom"], (lat, lon, y, mapbox)
            assert in_fill(driver, "path.shape-fill", x, y), ("the strip is not drawn", lat, lon, x, y)
    save(driver, "poles-map-phone")

    driver.execute_script("location.hash = '#1/0/30'")
    for lat, lon in pins:
        x, y = viewport(lat, lon, 1, (0, 30))
        message = f"the pin at {lat}, {lon} is not in a fill"
        wait_until(driver, lambda d: in_fill(d, "path.shape-fill", x, y), 5, message)
    poles.assert_clean("poles/map/")


# The outline a map strokes leaves out the cuts: the edges along ±180° and beyond the map's top or
# bottom (core/world-edge.js). Checked in pixels against the fixture's own edges: points along the
# cuts farther than the stroke's reach from every other edge are not in the outline's stroke, the
# middles of the other edges are.
SOURCE = json.loads((FIXTURE / "data" / "poles.geojson").read_text())
# The outline is tested as a stroke this far either side of its lines (6 pixels wide, wider than
# the maps' 2 and 4), so that Leaflet's rounding and simplifying of a pixel or so does not count.
STROKE_REACH = 3


def is_cut(a, b):
    on_line = all(abs(abs(p[0]) - 180) < 1e-6 for p in (a, b))
    beyond = any(all(side * p[1] >= 85.0511287798 - 1e-6 for p in (a, b)) for side in (1, -1))
    return on_line or beyond


def source_edges(name, move, features=None):
    """The edges of the place's rings in `features` (the fixture's by default), [lon, lat] each,
    with `move` longitudes west of -179 moved a turn east, as a map fitted to Fiji draws it across
    the line; (edge, is_cut) pairs."""
    features = SOURCE["features"] if features is None else features
    geometry = next(f["geometry"] for f in features if f["properties"]["name"] == name)
    polygons = [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    edges = []
    for polygon in polygons:
        for ring in polygon:
            ring = [(lon + 360 if move and lon < 0 else lon, lat) for lon, lat in ring]
            edges += [((a, b), is_cut(a, b)) for a, b in zip(ring, ring[1:])]
    return edges


def segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0 if length == 0 else max(0, min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def check_outline(driver, fill, outline, name, where, move=None, index=0, features=None):
    """`fill` and `outline`: CSS selectors of the place's fill path and its outline's path (the
    `index`th match). The pixels of the place are found from the fill's box: the projected box of
    its vertices. `move`: whether Fiji is drawn across the line (on its own pages); `features`:
    where the map's shapes come from, the fixture's own by default."""
    edges = source_edges(name, name == "Fiji" if move is None else move, features)
    points = [p for (a, b), _ in edges for p in (a, b)]
    # Read once the map has settled (a fitted view may still be moving): the same box twice running.
    boxes = []

    def settled(d):
        script = "return document.querySelector(arguments[0]).getBoundingClientRect().toJSON()"
        boxes.append(d.execute_script(script, fill))
        return len(boxes) > 1 and boxes[-1] == boxes[-2] and boxes[-1]["width"] > 0

    wait_until(driver, settled, 5, f"{where}: the fill never settles")
    box = boxes[-1]
    corners = [world_pixel(lat, lon, 0) for lon, lat in points]
    left, top = min(x for x, _ in corners), min(y for _, y in corners)
    scale = box["width"] / (max(x for x, _ in corners) - left)

    def pixel(p):
        x, y = world_pixel(p[1], p[0], 0)
        return box["left"] + (x - left) * scale, box["top"] + (y - top) * scale

    drawn = [(pixel(a), pixel(b)) for (a, b), cut in edges if not cut]
    off, on = [], []
    for (a, b), cut in edges:
        pa, pb = pixel(a), pixel(b)
        length = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
        if cut:  # a point every 4 pixels or so
            steps = max(2, int(length / 4))
            for k in range(1, steps):
                p = (pa[0] + (pb[0] - pa[0]) * k / steps, pa[1] + (pb[1] - pa[1]) * k / steps)
                if min(segment_distance(p, *e) for e in drawn) > STROKE_REACH + 1.5:
                    off.append(p)
        elif length > 3:
            on.append(((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2))
    assert off and on, (where, len(off), len(on))
    stroked = driver.execute_script(
        """
        const [selector, index, points, width] = arguments;
        const path = document.querySelectorAll(selector)[index], drawn = path.getAttribute("stroke-width");
        path.setAttribute("stroke-width", width);
        const m = path.getScreenCTM().inverse();
        const inStroke = points.map(([x, y]) => path.isPointInStroke(new DOMPoint(x, y).matrixTransform(m)));
        path.setAttribute("stroke-width", drawn);
        return inStroke;""",
        outline, index, on + off, 2 * STROKE_REACH)
    missed = [p for p, s in zip(on, stroked) if not s]
    assert not missed, (where, "an edge of the place is not outlined", missed[:5], len(on))
    crossed = [p for p, s in zip(off, stroked[len(on):]) if s]
    assert not crossed, (where, "the outline runs along a cut", crossed[:5], len(off))
    return len(on), len(off)


@pytest.mark.parametrize("slug,name", [("antarctica", "Antarctica"), ("fiji", "Fiji")])
def test_page_maps_outline_the_place_but_not_its_cuts(poles, slug, name):
    driver = poles.driver
    poles.open(f"poles/{slug}/")
    minimap = driver.find_element(By.ID, "minimap")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", minimap)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .static-outline path"), 5)
    save(driver, f"poles-{slug}-outline-phone")
    check_outline(driver, "#minimap .static-shape path", "#minimap .static-outline path", name, (slug, "static map"))

    driver.find_element(By.CSS_SELECTOR, "#minimap .static-move").click()
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap .leaflet-overlay-pane path[fill='none']"))
    wait_until(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#minimap .static-map"), 5)
    save(driver, f"poles-{slug}-outline-leaflet-phone")
    check_outline(driver, "#minimap .leaflet-overlay-pane path:not([fill='none'])",
                  "#minimap .leaflet-overlay-pane path[fill='none']", name, (slug, "Leaflet's map"))
    poles.assert_clean(slug)


def test_near_me_outlines_antarctica_but_not_its_cuts(poles):
    """Near me from a point in Antarctica: the place found first, 0 m away, is drawn whole, its
    outline without the cuts along ±180° and the pole (the first of the found places' fills and
    outlines; the blue dot of the point itself is a path too, filled opaque)."""
    driver = poles.driver
    poles.open("near/?dataset=poles&lat=-80&lon=0")
    fills = "#near-map .leaflet-overlay-pane path[fill-opacity='0.15']"
    outlines = "#near-map path[fill='none'][stroke-opacity='0.8']"
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, fills), 15)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, outlines), 5)
    first = driver.find_element(By.CSS_SELECTOR, "#near-results a")
    assert first.text.strip() == "Antarctica", first.text
    save(driver, "poles-near-phone")
    check_outline(driver, fills, outlines, "Antarctica", "near me")
    poles.assert_clean("near/")


@pytest.mark.parametrize("slug,name", [("antarctica", "Antarctica"), ("fiji", "Fiji")])
def test_group_page_outlines_its_region_but_not_its_cuts(poles, slug, name):
    """fixtures/poles' stations grouped by these places as regions: the group page's map fills the
    region and outlines it without the cuts."""
    driver = poles.driver
    poles.open(f"stations/by/region/{slug}/")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#group-map[data-ready=true]"), 10)
    fills = driver.find_elements(By.CSS_SELECTOR, "#group-map path.leaflet-interactive")
    assert len(fills) == 1, len(fills)
    save(driver, f"poles-group-{slug}-phone")
    check_outline(driver, "#group-map path.leaflet-interactive", "#group-map path[fill='none']", name, (slug, "group"))
    poles.assert_clean(slug)


def test_regions_map_outlines_antarctica_but_not_its_cuts(poles):
    """The regions' map of the stations: each region a filled link, Antarctica outlined without its
    cuts. (Fiji, at the world's two edges with the whole world in view, is a few pixels: its group
    page checks it.) The map draws regions.json, whose vertices are snapped to a grid
    (RegionsMapFile.swift): its edges are the ones checked."""
    driver = poles.driver
    poles.open("stations/by/region/")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#regions-map[data-ready=true]"), 10)
    # Every region has cuts here: one outline each, in the file's order.
    features = json.loads(fetch(poles.server.url("stations/by/region/regions.json"))[2])["features"]
    names = [f["properties"]["name"] for f in features]
    assert len(driver.find_elements(By.CSS_SELECTOR, "#regions-map path[fill='none']")) == len(names)
    check_outline(driver, "#regions-map path[data-name='Antarctica']", "#regions-map path[fill='none']", "Antarctica",
                  "regions", False, names.index("Antarctica"), features)
    save(driver, "poles-regions-phone")
    poles.assert_clean("stations/by/region/")
