"""Tour pages: every stop once, in an order no shorter one beats (checked against every order
for small tours, against an integer program's shortest and every 2-opt and single-stop move for
large ones), drawn on the map, with stops ticked off and the ticks kept in the browser."""

import itertools
import re
import xml.etree.ElementTree as ElementTree

import pytest
from selenium.webdriver.common.by import By

from support import REPO, fetch, load_config, slug_of, text_of, wait_until
from test_maps import distance

TOURS = load_config(REPO / "content" / "site.yml").get("tours", [])
NAMES = [tour.get("name") or slug_of(tour["title"]) for tour in TOURS]


def open_tour(browser, name):
    browser.open(f"tours/{name}/")
    wait_until(browser.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-tour-ready=true]"))


def tour_length(ids, rows, loop):
    legs = [distance(rows[a].latitude, rows[a].longitude, rows[b].latitude, rows[b].longitude) for a, b in zip(ids, ids[1:])]
    if loop and len(ids) > 1:
        legs.append(distance(rows[ids[-1]].latitude, rows[ids[-1]].longitude, rows[ids[0]].latitude, rows[ids[0]].longitude))
    return legs


def shortest_by_every_order(ids, rows, start, loop):
    """The oracle for small tours: the length of the shortest of all orders."""
    firsts = [start] if start else ([ids[0]] if loop else ids)
    best = float("inf")
    for first in firsts:
        rest = [i for i in ids if i != first]
        for order in itertools.permutations(rest):
            best = min(best, sum(tour_length([first, *order], rows, loop)))
    return best


def shortest_by_integer_program(ids, rows, start, loop):
    """The oracle for larger tours: the shortest cycle as an integer program over the edges (each
    stop has two; no cycle through part of the stops), solved by scipy's MILP solver, adding the
    constraint against each part-cycle of a solution until none is left. An open tour is the
    cycle through one more stop, "outside", from which every stop (or only the start) is free."""
    import numpy
    from scipy.optimize import Bounds, LinearConstraint, milp

    nodes = list(ids) + ([] if loop else [None])
    n = len(nodes)
    edges = [(a, b) for a in range(n) for b in range(a + 1, n)]
    costs, lower = [], []
    for a, b in edges:
        if nodes[a] is None or nodes[b] is None:
            other = nodes[b] if nodes[a] is None else nodes[a]
            costs.append(0.0)
            lower.append(1.0 if start and other == start else 0.0)
        else:
            costs.append(distance(rows[nodes[a]].latitude, rows[nodes[a]].longitude,
                                  rows[nodes[b]].latitude, rows[nodes[b]].longitude))
            lower.append(0.0)
    rows_, rights = [], []
    for node in range(n):
        rows_.append([1.0 if node in edge else 0.0 for edge in edges])
        rights.append((2.0, 2.0))
    while True:
        constraints = LinearConstraint(numpy.array(rows_), [r[0] for r in rights], [r[1] for r in rights])
        result = milp(numpy.array(costs), constraints=constraints, integrality=numpy.ones(len(edges)),
                      bounds=Bounds(lower, 1.0))
        assert result.success, result.message
        chosen = [edges[i] for i, x in enumerate(result.x) if x > 0.5]
        parts, seen = [], set()
        for node in range(n):
            if node in seen:
                continue
            part, todo = set(), [node]
            while todo:
                here = todo.pop()
                if here in part:
                    continue
                part.add(here)
                todo += [b if a == here else a for a, b in chosen if here in (a, b)]
            seen |= part
            parts.append(part)
        if len(parts) == 1:
            return float(result.fun)
        for part in parts:
            rows_.append([1.0 if a in part and b in part else 0.0 for a, b in edges])
            rights.append((0.0, len(part) - 1.0))


def shorter_by_one_move(ids, rows, start, loop):
    """A reversal of a stretch, or a stop moved elsewhere, that shortens the tour; None if none does."""
    length = sum(tour_length(ids, rows, loop))
    fixed = 1 if start or loop else 0
    for i in range(fixed, len(ids)):
        for j in range(i + 1, len(ids)):
            other = ids[:i] + ids[i : j + 1][::-1] + ids[j + 1 :]
            if sum(tour_length(other, rows, loop)) < length - 1e-3:
                return f"reversing stops {i + 1}–{j + 1}"
        for k in range(fixed, len(ids)):
            if k == i:
                continue
            other = ids[:i] + ids[i + 1 :]
            other.insert(k, ids[i])
            if sum(tour_length(other, rows, loop)) < length - 1e-3:
                return f"moving stop {i + 1} to {k + 1}"
    return None


