"""Shapely's view of shape tiles, the oracle of Tests/MapsiteGeoTests/ShapeTiles.

Reads a JSON file {"cases": [...]}, each case {"kind": "lines" or "polygons", "original": parts,
"box": [minx, miny, maxx, maxy], "output": parts, "minimum": pixels}, coordinates in pixels of the tile's zoom (Web
Mercator). Parts are as ShapePiece holds them: lines [[x, y], ...] each wrapped in a list of one,
polygons lists of rings (outer first, not closed). For each case it cuts the original to the box
with shapely and compares: writes {"results": [{"valid", "reason", "hausdorff", "expectedArea",
"outputArea", "expectedHoles", "outputHoles", "originalValid"}]}, hausdorff being the Hausdorff
distance between the cut original's boundary (or lines) and the output's, densified to a tenth
of each segment. The cut original leaves out its rings (polygons, holes), and the stretches of
its lines, less than "minimum" across, the larger side of their box, as simplified tiles do.

Also {"covers": [{"kind", "original", "pieces": [parts, ...]}]}: writes {"uncovered": [...]}, for
each, the area (polygons) or length (lines) of the original that no piece covers.

Usage: shape_tile_oracle.py input.json
"""

import json
import sys

import shapely
from shapely.geometry import LineString, MultiLineString, MultiPolygon, Polygon, box


def geometry(kind, parts):
    if kind == "lines":
        return MultiLineString([LineString(part[0]) for part in parts])
    return MultiPolygon([Polygon(rings[0], rings[1:]) for rings in parts])


def outline(shape):
    """The lines of a shape: polygons' boundaries, lines as they are."""
    return shape.boundary if shape.geom_type in ("Polygon", "MultiPolygon") else shape


def size(ring):
    x0, y0, x1, y1 = ring.bounds
    return max(x1 - x0, y1 - y0)


def holes(shape):
    parts = getattr(shape, "geoms", [shape])
    return sum(len(p.interiors) for p in parts if p.geom_type == "Polygon")


def main(path):
    with open(path) as file:
        data = json.load(file)
    results = []
    for case in data.get("cases", []):
        original = geometry(case["kind"], case["original"])
        output = geometry(case["kind"], case["output"])
        expected = original.intersection(box(*case["box"]))
        if case["kind"] == "polygons":
            # Only the areas: the cut's stray lines and points along the box's edge are no polygon.
            # Rings less than "minimum" pixels across (the larger side of their box) are not drawn.
            kept = []
            for g in shapely.get_parts(expected):
                if g.geom_type != "Polygon" or size(g.exterior) < case.get("minimum", 0):
                    continue
                kept.append(Polygon(g.exterior, [h for h in g.interiors if size(h) >= case.get("minimum", 0)]))
            expected = shapely.union_all(kept)
        else:
            # So are the stretches of lines (the cut may leave several) under "minimum" across:
            # clip_by_rect keeps each stretch whole, where intersection splits a line where it
            # crosses itself.
            expected = shapely.clip_by_rect(original, *case["box"])
            expected = shapely.union_all([g for g in shapely.get_parts(expected)
                                          if g.geom_type == "LineString" and size(g) >= case.get("minimum", 0)])
        a, b = outline(expected), outline(output)
        results.append({
            "valid": bool(output.is_valid),
            "reason": shapely.is_valid_reason(output),
            "originalValid": bool(original.is_valid),
            "hausdorff": float(shapely.hausdorff_distance(a, b, densify=0.1)) if not a.is_empty else (0.0 if b.is_empty else 1e9),
            "expectedArea": float(expected.area),
            "outputArea": float(output.area),
            "expectedHoles": holes(expected),
            "outputHoles": holes(output),
        })
    uncovered = []
    for case in data.get("covers", []):
        original = geometry(case["kind"], case["original"])
        union = shapely.union_all([geometry(case["kind"], parts) for parts in case["pieces"]])
        rest = original.difference(union.buffer(1e-3) if case["kind"] == "lines" else union)
        uncovered.append(float(rest.area if case["kind"] == "polygons" else rest.length))
    json.dump({"results": results, "uncovered": uncovered}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
