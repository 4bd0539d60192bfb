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


# ---------------------------------------------------------------------------------------------
# The `vertices` section: the neighbour stage against the vertex count of a few large polygons.
#
# Data, generated here (nothing committed; cached in the bench's data folder):
# - polygons-<n>: 10 polygons of n vertices each (n = 2k, 4k, 8k, 16k), wiggly stars of 10 km
#   (their radius varies by a sum of sines, up to about 5%, plus a metre of jitter) whose centres
#   stand 20.5 km apart in two rows of five: neighbours come within metres of each other, some
#   overlap;
# - boroughs: a stand-in for New York's 5 boroughs (76k vertices; no copy of them is in the
#   repository): 4 wedges of a wiggly disc of 10 km, each 15k vertices, sharing their borders
#   vertex for vertex, and an island of 15k vertices along two wedges' coast, 300 m off it all
#   along (a long shore to search, as the East River's).
# Each is one dataset of a site of its own, 8 neighbours a place (every other polygon: each pair
# is measured). The figure is the build's "Indexed neighbours" stage; the goals, #32 point 2:
# 16k under 1 s, the boroughs under 0.5 s. With --baseline, its binary is measured side by side.

VERTEX_SIZES = [2_000, 4_000, 8_000, 16_000]
VERTEX_GOALS = {16_000: 1.0, "boroughs": 0.5}
VERTICES_VERSION = 1


def wiggle(rng, amplitude, waves=6):
    """A smooth random function on [0, 1]: sines of 2, 4, … 2^waves periods, the nth of
    amplitude `amplitude` / 2^n, with random phases."""
    terms = [(amplitude / 2**j, 2**j, rng.uniform(0, 2 * math.pi)) for j in range(1, waves + 1)]
    return lambda s: sum(a * math.sin(2 * math.pi * f * s + p) for a, f, p in terms)


def local_to_degrees(lat, lon, points):
    """(east, north) metres around (lat, lon) to closed [lon, lat] rings, 7 decimals."""
    ring = [[round(v, 7) for v in offset(lat, lon, x, y)] for x, y in points]
    return ring + [ring[0]]


def star(rng, lat, lon, count, radius):
    """A ring of `count` vertices (closing one aside) around (lat, lon): radius × (1 + wiggle)."""
    shape, jitter = wiggle(rng, 0.05 * radius), lambda: rng.uniform(-1, 1)
    points = []
    for i in range(count):
        angle = 2 * math.pi * i / count
        r = radius + shape(i / count) + jitter()
        points.append((r * math.cos(angle), r * math.sin(angle)))
    return local_to_degrees(lat, lon, points)


def boroughs(rng, lat, lon, radius=10_000.0, each=15_000, shore=300.0):
    """Five polygons: four wedges of a wiggly disc sharing their borders, and an island off two."""
    coast = wiggle(rng, 0.03 * radius)
    arc_count, ray_count = each // 2, each // 4

    def rim(angle, extra=0.0):
        r = radius + coast(angle / (2 * math.pi)) + extra
        return (r * math.cos(angle), r * math.sin(angle))

    rays = []
    for k in range(4):
        # From the centre out to the rim at angle k·90°, bent sideways (none at its ends).
        angle, bend = k * math.pi / 2, wiggle(rng, 0.02 * radius)
        end = math.hypot(*rim(angle))
        ray = []
        for i in range(ray_count):
            t = i / ray_count
            side = math.sin(math.pi * t) * bend(t)
            ray.append((t * end * math.cos(angle) - side * math.sin(angle),
                        t * end * math.sin(angle) + side * math.cos(angle)))
        rays.append(ray + [rim(angle)])
    wedges = []
    for k in range(4):
        start, stop = k * math.pi / 2, (k + 1) * math.pi / 2
        # Ray k out to the rim, the rim, ray k + 1 back (its centre is the ring's first vertex).
        arc = [rim(start + (stop - start) * i / arc_count) for i in range(1, arc_count)]
        back = list(reversed(rays[(k + 1) % 4]))[:-1]
        wedges.append(local_to_degrees(lat, lon, rays[k] + arc + back))
    # The island: from the rim + shore out to the rim + 5 km, over the angles of wedges 1 and 2.
    start, stop = math.pi / 2, 3 * math.pi / 2
    half = each // 2
    inner = [rim(start + (stop - start) * i / (half - 1), shore) for i in range(half)]
    outer = [rim(stop - (stop - start) * i / (half - 1), 5_000.0) for i in range(half)]
    return wedges + [local_to_degrees(lat, lon, inner + outer)]


