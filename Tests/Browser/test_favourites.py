"""Favourites: ☆ on a place's page keeps it in the browser; the favourites page lists and maps
what was saved, newest first, and forgets what is removed."""

import itertools
import json
import re
from urllib.parse import urljoin

from selenium.webdriver.common.by import By

from support import REPO, list_pages, text_of, wait_until
from test_maps import distance
from test_tours import shortest_by_integer_program


def first_item_url(server, dataset: str) -> str:
    url, page = list_pages(server, f"{dataset}/")[0]
    return urljoin(url, page.items[0])


def open_favourites(browser):
    browser.open("favourites/")
    wait_until(browser.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-favourites-ready=true]"))


def save_favourites(browser, dataset, rows):
    """Saves `rows` of `dataset` as favourites straight into the browser's storage (their links go
    to the dataset's list), then opens the favourites page."""
    places = [{"dataset": dataset, "id": r.id, "title": r.title, "path": f"{dataset}/", "lat": r.latitude,
               "lon": r.longitude} for r in rows]
    open_favourites(browser)
    browser.module("page/storage", "module.favourites.save(arguments[0]); done(true)", places)
    open_favourites(browser)


def saved_in_shortest_order(browser, rows):
    """Saves `rows` of the photographs, puts them in the shortest order, and returns the order the
    page shows (ids) and its length in metres, after checking it holds every saved place once."""
    save_favourites(browser, "photos", rows)
    put_in_order(browser.driver)
    items = browser.driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")
    ids = [li.get_attribute("data-id") for li in items]
    assert sorted(ids) == sorted(r.id for r in rows)
    where = {r.id: (r.latitude, r.longitude) for r in rows}
    return ids, sum(distance(*where[a], *where[b]) for a, b in zip(ids, ids[1:]))


def put_in_order(driver, ordered=True):
    """Shows the favourites in the shortest order (or newest first), whichever the page, which
    remembers the choice, showed before."""
    button = driver.find_element(By.ID, "favourites-order")
    if (button.get_attribute("aria-pressed") == "true") != ordered:
        button.click()
    assert (button.get_attribute("aria-pressed") == "true") == ordered


def shown(driver):
    return [
        (li.get_attribute("data-dataset"), text_of(li.find_element(By.TAG_NAME, "a")), li.find_element(By.TAG_NAME, "a").get_attribute("href"))
        for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")
    ]


