#!/usr/bin/env python3
"""mapsite search benchmark: what the static search index of a built site costs a browser.

    python3 Tests/Benchmarks/search_bench.py SITE [--pagefind] [--build-log FILE] [--json OUT]

Given a built site folder (with `search/`), it prints the index's size, shard count and largest
shard, then the bytes fetched for ~30 sample queries (city names, partial prefixes, accented
names, numbers, several words), as the browser's own query, `templates/assets/core/search.js`, reads
them, run in Node (`Tests/Node/search-site.mjs` records the files a query reads; Node is required):

- first search: the manifest plus every file the query needs, as on a freshly opened page;
- per query: the files of one query alone (the manifest already loaded), the median over the
  sample, and the bytes for typing each query one character at a time with one page's cache;
- each also gzip-compressed (level 6), as a server that compresses JSON would send it.

With --pagefind it installs PyPI `pagefind-bin` into `.build/bench-venv` when missing and indexes
the same item pages (`<dataset>/*/index.html`) into a temporary folder, for the index build time
and peak memory (GNU time) of Pagefind against mapsite's search stage. mapsite's time is read from
the build log's `Built search index … in N s` line (--build-log), or given with --index-seconds.

bench.py calls `run(site, pagefind=…, build_log=…)`, which returns the figures as a dict and the
targets as (name, value, limit, passed) tuples.
"""

import argparse
import gzip
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
VENV = REPO / ".build" / "bench-venv"
SEARCH_SITE = REPO / "Tests" / "Node" / "search-site.mjs"
MANIFEST = "search/index.json"

TARGETS = {
    "first_search": 100_000,  # bytes: manifest + everything the first query needs
    "median_query": 30_000,  # bytes: one query's files, the manifest already loaded
    "build_vs_pagefind": 0.1,  # mapsite's search stage / Pagefind's wall time
}

# Names of places of the cities dataset, partial prefixes, accented spellings, numbers, several words.
QUERIES = [
    "london", "paris", "springfield", "tokyo", "new york", "san jose", "sao paulo", "são paulo", "la paz",
    "münchen", "munchen", "zürich", "kraków", "malmö", "québec", "reykjavík", "córdoba",
    "lon", "spr", "ber", "mex", "s", "bu", "st", "new y",
    "1", "10", "2",
    "springfield il", "portland or", "saint louis", "county",
]


# ---------------------------------------------------------------------------------------------
# Measurements


def index_stats(site):
    """Sizes of the files under search/, by kind."""
    root = Path(site) / "search"
    kinds = {"manifest": [], "shards": [], "long lists": [], "prefix lists": [], "documents": []}
    for path in root.rglob("*.json"):
        relative = path.relative_to(root).as_posix()
        size = path.stat().st_size
        if relative == "index.json":
            kinds["manifest"].append(size)
        elif relative.startswith("d/"):
            kinds["documents"].append(size)
        elif relative.endswith(".u.json"):
            kinds["prefix lists"].append(size)
        elif relative.count(".") == 2:
            kinds["long lists"].append(size)
        else:
            kinds["shards"].append(size)
    manifest = json.loads((root / "index.json").read_text(encoding="utf-8"))
    return {
        "documents": manifest["documents"],
        "files": sum(len(v) for v in kinds.values()),
        "bytes": sum(sum(v) for v in kinds.values()),
        "shards": len(kinds["shards"]),
        "largest_shard": max(kinds["shards"], default=0),
        "median_shard": int(statistics.median(kinds["shards"])) if kinds["shards"] else 0,
        "manifest": sum(kinds["manifest"]),
        "kinds": {kind: {"files": len(v), "bytes": sum(v), "largest": max(v, default=0)} for kind, v in kinds.items()},
    }


