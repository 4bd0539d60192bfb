"""No broken links: linkchecker over the site under /demo/, and the URLs inside its JSON files,
which linkchecker does not read."""

import json
import re
import subprocess
import unicodedata
from urllib.parse import unquote

import shapes
from support import BASE_PATH, is_site_relative


def test_no_broken_internal_links(linkcheck):
    # linkchecker was started in the background when the session began (conftest.py `linkcheck`).
    try:
        stdout, stderr = linkcheck.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        linkcheck.kill()
        raise
    report = stdout + stderr
    assert linkcheck.returncode == 0, f"linkchecker found broken links:\n{report}"
    assert " 0 errors found" in report, report


def json_urls(value, key=""):
    """(key, url) for every string in a JSON value held by a key that names a URL."""
    if isinstance(value, dict):
        for name, inner in value.items():
            yield from json_urls(inner, name)
    elif isinstance(value, list):
        for inner in value:
            yield from json_urls(inner, key)
    elif isinstance(value, str) and value and (
        key.lower() in {"image", "thumbnail", "url", "href", "src", "icon", "file", "path"}
        or key.lower().endswith(("url", "_path", "_file"))
    ):
        yield key, value


def tile_urls(site_dir, path, data):
    """(what, site path) for the files a map tile file points to, in the format core/tileset.js reads:
    `tiles/<dataset>/index.json` lists the point and cluster tiles (`tree`) of files `<z>/<x>/<y>.json`;
    a tile's points `p` are [lat, lon, id, title, slug, thumbnail], the item page at `<dataset>/<slug>/`."""
    parts = path.relative_to(site_dir).parts
    if len(parts) < 3 or parts[0] != "tiles":
        return
    dataset = parts[1]
    if parts[2:] == ("index.json",):
        for key in sorted(set.union(*shapes.shape_tree(data.get("tree", "")))):
            x = y = 0
            for digit in map(int, key):
                x, y = x * 2 + (digit & 1), y * 2 + (digit >> 1)
            yield f"tile {key!r}", f"tiles/{dataset}/{len(key)}/{x}/{y}.json"
    elif isinstance(data, dict):
        for point in data.get("p", []):
            yield f"point {point[2]!r}", f"{dataset}/{point[4]}/"
            if len(point) > 5 and isinstance(point[5], str) and point[5]:
                yield f"thumbnail of {point[2]!r}", point[5]


def group_point_urls(site_dir, path, data):
    """(what, site path) for a group's `points.json` beside its page, `<dataset>/by/<field>/<slug>/`:
    `{"p": [[lat, lon, title, slug], …], "shape": …}`, each place's page at `<dataset>/<slug>/`."""
    parts = path.relative_to(site_dir).parts
    if len(parts) != 5 or parts[1] != "by" or parts[4] != "points.json":
        return
    dataset = parts[0]
    yield "the group page of this points file", "/".join(parts[:4]) + "/"
    for point in data.get("p", []):
        yield f"point {point[2]!r}", f"{dataset}/{point[3]}/"


def search_shard_name(key: str) -> str:
    """`search/s/<name>.json`: the key when it is [a-z0-9]+, else `_` and its UTF-8 bytes in hex."""
    return key if re.fullmatch(r"[a-z0-9]+", key) else "_" + key.encode().hex()


def derived_slug(title: str) -> str:
    """The slug a search result has when its document file leaves it out (SearchText.derivedSlug):
    the title's words, folded to lowercase without accents, joined by hyphens, at most 80 characters."""
    folded = title.lower() if title.isascii() else "".join(
        c for c in unicodedata.normalize("NFKD", title).lower() if not unicodedata.combining(c)
    )
    return "-".join(re.findall(r"[^\W_]+", folded))[:80].rstrip("-")


