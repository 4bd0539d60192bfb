#!/usr/bin/env python3
"""mapsite search benchmark: what the static search index of a built site costs a browser.

    python3 Tests/Benchmarks/search_bench.py SITE [--pagefind] [--build-log FILE] [--json OUT]

Given a built site folder (with `search/`), it prints the index's size, shard count and largest
shard, then the bytes fetched for ~30 sample queries (city names, partial prefixes, accented
names, numbers, several words), by running the query logic of `templates/assets/search.js`
(mirrored below; with Node installed it also runs search.js itself and checks that both fetch
the same files and return the same results):

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
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
VENV = REPO / ".build" / "bench-venv"
SEARCH_JS = REPO / "templates" / "assets" / "search.js"

FORMAT_VERSION = 1
MAX_TERMS = 8
MAX_TOKEN = 32
SLUG_LENGTH = 80
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
VALUES = {c: i for i, c in enumerate(DIGITS)}
LETTER_FOLDS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ł": "l",
                "þ": "th", "ŧ": "t", "ς": "σ"}

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
# The query logic of search.js, step for step.


def fold(text):
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFKD", text).lower()
    return "".join(LETTER_FOLDS.get(c, c) for c in text if not unicodedata.category(c).startswith("M"))


def is_word(char):
    return unicodedata.category(char)[0] in "LN"


def tokens(text):
    return [word[:MAX_TOKEN] for word in words(text)]


def words(text):
    found, current = [], []
    for char in fold(text):
        if is_word(char):
            current.append(char)
        elif current:
            found.append("".join(current))
            current = []
    if current:
        found.append("".join(current))
    return found


def ends_in_token(text):
    folded = fold(text)
    return bool(folded) and is_word(folded[-1])


def derived_slug(title):
    return "-".join(words(title))[:SLUG_LENGTH].rstrip("-")


def decode(text, bits):
    """Posting list text -> {document: quality}."""
    postings, value, previous, mask = {}, 0, -1, (1 << bits) - 1
    for char in text or "":
        digit = VALUES.get(char)
        if digit is None:
            break
        if digit >= 32:
            value = value * 32 + digit - 32
            continue
        value = value * 32 + digit
        document = previous + 1 + (value >> bits)
        postings[document] = value & mask
        previous, value = document, 0
    return postings


def shard_name(key):
    if re.fullmatch(r"[a-z0-9]+", key):
        return key
    return "_" + key.encode("utf-8").hex()


class Files:
    """The site's files as a browser fetches them: each once, with its raw and gzip bytes."""

    def __init__(self, site):
        self.site = Path(site)
        self.cache = {}
        self.fetched = {}  # path -> (bytes, gzip bytes), in fetch order

    def load(self, path):
        if path not in self.cache:
            try:
                data = (self.site / path).read_bytes()
            except FileNotFoundError:
                self.cache[path] = None
                return None
            self.fetched[path] = (len(data), len(gzip.compress(data, 6)))
            self.cache[path] = json.loads(data)
        return self.cache[path]


class Search:
    """search.js's createSearch over `files`."""

    def __init__(self, files):
        self.files = files
        manifest = files.load("search/index.json")
        if not manifest or manifest.get("version") != FORMAT_VERSION:
            raise SystemExit(f"{files.site}/search/index.json is missing or not version {FORMAT_VERSION}")
        self.manifest = manifest
        self.keys = set(manifest["shards"])
        self.split = set(manifest["split"])
        self.shards = {}

    def key_for(self, text):
        for n in range(len(text), -1, -1):
            if text[:n] in self.keys:
                return text[:n]
        return None

    def base(self, key):
        return "search/s/" + shard_name(key)

    def shard(self, key):
        if key not in self.shards:
            value = self.files.load(self.base(key) + ".json")
            if value is None:
                self.shards[key] = None
            else:
                names = value["t"].split(" ") if value.get("t") else []
                self.shards[key] = {
                    "tokens": names, "lists": (value.get("p") or "").split(" "),
                    "position": {name: i for i, name in reversed(list(enumerate(names)))},
                    "long": {entry[0] for entry in value.get("b") or []}, "union": value.get("u"),
                }
        return self.shards[key]

    def list(self, shard, key, position, whole):
        if not (whole and position in shard["long"]):
            return shard["lists"][position]
        data = self.files.load(f"{self.base(key)}.{position}.json")
        return data["p"] if data else ""

    def token_list(self, token, whole):
        key = self.key_for(token)
        shard = self.shard(key) if key is not None else None
        if not shard or token not in shard["position"]:
            return {}
        return decode(self.list(shard, key, shard["position"][token], whole), 1)

    def prefix_list(self, prefix, whole):
        key = self.key_for(prefix)
        shard = self.shard(key) if key is not None else None
        if not shard:
            return {}
        if key == prefix and key in self.split:
            if not whole:
                return decode(shard["union"], 2)
            data = self.files.load(self.base(key) + ".u.json")
            return decode(data["p"] if data else "", 2)
        found = {}
        for position, token in enumerate(shard["tokens"]):
            if not token.startswith(prefix):
                continue
            extra = 0 if token == prefix else 2
            for document, quality in decode(self.list(shard, key, position, whole), 1).items():
                found[document] = min(found.get(document, 3), quality + extra)
        return found

    def ranked(self, text):
        terms = tokens(text)
        if not terms:
            return []
        prefix = len(terms) <= MAX_TERMS and ends_in_token(text)
        terms = terms[:MAX_TERMS]
        whole = len(terms) > 1
        lists = [self.prefix_list(term, whole) if i == len(terms) - 1 and prefix else self.token_list(term, whole)
                 for i, term in enumerate(terms)]
        smallest = min(range(len(lists)), key=lambda i: len(lists[i]))
        scored = []
        for document in lists[smallest]:
            qualities = [found.get(document) for found in lists]
            if None in qualities:
                continue
            last_prefix = 1 if prefix and qualities[-1] >= 2 else 0
            scored.append((last_prefix, sum(q & 1 for q in qualities), document))
        scored.sort()
        return [document for _, _, document in scored[: self.manifest["limit"]]]

    def search(self, text):
        """[(title, detail, dataset title, path)] of the best results."""
        chunk, results = self.manifest["chunk"], []
        for document in self.ranked(text):
            data = self.files.load(f"search/d/{document // chunk}.json")
            entry = data["d"][document % chunk] if data else ["", 0, ""]
            name, title = self.manifest["datasets"][entry[1]]
            slug = entry[3] if len(entry) > 3 and isinstance(entry[3], str) else derived_slug(entry[0])
            results.append((entry[0], entry[2], title, f"{name}/{slug}/"))
        return results


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


