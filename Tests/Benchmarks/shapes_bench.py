"""The `shapes` section of bench.py: sites of lines and polygons, side by side with tippecanoe.

Data, made or read at benchmark time (nothing of it is committed):

- real: the example data the PyPI package `libpysal` ships (installed into the bench venv without
  its dependencies; only its files are read, with PyPI `pyshp`): the 48 contiguous US states
  (`us_income/us48.shp`, 11,469 vertices) and the 195 census tracts of Albuquerque's county
  (`10740/10740.shp`, 31,878 vertices) as polygons, in longitude/latitude, and the 118 streets of
  John Snow's Soho (`snow_maps/Soho_Network.shp`) as lines, turned from Web Mercator metres into
  degrees here. Each becomes a dataset of its own in one site.
- polygons-100k: 100,000 building-like polygons of 8 to 12 vertices (a rotated rectangle of 8 to
  30 m a side, its sides broken and jittered by up to a metre), one around each point of the
  synthetic 100k points of bench.py;
- points-100k: those same 100,000 points, as GeoJSON points with the same properties, the
  reference for the whole site of the polygons (target: within 1.5x);
- lines-10k: 10,000 random walks of 5 to 20 vertices (steps of 20 to 200 m), each starting at a
  point of the synthetic 10k points.

Every dataset is GeoJSON with the properties id, name and kind, 8 neighbours a place. Side by
side in each round (the order reversed every other round): mapsite's whole build of each site
(its tile stage read from the build's `Built … tiles` line) and tippecanoe on the same GeoJSON
(`-zg --drop-densest-as-needed`, into an .mbtiles file). Then, on the last round's outputs, the
bytes of the first map view for both: the map fitted to the data's bounds in a 1280x800 map as
bench.py's first view does; for mapsite, the manifest and the files core/tileset.js fetches (the tiles,
and the shape subtrees it reads to find the shape tiles: tile format 5); for
tippecanoe, every tile in view at that zoom (or at its greatest zoom, which the map would
over-zoom), as stored (gzip-compressed vector tiles) and unpacked. For the 100k buildings, whose
first view tippecanoe leaves empty (every building dropped at z2), also the same street-level
view for both (`STREET_VIEW`: z16, 1280x800, centred on the z12 tile holding the most buildings).

What the tiles hold differs: mapsite's first view also holds its point and cluster tiles (every
place counted) and its manifest; tippecanoe's drops features too small for its zoom.
"""

import gzip
import json
import math
import random
import sqlite3
import subprocess
from pathlib import Path

SHAPES_VERSION = 1  # bump when a generator changes, to regenerate the cached files
PIP = ["pyshp", "libpysal"]
TIPPECANOE_OPTIONS = ["-zg", "--drop-densest-as-needed"]
WHOLE_SITE_RATIO = 1.5
# A second view at street level, for the data whose first view tippecanoe leaves empty: zoom.
STREET_VIEW = {"polygons-100k": 16}


def install(bench):
    """pyshp, and libpysal for its example files only (without its dependencies)."""
    python = bench.VENV / "bin" / "python"
    if subprocess.run([str(python), "-c", "import shapefile, importlib.util as u; "
                       "assert u.find_spec('libpysal')"], capture_output=True).returncode != 0:
        bench.log("installing " + " ".join(PIP) + " (libpysal without its dependencies) into the venv")
        subprocess.run([str(python), "-m", "pip", "install", "-q", "pyshp"], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "libpysal"], check=True)
        import importlib

        importlib.invalidate_caches()


def examples_folder(bench):
    import importlib.util

    spec = importlib.util.find_spec("libpysal")
    if spec is None:
        raise bench.BenchError("libpysal is not installed in the bench venv")
    folder = Path(spec.origin).parent / "examples"
    for name in ("us_income/us48.shp", "10740/10740.shp", "snow_maps/Soho_Network.shp"):
        if not (folder / name).exists():
            raise bench.BenchError(f"{folder / name} is missing from the libpysal package")
    return folder


def feature(index, name, kind, geometry):
    return {"type": "Feature", "properties": {"id": index, "name": name, "kind": kind}, "geometry": geometry}


