"""Group pages: the index of a `group_by` field (`<dataset>/by/<field>/`, a sortable table) and
the page of each value (`…/<slug>/`: count, aggregates, list, map), checked against the dataset
sources read here. Every group page of every field is read over HTTP; the browser checks sorting,
the map and the links between item and group pages on a few."""

import json
from collections import Counter, defaultdict
from decimal import Decimal
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By

from support import (
    REPO, Regions, exact_median, fetch, fetch_page, format_number, label_from, list_pages, load_config,
    numbers_of, slug_of, squash, text_of, wait_until,
)

CONFIG = load_config(REPO / "content" / "site.yml")
GROUP_FIELDS = [(d["name"], field) for d in CONFIG["datasets"] for field in d.get("group_by") or []]
IDS = [f"{name}-{field}" for name, field in GROUP_FIELDS]
STAT_LABELS = {"count": "Count", "sum": "Total", "min": "Lowest", "max": "Highest", "mean": "Mean", "median": "Median"}


# --- What the sources say -----------------------------------------------------------------------


def field_label(config: dict, field: str) -> str:
    for entry in config.get("fields") or []:
        if isinstance(entry, dict) and entry["name"] == field:
            return entry.get("label", field)
        if entry == field:
            return field
    return label_from(field)


def region_field(config: dict) -> str | None:
    return (config.get("regions") or {}).get("field")


def expected_groups(spec, field: str, content=REPO / "content") -> dict[str, list]:
    """Group value → its source rows; a region field has every region, the empty ones too."""
    groups = defaultdict(list)
    if field == region_field(spec.config):
        for name in Regions(content / spec.config["regions"]["source"]).names:
            groups[name] = []
    for row in spec.rows.values():
        if row.value(field):
            groups[row.value(field)].append(row)
    return dict(groups)


def aggregates(config: dict) -> list[dict]:
    return [
        {
            "field": a["field"], "label": a.get("label") or label_from(a["field"]),
            "format": a.get("format", "number"),
            "stats": a.get("stats") or ["count", "sum", "min", "max", "mean", "median"],
        }
        for a in config.get("aggregates") or []
    ]


def money(value: Decimal | None, style: str) -> str | None:
    if value is None:
        return None
    kind, _, symbol = style.partition(" ")
    return format_number(value, "currency" if kind == "currency" else "number", symbol or "$")


def expected_stats(rows, aggregate) -> dict[str, str]:
    numbers = numbers_of(rows, aggregate["field"])
    if not numbers:
        return {}
    values = {
        "count": f"{len(numbers):,}",
        "sum": money(sum(numbers), aggregate["format"]),
        "min": money(min(numbers), aggregate["format"]),
        "max": money(max(numbers), aggregate["format"]),
        "median": money(exact_median(numbers), aggregate["format"]),
    }
    return {STAT_LABELS[s]: values[s] for s in aggregate["stats"] if s in values}


def mean_of(rows, aggregate) -> Decimal | None:
    numbers = numbers_of(rows, aggregate["field"])
    return sum(numbers) / len(numbers) if numbers else None


def parse_number(text: str) -> Decimal:
    return Decimal("".join(c for c in text if c.isdigit() or c in ".-"))


# --- Every group page, over HTTP -----------------------------------------------------------------