def query_costs(site, queries):
    """For each query on a fresh page: files and bytes of the first search and of the query alone."""
    rows = []
    for text in queries:
        files = Files(site)
        search = Search(files)
        manifest = dict(files.fetched)
        started = time.perf_counter()
        results = search.search(text)
        seconds = time.perf_counter() - started
        own = {p: v for p, v in files.fetched.items() if p not in manifest}
        rows.append({
            "query": text,
            "results": len(results),
            "top": results[0][0] + (f" ({results[0][1]})" if results[0][1] else "") if results else "",
            "files": len(files.fetched),
            "first": sum(v[0] for v in files.fetched.values()),
            "first_gzip": sum(v[1] for v in files.fetched.values()),
            "query_bytes": sum(v[0] for v in own.values()),
            "query_gzip": sum(v[1] for v in own.values()),
            "shard_bytes": sum(v[0] for p, v in own.items() if p.startswith("search/s/")),
            "document_bytes": sum(v[0] for p, v in own.items() if p.startswith("search/d/")),
            "typing": typing_cost(site, text),
            "python_ms": seconds * 1000,
            "paths": [r[3] for r in results],
            "fetched": sorted(files.fetched),
        })
    return rows


def typing_cost(site, text):
    """Bytes fetched while the query is typed one character at a time, with one page's cache."""
    files = Files(site)
    search = Search(files)
    for end in range(1, len(text) + 1):
        search.search(text[:end])
    return sum(v[0] for v in files.fetched.values())


def check_against_js(site, queries, rows):
    """Runs search.js in Node on the same queries; returns a list of mismatches, or None without Node."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        return None
    script = """
const search = require(process.argv[1]);
const fs = require("fs"), path = require("path");
const [root, queries] = [process.argv[2], JSON.parse(process.argv[3])];
(async () => {
  const out = [];
  for (const text of queries) {
    const fetched = [];
    const engine = search.createSearch((p) => {
      let data; try { data = fs.readFileSync(path.join(root, p), "utf8"); } catch (e) { return null; }
      fetched.push(p); return JSON.parse(data);
    });
    const results = await engine.search(text);
    out.push({ paths: results.map((r) => r.path), fetched: fetched.sort() });
  }
  process.stdout.write(JSON.stringify(out));
})();
"""
    done = subprocess.run([node, "-e", script, str(SEARCH_JS), str(site), json.dumps(queries)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        return [f"node failed: {done.stderr.strip()[:500]}"]
    mismatches = []
    for row, js in zip(rows, json.loads(done.stdout)):
        if js["paths"] != row["paths"]:
            mismatches.append(f"{row['query']!r}: results differ: search.js {js['paths'][:3]} vs {row['paths'][:3]}")
        if js["fetched"] != row["fetched"]:
            mismatches.append(f"{row['query']!r}: fetched files differ: "
                              f"{sorted(set(js['fetched']) ^ set(row['fetched']))[:5]}")
    return mismatches


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


def run(site, queries=None, pagefind=False, build_log=None, index_seconds=None, check_js=True, quiet=False):
    """Measures the search index of the built `site`; returns {figures…, "targets": [(name, value, limit, ok)]}."""
    site = Path(site)
    queries = queries or QUERIES
    say = (lambda *a: None) if quiet else print
    stats = index_stats(site)
    rows = query_costs(site, queries)
    mismatches = check_against_js(site, queries, rows) if check_js else None
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
        "matches_search_js": None if mismatches is None else not mismatches,
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
    if mismatches is None:
        say("  search.js not checked (no Node)")
    elif mismatches:
        say(f"  search.js DISAGREES with this simulation on {len(mismatches)} points:")
        for line in mismatches[:10]:
            say("    " + line)
    else:
        say(f"  search.js run in Node: same results and same files fetched for all {len(queries)} queries")

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
    parser.add_argument("--no-js", action="store_true", help="do not run search.js in Node")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    args = parser.parse_args()
    build_log = Path(args.build_log).read_text() if args.build_log else None
    result = run(args.site, pagefind=args.pagefind, build_log=build_log, index_seconds=args.index_seconds,
                 check_js=not args.no_js)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1, ensure_ascii=False, default=str))
    # Unchecked is not agreed: without Node (and without --no-js), --strict fails too.
    unchecked_js = not args.no_js and result["matches_search_js"] is not True
    failed = [t for t in result["targets"] if not t[3]] or unchecked_js
    if args.strict and failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
