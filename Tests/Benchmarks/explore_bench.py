"""mapsite explore benchmark (section `explore` of bench.py; issue 30's budgets): a dataset narrowed
by its fields, on the 144,563 cities (country code `cc`, with a synthetic year `founded` and number
`score`) and on 1,000,000 synthetic places (a category of 200 values, Zipf-distributed, and the same
two synthetic fields), each built with `filters: [<category>, {founded: year}, {score: range}]`:

- the build: its wall time and the filters' own time (the build's "Made the filters" line): at most
  10% of the whole build;
- the filter panel's first counts: the bytes (gzip -9) of `filters/index.json`, which holds every
  value's count (a category of at most 300 values): at most 30 KB;
- the map page opened with a filter in its URL, in headless Chromium at a phone's viewport under
  visitor_bench's slow 4G, with nginx compressing: time to the first marker (the median of three
  first visits, each with an empty cache) and the bytes nginx sent before it: at most 1.5 s and
  150 KB;
- changing one filter with its data loaded (a value of the category checked and unchecked, its
  file fetched once before): from the click until the map is redrawn and every count updated
  (`data-drawn` on the map, `data-counted` on the panel), median of 9, at desktop speed (1280×900)
  and with Chromium's CPU slowed 4×: at most 100 ms and 400 ms.
"""

import gzip
import random
import re
import shutil
import statistics
import time
from pathlib import Path

import visitor_bench

FIRST_VISITS = 3
TARGETS = {"filter_share": 0.10, "panel_bytes": 30_000, "first_markers": 1.5, "bytes_before": 150_000,
           "change_desktop": 0.100, "change_slow": 0.400}
FILTERS_LINE = re.compile(r"Made the filters of \S+ .* in ([\d.]+) (ms|s)\b")


def augmented_csv(source, target, category, seed):
    """The source CSV with `founded` (a year, 1700–2020) and `score` (a number spanning 1 to 10⁶),
    and, without `category` among its columns, a category of 200 values with Zipf sizes."""
    rng = random.Random(seed)
    weights = [1 / (rank ** 1.1) for rank in range(1, 201)]
    with open(source, newline="") as src, open(target, "w", newline="") as out:
        header = src.readline().rstrip("\r\n")
        names = header.split(",")
        extra = ["founded", "score"] + ([] if category in names else [category])
        out.write(header + "," + ",".join(extra) + "\n")
        for line in src:
            values = [str(rng.randint(1700, 2020)), f"{10 ** rng.uniform(0, 6):.2f}"]
            if category not in names:
                values.append(f"group-{rng.choices(range(200), weights)[0] + 1:03d}")
            out.write(line.rstrip("\r\n") + "," + ",".join(values) + "\n")


def write_content(bench, root, dataset, category):
    content = root / f"content-explore-{dataset['key']}"
    if content.exists():
        shutil.rmtree(content)
    (content / "data").mkdir(parents=True)
    augmented_csv(dataset["csv"], content / "data" / "places.csv", category, seed=30)
    (content / "README.md").write_text(f"# Explore benchmark: {dataset['key']}\n")
    lines = [
        f"title: \"Explore: {dataset['key']}\"", "base_url: /demo/", "datasets:", "  - name: places",
        "    title: Places", "    source: data/places.csv", "    item_title: name", "    latitude: lat",
        "    longitude: lon", f"    neighbours: {bench.NEIGHBOURS}", "    fields: [founded, score]",
        "    filters:", f"      - {category}", "      - {field: founded, type: year}",
        "      - {field: score, type: range}",
    ]
    if dataset["id"]:
        lines.insert(7, f"    id: {dataset['id']}")
    (content / "site.yml").write_text("\n".join(lines) + "\n")
    return content


def filters_seconds(output):
    match = FILTERS_LINE.search(output)
    if not match:
        return None
    return float(match.group(1)) / (1000 if match.group(2) == "ms" else 1)


WAIT_REDRAW = """
var done = arguments[arguments.length - 1], selector = arguments[0];
var map = document.getElementById('map'), panel = document.getElementById('filter-panel');
var drawn = map.getAttribute('data-drawn'), counted = panel.getAttribute('data-counted');
var started = performance.now();
function check() {
  if (map.getAttribute('data-drawn') !== drawn && panel.getAttribute('data-counted') !== counted) {
    observer.disconnect();
    done(performance.now() - started);
  }
}
var observer = new MutationObserver(check);
observer.observe(map, {attributes: true});
observer.observe(panel, {attributes: true});
document.querySelector(selector).click();
"""


