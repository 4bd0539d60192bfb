"""Shapely's and pyproj's view of polygons at the poles in shape tiles, the oracle of
Tests/MapsiteGeoTests/ShapeTiles/PolarShapeTileTests.swift.

Reads a JSON file {"zoom": z, "shapes": [...]}, each shape {"source": polygons, "pieces": [parts, ...],
"pin": [lon, lat], "strip": [south, north] or null}. "source" is the shape as a flat polygon in
longitude/latitude that shapely reads as it is (a list of polygons, each a list of rings of
[lon, lat]): a ring around a pole written cut along the antimeridian and closed along the pole.
"pieces" are the tiles' pieces drawn at zoom z, in pixels of that zoom (256 · 2^z a side, y down),
as ShapePiece holds them (lists of polygons, each its rings, outer first, not closed).

The expected drawing is the source cut by shapely to Web Mercator's latitudes (±85.0511287798°)
and projected with pyproj (EPSG:4326 → EPSG:3857), vertex by vertex, into pixels of zoom z. For
each shape it writes {"expectedArea", "drawnArea", "missing", "extra", "missingBeyondPixel",
"extraBeyondPixel", "stripArea", "stripMissing", "pinInside", "pinDepth", "valid", "reason"}:
areas in square pixels; "missing" what of the expected no piece covers and "extra" what the
pieces cover outside it; the "BeyondPixel" ones the same more than a pixel inside (outside) the
expected outline; the strip those of the expected between latitudes south and north; the pin
projected, whether the pieces' union holds it and how far inside it lies (pixels).

Usage: pole_oracle.py input.json
"""

import json
import math
import sys

import numpy
import shapely
from pyproj import Transformer
from shapely.geometry import MultiPolygon, Point, Polygon, box

MAX_LATITUDE = math.degrees(math.atan(math.sinh(math.pi)))
HALF = 20037508.342789244
TO_MERCATOR = Transformer.from_crs("EPSG:4326", "EPSG:3857", always_xy=True)


def pixels(geometry, size):
    """`geometry` in longitude/latitude, projected to pixels of a world `size` pixels a side."""
    def convert(coordinates):
        x, y = TO_MERCATOR.transform(coordinates[:, 0], coordinates[:, 1])
        return numpy.column_stack(((numpy.asarray(x) + HALF) / (2 * HALF) * size,
                                   (HALF - numpy.asarray(y)) / (2 * HALF) * size))
    return shapely.transform(geometry, convert)


def main(path):
    with open(path) as file:
        data = json.load(file)
    size = 256 * 2 ** data["zoom"]
    world = box(-180, -MAX_LATITUDE, 180, MAX_LATITUDE)
    results = []
    for shape in data["shapes"]:
        source = MultiPolygon([Polygon(rings[0], rings[1:]) for rings in shape["source"]])
        if not source.is_valid:
            raise SystemExit("source not valid: " + shapely.is_valid_reason(source))
        expected = pixels(source.intersection(world), size)
        polygons = [Polygon(rings[0], rings[1:]) for parts in shape["pieces"] for rings in parts]
        valid = all(p.is_valid for p in polygons)
        reason = "; ".join(shapely.is_valid_reason(p) for p in polygons if not p.is_valid)
        # The pieces past the world's sides are the copies the tiles across the antimeridian hold.
        drawn = shapely.union_all([p.buffer(0) for p in polygons]).intersection(box(0, 0, size, size))
        strip_area = strip_missing = 0.0
        if shape.get("strip"):
            south, north = shape["strip"]
            strip = pixels(source.intersection(box(-180, max(south, -MAX_LATITUDE), 180, north)), size)
            strip_area = strip.area
            strip_missing = strip.difference(drawn).area
        pin = Point(pixels(Point(shape["pin"]), size).coords[0])
        results.append({
            "expectedArea": expected.area,
            "drawnArea": drawn.area,
            "missing": expected.difference(drawn).area,
            "extra": drawn.difference(expected).area,
            "missingBeyondPixel": expected.buffer(-1).difference(drawn).area,
            "extraBeyondPixel": drawn.difference(expected.buffer(1)).area,
            "stripArea": strip_area,
            "stripMissing": strip_missing,
            "pinInside": bool(drawn.contains(pin)),
            "pinDepth": float(drawn.boundary.distance(pin)),
            "valid": valid,
            "reason": reason,
        })
    json.dump({"results": results}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
