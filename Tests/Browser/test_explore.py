"""Explore (issue 30): a dataset narrowed by its fields. The browser's own modules answer over the
built site's files (Tests/Node/explore-site.mjs); the places, counts, clusters and nearest lists
they give are checked against Python over the source data (support.load_datasets: the source rows,
with regions found by shapely), for many random choices. Then the panel as a visitor uses it on a
phone: by keyboard, with the choice in the URL, back and forward."""

import csv
import io
import json
import math
import random
import re
import subprocess
import time
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import REPO, build_site, wait_until

RUN = REPO / "Tests" / "Node" / "explore-site.mjs"
# The example's datasets coloured by a field (colour_by in content/site.yml).
COLOURED = {"photos": "borough"}
YEAR = re.compile(r"(?<![0-9])[12][0-9]{3}(?![0-9])")
EARTH_RADIUS = 6371008.8


def explore(site_dir, requests):
    result = subprocess.run(["node", str(RUN), str(site_dir)], input=json.dumps(requests), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def filter_index(site_dir, dataset):
    return json.loads((site_dir / "tiles" / dataset / "filters" / "index.json").read_text())


def oracle_value(field, text):
    """A row's value as the filter reads it, by the rule docs/explore.md states: the text for values,
    the first four-digit year 1000–2999 for a year, the number for a range; None when it has none."""
    text = text.strip()
    if not text:
        return None
    if field["type"] == "values":
        return text
    if field["type"] == "year":
        match = YEAR.search(text)
        return int(match.group()) if match else None
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def random_query(rng, index):
    """A query of random choices: some fields left alone, values picked, ranges between edges."""
    params = []
    for field in index["fields"]:
        if rng.random() < 0.4:
            continue
        if field["type"] == "values":
            for value in rng.sample(field["values"], min(len(field["values"]), rng.randint(1, 3))):
                params.append((field["field"], value))
        else:
            edges = field["edges"]
            low, high = sorted(rng.sample(range(len(edges)), 2))
            end = edges[high] - 1 if field["type"] == "year" else edges[high]
            params.append((field["field"], f"{number_text(edges[low])}..{number_text(end)}"))
    return urlencode(params)


def number_text(number):
    return str(int(number)) if number == int(number) else repr(number)


def accepts(field, chosen, value):
    """Whether a value passes a field's choice (a list of the query's texts for that field)."""
    if field["type"] == "values":
        return (value or "") in chosen
    if value is None:
        return False
    low, high = chosen[0].split("..")
    if field["type"] == "year":
        return int(low) <= value <= int(high)
    return float(low) <= value < float(high)


def oracle(spec, index, query):
    """The matching ids and each field's counts (values, or bins by the index's edges, then none)
    among the places the other fields' choices match, by brute force over the source rows."""
    chosen = parse_qs(query, keep_blank_values=True)
    fields = index["fields"]
    values = {id: [oracle_value(f, row.value(f["field"])) for f in fields] for id, row in spec.rows.items()}

    def passes(id, skip):
        return all(i == skip or f["field"] not in chosen or accepts(f, chosen[f["field"]], values[id][i])
                   for i, f in enumerate(fields))

    ids = sorted(id for id in values if passes(id, -1))
    counts = []
    for i, f in enumerate(fields):
        bins = (len(f["values"]) if f["type"] == "values" else len(f["edges"]) - 1) + 1
        count = [0] * bins
        for id in values:
            if passes(id, i):
                v = values[id][i]
                if v is None:
                    count[-1] += 1
                elif f["type"] == "values":
                    count[f["values"].index(v)] += 1
                else:
                    count[max(b for b in range(bins - 1) if f["edges"][b] <= v)] += 1
        counts.append(count)
    return ids, counts


def static_list(site_dir, dataset):
    """The slugs of the static list pages in their order, and each slug's id (from the point tiles)."""
    order, page = [], 1
    while True:
        folder = site_dir / dataset / ("" if page == 1 else f"page/{page}")
        if not (folder / "index.html").exists():
            break
        text = (folder / "index.html").read_text()
        items = text.split('<ul class="item-list">', 1)[1].split("</ul>", 1)[0]
        order += re.findall(r'<a href="[^"]*?/' + re.escape(dataset) + r'/([^"/]+)/">', items)
        page += 1
    slug_ids = {}
    for tile in (site_dir / "tiles" / dataset).glob("*/*/*.json"):
        if tile.name.count(".") == 1:
            for place in json.loads(tile.read_text()).get("p", []):
                slug_ids[place[4]] = place[2]
    return order, slug_ids


def total_text(driver):
    """The panel's line of how many places match, also while the panel is closed."""
    return driver.find_element(By.CSS_SELECTOR, ".filter-total").get_attribute("textContent")


def great_circle(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1, math.sqrt(h)))


