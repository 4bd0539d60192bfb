"""Longitudes and latitudes from pyproj, the oracle of the reprojection tests in
Tests/MapsiteCoreTests/Dataset/GDAL.

Reads a JSON file {"crs": "EPSG:2272", "points": [[x, y], ...]} and writes to standard output
{"points": [[longitude, latitude], ...]}: each point reprojected from the system to WGS 84 by
pyproj's Transformer with always_xy (x and longitude first), as PROJ's best transformation does.

Usage: proj_oracle.py input.json
"""

import json
import sys

from pyproj import Transformer


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        request = json.load(file)
    transformer = Transformer.from_crs(request["crs"], "EPSG:4326", always_xy=True)
    xs = [point[0] for point in request["points"]]
    ys = [point[1] for point in request["points"]]
    longitudes, latitudes = transformer.transform(xs, ys)
    json.dump({"points": [[lon, lat] for lon, lat in zip(longitudes, latitudes)]}, sys.stdout)


if __name__ == "__main__":
    main()
