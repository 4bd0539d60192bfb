"""Places that are lines or polygons, read from their GeoJSON here as the README describes them,
independently of mapsite: the point that stands for each, and the measures its page shows.

- a MultiPoint: its first point; a LineString or MultiLineString: the point halfway along its
  geodesic length (pyproj), on the great circle of the edge it falls in;
- a Polygon or MultiPolygon (its largest part, by area in degrees): the middle of the widest
  stretch inside it of the parallel through the middle latitude of its bounds;
- Length (lines), Area and Perimeter (polygons) from pyproj.Geod, formatted as README says.

Also the shape tiles a tile manifest lists (`shape_tree`, docs/tile-format-shapes.md), read by the
browser's own module through Node.
"""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path

from pyproj import Geod
from shapely.geometry import LineString, Point, shape

GEOD = Geod(ellps="WGS84")


def representative(geometry: dict) -> tuple[float, float]:
    """(lat, lon) of the point that stands for a GeoJSON geometry other than a Point."""
    kind, coordinates = geometry["type"], geometry["coordinates"]
    if kind == "MultiPoint":
        return coordinates[0][1], coordinates[0][0]
    if kind in ("LineString", "MultiLineString"):
        lines = [coordinates] if kind == "LineString" else coordinates
        edges = [(a, b) for line in lines for a, b in zip(line, line[1:])]
        lengths = [GEOD.inv(a[0], a[1], b[0], b[1])[2] for a, b in edges]
        left = sum(lengths) / 2
        for (a, b), length in zip(edges, lengths):
            if length > 0 and left <= length:
                return _slerp(a, b, left / length)
            left -= length
        return lines[0][0][1], lines[0][0][0]
    polygons = [shape(geometry)] if kind == "Polygon" else list(shape(geometry).geoms)
    polygon = max(polygons, key=lambda p: p.area)
    south, north = polygon.bounds[1], polygon.bounds[3]
    middle = (south + north) / 2
    line = LineString([(polygon.bounds[0] - 1, middle), (polygon.bounds[2] + 1, middle)])
    inside = polygon.intersection(line)
    pieces = list(getattr(inside, "geoms", [inside]))
    widest = max((p for p in pieces if p.length > 0), key=lambda p: p.length)
    return middle, (widest.bounds[0] + widest.bounds[2]) / 2


def _slerp(a, b, fraction):
    def vector(p):
        lat, lon = math.radians(p[1]), math.radians(p[0])
        return (math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat))

    u, v = vector(a), vector(b)
    angle = math.acos(max(-1.0, min(1.0, sum(x * y for x, y in zip(u, v)))))
    wa, wb = math.sin((1 - fraction) * angle) / math.sin(angle), math.sin(fraction * angle) / math.sin(angle)
    x, y, z = (wa * p + wb * q for p, q in zip(u, v))
    return math.degrees(math.atan2(z, math.hypot(x, y))), math.degrees(math.atan2(y, x))


def measures(geometry: dict) -> list[tuple[str, str]]:
    """The (label, value) fields a page shows for the shape: Length, or Area and Perimeter."""
    kind = geometry["type"]
    if kind in ("LineString", "MultiLineString"):
        return [("Length", length_text(GEOD.geometry_length(shape(geometry))))]
    if kind in ("Polygon", "MultiPolygon"):
        polygon = shape(geometry)
        area, _ = GEOD.geometry_area_perimeter(polygon)
        # The whole boundary, holes' rings too (pyproj's perimeter is the outer rings' only).
        parts = list(getattr(polygon, "geoms", [polygon]))
        perimeter = sum(GEOD.line_length(*ring.xy) for part in parts for ring in [part.exterior, *part.interiors])
        return [("Area", area_text(abs(area))), ("Perimeter", length_text(perimeter))]
    return []


def length_text(metres: float) -> str:
    return f"{round(metres):,} m" if round(metres) < 1000 else f"{metres / 1000:,.2f} km"


def area_text(square_metres: float) -> str:
    if round(square_metres) < 10_000:
        return f"{round(square_metres):,} m²"
    if round(square_metres / 100) < 10_000:
        return f"{square_metres / 10_000:,.2f} ha"
    return f"{square_metres / 1_000_000:,.2f} km²"


def inside(geometry: dict, lat: float, lon: float) -> bool:
    """Whether (lat, lon) lies strictly inside a polygon, or on a line: within half a metre of
    its edges drawn straight in degrees (the point lies on an edge's great circle, which bows
    away from the straight edge by millimetres over the example's edges of a kilometre or two)."""
    if geometry["type"] in ("Polygon", "MultiPolygon"):
        return shape(geometry).contains(Point(lon, lat))
    return shape(geometry).distance(Point(lon, lat)) < 5e-6


def tile_of(key):
    """(z, x, y) of the tile with quadkey `key`."""
    x = y = 0
    for digit in map(int, key):
        x, y = x * 2 + (digit & 1), y * 2 + (digit >> 1)
    return len(key), x, y


def tile_centre(z, x, y):
    """(lat, lon) of the middle of tile z/x/y in Web Mercator."""
    n = 2**z
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (y + 0.5) / n)))), (x + 0.5) / n * 360 - 180


# The tile format's trees are read by the browser's own module (core/tile-format.js), run through
# Node (Tests/Node/run.mjs): no second reader of them here.
RUN = Path(__file__).resolve().parent.parent / "Node" / "run.mjs"
SHAPE_TREE_CUT = 4


def trees(parts):
    """core/tile-format.js quadtreesLists: for each (text, root, cut), the tree's leaves, internal
    tiles with files, internal tiles with nothing to draw (`empty`, no file), leaves in the tree's
    order, and tiles cut with children, as a dict of lists."""
    result = subprocess.run(
        ["node", str(RUN), "core/tile-format.js", "quadtreesLists"],
        input=json.dumps([list(parts)]), capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def shape_tree(text, root="", cut=None, cuts=None, empty=None):
    """The tiles of a manifest's `shapes.tree` or `tree` (docs/tile-format.md) as (leaves, internal
    tiles with files), sets of quadkeys; with `cut` (the shape tree's 4), the tiles cut with
    children go into the set `cuts`, and those with nothing to draw into the set `empty`."""
    tree = trees([(text, root, cut)])[0]
    if cuts is not None:
        cuts.update(tree["cuts"])
    if empty is not None:
        empty.update(tree["empty"])
    return set(tree["leaves"]), set(tree["tiles"])


def whole_shape_tree(manifest, read, empty=None):
    """All the shape tiles of a manifest, its `shapes.tree` and every subtree file under it, as
    (leaves, internal tiles with files), those with nothing to draw added to the set `empty`;
    read(path) gives the JSON of a file of the dataset's folder. The subtrees of a level are read
    by one run of Node."""
    cuts = set()
    leaves, tiles = shape_tree(manifest["shapes"]["tree"], cut=SHAPE_TREE_CUT, cuts=cuts, empty=empty)
    while cuts:
        level = sorted(cuts)
        cuts.clear()
        texts = []
        for key in level:
            z, x, y = tile_of(key)
            texts.append(read(f"tree/{z}/{x}/{y}.json")["t"])
            assert texts[-1] and texts[-1][0] != "-", f"the subtree of {key} has no root"
        for tree in trees([(text, key, SHAPE_TREE_CUT) for text, key in zip(texts, level)]):
            leaves |= set(tree["leaves"])
            tiles |= set(tree["tiles"])
            cuts.update(tree["cuts"])
            if empty is not None:
                empty.update(tree["empty"])
    return leaves, tiles