@pytest.mark.parametrize("dataset, seed", [("photos", 1), ("properties", 2), ("boxes", 3)])
def test_places_counts_clusters_and_nearest_agree_with_the_source(site_dir, datasets, dataset, seed):
    rng = random.Random(seed)
    index = filter_index(site_dir, dataset)
    spec = datasets[dataset]
    rows = list(spec.rows.values())
    requests = []
    for _ in range(40):
        anchor = rng.choice(rows)
        requests.append({"dataset": dataset, "query": random_query(rng, index),
                         "near": [anchor.latitude + rng.uniform(-0.02, 0.02), anchor.longitude + rng.uniform(-0.02, 0.02), 10]})
        if dataset in COLOURED:
            requests[-1]["colour"] = [f["field"] for f in index["fields"]].index(COLOURED[dataset])
    answers = explore(site_dir, requests)
    order, slug_ids = static_list(site_dir, dataset)
    # The whole downloads, read by Python: the GeoJSON's ids give each CSV row's place.
    ids_in_download = [f["id"] for f in json.loads((site_dir / "downloads" / f"{dataset}.geojson").read_text())["features"]]
    with open(site_dir / "downloads" / f"{dataset}.csv", newline="") as file:
        header, *rows_in_download = list(csv.reader(file))
    assert len(rows_in_download) == len(ids_in_download)
    nonempty = 0
    # A values field and a range chosen together are read from the pair's files alone.
    if index["pairs"]:
        assert sum(answer["paired"] for answer in answers) >= 5, "too few random choices read a pair's files"
    for request, answer in zip(requests, answers):
        ids, counts = oracle(spec, index, request["query"])
        where = f"{dataset}?{request['query']}"
        assert answer["ids"] == ids, where
        assert answer["total"] == len(ids), where
        assert answer["counts"] == counts, where
        # At every zoom the map's cells and pins show each matching place once; coloured by a
        # field, as many of each colour as match with its values.
        if dataset in COLOURED:
            field = COLOURED[dataset]
            legend = answer["legend"]
            expected = [sum(1 for id in ids if (spec.rows[id].value(field) or "No value") == label) for label in legend]
            assert sum(expected) == len(ids), "the example's coloured field has no values beyond the palette"
            assert answer["zooms"] == [{"shown": len(ids), "colours": expected}] * len(answer["zooms"]), where
        else:
            assert answer["zooms"] == [len(ids)] * len(answer["zooms"]), where
        lat, lon, k = request["near"]
        expected = sorted((great_circle(lat, lon, spec.rows[id].latitude, spec.rows[id].longitude), id) for id in ids)[:k]
        assert [id for id, _ in answer["near"]] == [id for _, id in expected], where
        for (_, distance), (oracle_distance, _) in zip(answer["near"], expected):
            assert abs(distance - oracle_distance) < 0.01, where
        # The list shows the matching places in the order of the static list; the downloads
        # hold them all, every row of the whole file's kept.
        assert answer["listed"] == [slug for slug in order if slug_ids[slug] in set(ids)], where
        assert sorted(answer["downloaded"]) == ids, where
        assert list(csv.reader(io.StringIO(answer["csv"], newline=""))) == [header] + [
            row for row, id in zip(rows_in_download, ids_in_download) if id in set(ids)], where
        nonempty += bool(ids) and len(ids) < spec.count
    assert nonempty >= 10, "too few of the random choices narrowed the places to test anything"