@pytest.mark.parametrize("index", range(len(TOURS)), ids=NAMES)
def test_tour_visits_every_stop_once_in_a_shortest_order(browser, server, datasets, index):
    tour, name = TOURS[index], NAMES[index]
    spec = datasets[tour["dataset"]]
    rows = spec.rows
    driver = browser.driver
    open_tour(browser, name)
    browser.screenshot(f"tour-{name}-desktop")
    where = browser.path
    items = driver.find_elements(By.CSS_SELECTOR, "#tour-stops li")
    ids = [li.get_attribute("data-id") for li in items]
    wanted = tour.get("stops") or list(rows)
    assert sorted(ids) == sorted(wanted), f"{where}: stops {ids}, the tour has {wanted}"
    if tour.get("start"):
        assert ids[0] == tour["start"], f"{where}: begins at {ids[0]}, not {tour['start']}"
    loop = bool(tour.get("loop"))

    # The distances shown are those of the order shown.
    legs = tour_length(ids, rows, loop)
    shown = [float(li.get_attribute("data-leg")) for li in items[1:]]
    if loop:
        shown.append(float(driver.find_element(By.CSS_SELECTOR, ".tour-back").get_attribute("data-leg")))
    assert all(abs(a - b) < 0.06 for a, b in zip(shown, legs)) and len(shown) == len(legs), f"{where}: legs {shown} vs {legs}"
    total = float(driver.find_element(By.CSS_SELECTOR, ".tour-length").get_attribute("data-metres"))
    assert abs(total - sum(legs)) < 0.06, f"{where}: length {total} m, its legs add up to {sum(legs)} m"

    # No shorter order: the shortest of all orders when there are few, else the shortest the
    # integer program finds, and in any case no single move shortens it.
    if len(ids) <= 8:
        best = shortest_by_every_order(ids, rows, tour.get("start"), loop)
    else:
        best = shortest_by_integer_program(ids, rows, tour.get("start"), loop)
        move = shorter_by_one_move(ids, rows, tour.get("start"), loop)
        assert move is None, f"{where}: {move} makes the tour shorter"
    assert sum(legs) <= best + 0.05, f"{where}: {sum(legs):.1f} m, the shortest order is {best:.1f} m"
    # The page says the order is the shortest when it is proven, else how far from it it can be.
    summary = text_of(driver.find_element(By.CSS_SELECTOR, ".tour-summary"))
    assert "(the shortest order)" in summary, f"{where}: {summary}"

    # The map: a numbered pin per stop and the line of the way.
    pins = driver.find_elements(By.CSS_SELECTOR, "#tour-map .place-pin text")
    # Each stop is a dot on the way; its number shows where it covers no other (test_phone_journeys.py).
    numbers = sorted(int(pin.get_attribute("textContent")) for pin in pins)
    assert 1 in numbers and len(set(numbers)) == len(numbers) and set(numbers) <= set(range(1, len(ids) + 1)), numbers
    assert len(driver.find_elements(By.CSS_SELECTOR, "#tour-map path.tour-dot")) == len(ids)
    assert driver.find_elements(By.CSS_SELECTOR, "#tour-map path.leaflet-interactive"), f"{where}: no line"

    # The GPX route visits the same stops in the same order.
    link = driver.find_element(By.PARTIAL_LINK_TEXT, "GPX").get_attribute("href")
    status, headers, body = fetch(link)
    headers = {key.lower(): value for key, value in headers.items()}
    assert status == 200 and headers.get("content-type", "").startswith("application/gpx+xml"), (link, status, headers)
    points = ElementTree.fromstring(body).findall(".//{http://www.topografix.com/GPX/1/1}rtept")
    positions = [(round(float(p.get("lat")), 6), round(float(p.get("lon")), 6)) for p in points]
    expected = [(round(rows[i].latitude, 6), round(rows[i].longitude, 6)) for i in ids + (ids[:1] if loop else [])]
    assert positions == expected, f"{link}: the GPX route is not the page's order"
    browser.assert_clean(where)


def test_ticked_stops_are_kept_in_the_browser(browser):
    name = NAMES[0]
    driver = browser.driver
    open_tour(browser, name)
    count = len(driver.find_elements(By.CSS_SELECTOR, "#tour-stops li"))
    boxes = driver.find_elements(By.CSS_SELECTOR, "#tour-stops input[type=checkbox]")
    assert not any(box.is_selected() for box in boxes), "a new visitor has nothing ticked"
    reset = driver.find_element(By.ID, "tour-reset")
    assert not reset.is_displayed()
    boxes[0].click()
    boxes[1].click()
    progress = text_of(driver.find_element(By.ID, "tour-progress"))
    assert re.match(rf"2 of {count} stops done\. Next: 3\. ", progress), progress
    stops = driver.find_elements(By.CSS_SELECTOR, "#tour-stops li")
    assert [li.get_attribute("class") for li in stops[:3]] == ["done", "done", "next"]

    open_tour(browser, name)  # a reload keeps the ticks
    boxes = driver.find_elements(By.CSS_SELECTOR, "#tour-stops input[type=checkbox]")
    assert [box.is_selected() for box in boxes[:3]] == [True, True, False]
    assert text_of(driver.find_element(By.ID, "tour-progress")).startswith(f"2 of {count} stops done")

    driver.find_element(By.ID, "tour-reset").click()
    open_tour(browser, name)
    boxes = driver.find_elements(By.CSS_SELECTOR, "#tour-stops input[type=checkbox]")
    assert not any(box.is_selected() for box in boxes), "the ticks are back after clearing them"
    assert text_of(driver.find_element(By.ID, "tour-progress")).startswith(f"0 of {count} stops done")
    browser.assert_clean("tour")