def vertex_data(bench):
    """The GeoJSON files of the section: {key: path}, keys `polygons-<n>` and `boroughs`."""
    files = {f"polygons-{n}": bench.DATA_CACHE / f"vertices-{n}-v{VERTICES_VERSION}.geojson" for n in VERTEX_SIZES}
    files["boroughs"] = bench.DATA_CACHE / f"vertices-boroughs-v{VERTICES_VERSION}.geojson"
    if all(path.exists() for path in files.values()):
        return files
    bench.DATA_CACHE.mkdir(parents=True, exist_ok=True)
    lat, lon = 40.7, -74.0
    for n in VERTEX_SIZES:
        rng = random.Random(3200 + n)
        polygons = []
        for i in range(10):
            row, column = divmod(i, 5)
            centre_lon, centre_lat = offset(lat, lon, column * 20_500.0, row * 20_500.0)
            ring = star(rng, centre_lat, centre_lon, n - 1, 10_000.0)
            polygons.append(feature(i + 1, f"Polygon {i + 1}", "polygon", {"type": "Polygon", "coordinates": [ring]}))
        write_collection(files[f"polygons-{n}"], polygons)
    names = ["Wedge north-east", "Wedge north-west", "Wedge south-west", "Wedge south-east", "Island"]
    write_collection(files["boroughs"], [
        feature(i + 1, name, "borough", {"type": "Polygon", "coordinates": [ring]})
        for i, (name, ring) in enumerate(zip(names, boroughs(random.Random(3205), lat, lon)))])
    return files


def vertex_count(path):
    with open(path) as file:
        return sum(len(ring) for item in json.load(file)["features"] for ring in item["geometry"]["coordinates"])


# Issue 31 point 12: one polygon of 100,000 vertices that crosses itself 1,000 times (neighbouring
# vertices swapped every 100th), repaired and tiled: the whole build, at most this many seconds.
CROSSING_GOAL = 5.0


def crossing_data(bench):
    """The GeoJSON of one ring of 100,000 vertices around (40.7, -73.9) with 1,000 small bowties."""
    path = bench.DATA_CACHE / f"vertices-crossing-v{VERTICES_VERSION}.geojson"
    if path.exists():
        return path
    bench.DATA_CACHE.mkdir(parents=True, exist_ok=True)
    n = 100_000
    ring = [[-73.9 + 0.1 * math.cos(2 * math.pi * i / n), 40.7 + 0.08 * math.sin(2 * math.pi * i / n)] for i in range(n)]
    for i in range(50, n - 2, 100):
        ring[i], ring[i + 1] = ring[i + 1], ring[i]
    write_collection(path, [feature(1, "Crossing", "polygon", {"type": "Polygon", "coordinates": [ring + [ring[0]]]})])
    return path


def run_crossing(bench, root, runs):
    """The whole build of the crossing polygon's site, median of `runs`: {wall, tiles, repaired}."""
    content = write_site(root, "vertices-crossing", [("crossing", crossing_data(bench))])
    walls, tiles, output = [], [], ""
    for round_ in range(runs):
        result = bench.mapsite_build(content, root / f"vertices-crossing-{round_ + 1}")
        walls.append(result["wall"])
        tiles.append(bench.stage_time(result["stages"], r"Built .* tiles"))
        output = result.get("output", "")
        bench.log(f"vertices crossing: {round_ + 1}/{runs}: whole build {bench.fmt_s(result['wall'])}")
    return {"wall": bench.median(walls), "tiles": bench.median(tiles), "repaired": "crosses itself" in output}


