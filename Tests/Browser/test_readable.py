"""Readable on a phone (issue 22), at 390×844: numbered pins that do not hide each other, datasets
on the map of all datasets that do not hide each other, the fields a dataset lists beside each
place (`list_fields`), and places at one location listed once."""

import math
import re

import pytest
from selenium.webdriver.common.by import By

from support import REPO, all_list_pages, fetch_page, load_config, squash, text_of, wait_until
from test_maps import distance

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
CONFIG = load_config(REPO / "content" / "site.yml")
LOOP = (41.8818, -87.6298)  # Chicago's Loop: the downtown heap of mail boxes and route stops

# Each marker icon on the map's marker pane: its box on the screen, its dataset's class, whether
# it is a pin, and the leader lines drawn.
ICONS = """
var map = document.querySelector(arguments[0]);
var icons = [...map.querySelectorAll('.leaflet-marker-pane .leaflet-marker-icon')]
  .filter(e => e.style.display !== 'none' && getComputedStyle(e).opacity !== '0');
var frame = map.getBoundingClientRect();
return {
  icons: icons.map(e => { var r = e.getBoundingClientRect();
    var layer = (/(?:^|\\s)layer-(\\S+)/.exec(e.className) || [])[1] || '';
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, layer: layer,
            label: e.textContent.trim(), moved: e.classList.contains('moved-apart'),
            inside: r.right > frame.left && r.left < frame.right && r.bottom > frame.top && r.top < frame.bottom}; }),
  leaders: map.querySelectorAll('path.leader-line').length,
  runs: Number(map.getAttribute('data-declutter-runs') || 0),
};
"""


@pytest.fixture
def phone(browser):
    driver = browser.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": browser.server.origin})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": LOOP[0], "longitude": LOOP[1], "accuracy": 10})
    yield browser
    driver.execute_cdp_cmd("Emulation.clearGeolocationOverride", {})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def overlapping(icons, apart_by_layer=False):
    """Pairs of icons whose boxes overlap (by more than a pixel), of different layers if asked."""
    pairs = []
    for i, a in enumerate(icons):
        for b in icons[i + 1:]:
            if apart_by_layer and a["layer"] == b["layer"]:
                continue
            if min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1 and \
                    min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1:
                pairs.append((a["label"] or a["layer"], b["label"] or b["layer"]))
    return pairs


def settled(driver, selector):
    """The icons once the declutter has run and three reads over 300 ms agree (on a loaded
    machine a tile may still be on its way after two reads 150 ms apart)."""
    wait_until(driver, lambda d: d.execute_script(ICONS, selector)["runs"] > 0, 10, "the declutter never ran")
    previous, same = None, 0
    for _ in range(60):
        driver.execute_script("return new Promise(r => setTimeout(r, 150))")
        now = driver.execute_script(ICONS, selector)
        same = same + 1 if now == previous else 0
        if same == 2:
            return now
        previous = now
    return previous


def crowded_before(icons):
    """Whether the icons, put back where they stood before being moved apart, overlapped: the
    check that the places do crowd, so that the test checks something."""
    return overlapping([dict(i, left=i["left"] - i["dx"], right=i["right"] - i["dx"], top=i["top"] - i["dy"],
                             bottom=i["bottom"] - i["dy"]) for i in icons])


def with_offsets(driver, selector, icons):
    offsets = driver.execute_script(
        "return [...document.querySelector(arguments[0]).querySelectorAll('.leaflet-marker-pane .leaflet-marker-icon')]"
        ".filter(e => e.style.display !== 'none' && getComputedStyle(e).opacity !== '0')"
        ".map(e => e._declutter || [0, 0])", selector)
    return [dict(icon, dx=o[0], dy=o[1]) for icon, o in zip(icons, offsets)]


def test_tour_pins_do_not_overlap_on_a_phone(phone):
    driver = phone.driver
    phone.open("tours/saturday-delivery-route/")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-tour-ready=true]"))
    found = settled(driver, "#tour-map")
    pins = found["icons"]
    # Numbers show where they cover no other (the rest are dots on the way: test_phone_journeys.py).
    assert 1 <= len(pins) <= 30 and all(p["inside"] for p in pins), [p["label"] for p in pins if not p["inside"]]
    assert overlapping(pins) == [], f"pins overlap: {overlapping(pins)}"
    assert [p for p in pins if p["moved"]] == [] and found["leaders"] == 0
    driver.save_screenshot(str(phone_artifact("tour-pins-phone")))
    phone.assert_clean("tour")


