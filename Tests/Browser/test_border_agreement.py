"""One point, one answer (#32 point 1), through a built site and its near me: two countries
sharing a border 28° long along 49°N (fixtures/border, as Natural Earth draws the United States
and Canada) and airports on it, a metre from it, 55 km from it and where the great circle through
its ends would bow 94 km north. For every airport its region is a country its page lists at 0 m,
near me there says "You are inside" that country, and the page's and near me's distances to each
country are the brute force's (Tests/Support/straight_edge_oracle.py), to what they print (near
me at four of them)."""

import csv
import json
import re
import sys

import pytest
from selenium.webdriver.common.by import By

from support import HERE, REPO, StaticServer, browser_session, build_site, wait_until

sys.path.insert(0, str(REPO / "Tests" / "Support"))
import straight_edge_oracle  # noqa: E402

FIXTURE = HERE / "fixtures" / "border"
# The airports near me is opened at (each page load costs a second): on the border, a metre from
# it, 55 km from it and where the great circle would bow.
NEAR_ME = {"CEP4-like on the border", "A metre north", "Fifty-five km north", "Where the great circle bows"}


@pytest.fixture(scope="module")
def border(workdir):
    site = build_site(FIXTURE, workdir / "border-site", theme=REPO / "templates")
    server = StaticServer(site, workdir / "nginx-border").start()
    try:
        for session in browser_session(server, workdir, "border"):
            yield site, session
    finally:
        server.stop()


def metres(text):
    """'1,235 km E' or '0 m' → metres."""
    number, unit = re.match(r"([\d,.]+)\s*(km|m)\b", text).groups()
    return float(number.replace(",", "")) * (1000 if unit == "km" else 1)


def resolution(text):
    """Half the last printed digit of a distance, in metres."""
    number, unit = re.match(r"([\d,.]+)\s*(km|m)\b", text).groups()
    decimals = len(number.split(".")[1]) if "." in number else 0
    return 0.5 * 10 ** -decimals * (1000 if unit == "km" else 1)


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def test_region_page_list_and_near_me_agree(border):
    site, session = border
    driver = session.driver
    countries = json.loads((FIXTURE / "data" / "countries.geojson").read_text())["features"]
    with open(FIXTURE / "data" / "airports.csv") as file:
        airports = list(csv.DictReader(file))
    for airport in airports:
        lat, lon = float(airport["latitude"]), float(airport["longitude"])
        where = f"{airport['name']} ({lat}, {lon})"
        page = (site / "airports" / slug(airport["name"]) / "index.html").read_text()
        region = re.search(r"<dt>Country</dt><dd>([^<]*)</dd>", page).group(1)
        section = page[page.index("Nearest countries"):]
        listed = dict(re.findall(r'">([^<]+)</a> <span class="distance"[^>]*>([^<]+)</span>', section)[:2])
        assert listed.get(region) == "0 m", (where, region, listed)
        for feature in countries:
            name = feature["properties"]["name"]
            expected = straight_edge_oracle.distance(feature["geometry"], [lon, lat])
            if straight_edge_oracle.shape(feature["geometry"]).covers(straight_edge_oracle.Point(lon, lat)):
                expected = 0.0
            printed = listed[name]
            assert abs(metres(printed) - expected) <= resolution(printed) + 0.01, (where, name, printed, expected)

        if airport["name"] not in NEAR_ME:
            continue
        session.open(f"near/?dataset=countries&lat={lat}&lon={lon}")
        wait_until(driver, lambda d: d.execute_script("return document.body.getAttribute('data-near-ready')") == "true", 15)
        inside = driver.find_element(By.ID, "near-inside").text
        assert region in inside, (where, region, inside)
        for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li"):
            name = li.find_element(By.TAG_NAME, "a").text
            shown = li.find_element(By.CSS_SELECTOR, ".distance").text
            assert abs(metres(shown) - metres(listed[name])) <= resolution(shown) + resolution(listed[name]), (
                where, name, shown, listed[name])
    session.assert_clean("near/")