def node_search(site, queries):
    """core/search.js run by Node over the site (Tests/Node/search-site.mjs): for each query on a
    fresh page, its results, the files it read in order, the milliseconds it took, and the files
    read while it is typed one character at a time on one page."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        raise SystemExit("search_bench needs Node to run core/search.js (Debian package nodejs)")
    request = json.dumps({"queries": queries, "typing": True})
    done = subprocess.run([node, str(SEARCH_SITE), str(site)], input=request, capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"{SEARCH_SITE.name} failed: {done.stderr.strip()[:500]}")
    return json.loads(done.stdout)


def query_costs(site, queries):
    """For each query on a fresh page: files and bytes of the first search and of the query alone."""
    sizes = {}

    def size(path):
        """A site file's bytes and gzip bytes (level 6)."""
        if path not in sizes:
            data = (Path(site) / path).read_bytes()
            sizes[path] = (len(data), len(gzip.compress(data, 6)))
        return sizes[path]

    rows = []
    for outcome in node_search(site, queries):
        results, fetched = outcome["results"], outcome["fetched"]
        own = [path for path in fetched if path != MANIFEST]
        top = results[0]["title"] + (f" ({results[0]['detail']})" if results[0]["detail"] else "") if results else ""
        rows.append({
            "query": outcome["query"],
            "results": len(results),
            "top": top,
            "files": len(fetched),
            "first": sum(size(p)[0] for p in fetched),
            "first_gzip": sum(size(p)[1] for p in fetched),
            "query_bytes": sum(size(p)[0] for p in own),
            "query_gzip": sum(size(p)[1] for p in own),
            "shard_bytes": sum(size(p)[0] for p in own if p.startswith("search/s/")),
            "document_bytes": sum(size(p)[0] for p in own if p.startswith("search/d/")),
            "typing": sum(size(p)[0] for p in outcome["typed"]),
            "node_ms": outcome["ms"],
            "paths": [r["path"] for r in results],
            "fetched": sorted(fetched),
        })
    return rows


def pagefind_binary():
    """The pagefind executable of PyPI `pagefind-bin` in the bench venv, installed when missing."""
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    find = [str(python), "-c", "import pagefind_bin, os; print(os.path.dirname(pagefind_bin.__file__))"]
    done = subprocess.run(find, capture_output=True, text=True)
    if done.returncode != 0:
        log("installing pagefind-bin into " + str(VENV.relative_to(REPO)))
        subprocess.run([str(python), "-m", "pip", "install", "-q", "pagefind-bin"], check=True)
        done = subprocess.run(find, capture_output=True, text=True, check=True)
    binary = Path(done.stdout.strip()) / "pagefind"
    if not binary.exists():
        raise RuntimeError(f"no pagefind executable in {binary.parent}")
    return binary


def run_pagefind(site, datasets):
    """Pagefind over the item pages of `datasets`: wall seconds, peak RSS, files and bytes written."""
    binary = pagefind_binary()
    timer = "/usr/bin/time" if Path("/usr/bin/time").exists() else None
    with tempfile.TemporaryDirectory(prefix="search-bench-pagefind-") as temporary:
        output = Path(temporary) / "pagefind"
        glob = "{" + ",".join(f"{name}/*/index.html" for name in datasets) + "}" if len(datasets) > 1 \
            else f"{datasets[0]}/*/index.html"
        command = [str(binary), "--site", str(site), "--glob", glob, "--output-path", str(output)]
        if timer:
            command = [timer, "-f", "%e %M", *command]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        wall = time.perf_counter() - started
        if done.returncode != 0:
            raise RuntimeError(f"pagefind failed: {done.stderr.strip()[-500:]}")
        peak = None
        if timer:
            last = done.stderr.strip().splitlines()[-1].split()
            wall, peak = float(last[0]), int(last[1]) * 1024
        pages = re.search(r"Indexed (\d+) pages?", done.stdout)
        files = [p for p in output.rglob("*") if p.is_file()]
        return {"seconds": wall, "peak_bytes": peak, "pages": int(pages.group(1)) if pages else None,
                "files": len(files), "bytes": sum(p.stat().st_size for p in files)}


SEARCH_STAGE = re.compile(r"^Built search index.* in ([0-9]+(?:\.[0-9]+)?) s(?: \(peak [\d,]+ MiB\))?$")


def index_seconds_from_log(text):
    for line in text.splitlines():
        found = SEARCH_STAGE.match(line.strip())
        if found:
            return float(found.group(1))
    return None


# ---------------------------------------------------------------------------------------------
# Report


def log(message):
    print(f"[search_bench] {message}", file=sys.stderr, flush=True)


def kb(n):
    return "-" if n is None else f"{n / 1000:,.1f} KB"


