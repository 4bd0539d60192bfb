"""Point-in-polygon answers from shapely, the oracle of Tests/MapsiteGeoTests/PolygonOracleTests.

Reads a JSON file {"shapes": [[[[x, y], ...], ...], ...], "points": [[x, y], ...]}: each shape is
a MultiPolygon given as a list of polygons, each a list of rings (outer first), each a list of
[longitude, latitude] positions. Writes {"covers": [[bool, ...], ...]} to standard output: for
each shape, whether it covers each point (inside or on the boundary), as shapely.covers says.

Usage: polygon_oracle.py input.json
"""

import json
import sys

import numpy
import shapely
from shapely.geometry import MultiPolygon, Polygon


def shape(polygons):
    return MultiPolygon([Polygon(rings[0], rings[1:]) for rings in polygons])


def main(path):
    with open(path) as file:
        data = json.load(file)
    coordinates = numpy.array(data["points"], dtype=float).reshape(-1, 2)
    points = shapely.points(coordinates)
    covers = []
    for polygons in data["shapes"]:
        geometry = shape(polygons)
        if not geometry.is_valid:
            sys.exit(f"shape {len(covers)} is not valid: {shapely.is_valid_reason(geometry)}")
        covers.append([bool(flag) for flag in shapely.covers(geometry, points)])
    json.dump({"covers": covers}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
