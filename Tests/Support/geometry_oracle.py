"""Lengths, areas and point-in-polygon answers from pyproj and shapely, the oracle of
Tests/MapsiteGeoTests/Shapes/GeometryOracleTests.

Reads a JSON file {"lines": [[[x, y], ...], ...], "midpoints": [[x, y], ...], "polygons":
[[[[x, y], ...], ...], ...], "points": [[x, y], ...]}: lines as lists of [longitude, latitude]
positions, with one point on each (the point to measure along it); polygons as lists of rings
(outer first), with one point for each. Writes to standard output:

  {"lengths": [...], "along": [...], "areas": [...], "perimeters": [...], "contains": [...]}

- lengths: each line's geodesic length on WGS 84 in metres (pyproj.Geod.line_length);
- along: how far along its line each midpoint lies, in metres: the line's part up to the edge
  the point is nearest (shapely, in degrees), then the geodesic from that edge's start to the point;
- areas, perimeters: each polygon's geodesic area in square metres (pyproj.Geod's
  geometry_area_perimeter, rings oriented by shapely first, holes subtracted) and the geodesic
  length of all its rings, holes included, in metres (pyproj.Geod.line_length);
- contains: whether each polygon strictly contains its point (shapely's contains).

Usage: geometry_oracle.py input.json
"""

import json
import sys

from pyproj import Geod
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.polygon import orient

GEOD = Geod(ellps="WGS84")


def along(line, point):
    nearest = min(range(len(line) - 1), key=lambda i: LineString(line[i:i + 2]).distance(Point(point)))
    before = GEOD.line_length([p[0] for p in line[:nearest + 1]], [p[1] for p in line[:nearest + 1]])
    _, _, rest = GEOD.inv(line[nearest][0], line[nearest][1], point[0], point[1])
    return before + rest


def main(path):
    with open(path) as file:
        data = json.load(file)
    lines, polygons = data["lines"], [Polygon(rings[0], rings[1:]) for rings in data["polygons"]]
    answer = {
        "lengths": [GEOD.line_length([p[0] for p in line], [p[1] for p in line]) for line in lines],
        "along": [along(line, point) for line, point in zip(lines, data["midpoints"])],
        "areas": [], "perimeters": [],
        "contains": [polygon.contains(Point(point)) for polygon, point in zip(polygons, data["points"])],
    }
    for polygon in polygons:
        area, _ = GEOD.geometry_area_perimeter(orient(polygon, 1.0))
        answer["areas"].append(abs(area))
        # pyproj's perimeter is the outer ring's; mapsite's, the whole boundary, holes too.
        rings = [polygon.exterior, *polygon.interiors]
        answer["perimeters"].append(sum(GEOD.line_length(*ring.xy) for ring in rings))
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
