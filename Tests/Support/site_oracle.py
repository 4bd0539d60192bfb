"""Checks of a built site with shapes, the oracle of
Tests/MapsiteCoreTests/Build/ShapeSiteTests.

Reads a JSON file {"regions": path of a regions.json, "downloads": [[source .geojson, download
.geojson], ...], "shapes": [GeoJSON geometry, ...], "pairs": [[i, j], ...]}. Writes

  {"rings": [[is outer ring, is counter-clockwise], ...], "same": [...], "differences": [...],
   "distances": [...]}

- rings: every ring of every polygon of the regions file, as shapely's LinearRing.is_ccw reads
  it, and whether it is the outer ring; same: whether shapely's orient(polygon, 1.0) (RFC 7946's
  right-hand rule) leaves each polygon's coordinates as they are;
- differences: for each pair of files, every property of a source feature that the download
  lacks or holds differently, and every coordinate that differs, read as decimals
  (json's parse_float=Decimal; integers are exact in Python), so that full precision is checked;
- distances: distance_oracle.py's answer for the pairs of shapes.

Usage: site_oracle.py input.json
"""

import json
import os
import sys
from decimal import Decimal

from shapely.geometry import Polygon, shape
from shapely.geometry.polygon import orient

sys.path.insert(0, os.path.dirname(__file__))
import distance_oracle  # noqa: E402


def ring_checks(path):
    with open(path) as file:
        collection = json.load(file)
    rings, same = [], []
    for feature in collection["features"]:
        for coordinates in feature["geometry"]["coordinates"]:
            polygon = Polygon(coordinates[0], coordinates[1:])
            rings.append([True, polygon.exterior.is_ccw])
            rings.extend([False, interior.is_ccw] for interior in polygon.interiors)
            oriented = orient(polygon, 1.0)
            same.append(list(oriented.exterior.coords) == [tuple(p) for p in coordinates[0]])
    return rings, same


def differences(source_path, download_path):
    with open(source_path) as file:
        source = json.load(file, parse_float=Decimal)
    with open(download_path) as file:
        download = json.load(file, parse_float=Decimal)
    found = []
    by_title = {feature["properties"].get("name"): feature for feature in download["features"]}
    for feature in source["features"]:
        name = feature["properties"]["name"]
        out = by_title.get(name)
        if out is None:
            found.append(f"{name}: not in the download")
            continue
        for key, value in feature["properties"].items():
            if out["properties"].get(key, "<missing>") != value:
                found.append(f"{name}: property {key}: {value!r} became {out['properties'].get(key, '<missing>')!r}")
        if feature["geometry"]["type"] == "Point":
            if [Decimal(c) for c in feature["geometry"]["coordinates"]] != out["geometry"]["coordinates"]:
                found.append(f"{name}: coordinates {feature['geometry']['coordinates']} became "
                             f"{out['geometry']['coordinates']}")
        else:
            # Rings may be turned round for RFC 7946, so compare the numbers as a sorted list.
            source_numbers = sorted(flatten(feature["geometry"]["coordinates"]))
            download_numbers = sorted(flatten(out["geometry"]["coordinates"]))
            if source_numbers != download_numbers:
                found.append(f"{name}: coordinates lost precision")
    return found


def flatten(value):
    if isinstance(value, list):
        for element in value:
            yield from flatten(element)
    else:
        yield Decimal(value)


def main(path):
    with open(path) as file:
        data = json.load(file)
    rings, same = ring_checks(data["regions"])
    found = []
    for source, download in data["downloads"]:
        found.extend(differences(source, download))
    shapes = [shape(distance_oracle.densify(geometry)) for geometry in data["shapes"]]
    answer = {
        "rings": rings, "same": same, "differences": found,
        "distances": [distance_oracle.distance(shapes[i], shapes[j]) for i, j in data["pairs"]],
    }
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