def test_the_panel_by_keyboard_on_a_phone_with_the_choice_in_the_url(browser, server, site_dir, datasets):
    driver = browser.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.open("photos/map/?borough=Bronx")
        total = wait_until(driver, lambda d: total_text(d), 15)
        bronx = sum(1 for row in datasets["photos"].rows.values() if row.value("borough") == "Bronx")
        assert total == f"{bronx} of 250 places match"
        toggle = driver.find_element(By.ID, "filter-toggle")
        assert toggle.text == "Filter (1)" and toggle.get_attribute("aria-expanded") == "false"
        toggle.send_keys(Keys.ENTER)
        panel = driver.find_element(By.ID, "filter-panel")
        wait_until(driver, lambda d: panel.is_displayed())
        assert toggle.get_attribute("aria-expanded") == "true"
        # The panel is a sheet over the map's lower part: its top on the first screen.
        assert panel.rect["y"] < 844 and panel.rect["y"] + panel.rect["height"] <= 844 + 1
        queens = driver.find_element(By.CSS_SELECTOR, "#filter-panel input[type=checkbox][value='3'][data-field='1']")
        driver.execute_script("arguments[0].focus()", queens)
        queens.send_keys(Keys.SPACE)
        both = sum(1 for row in datasets["photos"].rows.values() if row.value("borough") in ("Bronx", "Queens"))
        wait_until(driver, lambda d: total_text(d) == f"{both} of 250 places match")
        assert parse_qs(urlparse(driver.current_url).query) == {"borough": ["Bronx", "Queens"]}
        driver.back()
        wait_until(driver, lambda d: total_text(d) == total)
        assert not queens.is_selected()
        driver.forward()
        wait_until(driver, lambda d: total_text(d) == f"{both} of 250 places match")
        # The map's list link shows the same places.
        assert parse_qs(urlparse(driver.find_element(By.ID, "map-list").get_attribute("href")).query) == {"borough": ["Bronx", "Queens"]}
        browser.screenshot("explore-phone", width=390, height=844, mobile=True)
        browser.assert_clean("photos/map/ with filters")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_near_me_from_a_filtered_map_lists_the_nearest_matching_places(browser, datasets):
    driver = browser.driver
    browser.open("photos/map/?borough=Bronx&date=1900..1950")
    wait_until(driver, lambda d: total_text(d).endswith("places match"), 15)
    link = driver.find_element(By.ID, "map-near").get_attribute("href")
    assert parse_qs(urlparse(link).query) == {"dataset": ["photos"], "borough": ["Bronx"], "date": ["1900..1950"]}
    lat, lon = 40.85, -73.88
    browser.open(f"{link}&lat={lat}&lon={lon}")
    wait_until(driver, lambda d: d.execute_script("return document.body.getAttribute('data-near-ready')") == "true", 15)
    shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]

    def matches(row):
        year = YEAR.search(row.value("date"))
        return row.value("borough") == "Bronx" and year and 1900 <= int(year.group()) <= 1950

    rows = [row for row in datasets["photos"].rows.values() if matches(row)]
    expected = sorted(rows, key=lambda row: (great_circle(lat, lon, row.latitude, row.longitude), row.id))[:10]
    assert shown == [row.id for row in expected]
    status = driver.find_element(By.ID, "near-status").text
    assert f"Only places matching the map's filters ({len(rows)} of 250)" in status
    assert parse_qs(urlparse(driver.current_url).query)["borough"] == ["Bronx"]
    browser.assert_clean("near/ with the map's filters")


def test_fit_to_results_shows_every_matching_place(browser, datasets):
    driver = browser.driver
    driver.set_window_size(1280, 900)
    browser.open("photos/map/?borough=Staten%20Island")
    wait_until(driver, lambda d: total_text(d).endswith("places match"), 15)
    wait_until(driver, lambda d: d.find_element(By.ID, "filter-panel").is_displayed())  # open beside a wide map
    driver.find_element(By.CSS_SELECTOR, "#filter-panel .filter-fit").click()
    time.sleep(1)
    bounds = browser.module("page/map", "var b = module.map.getBounds(); done([b.getSouth(), b.getWest(), b.getNorth(), b.getEast(), module.map.getZoom()]);")
    south, west, north, east, zoom = bounds
    places = [row for row in datasets["photos"].rows.values() if row.value("borough") == "Staten Island"]
    assert places
    for row in places:
        assert south <= row.latitude <= north and west <= row.longitude <= east, row.id
    assert zoom >= 11, "the view fits the borough's photographs, not all of New York"
    browser.assert_clean("photos/map/ fitted to a filter's places")