def run_vertices(bench, root, runs):
    """The section: each file's site built `runs` times (with the baseline's binary side by side
    when --baseline is given); the median neighbour stage of each."""
    files = vertex_data(bench)
    binaries = [("mapsite", bench.BINARY)] + ([("baseline", bench.BASELINE)] if bench.BASELINE else [])
    contents = {key: write_site(root, f"vertices-{key}", [(key.replace("-", ""), path)]) for key, path in files.items()}
    stages = {(key, tool): [] for key in files for tool, _ in binaries}
    lists = {}
    for round_ in range(runs):
        order = binaries if round_ % 2 == 0 else list(reversed(binaries))
        for key in files:
            for tool, binary in order:
                folder = root / f"vertices-{key}-{tool}-{round_ + 1}"
                result = bench.mapsite_build(contents[key], folder, binary=binary)
                seconds = bench.stage_time(result["stages"], r"Indexed neighbours")
                stages[(key, tool)].append(seconds)
                lists[(key, tool)] = neighbour_lists(folder)
                bench.log(f"vertices {key}: {tool} {round_ + 1}/{runs}: neighbour stage {bench.fmt_s(seconds)}")
    results = {"crossing": run_crossing(bench, root, runs), "near": near_me_shapes(bench, root, contents["boroughs"])}
    for key, path in files.items():
        entry = {"vertices": vertex_count(path)}
        for tool, _ in binaries:
            entry[tool] = bench.median(stages[(key, tool)])
        entry["lists"] = len(lists[(key, "mapsite")])
        if bench.BASELINE:
            entry["same_lists"] = entry["lists"] > 0 and lists[(key, "mapsite")] == lists[(key, "baseline")]
        results[key] = entry
    return results, vertex_targets(bench, results)


# Issue 32 point 7: near me on the boroughs. A few large shapes no longer split the point tiles
# to zoom 18 (each counts its simplified shape, within a tenth of the tile budget), and near me
# reads the simplified shapes, and the true vertices only of the edges near the point where the
# tolerance could change its text. Goals: point tiles no deeper than NEAR_ZOOM_GOAL and no "too
# many places at one spot"; near me at a point inside a wedge (a Queens) reads at most
# NEAR_BYTES_GOAL of shapes (whole files and parts, not gzipped), and at most NEAR_ANY_GOAL at
# any of NEAR_POINTS random points over the boroughs.
NEAR_ZOOM_GOAL = 10
NEAR_BYTES_GOAL = 100_000
NEAR_ANY_GOAL = 150_000
NEAR_POINTS = 20
NEAR_SHAPES = """
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
const [module, folder, request] = process.argv.slice(1);
const { Tileset } = await import(pathToFileURL(module).href);
const answers = [];
for (const [lat, lon] of JSON.parse(request)) {
  const read = {};
  const tiles = new Tileset("/", "d", (url) => {
    const path = url.slice("/tiles/d/".length);
    return readFile(folder + "/" + path, "utf8").then((text) => { read[path] = text.length; return JSON.parse(text); });
  });
  const places = await tiles.nearest(lat, lon, 10);
  const shapes = Object.keys(read).filter((path) => path.startsWith("whole/"));
  answers.push({ bytes: shapes.reduce((sum, path) => sum + read[path], 0), parts: shapes.filter((path) => /\/\d+\.\d+\.json$/.test(path)).length,
    places: places.map((p) => p.id + " " + Math.round(p.distance)) });
}
process.stdout.write(JSON.stringify(answers));
"""


def near_me_shapes(bench, root, content):
    """The boroughs' site built once: its deepest point tile, the warning, the largest whole file
    and near me's bytes of shapes at a point inside a wedge and at random points."""
    import re

    folder = root / "vertices-near-me"
    result = bench.mapsite_build(content, folder)
    base = folder / "tiles" / "boroughs"
    point_tiles = [p for p in base.rglob("*.json") if re.fullmatch(r"\d+/\d+/\d+\.json", str(p.relative_to(base)))]
    whole = [p for p in (base / "whole").rglob("*.json") if re.fullmatch(r"\d+/\d+/\d+\.json", str(p.relative_to(base / "whole")))]
    parts = [p for p in (base / "whole").rglob("*.json") if p not in whole]
    lat, lon = 40.7, -74.0
    rng = random.Random(3207)
    points = [offset(lat, lon, 5_000.0, 5_000.0)[::-1]]
    for _ in range(NEAR_POINTS):
        r, a = 12_000.0 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
        points.append(offset(lat, lon, r * math.cos(a), r * math.sin(a))[::-1])
    answers = json.loads(subprocess.run(
        ["node", "--input-type=module", "-e", NEAR_SHAPES, str(Path(bench.BINARY["theme"]) / "assets/core/tileset.js"), str(base),
         json.dumps(points)], capture_output=True, text=True, check=True).stdout)
    return {"zoom": max(int(p.relative_to(base).parts[0]) for p in point_tiles),
            "warned": "too many places at one spot" in result.get("output", ""),
            "whole": max(p.stat().st_size for p in whole), "whole_files": len(whole), "parts": len(parts),
            "part_bytes": sum(p.stat().st_size for p in parts),
            "queens": answers[0], "random": answers[1:]}