def run(site, queries=None, pagefind=False, build_log=None, index_seconds=None, quiet=False):
    """Measures the search index of the built `site`; returns {figures…, "targets": [(name, value, limit, ok)]}."""
    site = Path(site)
    queries = queries or QUERIES
    say = (lambda *a: None) if quiet else print
    stats = index_stats(site)
    rows = query_costs(site, queries)
    if index_seconds is None and build_log:
        index_seconds = index_seconds_from_log(build_log)
    first = [r["first"] for r in rows]
    own = [r["query_bytes"] for r in rows]
    result = {
        "index": stats, "queries": rows,
        "first_search": {"max": max(first), "median": statistics.median(first),
                         "max_gzip": max(r["first_gzip"] for r in rows)},
        "per_query": {"median": statistics.median(own), "max": max(own),
                      "median_gzip": statistics.median(r["query_gzip"] for r in rows),
                      "median_typing": statistics.median(r["typing"] for r in rows)},
        "index_seconds": index_seconds,
    }

    say(f"\nSearch index of {site}: {stats['documents']:,} documents, {stats['files']:,} files, {kb(stats['bytes'])}")
    say(f"  manifest {kb(stats['manifest'])}; {stats['shards']} shards, largest {kb(stats['largest_shard'])}, "
        f"median {kb(stats['median_shard'])}")
    for kind, figures in stats["kinds"].items():
        say(f"  {kind:<13} {figures['files']:>7,} files {kb(figures['bytes']):>11}  largest {kb(figures['largest'])}")
    say("\n  query             results files  first search (gzip)   this query  shards  documents  typing   top result")
    for r in rows:
        say(f"  {r['query']:<17} {r['results']:>7} {r['files']:>5} {kb(r['first']):>10} {kb(r['first_gzip']):>10}"
            f" {kb(r['query_bytes']):>10} {kb(r['shard_bytes']):>9} {kb(r['document_bytes']):>9}"
            f" {kb(r['typing']):>9}   {r['top'][:40]}")
    fs, pq = result["first_search"], result["per_query"]
    say(f"\n  first search: max {kb(fs['max'])} (gzip {kb(fs['max_gzip'])}), median {kb(fs['median'])}")
    say(f"  per query: median {kb(pq['median'])} (gzip {kb(pq['median_gzip'])}), max {kb(pq['max'])}; "
        f"typing a query: median {kb(pq['median_typing'])}")
    say(f"  (the queries run by core/search.js in Node: median {statistics.median(r['node_ms'] for r in rows):.1f} ms)")

    targets = [
        ("first search ≤ 100 KB", fs["max"], TARGETS["first_search"], fs["max"] <= TARGETS["first_search"]),
        ("median query ≤ 30 KB", pq["median"], TARGETS["median_query"], pq["median"] <= TARGETS["median_query"]),
    ]
    if pagefind:
        datasets = [name for name, _ in json.loads((site / "search" / "index.json").read_text())["datasets"]]
        log("running Pagefind over the item pages (tens of seconds)")
        found = run_pagefind(site, datasets)
        result["pagefind"] = found
        peak = f", peak {found['peak_bytes'] / 2**20:,.0f} MiB" if found["peak_bytes"] else ""
        say(f"\n  Pagefind 1.x over {found['pages'] or '?'} item pages: {found['seconds']:.1f} s{peak}, "
            f"{found['files']:,} files, {kb(found['bytes'])}")
        if index_seconds is not None:
            ratio = index_seconds / found["seconds"]
            say(f"  mapsite search stage: {index_seconds:.2f} s = {ratio:.3f} of Pagefind's time")
            targets.append(("search index build ≤ 1/10 of Pagefind", ratio, TARGETS["build_vs_pagefind"],
                            ratio <= TARGETS["build_vs_pagefind"]))
        else:
            say("  mapsite search stage time unknown: pass --build-log or --index-seconds")
    result["targets"] = targets
    say("")
    for name, value, limit, ok in targets:
        shown = f"{value:.3f}" if limit < 1 else f"{value:,.0f} bytes"
        say(f"  {'PASS' if ok else 'FAIL'}  {name}: {shown}")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", help="a built site folder with search/")
    parser.add_argument("--pagefind", action="store_true", help="compare with Pagefind on the same item pages")
    parser.add_argument("--build-log", help="mapsite's build output, for the search stage's time")
    parser.add_argument("--index-seconds", type=float, help="mapsite's search stage time, if not in a log")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    args = parser.parse_args()
    build_log = Path(args.build_log).read_text() if args.build_log else None
    result = run(args.site, pagefind=args.pagefind, build_log=build_log, index_seconds=args.index_seconds)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1, ensure_ascii=False, default=str))
    failed = [t for t in result["targets"] if not t[3]]
    if args.strict and failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