@pytest.mark.parametrize("k", [10, 25])
def test_near_me_pins_do_not_overlap_on_a_phone(phone, k):
    driver = phone.driver
    phone.open(f"near/?dataset=boxes&k={k}")
    driver.find_element(By.CSS_SELECTOR, "#near-form button[type=submit]").click()
    wait_until(driver, lambda d: d.execute_script("return document.body.getAttribute('data-near-ready')") == "true", 15)
    found = settled(driver, "#near-map")
    pins = found["icons"]
    assert sorted(int(p["label"]) for p in pins) == list(range(1, k + 1))
    assert overlapping(pins) == [], f"pins overlap: {overlapping(pins)}"
    assert found["leaders"] == len([p for p in pins if p["moved"]])
    if k == 25:
        assert crowded_before(with_offsets(driver, "#near-map", pins)), "25 nearest pins do not crowd: nothing checked"
    driver.save_screenshot(str(phone_artifact(f"near-pins-{k}-phone")))
    phone.assert_clean("near me")


@pytest.mark.parametrize("view", ["", "#11/41.88180/-87.62980", "#13/41.88180/-87.62980", "#15/41.88180/-87.62980"])
def test_map_of_all_datasets_keeps_datasets_apart(phone, view):
    driver = phone.driver
    phone.open("map/" + view)
    wait_until(driver, lambda d: "Loading" not in d.find_element(By.ID, "map-status").text, 15)
    found = settled(driver, "#map")
    icons = [i for i in found["icons"] if i["inside"]]
    assert len({i["layer"] for i in icons}) >= 2, f"{view}: fewer than two datasets in view"
    assert all(i["layer"] for i in icons), "an icon without its dataset's class"
    clash = overlapping(icons, apart_by_layer=True)
    assert clash == [], f"{view}: icons of different datasets overlap: {clash}"
    driver.save_screenshot(str(phone_artifact(f"map-all{view.replace('/', '-').replace('#', '-')}-phone")))
    phone.assert_clean("map/" + view)


def test_map_of_all_datasets_had_datasets_on_top_of_each_other(phone):
    """Chicago's mail boxes and route stops do lie under each other on the map of all datasets at
    the Loop (what the test above checks would otherwise pass by itself)."""
    driver = phone.driver
    phone.open("map/#13/41.88180/-87.62980")
    wait_until(driver, lambda d: "Loading" not in d.find_element(By.ID, "map-status").text, 15)
    found = settled(driver, "#map")
    icons = with_offsets(driver, "#map", [i for i in found["icons"]])
    before = [dict(i, left=i["left"] - i["dx"], right=i["right"] - i["dx"], top=i["top"] - i["dy"],
                   bottom=i["bottom"] - i["dy"]) for i in icons if i["inside"]]
    assert overlapping(before, apart_by_layer=True), "no datasets overlap at the Loop: nothing to keep apart"


def phone_artifact(name):
    from support import ARTIFACTS
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"


# --- list_fields -------------------------------------------------------------------------------


def list_field_specs(name):
    config = next(d for d in CONFIG["datasets"] if d["name"] == name)
    fields = {f["name"]: f for f in config["fields"] if isinstance(f, dict)}
    return [fields[field] for field in config.get("list_fields", [])]


NEXT_TIME = re.compile(r"^Next pickup: (today|tomorrow|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d\d:\d\d$")


def check_shown(shown, title, row, specs, where):
    """`shown`: (text, title attribute) of each list field of a place, against its source row."""
    from support import format_value
    expected = [(spec["label"], format_value(row.value(spec["name"]), spec.get("format", "text")))
                for spec in specs if row.value(spec["name"])]
    assert len(shown) == len(expected), f"{where}: {title}: {shown} for {expected}"
    for (text, hint), (label, value) in zip(shown, expected):
        written = f"{label}: {value}"
        if hint:  # an hours field that says its next time, the week in its title
            assert hint == written and NEXT_TIME.match(text), f"{where}: {title}: {text!r} / {hint!r}"
        else:
            assert text == written, f"{where}: {title}: {text!r} for {written!r}"


