"""Distances from points to shapes whose edges are straight lines in longitude/latitude (the short
way round), on a sphere of 6,371,008.8 m, by brute force: the oracle of
Tests/MapsiteGeoTests/Distances/StraightEdgeTests.swift.

Reads a JSON file {"shapes": [...], "points": [[lon, lat], ...]}: each shape a GeoJSON
LineString, Polygon or MultiPolygon in longitude/latitude. Writes {"distances": [[...], ...],
"covers": [[...], ...]}, one row per shape, one column per point: the shortest great-circle
distance in metres from the point to the shape (0 when a polygon covers it), and whether shapely
says the polygon covers the point in the plane of longitude/latitude (boundary included; false
for lines).

How: each edge is sampled at 512 points evenly in longitude/latitude; the distance from the
point to each sample is the angle between their unit vectors (atan2 of the cross and dot
products, exact at any distance) times the radius; around the nearest sample of the two nearest
edges, the two steps either side are sampled as finely again, five times (to far below 1e-12 of the
edge's length).

Usage: straight_edge_oracle.py input.json
"""

import json
import sys

import numpy as np
from shapely.geometry import Point, shape

RADIUS = 6371008.8
SAMPLES = 512


def unit(lon, lat):
    lon, lat = np.radians(lon), np.radians(lat)
    return np.stack([np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)], axis=-1)


def metres(p, q):
    cross = np.linalg.norm(np.cross(p, q), axis=-1)
    return RADIUS * np.arctan2(cross, np.sum(p * q, axis=-1))


def edges(geometry):
    kind, coordinates = geometry["type"], geometry["coordinates"]
    lines = {"LineString": [coordinates], "MultiLineString": coordinates, "Polygon": coordinates,
             "MultiPolygon": [ring for polygon in coordinates for ring in polygon]}[kind]
    for line in lines:
        for (x1, y1), (x2, y2) in zip(line, line[1:]):
            yield x1, y1, (x2 - x1 + 180) % 360 - 180, y2 - y1


def distance(geometry, point):
    p = unit(*point)
    found = []
    t = np.linspace(0, 1, SAMPLES + 1)
    for x1, y1, dx, dy in edges(geometry):
        d = metres(unit(x1 + dx * t, y1 + dy * t), p)
        i = int(np.argmin(d))
        found.append((float(d[i]), float(t[i]), x1, y1, dx, dy))
    found.sort()
    best = found[0][0]
    for _, middle, x1, y1, dx, dy in found[:2]:
        # Five times: sample the two steps around the nearest sample as finely again.
        width = 1 / SAMPLES
        for _ in range(5):
            s = np.clip(np.linspace(middle - width, middle + width, SAMPLES + 1), 0, 1)
            d = metres(unit(x1 + dx * s, y1 + dy * s), p)
            i = int(np.argmin(d))
            middle, width = float(s[i]), 2 * width / SAMPLES
            best = min(best, float(d[i]))
    return best


def main(path):
    with open(path) as file:
        data = json.load(file)
    distances, covers = [], []
    for geometry in data["shapes"]:
        polygon = shape(geometry) if geometry["type"].endswith("Polygon") else None
        row_covers = [bool(polygon is not None and polygon.covers(Point(*point))) for point in data["points"]]
        covers.append(row_covers)
        distances.append([0.0 if inside else distance(geometry, point)
                          for inside, point in zip(row_covers, data["points"])])
    json.dump({"distances": distances, "covers": covers}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
