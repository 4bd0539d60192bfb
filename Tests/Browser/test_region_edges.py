"""Regions and group aggregates at their edges, on the small site of fixtures/regions (the example
content has no place on a border and no median between two whole values): a place on a border or
a vertex belongs to the region, a hole is not part of its region, where regions overlap the first
in the file wins, a MultiPolygon's every part counts, and medians are exact, with cents."""

import csv

import pytest
from selenium.webdriver.common.by import By

from support import HERE, Browser, Regions, fetch_page, load_datasets, slug_of, text_of, wait_until
from test_groups import group_page_problems

FIXTURE = HERE / "fixtures" / "regions"
with (FIXTURE / "data" / "lots.csv").open(newline="") as file:
    EXPECTED = {row["id"]: row["expected"] or None for row in csv.DictReader(file)}


@pytest.fixture(scope="module")
def lots():
    _, specs = load_datasets(FIXTURE)
    return specs[0]


@pytest.fixture(scope="module")
def regions():
    return Regions(FIXTURE / "data" / "areas.geojson")


def test_shapely_agrees_with_the_cases_written_down(lots, regions):
    """The fixture says where each place lies; shapely, which the other tests trust, must agree."""
    for row in lots.rows.values():
        assert regions.name_at(row.latitude, row.longitude) == EXPECTED[row.id], row


def test_places_on_borders_holes_and_overlaps(regions_server, lots):
    problems = []
    for row in lots.rows.values():
        page = fetch_page(regions_server.url(f"lots/{slug_of(row.title)}/"))
        shown = dict(zip((dt.text for dt in page.find_all("dt")), (dd.text for dd in page.find_all("dd"))))
        if shown.get("Area") != EXPECTED[row.id]:
            problems.append(
                f"{row.id} {row.title} at ({row.latitude}, {row.longitude}): "
                f"shows {shown.get('Area')!r}, lies in {EXPECTED[row.id]!r}"
            )
        if shown.get("Value") != dict(row.fields).get("Value"):
            problems.append(f"{row.id}: value shown {shown.get('Value')!r}, not {dict(row.fields).get('Value')!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("field", ["area", "block"])
def test_group_pages_medians_with_cents(regions_server, lots, field):
    problems = group_page_problems(regions_server, lots, field, FIXTURE)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_outlines_with_a_hole_and_in_two_parts(browser, regions_server, regions):
    fixture = Browser(browser.driver, regions_server)  # the same Chromium, on the fixture's site
    driver = browser.driver
    for name in ["West", "Islands", "Empty"]:
        path = f"lots/by/area/{slug_of(name)}/"
        fixture.open(path)
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#group-map[data-ready=true]"))
        paths = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#group-map path.leaflet-interactive"), 5)
        outline = " ".join(p.get_attribute("d") for p in paths)
        shape = regions.shape_of(name)
        parts = list(shape.geoms) if shape.geom_type == "MultiPolygon" else [shape]
        rings = sum(1 + len(list(part.interiors)) for part in parts)
        assert outline.count("M") == rings, f"{path}: {outline.count('M')} rings drawn, {name} has {rings}"
        assert text_of(driver.find_element(By.TAG_NAME, "h1")) == name
        fixture.assert_clean(path)


def test_group_index_sorts_negative_and_fractional_medians(browser, regions_server, lots):
    """Medians below zero and with cents sort by their value, both ways, empty ones last."""
    from test_groups import assert_numeric_order, column_values

    fixture = Browser(browser.driver, regions_server)
    driver = browser.driver
    fixture.open("lots/by/block/")
    headings = driver.find_elements(By.CSS_SELECTOR, "table.sortable thead th")
    column = [text_of(h) for h in headings].index("Median value")
    values = sorted(float(v) for v in column_values(driver, column) if v)
    assert values[0] < 0 and any(v != int(v) for v in values), f"the fixture lost its test values: {values}"
    button = headings[column].find_element(By.TAG_NAME, "button")
    button.click()
    assert_numeric_order(column_values(driver, column), False, "lots/by/block/ by median value")
    button.click()
    assert_numeric_order(column_values(driver, column), True, "lots/by/block/ by median value, again")
    fixture.assert_clean("lots/by/block/")


def test_regions_map_draws_holes_parts_and_empty_regions(browser, regions_server, regions):
    """The index map of the area field: every region of the file, the empty one too, each with as
    many rings as shapely finds (a hole, a MultiPolygon's two parts: the grid snapping of
    regions.json keeps them), and a region with no value grey, the others in the ramp."""
    from test_regions import NO_VALUE, RAMP, table_columns

    fixture = Browser(browser.driver, regions_server)
    driver = browser.driver
    fixture.open("lots/by/area/")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#regions-map[data-ready=true]"), timeout=15)
    column = int(driver.find_element(By.ID, "regions-map").get_attribute("data-column"))
    _, rows = table_columns(driver)
    drawn = {p.get_attribute("data-name"): p for p in driver.find_elements(By.CSS_SELECTOR, "#regions-map path[data-name]")}
    assert sorted(drawn) == sorted(regions.names), sorted(drawn)
    for name, path in drawn.items():
        shape = regions.shape_of(name)
        parts = list(shape.geoms) if shape.geom_type == "MultiPolygon" else [shape]
        rings = sum(1 + len(list(part.interiors)) for part in parts)
        assert path.get_attribute("d").count("M") == rings, f"{name}: {path.get_attribute('d')}"
        fill = path.get_attribute("data-fill")
        assert (fill == NO_VALUE) == (rows[name][column] is None), (name, rows[name], fill)
        assert fill == NO_VALUE or fill in RAMP, (name, fill)
    fixture.assert_clean("lots/by/area/")