def neighbour_lists(site):
    """Every place's nearest list as its page prints it (names, distances, directions, in order):
    {page: the list's HTML}."""
    import re

    found = {}
    for page in sorted(site.rglob("index.html")):
        match = re.search(r'<ol class="neighbours">(.*?)</ol>', page.read_text(), re.S)
        if match:
            found[str(page.relative_to(site))] = match.group(1)
    return found


def vertex_targets(bench, results):
    found = []
    crossing = results.get("crossing")
    if crossing:
        found.append(bench.target(
            f"vertices: a 100k-vertex polygon crossing itself 1,000 times, whole build < {CROSSING_GOAL} s",
            crossing["wall"], CROSSING_GOAL, bench.fmt_s,
            detail=f"tile stage {bench.fmt_s(crossing['tiles'])}" + ("" if crossing["repaired"] else ", no repair warning")))
    near = results.get("near")
    if near:
        found.append(bench.target(
            f"vertices: 5 boroughs, deepest point tile ≤ zoom {NEAR_ZOOM_GOAL}, no 'too many places' warning",
            near["zoom"] + (100 if near["warned"] else 0), NEAR_ZOOM_GOAL, str,
            detail=f"zoom {near['zoom']}" + (", warned" if near["warned"] else ", no warning")
            + f"; largest whole file {bench.fmt_int(near['whole'])} B, {bench.fmt_int(near['parts'])} parts"))
        found.append(bench.target(
            f"vertices: near me in a wedge reads ≤ {NEAR_BYTES_GOAL // 1000} KB of shapes", near["queens"]["bytes"],
            NEAR_BYTES_GOAL, bench.fmt_int, detail=f"{near['queens']['parts']} parts"))
        most = max(answer["bytes"] for answer in near["random"])
        found.append(bench.target(
            f"vertices: near me at {NEAR_POINTS} random points over the boroughs reads ≤ {NEAR_ANY_GOAL // 1000} KB of shapes",
            most, NEAR_ANY_GOAL, bench.fmt_int,
            detail=f"median {bench.fmt_int(int(bench.median([a['bytes'] for a in near['random']])))}"))
    for key, goal in VERTEX_GOALS.items():
        entry = results.get(key if key == "boroughs" else f"polygons-{key}")
        if entry:
            name = "5 boroughs-like polygons, 76k vertices" if key == "boroughs" else f"10 polygons of {key:,} vertices"
            detail = f"baseline {bench.fmt_s(entry['baseline'])}" if "baseline" in entry else None
            found.append(bench.target(f"vertices: neighbour stage of {name} < {goal} s", entry["mapsite"], goal,
                                      bench.fmt_s, strict=True, detail=detail))
    if any("same_lists" in entry for entry in results.values()):
        same = all(entry.get("same_lists", True) for entry in results.values())
        found.append(bench.target("vertices: the same neighbour lists as the baseline", 1 if same else 0, 1,
                                  lambda v: "same" if v else "different", below=False))
    return found


def report_vertices(bench, results):
    with_baseline = any("baseline" in entry for entry in results.values())
    headers = ["data", "vertices", "neighbour stage"] + (["baseline", "same lists"] if with_baseline else [])
    rows = []
    for key, entry in results.items():
        if key in ("crossing", "near"):
            continue  # targets of their own (vertex_targets)
        row = [key, bench.fmt_int(entry["vertices"]), bench.fmt_s(entry["mapsite"])]
        if with_baseline:
            same = "yes" if entry.get("same_lists") else "NO"
            row += [bench.fmt_s(entry["baseline"]), f"{same} ({entry['lists']} pages)"]
        rows.append(row)
    bench.print_table("Shapes of many vertices: the neighbour stage (medians)"
                      + (f", side by side with {bench.BASELINE['label']}" if with_baseline else ""), headers, rows)
