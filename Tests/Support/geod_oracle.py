"""Lengths, areas, perimeters and points inside for shapes across the antimeridian and around
the poles, from pyproj.Geod and shapely: the oracle of
Tests/MapsiteGeoTests/Shapes/AntimeridianOracleTests.

Reads a JSON file {"lines": [[[x, y], ...], ...], "polygons": [[ring, ...], ...], "points":
[[x, y], ...]} (one point per polygon). Writes {"lengths", "areas", "perimeters", "inside"}:

- lengths: each line's geodesic length on WGS 84 (Geod.line_length, which takes each edge the
  short way round, across the antimeridian too);
- areas, perimeters: Geod.polygon_area_perimeter of each ring (geographiclib's polygon, which
  handles rings across the antimeridian and around a pole), holes' areas subtracted, perimeters
  of every ring added; a ring around a pole written with vertices at the pole is measured
  without those vertices (they and the edges along the cut meridian are not the boundary);
- inside: whether shapely finds each point inside its polygon, with the polygon's longitudes
  made continuous (each vertex the short way from the one before) and the point's moved by 360°
  to fall among them.

Usage: geod_oracle.py input.json
"""

import json
import sys

from pyproj import Geod
from shapely.geometry import Point, Polygon

GEOD = Geod(ellps="WGS84")


def unwrap(ring, origin):
    out, previous = [], origin
    for x, y in ring:
        step = (x - previous + 180) % 360 - 180
        previous += step
        out.append((previous, y))
    return out


def ring_measures(ring):
    kept = [p for p in ring if abs(p[1]) < 90]
    if len(kept) < len(ring):
        # Drop the cut: the vertices at the pole, then each repeat of a coast point at -180 and 180.
        coast = []
        for x, y in kept:
            if coast and abs(x) == 180 and abs(coast[-1][0]) == 180 and coast[-1][1] == y:
                continue
            coast.append((x, y))
        kept = coast
    lons, lats = [p[0] for p in kept], [p[1] for p in kept]
    area, perimeter = GEOD.polygon_area_perimeter(lons, lats)
    return abs(area), perimeter


def main(path):
    with open(path) as file:
        data = json.load(file)
    answer = {"lengths": [], "areas": [], "perimeters": [], "inside": []}
    for line in data["lines"]:
        answer["lengths"].append(GEOD.line_length([p[0] for p in line], [p[1] for p in line]))
    for rings, point in zip(data["polygons"], data["points"]):
        measures = [ring_measures(ring) for ring in rings]
        answer["areas"].append(measures[0][0] - sum(m[0] for m in measures[1:]))
        answer["perimeters"].append(sum(m[1] for m in measures))
        origin = rings[0][0][0]
        polar = any(abs(p[1]) == 90 for p in rings[0])
        shells = rings if polar else [unwrap(ring, origin) for ring in rings]
        x = point[0] if polar else origin + (point[0] - origin + 180) % 360 - 180
        end = shells[0][-1][0]
        if abs(end - origin) > 180:
            # Around a pole without reaching it: closed along the pole on its vertices' side.
            pole = 90 if sum(p[1] for p in rings[0]) > 0 else -90
            shells[0] = shells[0] + [(end, pole), (origin, pole), shells[0][0]]
            if not min(origin, end) <= x <= max(origin, end):
                x += 360 if x < min(origin, end) else -360
        answer["inside"].append(Polygon(shells[0], shells[1:]).contains(Point(x, point[1])))
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