def write_collection(path, features):
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"type":"FeatureCollection","features":[\n')
        for i, item in enumerate(features):
            out.write(("," if i else "") + json.dumps(item, separators=(",", ":")) + "\n")
        out.write("]}\n")


def shapefile_features(path, name_field, kind, start, transform=None):
    """The shapes of a shapefile as GeoJSON features: polygons (rings split by the shapefile's
    parts; a clockwise ring starts a polygon, a counter-clockwise one is its hole) or lines."""
    import shapefile

    reader = shapefile.Reader(str(path))
    fields = [field[0] for field in reader.fields[1:]]
    found = []
    for index, record in enumerate(reader.iterShapeRecords()):
        geometry = record.shape.__geo_interface__
        if transform:
            geometry = transform(geometry)
        values = dict(zip(fields, record.record))
        name = str(values.get(name_field, "")).strip() or f"{kind} {index + 1}"
        found.append(feature(start + index, name, kind, geometry))
    return found


def mercator_to_degrees(geometry):
    """A LineString/MultiLineString from Web Mercator metres (EPSG:3857) to longitude/latitude."""
    radius = 6378137.0

    def point(p):
        return [round(math.degrees(p[0] / radius), 8),
                round(math.degrees(2 * math.atan(math.exp(p[1] / radius)) - math.pi / 2), 8)]

    coordinates = geometry["coordinates"]
    if geometry["type"] == "LineString":
        return {"type": "LineString", "coordinates": [point(p) for p in coordinates]}
    return {"type": "MultiLineString", "coordinates": [[point(p) for p in line] for line in coordinates]}


def real_data(bench):
    """Two GeoJSON files of the libpysal examples: areas (polygons) and streets (lines)."""
    areas = bench.DATA_CACHE / f"shapes-real-areas-v{SHAPES_VERSION}.geojson"
    streets = bench.DATA_CACHE / f"shapes-real-streets-v{SHAPES_VERSION}.geojson"
    if not (areas.exists() and streets.exists()):
        folder = examples_folder(bench)
        states = shapefile_features(folder / "us_income" / "us48.shp", "STATE_NAME", "state", 1)
        tracts = shapefile_features(folder / "10740" / "10740.shp", "TRACTID", "tract", 1001)
        for tract in tracts:
            tract["properties"]["name"] = f"Tract {tract['properties']['name']}"
        soho = shapefile_features(folder / "snow_maps" / "Soho_Network.shp", "", "street", 1,
                                  transform=mercator_to_degrees)
        bench.DATA_CACHE.mkdir(parents=True, exist_ok=True)
        write_collection(areas, states + tracts)
        write_collection(streets, soho)
    return areas, streets


def read_points(bench, n):
    import csv

    with open(bench.make_synthetic(n), newline="") as file:
        return [(int(row["id"]), row["name"], row["kind"], float(row["lat"]), float(row["lon"]))
                for row in csv.DictReader(file)]


def offset(lat, lon, east, north):
    """The point `east` and `north` metres from (lat, lon), on a sphere: fine at building scale."""
    return (lon + math.degrees(east / (6371008.8 * math.cos(math.radians(lat)))),
            lat + math.degrees(north / 6371008.8))


def building(rng, lat, lon):
    """A closed ring of 8 to 12 vertices: a rotated rectangle, its sides broken and jittered."""
    width, depth = rng.uniform(8, 30), rng.uniform(8, 30)
    angle = rng.uniform(0, math.pi)
    corners = [(-width / 2, -depth / 2), (width / 2, -depth / 2), (width / 2, depth / 2), (-width / 2, depth / 2)]
    count = rng.randint(8, 12)
    points = []
    for step in range(count):
        # Walk the rectangle's outline at count steps, counter-clockwise.
        t = step / count * 4
        side, along = int(t), t - int(t)
        (x1, y1), (x2, y2) = corners[side], corners[(side + 1) % 4]
        x = x1 + (x2 - x1) * along + rng.uniform(-1, 1)
        y = y1 + (y2 - y1) * along + rng.uniform(-1, 1)
        east = x * math.cos(angle) - y * math.sin(angle)
        north = x * math.sin(angle) + y * math.cos(angle)
        points.append([round(v, 7) for v in offset(lat, lon, east, north)])
    return points + [points[0]]


def synthetic(bench):
    """The synthetic GeoJSON files: polygons-100k, points-100k and lines-10k."""
    files = {key: bench.DATA_CACHE / f"shapes-{key}-v{SHAPES_VERSION}.geojson"
             for key in ("polygons-100k", "points-100k", "lines-10k")}
    if all(path.exists() for path in files.values()):
        return files
    bench.log("generating 100,000 building polygons, their points and 10,000 lines")
    rng = random.Random(2126)
    points = read_points(bench, 100_000)
    write_collection(files["points-100k"], (
        feature(i, name, kind, {"type": "Point", "coordinates": [lon, lat]}) for i, name, kind, lat, lon in points))
    write_collection(files["polygons-100k"], (
        feature(i, name, kind, {"type": "Polygon", "coordinates": [building(rng, lat, lon)]})
        for i, name, kind, lat, lon in points))
    lines = []
    for i, name, kind, lat, lon in read_points(bench, 10_000):
        line = [[lon, lat]]
        heading = rng.uniform(0, 2 * math.pi)
        for _ in range(rng.randint(4, 19)):
            heading += rng.uniform(-0.8, 0.8)
            step = rng.uniform(20, 200)
            lon, lat = offset(lat, lon, step * math.cos(heading), step * math.sin(heading))
            line.append([round(lon, 7), round(lat, 7)])
        lines.append(feature(i, f"Line {i}", kind, {"type": "LineString", "coordinates": line}))
    write_collection(files["lines-10k"], lines)
    return files


def write_site(root, key, datasets):
    """A content folder for `datasets`: (name, GeoJSON path) pairs, 8 neighbours each."""
    content = root / f"content-shapes-{key}"
    (content / "data").mkdir(parents=True)
    (content / "README.md").write_text(f"# Shapes benchmark: {key}\n")
    lines = [f'title: "Shapes: {key}"', "base_url: /", "datasets:"]
    for name, path in datasets:
        (content / "data" / f"{name}.geojson").symlink_to(path)
        lines += [f"  - name: {name}", f"    title: {name}", f"    source: data/{name}.geojson", "    id: id",
                  "    item_title: name", f"    neighbours: {8}", "    fields: [kind]"]
    (content / "site.yml").write_text("\n".join(lines) + "\n")
    return content


def tippecanoe_run(bench, binary, sources, folder):
    """tippecanoe on the GeoJSON files, one layer each; the run and its tiles' counts."""
    folder.mkdir()
    mbtiles = folder / "out.mbtiles"
    command = [binary, "-q", *TIPPECANOE_OPTIONS, "-t", folder, "-o", mbtiles]
    for name, path in sources:
        command += ["-L", f"{name}:{path}"]
    run = bench.run_timed(command, inputs=[path for _, path in sources])
    with sqlite3.connect(mbtiles) as db:
        tiles, low, high = db.execute("SELECT count(*), min(zoom_level), max(zoom_level) FROM tiles").fetchone()
    run.update(tiles=tiles, zooms=f"{low}–{high}", mbtiles=mbtiles)
    return run


def tippecanoe_first_view(bench, mbtiles, bounds, at=None):
    """The bytes of tippecanoe's tiles in the first view: the tiles at the view's zoom (or the
    greatest zoom tippecanoe made, which the map over-zooms) covering the view's bounds; `at`,
    (zoom, view bounds), in place of the map fitted to `bounds`."""
    zoom, view = at or bench.fit_bounds(bounds)
    with sqlite3.connect(mbtiles) as db:
        high = db.execute("SELECT max(zoom_level) FROM tiles").fetchone()[0]
        z = min(zoom, high)
        west, east = bench.tile_x(view["west"], z), bench.tile_x(view["east"], z)
        north, south = bench.tile_y(view["north"], z), bench.tile_y(view["south"], z)
        stored = unpacked = tiles = 0
        for x in range(west, east + 1):
            for y in range(north, south + 1):
                row = db.execute("SELECT tile_data FROM tiles WHERE zoom_level=? AND tile_column=? AND tile_row=?",
                                 (z, x, (1 << z) - 1 - y)).fetchone()
                if row:
                    tiles += 1
                    stored += len(row[0])
                    unpacked += len(gzip.decompress(row[0])) if row[0][:2] == b"\x1f\x8b" else len(row[0])
    return {"zoom": z, "tiles": tiles, "stored": stored, "unpacked": unpacked}


def densest_centre(bench, path, zoom=12):
    """(lat, lon) of the centre of the tile at `zoom` holding the first vertices of the most
    features of the GeoJSON file (the lowest quadkey among equals): where a street-level view
    shows the most."""
    import collections

    counts = collections.Counter()
    with open(path) as file:
        for item in json.load(file)["features"]:
            first = item["geometry"]["coordinates"]
            while isinstance(first[0], list):
                first = first[0]
            x, y = (int(v // 256) for v in bench.project(first[1], first[0], zoom))
            counts[(x, y)] += 1
    (x, y), _ = min(counts.items(), key=lambda entry: (-entry[1], entry[0]))
    n = 2**zoom
    lon = (x + 0.5) / n * 360 - 180
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (y + 0.5) / n))))
    return lat, lon


