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
from support import fetch, text_of

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

    # Drawn: a Leaflet vector path in the mini map, besides the marker at the representative point.
    paths = WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#minimap path.leaflet-interactive"))
    assert len(paths) == 1, f"{where}: {len(paths)} vector paths"
    box = driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", paths[0])
    frame = driver.execute_script("return document.getElementById('minimap').getBoundingClientRect().toJSON()")
    # Fitted: the whole shape in view, and filling much of the map one way or the other.
    assert box["left"] >= frame["left"] - 1 and box["right"] <= frame["right"] + 1, (where, box, frame)
    assert box["top"] >= frame["top"] - 1 and box["bottom"] <= frame["bottom"] + 1, (where, box, frame)
    assert max(box["width"] / frame["width"], box["height"] / frame["height"]) > 0.4, (where, box, frame)
    if name == "squares":  # polygons are filled
        assert paths[0].get_attribute("fill") not in (None, "none")

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
        assert shape(geometry).equals(shape(row.geometry)), row_id
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
