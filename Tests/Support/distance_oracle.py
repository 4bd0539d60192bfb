"""Shortest great-circle distances between shapes from shapely in local azimuthal-equidistant
projections made with pyproj, the oracle of Tests/MapsiteGeoTests/Distances.

Reads a JSON file {"shapes": [...], "pairs": [[i, j], ...]}: each shape a GeoJSON geometry
(Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon) in longitude/latitude.
Writes {"distances": [...]}: for each pair, the shortest distance in metres on a sphere of
6,371,008.8 m between the two shapes, 0 when they intersect.

Every edge is the straight line in longitude/latitude between its vertices, the short way round
(as mapsite reads edges: docs/shapes.md). How: every edge is first split along that line into
pieces of at most a sixteenth of it and 2 km (by pyproj.Geod's length of its great circle), so
that a straight piece in a projection stays within centimetres of it. The pair is projected to an azimuthal-equidistant plane centred between
them; shapely's intersects says 0, else nearest_points gives the nearest point of the first
shape. Twice, the plane is re-centred there and the nearest points found again; the distance is
then the planar distance from the centre, which that projection keeps exactly, to the other
shape, the least of the answers centred on either shape's nearest point.

Usage: distance_oracle.py input.json
"""

import json
import math
import sys

from pyproj import Geod, Transformer
from shapely.geometry import shape, mapping, Point
from shapely.ops import nearest_points, transform

RADIUS = 6371008.8
GEOD = Geod(a=RADIUS, b=RADIUS)


def densify_line(coords):
    out = [tuple(coords[0])]
    for (x1, y1), (x2, y2) in zip(coords, coords[1:]):
        _, _, length = GEOD.inv(x1, y1, x2, y2)
        pieces = max(16, int(length / 2000) + 1)
        step = (x2 - x1 + 180) % 360 - 180
        if length > 0:
            out.extend((x1 + step * i / pieces, y1 + (y2 - y1) * i / pieces) for i in range(1, pieces))
        out.append((x1 + step, y2))
    return out


def densify(geometry):
    kind, coords = geometry["type"], geometry["coordinates"]
    if kind in ("Point", "MultiPoint"):
        return geometry
    if kind == "LineString":
        return {"type": kind, "coordinates": densify_line(coords)}
    if kind == "MultiLineString":
        return {"type": kind, "coordinates": [densify_line(line) for line in coords]}
    if kind == "Polygon":
        return {"type": kind, "coordinates": [densify_line(ring) for ring in coords]}
    return {"type": kind, "coordinates": [[densify_line(ring) for ring in polygon] for polygon in coords]}


def projected(geometry, lon, lat):
    aeqd = Transformer.from_crs(
        f"+proj=lonlat +R={RADIUS}", f"+proj=aeqd +R={RADIUS} +lat_0={lat} +lon_0={lon}", always_xy=True)
    back = Transformer.from_crs(
        f"+proj=aeqd +R={RADIUS} +lat_0={lat} +lon_0={lon}", f"+proj=lonlat +R={RADIUS}", always_xy=True)
    return transform(aeqd.transform, geometry), back


def unit(lon, lat):
    lon, lat = math.radians(lon), math.radians(lat)
    return (math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat))


def middle(a, b):
    """A point between the two shapes' first vertices, on the sphere."""
    pa = a.representative_point() if a.geom_type.endswith("Polygon") else Point(next(iter_coords(a)))
    pb = b.representative_point() if b.geom_type.endswith("Polygon") else Point(next(iter_coords(b)))
    ua, ub = unit(pa.x, pa.y), unit(pb.x, pb.y)
    m = [ua[i] + ub[i] for i in range(3)]
    norm = math.sqrt(sum(c * c for c in m)) or 1
    m = [c / norm for c in m]
    return math.degrees(math.atan2(m[1], m[0])), math.degrees(math.asin(max(-1, min(1, m[2]))))


def iter_coords(geometry):
    if hasattr(geometry, "geoms"):
        for part in geometry.geoms:
            yield from iter_coords(part)
    elif geometry.geom_type == "Polygon":
        yield from geometry.exterior.coords
    else:
        yield from geometry.coords


def distance(a, b):
    lon, lat = middle(a, b)
    pa, pb = projected(a, lon, lat)[0], projected(b, lon, lat)[0]
    if pa.intersects(pb):
        return 0.0
    best = math.inf
    for first, second in ((a, b), (b, a)):
        lon0, lat0 = lon, lat
        for _ in range(3):
            p1, back = projected(first, lon0, lat0)
            p2, _ = projected(second, lon0, lat0)
            near, _ = nearest_points(p1, p2)
            lon0, lat0 = back.transform(near.x, near.y)
        p2, _ = projected(second, lon0, lat0)
        best = min(best, p2.distance(Point(0, 0)))
    return best


def main(path):
    with open(path) as file:
        data = json.load(file)
    shapes = [shape(densify(geometry)) for geometry in data["shapes"]]
    json.dump({"distances": [distance(shapes[i], shapes[j]) for i, j in data["pairs"]]}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