def search_urls(site_dir, path, data):
    """(what, site path) for the files of the search index (Sources/MapsiteCore/Search/SearchIndex.swift):
    the manifest names its shards (and the `.u.json` files of split ones) and, by `documents` and
    `chunk`, the document files; a shard names the whole lists of its long tokens (`b`); a document
    file's entries `[title, dataset, detail(, slug)]` lead to `<dataset>/<slug>/`; the site's own
    pages (`pages.json`, Sources/MapsiteCore/Search/SearchPages.swift) name theirs by `p`."""
    parts = path.relative_to(site_dir).parts
    if not parts or parts[0] != "search":
        return
    if parts[1:] == ("index.json",):
        for key in data["shards"]:
            yield f"shard {key!r}", f"search/s/{search_shard_name(key)}.json"
        for key in data.get("split", []):
            yield f"union of split shard {key!r}", f"search/s/{search_shard_name(key)}.u.json"
        for number in range(-(-data["documents"] // data["chunk"])):
            yield f"document file {number}", f"search/d/{number}.json"
    elif parts[1:] == ("pages.json",):
        for entry in data["pages"]:
            yield f"page {entry['t']!r}", entry["p"]
    elif parts[1] == "s" and isinstance(data, dict) and "t" in data:
        name = path.name[: -len(".json")]
        for position, _ in data.get("b", []):
            yield f"whole list of token {position}", f"search/s/{name}.{position}.json"
    elif parts[1] == "d":
        manifest = json.loads((site_dir / "search" / "index.json").read_text())
        for entry in data["d"]:
            dataset = manifest["datasets"][entry[1]][0]
            slug = entry[3] if len(entry) > 3 and entry[3] is not None else derived_slug(entry[0])
            yield f"result {entry[0]!r}", f"{dataset}/{slug}/"
            if len(entry) > 4:  # the thumbnail: http(s), or a path from the site root
                yield f"thumbnail of result {entry[0]!r}", entry[4]


def test_urls_in_json_files_resolve(site_dir):
    """Site-relative URLs in the site's JSON are relative to the site root (as the item pages treat
    `image`); each must name a file of the site. Root-absolute ones break hosting under a sub-path."""
    files = sorted(p for p in site_dir.rglob("*") if p.suffix in (".json", ".geojson") and p.is_file())
    assert files, "the site has no JSON files"
    broken, checked = [], 0
    for path in files:
        try:
            data = json.loads(path.read_text())
        except ValueError as error:
            broken.append(f"{path.relative_to(site_dir)}: not valid JSON: {error}")
            continue
        named = [
            *json_urls(data), *tile_urls(site_dir, path, data), *group_point_urls(site_dir, path, data),
            *search_urls(site_dir, path, data),
        ]
        for key, url in named:
            where = f"{path.relative_to(site_dir)}: {key} {url!r}"
            if url.startswith("/"):
                if not url.startswith(BASE_PATH):
                    broken.append(f"{where} is root-absolute outside {BASE_PATH}")
                    continue
                url = url[len(BASE_PATH):]
            elif not is_site_relative(url):
                continue  # http(s) and other schemes: not ours to check
            target = site_dir / unquote(url.split("#")[0].split("?")[0])
            checked += 1
            if not (target.is_file() or (target / "index.html").is_file()):
                broken.append(f"{where} names no file of the site")
    assert not broken, f"{len(broken)} broken URLs in JSON files:\n" + "\n".join(broken[:50])
    assert checked, "found no site-relative URL in the JSON files: is the test still reading them right?"


def test_every_json_file_is_named_and_every_group_map_has_its_points(site_dir):
    """The other direction: every file under search/ is one the manifest (or a shard) names, every
    group page has a points file and its map's data-points names it, and the JSON URL test above
    read every kind of JSON file the site has."""
    named, kinds = set(), {"tiles": 0, "points": 0, "search": 0}
    for path in site_dir.rglob("*.json"):
        data = json.loads(path.read_text())
        found = [
            *tile_urls(site_dir, path, data), *group_point_urls(site_dir, path, data), *search_urls(site_dir, path, data),
        ]
        named |= {url for _, url in found if url.endswith(".json")}
        top = path.relative_to(site_dir).parts[0]
        kinds["tiles" if top == "tiles" else "search" if top == "search" else "points"] += bool(found)
    assert all(kinds.values()), f"no URLs read from some kind of JSON file: {kinds}"
    search_files = {str(p.relative_to(site_dir)) for p in (site_dir / "search").rglob("*") if p.is_file()}
    # The two files core/search.js fetches by their names.
    orphans = sorted(search_files - named - {"search/index.json", "search/pages.json"})
    assert not orphans, f"{len(orphans)} files under search/ that nothing names: {orphans[:20]}"

    missing = []
    for page in site_dir.glob("*/by/*/*/index.html"):
        match = re.search(r'id="group-map"[^>]*data-points="([^"]*)"', page.read_text())
        if not match:
            continue  # a group too large to draw links to the dataset's map instead
        target = (page.parent / unquote(match.group(1))).resolve()
        if target != (page.parent / "points.json").resolve() or not target.is_file():
            missing.append(f"{page.relative_to(site_dir)}: data-points {match.group(1)!r}")
    assert not missing, f"{len(missing)} group maps without their points file:\n" + "\n".join(missing[:20])