def change_times(server, workdir, page, selector, slowdown, width=1280, height=900, rounds=9):
    """Seconds from a click on `selector` until the map and counts are redrawn, median of `rounds`."""
    driver = visitor_bench.new_driver(workdir / f"profile-explore-{slowdown}")
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        driver.set_script_timeout(60)
        driver.get(server.url(page))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not driver.execute_script(
                "var p = document.getElementById('filter-panel'); return p && p.getAttribute('data-counted')"):
            time.sleep(0.1)
        for _ in range(2):  # the value's file and the columns fetched once
            driver.execute_async_script(WAIT_REDRAW, selector)
        if slowdown > 1:
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        times = [driver.execute_async_script(WAIT_REDRAW, selector) / 1000 for _ in range(rounds)]
        return statistics.median(times)
    finally:
        driver.quit()


def bench_one(bench, root, dataset, category, query, toggle, workdir):
    content = write_content(bench, root, dataset, category)
    output = root / f"site-explore-{dataset['key']}"
    if output.exists():
        shutil.rmtree(output)
    bench.log(f"explore {dataset['key']}: building")
    run = bench.mapsite_build(content, output)
    if run.get("returncode", 0) not in (0, None):
        raise bench.BenchError(f"explore {dataset['key']}: the build failed:\n{run['output'][-2000:]}")
    seconds = filters_seconds(run["output"])
    index = (output / "tiles" / "places" / "filters" / "index.json").read_bytes()
    result = {"key": dataset["key"], "wall": run["wall"], "filters": seconds,
              "panel_bytes": len(gzip.compress(index, 9)), "query": query}
    server = visitor_bench.Server(output, workdir / f"nginx-{dataset['key']}")
    try:
        page = f"places/map/?{query}"
        # Three first visits, each in a new profile (an empty cache): the median, as one visit's
        # time swings by a third with the machine's other work.
        visits = []
        for _ in range(FIRST_VISITS):
            shutil.rmtree(workdir / "profile-map", ignore_errors=True)
            visits.append(visitor_bench.map_first_markers(server, workdir, page))
        timed = sorted((v for v in visits if v["ms"] is not None), key=lambda v: v["ms"])
        first = timed[len(timed) // 2] if timed else visits[0]
        result["first_ms"], result["bytes_before"] = first["ms"], first["bytes_before"]
        result["first_all_ms"] = [v["ms"] for v in visits]
        result["change_desktop"] = change_times(server, workdir, page, toggle, 1)
        result["change_slow"] = change_times(server, workdir, page, toggle, 4)
    finally:
        server.stop()
    bench.log(f"explore {dataset['key']}: filters {seconds} s of {run['wall']:.1f} s; first markers "
              f"{result['first_ms']} ms (median of {result['first_all_ms']}) after {result['bytes_before']} bytes; a change "
              f"{result['change_desktop'] * 1000:.0f} ms, {result['change_slow'] * 1000:.0f} ms at 4× slower CPU")
    return result


def run(bench, root, runs):
    """Returns (results, targets) for bench.py."""
    workdir = root / "explore"
    workdir.mkdir(parents=True, exist_ok=True)
    workdir.chmod(0o755)
    cities = {"key": "cities", "csv": bench.cities_csv(), "id": None}
    million = {"key": "1m", "csv": bench.make_synthetic(1_000_000), "id": "id"}
    results = [
        bench_one(bench, root, cities, "cc", "cc=US&founded=1900..1950",
                  "#filter-panel input[type=checkbox][data-field='0'][value='0']", workdir),
        bench_one(bench, root, million, "group", "group=group-001&founded=1900..1950",
                  "#filter-panel input[type=checkbox][data-field='0'][value='1']", workdir),
    ]
    targets = []
    for r in results:
        share = None if r["filters"] is None else r["filters"] / r["wall"]
        targets += [
            bench.target(f"explore {r['key']}: filters' share of the build", share, TARGETS["filter_share"],
                         lambda v: f"{v:.1%}", detail=f"{r['filters']} s of {r['wall']:.1f} s"),
            bench.target(f"explore {r['key']}: panel's first counts (gzip bytes)", r["panel_bytes"],
                         TARGETS["panel_bytes"], lambda v: f"{v:,}"),
            bench.target(f"explore {r['key']}: first filtered markers, slow 4G (s)",
                         None if r["first_ms"] is None else r["first_ms"] / 1000, TARGETS["first_markers"],
                         lambda v: f"{v:.2f}"),
            bench.target(f"explore {r['key']}: bytes before the first filtered markers", r["bytes_before"],
                         TARGETS["bytes_before"], lambda v: f"{v:,}"),
            bench.target(f"explore {r['key']}: one filter changed, desktop (s)", r["change_desktop"],
                         TARGETS["change_desktop"], lambda v: f"{v * 1000:.0f} ms"),
            bench.target(f"explore {r['key']}: one filter changed, CPU 4× slower (s)", r["change_slow"],
                         TARGETS["change_slow"], lambda v: f"{v * 1000:.0f} ms"),
        ]
    return results, targets