def test_the_list_follows_the_filter_a_page_at_a_time_and_downloads_the_matches(browser, site_dir, datasets):
    driver = browser.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        index = filter_index(site_dir, "properties")
        field = next(f for f in index["fields"] if f["field"] == "assessed_value")
        query = urlencode([("assessed_value", f"{number_text(field['edges'][2])}..{number_text(field['edges'][-1])}")])
        ids, _ = oracle(datasets["properties"], index, query)
        order, slug_ids = static_list(site_dir, "properties")
        expected = [slug for slug in order if slug_ids[slug] in set(ids)]
        assert len(expected) > 100, "the choice should fill more than one page of 100"

        def shown(page):
            wait_until(driver, lambda d: (d.find_element(By.ID, "filtered-list").get_attribute("data-shown") or "").endswith(f"|{page}"), 15)
            links = driver.find_elements(By.CSS_SELECTOR, "#filtered-list .item-list li a")
            return [urlparse(a.get_attribute("href")).path.rstrip("/").split("/")[-1] for a in links]

        browser.open(f"properties/?{query}")
        assert shown(1) == expected[:100]
        assert not driver.find_element(By.ID, "static-list").is_displayed()
        meta = driver.find_element(By.CSS_SELECTOR, ".filtered-meta").text
        assert meta.startswith(f"1–100 of {len(ids)} matching places (of 400)")
        # On a phone the list starts on the first screen; the panel waits behind "Filter (1)".
        first = driver.find_element(By.CSS_SELECTOR, "#filtered-list .item-list li")
        assert first.rect["y"] < 844
        assert driver.find_element(By.ID, "filter-toggle").text == "Filter (1)"
        driver.find_element(By.CSS_SELECTOR, "#filtered-list a[rel=next]").click()
        assert shown(2) == expected[100:200]
        assert parse_qs(urlparse(driver.current_url).query)["_page"] == ["2"]
        driver.back()
        assert shown(1) == expected[:100]

        driver.find_element(By.CSS_SELECTOR, "#filtered-list button[data-download=csv]").click()
        ready = driver.find_element(By.CSS_SELECTOR, "#filtered-list .download-ready")
        wait_until(driver, lambda d: (ready.get_attribute("href") or "").startswith("blob:"), 15)
        text = driver.execute_async_script("fetch(arguments[0]).then((r) => r.text()).then(arguments[1])", ready.get_attribute("href"))
        header, *rows = list(csv.reader(io.StringIO(text, newline="")))
        assert len(rows) == len(ids)
        assert ready.get_attribute("download") == "properties-filtered.csv"
        browser.screenshot("explore-list-phone", width=390, height=844, mobile=True)
        browser.assert_clean("properties/ with a filter")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_photos_coloured_by_borough_with_a_legend_that_filters(browser, datasets):
    driver = browser.driver
    driver.set_window_size(1280, 900)
    browser.open("photos/map/")
    buttons = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".colour-legend button"), 15)
    rows = datasets["photos"].rows.values()
    counts = {}
    for row in rows:
        counts[row.value("borough")] = counts.get(row.value("borough"), 0) + 1
    legend = [button.text for button in buttons]
    assert legend == sorted(counts, key=lambda borough: (-counts[borough], borough))
    # Every pin on the map in the colour of its borough: its colour's label is its borough.
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".mixed-cluster, .place-pin"), 15)
    pins = browser.module("page/map", """var pins = [];
        module.map.eachLayer(function (l) { if (l.getLatLng && l.options.colourIndex !== undefined) pins.push([l.getLatLng().lat, l.getLatLng().lng, l.options.title, l.options.colourIndex]); });
        done(pins);""")
    by_place = {(round(row.latitude, 6), round(row.longitude, 6), row.title): row for row in rows}
    for lat, lon, title, colour in pins:
        assert by_place[(round(lat, 6), round(lon, 6), title)].value("borough") == legend[colour], title
    # The legend's button filters to its borough, and again clears it.
    queens = buttons[legend.index("Queens")]
    queens.click()
    wait_until(driver, lambda d: total_text(d) == f"{counts['Queens']} of 250 places match")
    assert queens.get_attribute("aria-pressed") == "true"
    assert parse_qs(urlparse(driver.current_url).query) == {"borough": ["Queens"]}
    browser.screenshot("explore-colours-desktop")
    queens.click()
    wait_until(driver, lambda d: total_text(d) == "250 places")
    assert queens.get_attribute("aria-pressed") == "false"
    browser.assert_clean("photos/map/ coloured by borough")
    # On a phone the legend is closed to its heading (the open one covered a third of the map's
    # width); opened, its buttons filter as on a desktop.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        browser.open("photos/map/")
        legend = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "details.colour-legend"), 15)[0]
        assert legend.get_attribute("open") is None
        assert legend.size["width"] <= 200 and legend.size["height"] <= 44, legend.size
        assert not any(button.is_displayed() for button in legend.find_elements(By.CSS_SELECTOR, "button"))
        legend.find_element(By.TAG_NAME, "summary").click()
        queens = wait_until(driver, lambda d: [b for b in legend.find_elements(By.CSS_SELECTOR, "button") if b.is_displayed() and b.text == "Queens"], 5)[0]
        queens.click()
        wait_until(driver, lambda d: total_text(d) == f"{counts['Queens']} of 250 places match")
        browser.screenshot("explore-colours-phone", width=390, height=844, mobile=True)
        browser.assert_clean("photos/map/ coloured by borough, on a phone")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_lines_on_the_map_follow_the_filter(browser, datasets):
    driver = browser.driver
    driver.set_window_size(1280, 900)
    lines = datasets["elevated"].rows.values()

    def drawn():
        return len(driver.find_elements(By.CSS_SELECTOR, "#map path.shape-line.shapes-of-elevated"))

    for query, first, last in [("", 0, 9999), ("opened=1868..1870", 1868, 1870), ("opened=1870..1880", 1870, 1880)]:
        browser.open("elevated/map/" + ("?" + query if query else ""))
        expected = sum(1 for row in lines if first <= int(YEAR.search(row.value("opened")).group()) <= last)
        wait_until(driver, lambda d: total_text(d).endswith("places match" if query else "places"), 15)
        wait_until(driver, lambda d: drawn() == expected, 10, f"{expected} lines for ?{query}, {drawn()} drawn")
    assert 0 < expected < len(lines), "the last choice should keep some lines and leave some out"
    browser.assert_clean("elevated/map/ with a filter")