def data_bounds(paths):
    """[west, south, east, north] of every coordinate of the GeoJSON files."""
    west = south = math.inf
    east = north = -math.inf

    def walk(value):
        nonlocal west, south, east, north
        if isinstance(value[0], (int, float)):
            west, east = min(west, value[0]), max(east, value[0])
            south, north = min(south, value[1]), max(north, value[1])
        else:
            for element in value:
                walk(element)

    for path in paths:
        with open(path) as file:
            for item in json.load(file)["features"]:
                walk(item["geometry"]["coordinates"])
    return [west, south, east, north]


def run(bench, root, runs):
    """The section: the sites, tippecanoe, side by side; returns the results and the targets."""
    install(bench)
    areas, streets = real_data(bench)
    files = synthetic(bench)
    sites = {
        "real": [("areas", areas), ("streets", streets)],
        "polygons-100k": [("buildings", files["polygons-100k"])],
        "lines-10k": [("lines", files["lines-10k"])],
        "points-100k": [("places", files["points-100k"])],
    }
    contents = {key: write_site(root, key, datasets) for key, datasets in sites.items()}
    binary = bench.tippecanoe_binary()
    jobs = []
    for key in sites:
        jobs.append((key, "mapsite"))
        if key != "points-100k":
            jobs.append((key, "tippecanoe"))
    measured = {(key, tool): [] for key, tool in jobs}
    for round_ in range(runs):
        for key, tool in (jobs if round_ % 2 == 0 else list(reversed(jobs))):
            folder = root / f"shapes-{key}-{tool}-{round_ + 1}"
            if tool == "mapsite":
                result = bench.mapsite_build(contents[key], folder)
                result["tile_stage"] = bench.stage_time(result["stages"], r"Built\b.*\btiles\b")
                result["folder"] = folder
            else:
                result = tippecanoe_run(bench, binary, sites[key], folder)
            measured[(key, tool)].append(result)
            bench.log(f"shapes {key}: {tool} {round_ + 1}/{runs}: {bench.fmt_s(result['wall'])}{bench.noise(result)}")
    results = {}
    for key, datasets in sites.items():
        builds = measured[(key, "mapsite")]
        entry = {"features": sum(len(json.load(open(path))["features"]) for _, path in datasets),
                 "wall": bench.median([b["wall"] for b in builds]), "rss": bench.median([b["rss"] for b in builds]),
                 "tile_stage": bench.median([b["tile_stage"] for b in builds if b["tile_stage"] is not None] or [0])}
        site = builds[-1]["folder"]
        views = [bench.first_view(site, name) for name, _ in datasets]
        entry["first_view"] = {"raw": sum(v["total"] for v in views if v), "gzipped": sum(v["gzipped"] for v in views if v),
                               "tiles": sum(v["tiles"] for v in views if v)}
        # The tiles: not the manifests, nor the shape subtrees (tiles/<dataset>/tree/).
        entry["mapsite_tiles"] = sum(1 for path in (site / "tiles").rglob("*.json")
                                     if path.relative_to(site / "tiles").parts[1] != "tree") - len(datasets)
        if (key, "tippecanoe") in measured:
            tips = measured[(key, "tippecanoe")]
            entry["tippecanoe"] = {"wall": bench.median([t["wall"] for t in tips]), "tiles": tips[-1]["tiles"],
                                   "zooms": tips[-1]["zooms"]}
            bounds = data_bounds([path for _, path in datasets])
            entry["tippecanoe"]["first_view"] = tippecanoe_first_view(bench, tips[-1]["mbtiles"], bounds)
            if key in STREET_VIEW:
                # The same street-level view for both: where tippecanoe's first view is empty.
                lat, lon = densest_centre(bench, datasets[0][1])
                at = (STREET_VIEW[key], bench.view_around(lat, lon, STREET_VIEW[key]))
                views = [bench.first_view(site, name, view=at) for name, _ in datasets]
                entry["street_view"] = {
                    "zoom": at[0], "centre": [round(lat, 5), round(lon, 5)],
                    "raw": sum(v["total"] for v in views if v), "gzipped": sum(v["gzipped"] for v in views if v),
                    "tiles": sum(v["tiles"] for v in views if v), "trees": sum(v["trees"] for v in views if v),
                    "manifest": sum(v["manifest"] for v in views if v),
                    "tippecanoe": tippecanoe_first_view(bench, tips[-1]["mbtiles"], bounds, at=at)}
        results[key] = entry
    return results, targets(bench, results)