@pytest.mark.parametrize("name, field", GROUP_FIELDS, ids=IDS)
def test_group_pages_agree_with_the_sources(server, datasets, name, field):
    problems = group_page_problems(server, datasets[name], field)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def group_page_problems(server, spec, field: str, content=REPO / "content") -> list[str]:
    """Reads the index of `field` and every group page over HTTP, and lists what disagrees with the sources."""
    name = spec.name
    groups = expected_groups(spec, field, content)
    label = field_label(spec.config, field)
    stats = aggregates(spec.config)
    index_url = server.url(f"{name}/by/{field}/")
    index = fetch_page(index_url)
    problems = []

    # The index says how many values there are, and how many places have none.
    metas = [m.text for m in index.find_all("p", "meta")]
    if not metas or not metas[0].startswith(f"{len(groups):,} values of "):
        problems.append(f"{index_url}: {metas[:1]}, but {len(groups)} values")
    without = sum(1 for row in spec.rows.values() if not row.value(field))
    wanted = f"{without:,} places have no {label.lower()}." if without != 1 else f"1 place has no {label.lower()}."
    if without and wanted not in metas:
        problems.append(f"{index_url}: {without} places have no {field}, the page says {metas[1:]}")
    elif not without and any(" no " in m for m in metas[1:]):
        problems.append(f"{index_url}: every place has a {field}, the page says {metas[1:]}")

    # The index: one row per value, with its count and the median of each aggregate.
    table = index.find("table", "sortable")
    assert table, f"{index_url}: no table.sortable"
    headings = [th.text for th in table.find("thead").find_all("th")]
    assert headings == [label, "Places", *[f"Median {a['label'][:1].lower() + a['label'][1:]}" for a in stats]], headings
    rows = table.find("tbody").find_all("tr")
    shown = {}
    for tr in rows:
        th, cells = tr.find("th"), tr.find_all("td")
        value = th.attrs.get("data-value")
        shown[value] = (urljoin(index_url, th.find("a").attrs["href"]), cells)
        if th.text != value:
            problems.append(f"index row {value!r} shows {th.text!r}")
    assert sorted(shown) == sorted(groups), (
        f"{index_url}: values {sorted(set(shown) ^ set(groups))} are in one of the page and the sources only"
    )
    for value, (url, cells) in shown.items():
        members = groups[value]
        if cells[0].attrs.get("data-value") != str(len(members)) or cells[0].text != f"{len(members):,}":
            problems.append(f"index: {value!r} has {cells[0].text} places, the source {len(members)}")
        for aggregate, cell in zip(stats, cells[1:]):
            median = exact_median(numbers_of(members, aggregate["field"]))
            if median is None:
                if cell.attrs.get("data-value") != "":
                    problems.append(f"index: {value!r} median {aggregate['field']} has no numbers, shows {cell.text}")
            elif Decimal(cell.attrs.get("data-value") or "NaN") != median or cell.text != money(median, aggregate["format"]):
                problems.append(
                    f"index: {value!r} median {aggregate['field']} is {median}, the page shows "
                    f"{cell.text} (data-value {cell.attrs.get('data-value')!r})"
                )
        # The group's URL is its value, slugged.
        if url != server.url(f"{name}/by/{field}/{slug_of(value)}/"):
            problems.append(f"index: {value!r} links to {url}")

    # Each group page: heading, count, aggregates, the list of its places (all pages), the points file.
    for value, (url, _) in shown.items():
        members = groups[value]
        path = url[len(server.base_url):]
        pages = list_pages(server, path)
        page = fetch_page(url)
        where = f"/demo/{path}"
        if page.find("h1").text != value:
            problems.append(f"{where}: heading {page.find('h1').text!r}, not {value!r}")
        meta = page.find("p", "meta").text
        if meta != f"{len(members):,} places · {label}":
            problems.append(f"{where}: {meta!r}, the source has {len(members)} places")
        titles = [squash(t) for _, p in pages for t in p.titles]
        if sorted(titles) != sorted(row.title for row in members):
            problems.append(f"{where}: lists {len(titles)} places, not the group's {len(members)} (or other ones)")
        for page_url, p in pages:
            for link in p.items:
                target = urljoin(page_url, link)[len(server.base_url):]
                if not (target.startswith(f"{name}/") and target.count("/") == 2 and target.endswith("/")):
                    problems.append(f"{where}: list link {link!r} is no item page of {name}")
                    break

        table = page.find("table", "aggregates")
        if not stats or not members:
            if table:
                problems.append(f"{where}: an aggregates table for {'no aggregates' if not stats else 'no places'}")
        elif not table:
            problems.append(f"{where}: no aggregates table")
        else:
            shown_stats = {}
            for body in table.find_all("tbody"):
                group = body.find("th", scope="rowgroup").text
                shown_stats[group] = {
                    tr.find("th").text: tr.find("td").text for tr in body.find_all("tr") if tr.find("td")
                }
            for aggregate in stats:
                want = expected_stats(members, aggregate)
                got = dict(shown_stats.get(aggregate["label"], {}))
                mean = got.pop("Mean", None)
                if got != want:
                    problems.append(f"{where}: {aggregate['label']} shows {got}, the source gives {want}")
                expected_mean = mean_of(members, aggregate)
                if "mean" in aggregate["stats"] and expected_mean is not None and (
                    mean is None or abs(parse_number(mean) - expected_mean) > Decimal("0.005")
                ):
                    problems.append(f"{where}: {aggregate['label']} mean {mean}, the source {expected_mean:.4f}")

        # The map's points: next to the page, one per place, and the region's outline for a region.
        group_map = page.find(id="group-map")
        if not group_map:
            problems.append(f"{where}: no #group-map")
            continue
        points_url = urljoin(url, group_map.attrs["data-points"])
        if points_url != url + "points.json":
            problems.append(f"{where}: points at {points_url}, not beside the page")
        status, _, body = fetch(points_url)
        if status != 200:
            problems.append(f"{where}: {points_url} answered {status}")
            continue
        points = json.loads(body)
        if Counter(p[2] for p in points["p"]) != Counter(row.title for row in members):
            problems.append(f"{where}: points.json has {len(points['p'])} places, not the group's {len(members)}")
        if (points.get("shape") is not None) != (field == region_field(spec.config)):
            problems.append(f"{where}: points.json shape is {'missing' if points.get('shape') is None else 'unexpected'}")
    return problems