def test_following_the_visitor_ticks_the_stop_they_reach(browser):
    name = NAMES[0]
    driver = browser.driver
    open_tour(browser, name)
    items = driver.find_elements(By.CSS_SELECTOR, "#tour-stops li")
    third = items[2]
    # Stand about 15 m north of the third stop: within reach of it, of no other.
    lat, lon = float(third.get_attribute("data-lat")) + 0.000135, float(third.get_attribute("data-lon"))
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": browser.server.origin})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": lat, "longitude": lon, "accuracy": 5})
    driver.find_element(By.ID, "tour-follow").click()
    boxes = driver.find_elements(By.CSS_SELECTOR, "#tour-stops input[type=checkbox]")
    wait_until(driver, lambda d: boxes[2].is_selected(), message="the stop reached was not ticked")
    assert [box.is_selected() for box in boxes].count(True) == 1, "only the stop reached is ticked"
    assert text_of(driver.find_element(By.ID, "tour-progress")).startswith(f"1 of {len(items)} stops done. Next: 1.")
    assert re.match(r"You are [\d.,]+ k?m from stop 1\.$", text_of(driver.find_element(By.ID, "tour-where")))
    driver.find_element(By.ID, "tour-follow").click()  # stop following
    driver.find_element(By.ID, "tour-reset").click()
    assert not any(box.is_selected() for box in boxes)
    browser.assert_clean("tour, following")


def test_a_printed_tour_is_a_route_sheet(browser):
    """Printed, the page keeps every stop and its box, and leaves out the map and the site's frame."""
    name = NAMES[0]
    driver = browser.driver
    open_tour(browser, name)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        hidden = driver.execute_script(
            "return ['.site-header', '#tour-map', '.tour-bar'].map(function (s) {"
            "  return getComputedStyle(document.querySelector(s)).display; });"
        )
        assert hidden == ["none", "none", "none"], hidden
        stops = driver.find_elements(By.CSS_SELECTOR, "#tour-stops li")
        assert stops and all(li.is_displayed() for li in stops)
        assert all(box.is_displayed() for box in driver.find_elements(By.CSS_SELECTOR, "#tour-stops input"))
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    browser.assert_clean("tour, printed")


@pytest.mark.parametrize("index", range(len(TOURS)), ids=NAMES)
def test_a_stop_page_links_back_to_its_tour(browser, index):
    tour, name = TOURS[index], NAMES[index]
    driver = browser.driver
    open_tour(browser, name)
    tour_url = driver.current_url
    links = driver.find_elements(By.CSS_SELECTOR, "#tour-stops .tour-stop a")
    number = min(3, len(links))
    browser.click(links[number - 1])
    on_tour = driver.find_elements(By.CSS_SELECTOR, "p.on-tour")
    assert [text_of(p) for p in on_tour] == [f"Stop {number} of {len(links)} on {tour['title']}"], browser.path
    assert on_tour[0].find_element(By.TAG_NAME, "a").get_attribute("href") == tour_url
    browser.assert_clean(browser.path)


def test_stops_show_their_thumbnails(browser, server):
    """A tour of places with thumbnails (the photographs' walk) shows each stop's beside it, from
    the source's path under the site root, and they load; a tour of places without them shows none."""
    import json

    photos = {p["id"]: p for p in json.loads((REPO / "content" / "data" / "photos.json").read_text())}
    kinds = set()
    for tour, name in zip(TOURS, NAMES):
        open_tour(browser, name)
        driver = browser.driver
        for item in driver.find_elements(By.CSS_SELECTOR, "#tour-stops li"):
            images = item.find_elements(By.CSS_SELECTOR, "img.tour-thumb")
            source = photos.get(item.get_attribute("data-id")) if tour["dataset"] == "photos" else None
            if source and source.get("thumbnail"):
                assert [i.get_attribute("src") for i in images] == [server.url(source["thumbnail"])]
                driver.execute_script("arguments[0].scrollIntoView()", images[0])
                wait_until(driver, lambda d: d.execute_script(
                    "return arguments[0].complete && arguments[0].naturalWidth > 0", images[0]))
                kinds.add("thumbnail")
            else:
                assert not images, (name, item.get_attribute("data-id"))
                kinds.add("none")
        browser.assert_clean(browser.path)
    assert kinds == {"thumbnail", "none"}, kinds  # the example has a tour of each kind