def targets(bench, results):
    found = []
    polygons, points = results.get("polygons-100k"), results.get("points-100k")
    if polygons and points:
        found.append(bench.target(
            "shapes: whole site of 100k polygons ≤ 1.5× that of 100k points", bench.ratio(polygons["wall"], points["wall"]),
            WHOLE_SITE_RATIO, bench.fmt_ratio,
            detail=f"{bench.fmt_s(polygons['wall'])} vs {bench.fmt_s(points['wall'])}"))
    for key, entry in results.items():
        tip = entry.get("tippecanoe")
        if not tip:
            continue
        found.append(bench.target(
            f"shapes: mapsite tile stage ≤ tippecanoe ({key})", bench.ratio(entry["tile_stage"], tip["wall"]), 1.0,
            bench.fmt_ratio, detail=f"{bench.fmt_s(entry['tile_stage'])} vs {bench.fmt_s(tip['wall'])}"))
        found.append(bench.target(
            f"shapes: first view ≤ tippecanoe's bytes, gzipped ({key})",
            bench.ratio(entry["first_view"]["gzipped"], tip["first_view"]["stored"]), 1.0, bench.fmt_ratio,
            detail=f"{bench.fmt_bytes(entry['first_view']['gzipped'])} vs {bench.fmt_bytes(tip['first_view']['stored'])}"))
        street = entry.get("street_view")
        if street:
            found.append(bench.target(
                f"shapes: street-level view (z{street['zoom']}) ≤ tippecanoe's bytes, gzipped ({key})",
                bench.ratio(street["gzipped"], street["tippecanoe"]["stored"]), 1.0, bench.fmt_ratio,
                detail=f"{bench.fmt_bytes(street['gzipped'])} vs {bench.fmt_bytes(street['tippecanoe']['stored'])}"))
    return found