def test_saved_places_are_listed_and_mapped_until_removed(browser, server, datasets):
    driver = browser.driver
    open_favourites(browser)
    assert text_of(driver.find_element(By.ID, "favourites-status")).startswith("No favourites yet")
    assert not driver.find_element(By.ID, "favourites-layout").is_displayed()

    saved = []
    for name in list(datasets)[:2]:
        url = first_item_url(server, name)
        browser.open(url)
        button = driver.find_element(By.ID, "favourite")
        assert button.get_attribute("aria-pressed") == "false" and text_of(button) == "☆ Save"
        button.click()
        assert button.get_attribute("aria-pressed") == "true" and text_of(button) == "★ Saved"
        saved.insert(0, (name, text_of(driver.find_element(By.CSS_SELECTOR, "article.place h1")), url))
        browser.open(url)  # still saved on the next visit
        assert driver.find_element(By.ID, "favourite").get_attribute("aria-pressed") == "true"

    open_favourites(browser)
    browser.screenshot("favourites-desktop")
    assert shown(driver) == saved, "newest first, each linking to its page"
    assert text_of(driver.find_element(By.ID, "favourites-status")) == "2 places saved."
    pins = driver.find_elements(By.CSS_SELECTOR, "#favourites-map .place-pin")
    assert len(pins) == 2
    # A place with a thumbnail shows it, from the site root, kept with the favourite; others none.
    thumbnails = {p["id"]: p.get("thumbnail") for p in json.loads((REPO / "content" / "data" / "photos.json").read_text())}
    kinds = set()
    for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li"):
        expected = thumbnails.get(li.get_attribute("data-id")) if li.get_attribute("data-dataset") == "photos" else None
        images = li.find_elements(By.CSS_SELECTOR, "img.favourite-thumb")
        assert [i.get_attribute("src") for i in images] == ([server.url(expected)] if expected else [])
        if images:
            wait_until(driver, lambda d: d.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0", images[0]))
        kinds.add(bool(images))
    assert kinds == {True, False}, "the test saves a place with a thumbnail and one without"

    driver.find_element(By.CSS_SELECTOR, "#favourites-list li .favourite-remove").click()
    assert shown(driver) == saved[1:]
    open_favourites(browser)
    assert shown(driver) == saved[1:], "a removed place stays removed"
    browser.open(saved[0][2])
    assert driver.find_element(By.ID, "favourite").get_attribute("aria-pressed") == "false"

    open_favourites(browser)
    driver.find_element(By.ID, "favourites-clear").click()
    assert shown(driver) == []
    assert text_of(driver.find_element(By.ID, "favourites-status")).startswith("No favourites yet")
    browser.assert_clean("favourites")


def test_favourites_in_the_shortest_order(browser, server, datasets):
    """Six saved photographs put in order: as short as the shortest of all 720 orders."""
    driver = browser.driver
    spec = datasets["photos"]
    url, page = list_pages(server, "photos/")[0]
    for href in page.items[:6]:
        browser.open(urljoin(url, href))
        driver.find_element(By.ID, "favourite").click()
    open_favourites(browser)
    put_in_order(driver)
    browser.screenshot("favourites-ordered-desktop")
    ids = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")]
    assert len(ids) == 6 and len(set(ids)) == 6
    rows = spec.rows

    def length(order):
        return sum(
            distance(rows[a].latitude, rows[a].longitude, rows[b].latitude, rows[b].longitude) for a, b in zip(order, order[1:])
        )

    best = min(length(order) for order in itertools.permutations(ids))
    assert length(ids) <= best + 1e-3, f"favourites/: {length(ids):.1f} m, the shortest order is {best:.1f} m"
    shown = float(driver.find_element(By.ID, "favourites-route").get_attribute("data-metres"))
    assert abs(shown - length(ids)) < 0.06
    ranks = [text_of(e) for e in driver.find_elements(By.CSS_SELECTOR, "#favourites-list .near-rank")]
    assert ranks == [str(n) for n in range(1, 7)]
    assert driver.find_elements(By.CSS_SELECTOR, "#favourites-map path.leaflet-interactive"), "no line on the map"
    driver.find_element(By.ID, "favourites-clear").click()
    browser.assert_clean("favourites, ordered")


def test_favourites_route_is_ticked_off_and_kept(browser, datasets):
    """Put in order, the favourites are a route: places ticked off stay ticked, and the order
    chosen stays chosen, on the next visit; a removed place drops its tick; the ticks clear."""
    driver = browser.driver
    rows = list(datasets["boxes"].rows.values())[:5]
    save_favourites(browser, "boxes", rows)
    put_in_order(driver, False)
    progress = driver.find_element(By.ID, "favourites-progress")
    assert not progress.is_displayed(), "newest first is no route"
    put_in_order(driver)
    order = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")]
    titles = {r.id: r.title for r in rows}
    assert text_of(progress) == f"0 of 5 places done. Next: 1. {titles[order[0]]}"
    boxes = driver.find_elements(By.CSS_SELECTOR, "#favourites-list li input[type=checkbox]")
    boxes[0].click()
    boxes[1].click()
    assert text_of(progress) == f"2 of 5 places done. Next: 3. {titles[order[2]]}"
    assert [li.get_attribute("class") for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")][:3] == [
        "done", "done", "next"]
    browser.screenshots("favourites-route", phone=True)

    open_favourites(browser)  # the next visit: still in order, still ticked
    assert [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")] == order
    checked = [box.is_selected() for box in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li input[type=checkbox]")]
    assert checked == [True, True, False, False, False]
    progress = driver.find_element(By.ID, "favourites-progress")
    assert text_of(progress).startswith("2 of 5 places done.")

    # Removing a ticked place drops it from the route and from the ticks.
    driver.find_element(By.CSS_SELECTOR, "#favourites-list li .favourite-remove").click()
    assert text_of(progress).startswith("1 of 4 places done."), text_of(progress)
    driver.find_element(By.ID, "favourites-reset").click()
    assert text_of(progress).startswith("0 of 4 places done.")
    assert not driver.find_element(By.ID, "favourites-reset").is_displayed()
    open_favourites(browser)
    assert not any(box.is_selected() for box in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li input[type=checkbox]"))
    put_in_order(driver, False)
    assert not driver.find_elements(By.CSS_SELECTOR, "#favourites-list li input[type=checkbox]")
    driver.find_element(By.ID, "favourites-clear").click()
    browser.assert_clean("favourites route")


def test_following_the_visitor_ticks_the_favourite_they_reach(browser, datasets):
    driver = browser.driver
    rows = list(datasets["boxes"].rows.values())[10:14]
    save_favourites(browser, "boxes", rows)
    follow = driver.find_element(By.ID, "favourites-follow")
    put_in_order(driver, False)
    assert not follow.is_displayed(), "newest first is no route to follow"
    put_in_order(driver)
    order = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#favourites-list li")]
    where = {r.id: (r.latitude, r.longitude) for r in rows}
    # Stand about 15 m north of the third place of the route, within reach of no other.
    lat, lon = where[order[2]][0] + 0.000135, where[order[2]][1]
    assert all(distance(lat, lon, *where[other]) > 40 for other in order if other != order[2])
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": browser.server.origin})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": lat, "longitude": lon, "accuracy": 5})
    follow.click()
    boxes = driver.find_elements(By.CSS_SELECTOR, "#favourites-list input[type=checkbox]")
    wait_until(driver, lambda d: boxes[2].is_selected(), message="the place reached was not ticked")
    assert [box.is_selected() for box in boxes] == [False, False, True, False]
    assert text_of(driver.find_element(By.ID, "favourites-progress")).startswith("1 of 4 places done. Next: 1.")
    assert re.match(r"You are [\d.,]+ k?m from place 1\.$", text_of(driver.find_element(By.ID, "favourites-where")))
    follow.click()  # stop following
    assert text_of(follow) == "Tick places off as I reach them"
    driver.find_element(By.ID, "favourites-reset").click()
    put_in_order(driver, False)
    driver.find_element(By.ID, "favourites-clear").click()
    browser.assert_clean("favourites, following")


def test_many_favourites_in_the_shortest_order(browser, datasets):
    """Twenty-four saved photographs: the order the page proves
    shortest is as short as an integer program's shortest path, and no reversal shortens it."""
    driver = browser.driver
    rows = list(datasets["photos"].rows.values())[:24]
    ids, total = saved_in_shortest_order(browser, rows)
    where = {r.id: (r.latitude, r.longitude) for r in rows}

    def length(order):
        return sum(distance(*where[a], *where[b]) for a, b in zip(order, order[1:]))

    route = driver.find_element(By.ID, "favourites-route")
    assert abs(float(route.get_attribute("data-metres")) - total) < 0.06
    assert route.get_attribute("data-proven") == "true", text_of(route)
    assert text_of(route).startswith("The shortest way through them:"), text_of(route)
    best = shortest_by_integer_program(ids, datasets["photos"].rows, None, False)
    assert total <= best + 0.05, f"favourites/: {total:.1f} m, the shortest path is {best:.1f} m"
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            other = ids[:i] + ids[i : j + 1][::-1] + ids[j + 1 :]
            assert length(other) >= total - 1e-3, f"reversing {i + 1}–{j + 1} shortens the way through favourites"
    driver.find_element(By.ID, "favourites-clear").click()
    browser.assert_clean("favourites, many")


def test_favourites_beyond_the_proof_limit_say_how_far_from_shortest(browser, datasets):
    """Seventy saved photographs, beyond what the page proves (60): it says how much longer than
    the shortest the order can be, and that bound is no longer than an integer program's shortest."""
    driver = browser.driver
    rows = list(datasets["photos"].rows.values())[:70]
    ids, total = saved_in_shortest_order(browser, rows)
    route = driver.find_element(By.ID, "favourites-route")
    assert route.get_attribute("data-proven") == "false", text_of(route)
    said = re.fullmatch(r"The shortest way found through them: .*, at most (\d+\.\d)% longer than the shortest possible\.",
                        text_of(route))
    assert said, text_of(route)
    best = shortest_by_integer_program(ids, datasets["photos"].rows, None, False)
    assert total >= best - 0.05
    # The bound the percentage comes from lies below the shortest path: total / (1 + gap) <= best.
    gap = float(said.group(1)) / 100
    assert total / (1 + gap) <= best + 0.05, f"{total:.1f} m at most {gap:.1%} longer, but the shortest is {best:.1f} m"
    put_in_order(driver, False)
    driver.find_element(By.ID, "favourites-clear").click()
    browser.assert_clean("favourites, seventy")


def test_favourites_at_one_spot_are_visited_one_after_another(browser):
    """Thirty places, twenty of them at two spots: the order is proven shortest, and the places of
    each spot come one after another."""
    open_favourites(browser)
    points = [[51.5, -0.12] if i % 2 else [51.51, -0.12] for i in range(20)]
    points += [[51.5 + j * 0.001, -0.13] for j in range(10)]
    plan = browser.module("core/route", "done(module.plan(arguments[0]))", points)
    order = plan["order"]
    assert sorted(order) == list(range(30)) and plan["proven"], plan
    for spot in (1, 0):
        at = [index for index, place in enumerate(order) if place < 20 and place % 2 == spot]
        assert at == list(range(at[0], at[0] + 10)), f"the places of one spot are split: {order}"
    browser.assert_clean("favourites, one spot")
