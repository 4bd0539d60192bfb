"""No broken links: linkchecker over the site under /demo/, and the URLs inside its JSON files,
which linkchecker does not read."""

import json
import shutil
import subprocess
from urllib.parse import unquote

from support import BASE_PATH, HERE, is_site_relative


def test_no_broken_internal_links(server):
    linkchecker = shutil.which("linkchecker")
    assert linkchecker, "linkchecker is not installed (Debian package linkchecker)"
    # The 404 page and the sitemap are linked from no page; start from them too.
    start = [server.base_url, server.url("404.html"), server.url("sitemap.xml")]
    result = subprocess.run(
        [linkchecker, "-f", str(HERE / "linkcheckerrc"), "--no-status", *start],
        capture_output=True, text=True, timeout=300,
    )
    report = result.stdout + result.stderr
    assert result.returncode == 0, f"linkchecker found broken links:\n{report}"
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
    """(what, site path) for the files a map tile file points to, in the format tiles.js reads:
    `tiles/<dataset>/index.json` lists quadkeys (`leaves`, `clusters`) of files `<z>/<x>/<y>.json`;
    a tile's points `p` are [lat, lon, id, title, slug, thumbnail], the item page at `<dataset>/<slug>/`."""
    parts = path.relative_to(site_dir).parts
    if len(parts) < 3 or parts[0] != "tiles":
        return
    dataset = parts[1]
    if parts[2:] == ("index.json",):
        for key in [*data.get("leaves", []), *data.get("clusters", [])]:
            x = y = 0
            for digit in map(int, key):
                x, y = x * 2 + (digit & 1), y * 2 + (digit >> 1)
            yield f"tile {key!r}", f"tiles/{dataset}/{len(key)}/{x}/{y}.json"
    elif isinstance(data, dict):
        for point in data.get("p", []):
            yield f"point {point[2]!r}", f"{dataset}/{point[4]}/"
            if len(point) > 5 and isinstance(point[5], str) and point[5]:
                yield f"thumbnail of {point[2]!r}", point[5]


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
        for key, url in [*json_urls(data), *tile_urls(site_dir, path, data)]:
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