def report(bench, results):
    rows = []
    for key, entry in results.items():
        tip = entry.get("tippecanoe")
        rows.append([
            key, bench.fmt_int(entry["features"]), bench.fmt_s(entry["wall"]), bench.fmt_mem(entry["rss"]),
            bench.fmt_s(entry["tile_stage"]), tip and bench.fmt_s(tip["wall"]) or "–",
            bench.fmt_int(entry["mapsite_tiles"]), tip and f"{bench.fmt_int(tip['tiles'])} (z{tip['zooms']})" or "–",
            f"{bench.fmt_bytes(entry['first_view']['raw'])} / {bench.fmt_bytes(entry['first_view']['gzipped'])}",
            tip and f"{bench.fmt_bytes(tip['first_view']['unpacked'])} / {bench.fmt_bytes(tip['first_view']['stored'])}"
            f" (z{tip['first_view']['zoom']}, {tip['first_view']['tiles']} tiles)" or "–"])
    bench.print_table(
        "Shapes (medians): mapsite's whole build and tile stage, tippecanoe "
        + " ".join(TIPPECANOE_OPTIONS) + " on the same GeoJSON; first view raw / compressed",
        ["data", "features", "mapsite build", "peak RSS", "tile stage", "tippecanoe", "mapsite tiles",
         "tippecanoe tiles", "first view mapsite", "first view tippecanoe"], rows)
    for key, entry in results.items():
        street = entry.get("street_view")
        if street:
            tip = street["tippecanoe"]
            print(f"  {key}, the same street-level view (z{street['zoom']}, 1280x800 around {street['centre']}, the"
                  f" densest z12 tile): mapsite {bench.fmt_bytes(street['raw'])} / {bench.fmt_bytes(street['gzipped'])}"
                  f" ({street['tiles']} tiles, {street['trees']} shape subtrees and the manifest of"
                  f" {bench.fmt_bytes(street['manifest'])}), tippecanoe {bench.fmt_bytes(tip['unpacked'])} /"
                  f" {bench.fmt_bytes(tip['stored'])} (z{tip['zoom']}, {tip['tiles']} tiles)")
    print("  Both hold clipped, simplified shapes. mapsite's first view adds its point and cluster tiles, where\n"
          "  every place is counted; tippecanoe's drops features too small to see at its first zoom (an almost\n"
          "  empty first view of the 100k buildings), so the two first views are not the same map.")