# --- In the browser ------------------------------------------------------------------------------


def column_values(driver, column: int) -> list[str]:
    """The data-value of one column of the sortable table, top to bottom."""
    return driver.execute_script(
        "return [...document.querySelectorAll('table.sortable tbody tr')]"
        ".map(tr => tr.cells[arguments[0]].getAttribute('data-value'))",
        column,
    )


def assert_numeric_order(values: list[str], descending: bool, what: str):
    numbers = [Decimal(v) for v in values if v != ""]
    assert numbers == sorted(numbers, reverse=descending), f"{what}: not sorted {'down' if descending else 'up'}: {values}"
    empties = [v for v in values if v == ""]
    assert values[len(values) - len(empties):] == empties, f"{what}: rows without a value are not last: {values}"


@pytest.mark.parametrize("name, field", GROUP_FIELDS, ids=IDS)
def test_group_index_sorts_by_each_column(browser, datasets, name, field):
    spec = datasets[name]
    groups = expected_groups(spec, field)
    path = f"{name}/by/{field}/"
    browser.open(path)
    driver = browser.driver
    assert text_of(driver.find_element(By.TAG_NAME, "h1")).endswith(f"by {field_label(spec.config, field).lower()}")
    headings = driver.find_elements(By.CSS_SELECTOR, "table.sortable thead th")
    initial = column_values(driver, 0)
    assert sorted(initial) == sorted(groups)

    def click(column):
        headings[column].find_element(By.TAG_NAME, "button").click()

    # By the number of places: up, then down, the largest group first.
    places = [text_of(h) for h in headings].index("Places")
    click(places)
    assert headings[places].get_attribute("aria-sort") == "ascending"
    ascending = column_values(driver, 0)
    assert_numeric_order(column_values(driver, places), False, f"{path} by places")
    click(places)
    assert headings[places].get_attribute("aria-sort") == "descending"
    descending = column_values(driver, 0)
    counts = column_values(driver, places)
    assert_numeric_order(counts, True, f"{path} by places, again")
    assert [int(c) for c in counts] == [len(groups[v]) for v in descending], "counts moved without their rows"
    largest = max(len(rows) for rows in groups.values())
    assert len(groups[descending[0]]) == largest, f"{path}: {descending[0]!r} first, not a group of {largest}"
    assert ascending != initial or descending != initial, f"{path}: sorting by places changed nothing"
    assert ascending != descending
    if (name, field) == ("properties", "neighbourhood"):
        browser.screenshots("group-index", phone=True)  # most places first, as a visitor would look

    # By each median: the data-values are the exact medians of the sources, sorted both ways.
    for column, aggregate in enumerate(aggregates(spec.config), start=2):
        click(column)
        values = column_values(driver, column)
        assert_numeric_order(values, False, f"{path} by {text_of(headings[column])}")
        for value, shown in zip(column_values(driver, 0), values):
            median = exact_median(numbers_of(groups[value], aggregate["field"]))
            assert (Decimal(shown) if shown else None) == median, f"{path}: {value!r} median {shown}, source {median}"
        click(column)
        assert_numeric_order(column_values(driver, column), True, f"{path} by {text_of(headings[column])}, again")

    # By the value itself: each press reverses the other.
    click(0)
    by_name = column_values(driver, 0)
    click(0)
    assert column_values(driver, 0) == by_name[::-1], f"{path}: sorting by {field} twice does not reverse"
    assert sorted(by_name) == sorted(groups)

    browser.assert_clean(path)


def largest_group(spec, field) -> str:
    groups = expected_groups(spec, field)
    return max(groups, key=lambda value: (len(groups[value]), value))