class GeneratedRow:
    """A row of the generated dataset, read as support.load_datasets' rows are."""

    def __init__(self, id, latitude, longitude, values):
        self.id, self.latitude, self.longitude, self.values = id, latitude, longitude, values

    def value(self, field):
        return self.values.get(field, "")


@pytest.fixture(scope="module")
def generated(workdir):
    """100,000 places over the United States: a category of 200 values of Zipf-like sizes, a year
    (some unreadable) and a written number (some with $ and thousands separators), with filters of
    all three; built once for the module. (site folder, {id: GeneratedRow})."""
    rng = random.Random(100_000)
    content = workdir / "generated-content"
    (content / "data").mkdir(parents=True)
    weights = [1 / (rank + 1) for rank in range(200)]
    groups = rng.choices([f"group-{rank:03d}" for rank in range(200)], weights, k=100_000)
    rows, lines = {}, ["id,name,lat,lon,group,founded,value"]
    for i, group in enumerate(groups):
        lat, lon = rng.uniform(25, 49), rng.uniform(-124, -67)
        founded = "" if rng.random() < 0.02 else ("c. " if rng.random() < 0.1 else "") + str(rng.randint(1700, 2020))
        amount = rng.randint(1_000, 5_000_000)
        value = f'"${amount:,}"' if rng.random() < 0.3 else str(amount)
        lines.append(f"p{i},Place {i},{lat:.6f},{lon:.6f},{group},{founded},{value}")
        rows[f"p{i}"] = GeneratedRow(f"p{i}", round(lat, 6), round(lon, 6),
                                     {"group": group, "founded": founded, "value": str(amount)})
    (content / "data" / "places.csv").write_text("\n".join(lines) + "\n")
    (content / "README.md").write_text("# Generated\n")
    (content / "site.yml").write_text(
        "title: Generated\ndatasets:\n  - name: places\n    source: data/places.csv\n    id: id\n    item_title: name\n"
        "    latitude: lat\n    longitude: lon\n    neighbours: 1\n    filters:\n      - group\n"
        "      - {field: founded, type: year}\n      - {field: value, type: range, format: currency}\n")
    site = build_site(content, workdir / "generated-site", theme=REPO / "templates")
    return site, rows


def test_100k_generated_places_counts_list_and_downloads_agree_with_the_source(generated):
    site_dir, rows = generated
    spec = type("Spec", (), {"rows": rows, "count": len(rows)})
    index = filter_index(site_dir, "places")
    rng = random.Random(30)
    requests = [{"dataset": "places", "query": random_query(rng, index)} for _ in range(6)]
    answers = explore(site_dir, requests)
    with open(site_dir / "downloads" / "places.csv", newline="") as file:
        header, *rows_in_download = list(csv.reader(file))
    ids_in_download = [row[header.index("id")] for row in rows_in_download]
    narrowed = 0
    for request, answer in zip(requests, answers):
        ids, counts = oracle(spec, index, request["query"])
        where = f"generated?{request['query']}"
        assert answer["ids"] == ids and answer["total"] == len(ids), where
        assert answer["counts"] == counts, where
        assert answer["zooms"] == [len(ids)] * len(answer["zooms"]), where
        assert sorted(answer["downloaded"]) == ids, where
        kept = set(ids)
        assert list(csv.reader(io.StringIO(answer["csv"], newline=""))) == [header] + [
            row for row, id in zip(rows_in_download, ids_in_download) if id in kept], where
        # The list: the matching places by title in natural order ("Place 2" before "Place 10").
        expected = sorted(ids, key=lambda id: int(id[1:]))
        assert [f"p{slug.split('-')[-1]}" for slug in answer["listed"]] == expected, where
        narrowed += 0 < len(ids) < len(rows)
    assert narrowed >= 3, "too few of the random choices narrowed the places to test anything"