@pytest.mark.parametrize("name", ["boxes", "properties"])
def test_list_pages_show_the_list_fields(phone, server, datasets, name):
    driver = phone.driver
    specs = list_field_specs(name)
    assert specs, f"{name} has no list_fields in site.yml"
    rows = {row.title: row for row in datasets[name].rows.values()}
    phone.open(f"{name}/")
    entries = driver.find_elements(By.CSS_SELECTOR, ".item-list li")
    assert len(entries) >= 50
    width = driver.execute_script("return innerWidth")
    for entry in entries:
        title = text_of(entry.find_element(By.TAG_NAME, "a"))
        fields = entry.find_elements(By.CSS_SELECTOR, ".list-field")
        shown = [(text_of(f), f.get_attribute("title") or "") for f in fields]
        check_shown(shown, title, rows[title], specs, f"{name}/")
        for field in fields:  # on the screen, under the title rather than squeezed beside it
            box = field.rect
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (title, box)
    driver.save_screenshot(str(phone_artifact(f"list-fields-{name}-phone")))
    phone.assert_clean(f"{name}/")


def test_near_me_shows_the_list_fields_beside_the_distance(phone, datasets):
    driver = phone.driver
    specs = list_field_specs("boxes")
    phone.open("near/?dataset=boxes&k=25")
    driver.find_element(By.CSS_SELECTOR, "#near-form button[type=submit]").click()
    wait_until(driver, lambda d: d.execute_script("return document.body.getAttribute('data-near-fields')") == "boxes", 15)
    entries = driver.find_elements(By.CSS_SELECTOR, "#near-results li")
    assert len(entries) == 25
    rows = datasets["boxes"].rows
    for entry in entries:
        row = rows[entry.get_attribute("data-id")]
        shown = [(text_of(f), f.get_attribute("title") or "") for f in entry.find_elements(By.CSS_SELECTOR, ".list-field")]
        check_shown(shown, row.title, row, specs, "near/")
        assert re.search(r"\d+ m [NESW]{1,2}$", text_of(entry.find_element(By.CSS_SELECTOR, ".distance")))
    driver.execute_script("document.getElementById('near-results').scrollIntoView()")
    driver.save_screenshot(str(phone_artifact("near-list-fields-phone")))
    # Another dataset without a value for some places, and one without list_fields, show what they have.
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element(By.ID, "near-dataset")).select_by_value("photos")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#near-results li")
               and all(li.get_attribute("data-id") in datasets["photos"].rows
                       for li in d.find_elements(By.CSS_SELECTOR, "#near-results li")), 15)
    assert not driver.find_elements(By.CSS_SELECTOR, "#near-results .list-field"), "photos have no list_fields"
    phone.assert_clean("near me")


# --- Places at one location -------------------------------------------------------------------


def test_places_at_one_location_are_listed_once(server, datasets):
    """Every photo that shares its coordinates with others lists them under "Also at this place"
    and not among its nearest places, which are still the configured number (8), the nearest of
    the others (checked by brute force, ties by id)."""
    photos = datasets["photos"].rows
    spots = {}
    for row in photos.values():
        spots.setdefault((row.latitude, row.longitude), []).append(row)
    shared = [rows for rows in spots.values() if len(rows) > 1]
    assert shared, "no two photographs share a location: nothing to check"
    # The page of each photo whose title no other photo has, from the list pages.
    titles = [(href, title) for url, page in all_list_pages(server, "photos") for href, title in zip(page.items, page.titles)]
    unique = {title: href.rstrip("/").split("/")[-1] for href, title in titles
              if [t for _, t in titles].count(title) == 1}
    checked = 0
    for rows in shared:
        here = rows[0]
        slug = unique.get(here.title)
        if slug is None:
            continue
        page = fetch_page(server.url(f"photos/{slug}/"))
        same = page.find("section", "same-place")
        assert same is not None, f"{here.title}: no Also at this place"
        same_titles = sorted(squash(a.text) for a in same.find_all("a"))
        assert same_titles == sorted(r.title for r in rows[1:]), (here.title, same_titles)
        nearest = page.find("section", "nearby").find("ol")
        listed = [squash(a.text) for a in nearest.find_all("a")]
        distances = [squash(s.text) for s in nearest.find_all("span", "distance")]
        others = sorted((r for r in photos.values() if (r.latitude, r.longitude) != (here.latitude, here.longitude)),
                        key=lambda r: (distance(here.latitude, here.longitude, r.latitude, r.longitude), r.id))
        assert len(listed) == 8
        assert not set(listed) & set(same_titles), f"{here.title}: places of its location listed as neighbours"
        assert not any(d.startswith("0 m") for d in distances), distances
        expected = [r.title for r in others[:8]]
        assert listed == expected, f"{here.title}: {listed} != {expected}"
        checked += 1
    assert checked >= 2, "too few shared locations could be checked"