def wait_for_group_map(driver, where: str):
    try:
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#group-map[data-ready=true]"))
    except Exception:
        shown = text_of(driver.find_element(By.ID, "group-map"))
        raise AssertionError(f"{where}: #group-map never got data-ready=true: {shown!r}")


def markers_shown(driver) -> int:
    """Places the group map shows: single markers plus the counts of the cluster icons."""
    return driver.execute_script(
        "var n = 0; document.querySelectorAll('#group-map .leaflet-marker-icon').forEach(function (icon) {"
        "  n += icon.classList.contains('map-cluster') ? Number(icon.textContent.replace(/,/g, '')) : 1; });"
        " return n;"
    )


@pytest.mark.parametrize("name, field", GROUP_FIELDS, ids=IDS)
def test_group_page_map_and_links_to_and_from_items(browser, server, datasets, name, field):
    spec = datasets[name]
    value = largest_group(spec, field)
    members = expected_groups(spec, field)[value]
    path = f"{name}/by/{field}/{slug_of(value)}/"
    browser.open(path)
    driver = browser.driver
    assert text_of(driver.find_element(By.TAG_NAME, "h1")) == value
    wait_for_group_map(driver, path)
    icons = driver.find_elements(By.CSS_SELECTOR, "#group-map .leaflet-marker-icon")
    assert icons, f"{path}: no marker or cluster icon on the map"
    # The map is fitted to the group, so every place is drawn: alone or counted in a cluster. While
    # the first zoom animates, Leaflet.markercluster shows the old and new icons together: wait.
    try:
        wait_until(driver, lambda d: markers_shown(d) == len(members), 5)
    except Exception:
        raise AssertionError(f"{path}: the map shows {markers_shown(driver)} places of {len(members)}")
    if (name, field) == ("properties", "block"):
        browser.screenshots("group-page", phone=True)
    browser.assert_clean(path)

    # The first place of the list leads to its item page, which links back to this group.
    link = driver.find_element(By.CSS_SELECTOR, "ul.item-list li a")
    title = text_of(link)
    assert title in {row.title for row in members}
    browser.click(link)
    assert text_of(driver.find_element(By.CSS_SELECTOR, "article.place h1")) == title
    fields = {
        text_of(dt): dd
        for dt, dd in zip(
            driver.find_elements(By.CSS_SELECTOR, "dl.fields dt"), driver.find_elements(By.CSS_SELECTOR, "dl.fields dd")
        )
    }
    row = next(r for r in members if r.title == title)
    # Every group_by field of the item links to the page of its value.
    for other in spec.config.get("group_by") or []:
        if not row.value(other):
            continue
        label = field_label(spec.config, other)
        assert label in fields, f"{browser.path}: no {label!r} field"
        anchors = fields[label].find_elements(By.TAG_NAME, "a")
        assert anchors, f"{browser.path}: {label} {row.value(other)!r} is no link"
        assert text_of(anchors[0]) == row.value(other)
        assert anchors[0].get_attribute("href") == server.url(f"{name}/by/{other}/{slug_of(row.value(other))}/")
    browser.assert_clean(browser.path)

    label = field_label(spec.config, field)
    browser.click(fields[label].find_element(By.TAG_NAME, "a"))
    assert browser.path == f"/demo/{path}"
    assert text_of(driver.find_element(By.TAG_NAME, "h1")) == value
    browser.assert_clean(browser.path)


def test_group_pages_fit_a_phone_screen(browser, datasets):
    """At 390 px, no group index, group page or region page is wider than the screen (a wide
    table would make a phone zoom the whole page out or scroll it sideways)."""
    driver = browser.driver
    paths = [f"{name}/by/{field}/" for name, field in GROUP_FIELDS]
    paths += [f"{name}/by/{field}/{slug_of(largest_group(datasets[name], field))}/" for name, field in GROUP_FIELDS[:1]]
    paths += ["properties/by/neighbourhood/rittenhouse/"]
    too_wide = []
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        for path in paths:
            browser.open(path)
            width, widest = driver.execute_script(
                "var widest = [...document.querySelectorAll('main *')].reduce(function (w, e) {"
                "  var r = e.getBoundingClientRect(); return r.right > w[0] ? [r.right, e.tagName + '.' + e.className] : w;"
                "}, [0, '']); return [document.documentElement.scrollWidth, widest[1]];"
            )
            if width > 390:
                too_wide.append(f"/demo/{path}: {width} px wide (widest: {widest})")
            browser.assert_clean(path)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert not too_wide, "pages wider than a 390 px phone:\n" + "\n".join(too_wide)
