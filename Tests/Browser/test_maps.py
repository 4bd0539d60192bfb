"""The full-screen map pages and the near-me page: their tiles load (a missing JSON tile fails
the console check) and what they show agrees with the sources."""

import json
import math
import re
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from support import REPO, list_pages, load_config, text_of, wait_until

DATASET_NAMES = [d["name"] for d in load_config(REPO / "content" / "site.yml")["datasets"]]


def wait_for_map(driver, timeout=15) -> str:
    """Waits until the map page's status line leaves "Loading…"; returns it."""
    WebDriverWait(driver, timeout).until(
        lambda d: "Loading" not in d.find_element(By.ID, "map-status").text
    )
    return text_of(driver.find_element(By.ID, "map-status"))


@pytest.mark.parametrize("name", [*DATASET_NAMES, None], ids=[*DATASET_NAMES, "all"])
def test_map_page_shows_the_places(browser, name):
    path = f"{name}/map/" if name else "map/"
    browser.open(path)
    driver = browser.driver
    status = wait_for_map(driver)
    if name in (None, DATASET_NAMES[0]):
        browser.screenshot(f"map-{name or 'all'}-desktop")
    assert status.endswith("in view"), f"{path}: {status}"
    # Places drawn as polygons have no pin (docs/in-the-browser.md): count their fills too.
    markers = driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-marker-icon, #map path.shape-fill")
    assert markers, f"{path}: no markers, clusters or polygons on the map"
    scale = driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-control-scale-line")
    assert scale and all(text_of(line) for line in scale), f"{path}: no scale bar"
    browser.assert_clean(path)
    if name in (None, DATASET_NAMES[0]):
        browser.screenshot(f"map-{name or 'all'}-phone", 390, 844, mobile=True, reload=wait_for_map)
        phone = driver.find_elements(By.CSS_SELECTOR, "#map .leaflet-marker-icon, #map path.shape-fill")
        assert phone, f"{path}: no markers, clusters or polygons on the map loaded on a phone"


def test_layer_control_is_open_on_a_wide_map_and_a_button_on_a_phone(browser):
    driver = browser.driver
    control = "#map .leaflet-control-layers"
    expanded = "leaflet-control-layers-expanded"
    browser.open("map/")
    wait_for_map(driver)
    assert expanded in driver.find_element(By.CSS_SELECTOR, control).get_attribute("class").split()
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        driver.get(browser.server.url("map/"))
        wait_for_map(driver)
        layers = driver.find_element(By.CSS_SELECTOR, control)
        assert expanded not in layers.get_attribute("class").split(), "the layer list covers a phone's map"
        assert not driver.find_element(By.CSS_SELECTOR, control + " .leaflet-control-layers-list").is_displayed()
        driver.find_element(By.CSS_SELECTOR, control + " .leaflet-control-layers-toggle").click()
        wait_until(driver, lambda d: expanded in layers.get_attribute("class").split(), message="the button opens it")
        boxes = driver.find_elements(By.CSS_SELECTOR, control + " input[type=checkbox]")
        assert len(boxes) == len(DATASET_NAMES) and all(box.is_displayed() for box in boxes)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.assert_clean("map/ on a phone")


# Leaflet's icons, or a static map's (an item page's mini map before it is moved); and the
# polygons drawn without a pin.
ICON_COLORS = """
var icons = document.querySelectorAll(arguments[0] + ' .leaflet-marker-icon');
if (!icons.length) icons = document.querySelectorAll(arguments[0] + ' .static-markers > *');
var fills = document.querySelectorAll(arguments[0] + ' .leaflet-overlay-pane path.shape-fill');
return Array.from(fills).map(function (fill) { return fill.getAttribute('fill'); }).concat(Array.from(icons).map(function (icon) {
  var pin = icon.querySelector('svg path');
  if (pin) return pin.getAttribute('fill');
  var cluster = icon.querySelector('.cluster-icon');
  return cluster ? cluster.style.getPropertyValue('--color').trim() : 'none: ' + icon.className;
}));"""

# The colours of a map coloured by a field: each pin's, and each arc of each ringed cluster.
VALUE_COLORS = """
var colours = [];
document.querySelectorAll(arguments[0] + ' .leaflet-marker-icon').forEach(function (icon) {
  if (icon.classList.contains('mixed-cluster')) {
    icon.querySelectorAll('circle[stroke]').forEach(function (arc) { colours.push(arc.getAttribute('stroke')); });
  } else {
    var pin = icon.querySelector('svg path');
    colours.push(pin ? pin.getAttribute('fill') : 'none: ' + icon.className);
  }
});
return colours;"""

SWATCHES = """
return Array.from(document.querySelectorAll('.leaflet-control-layers-overlays label')).map(function (label) {
  var swatch = label.querySelector('.layer-swatch');
  return [label.textContent.trim(), swatch ? getComputedStyle(swatch).backgroundColor : null];
});"""


def rgb(hex_color: str) -> str:
    """`#8b5a2b` as a browser computes it: `rgb(139, 90, 43)`."""
    return "rgb({}, {}, {})".format(*(int(hex_color[i : i + 2], 16) for i in (1, 3, 5)))


def test_each_dataset_has_its_colour_on_every_map(browser, server, datasets):
    """The layer control shows each dataset's colour; pins and clusters are drawn in it, on the
    map of all datasets, on a dataset's map and on its places' small maps; hiding a layer hides
    its colour."""
    configs = load_config(REPO / "content" / "site.yml")["datasets"]
    titles = {c["name"]: c.get("title", c["name"]) for c in configs}
    driver = browser.driver
    browser.open("map/")
    wait_for_map(driver)
    swatches = dict(driver.execute_script(SWATCHES))
    assert set(swatches) == set(titles.values()), f"map/: layer control lists {sorted(swatches)}"
    colour = {name: swatches[title] for name, title in titles.items()}
    assert None not in colour.values(), f"map/: a layer without a swatch: {colour}"
    assert len(set(colour.values())) == len(colour), f"map/: two datasets share a colour: {colour}"
    for config in configs:
        if config.get("color"):
            assert colour[config["name"]] == rgb(config["color"]), f"map/: {config['name']} is not {config['color']}"
    # The first view is fitted to every dataset, so each shows at least one pin or cluster.
    shown = {rgb(c) if c.startswith("#") else c for c in driver.execute_script(ICON_COLORS, "#map")}
    assert shown == set(colour.values()), f"map/: icons in {shown}, the datasets' colours are {colour}"

    hidden = configs[1]["name"]
    label = driver.find_elements(By.CSS_SELECTOR, ".leaflet-control-layers-overlays label")
    next(l for l in label if l.text.strip() == titles[hidden]).find_element(By.TAG_NAME, "input").click()
    wait_until(
        driver,
        lambda d: {rgb(c) for c in d.execute_script(ICON_COLORS, "#map")} == set(colour.values()) - {colour[hidden]},
        message=f"map/: {hidden}'s icons stay after its layer is hidden",
    )

    by_value = {c["name"]: c.get("colour_by") or c.get("color_by") for c in configs}
    for spec in datasets.values():
        browser.open(f"{spec.name}/map/")
        wait_for_map(driver)
        if by_value[spec.name]:
            # Coloured by a field: pins and the rings of clusters in the colours of its legend.
            legend = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".colour-legend .layer-swatch"), 15)
            palette = {re.sub(r"rgba\((\d+), (\d+), (\d+), 1\)", r"rgb(\1, \2, \3)", swatch.value_of_css_property("background-color"))
                       for swatch in legend}
            wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#map .mixed-cluster, #map .place-pin"), 15)
            shown = {rgb(c) for c in driver.execute_script(VALUE_COLORS, "#map")}
            assert shown and shown <= palette, f"{spec.name}/map/: icons in {shown}, not all of the legend's {palette}"
        else:
            shown = {rgb(c) for c in driver.execute_script(ICON_COLORS, "#map")}
            assert shown == {colour[spec.name]}, f"{spec.name}/map/: icons in {shown}, not {colour[spec.name]}"
        url, first = list_pages(server, f"{spec.name}/")[0]
        browser.open(urljoin(url, first.items[0]))
        driver.execute_script("document.getElementById('minimap').scrollIntoView()")
        pins = wait_until(driver, lambda d: d.execute_script(ICON_COLORS, "#minimap"))
        assert [rgb(c) for c in pins] == [colour[spec.name]], f"{browser.path}: minimap pin {pins}"
    browser.assert_clean("maps")


def distance(lat1, lon1, lat2, lon2):
    """Great-circle distance in metres (haversine), as core/geo.js computes it."""
    rad = math.pi / 180
    dp, dl = (lat2 - lat1) * rad, (lon2 - lon1) * rad
    h = math.sin(dp / 2) ** 2 + math.cos(lat1 * rad) * math.cos(lat2 * rad) * math.sin(dl / 2) ** 2
    return 2 * 6371008.8 * math.asin(min(1, math.sqrt(h)))


def test_near_me_lists_the_nearest_places(browser, datasets):
    spec = datasets[DATASET_NAMES[0]]
    # Stand a little off the first place of the dataset.
    origin = next(iter(spec.rows.values()))
    here = (origin.latitude + 0.0007, origin.longitude - 0.0011)
    driver = browser.driver
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": browser.server.origin})
    driver.execute_cdp_cmd(
        "Emulation.setGeolocationOverride", {"latitude": here[0], "longitude": here[1], "accuracy": 10}
    )
    browser.open(f"near/?dataset={spec.name}")
    driver.find_element(By.CSS_SELECTOR, "#near-form button[type=submit]").click()
    WebDriverWait(driver, 15).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]")
        or "Could not" in d.find_element(By.ID, "near-status").text
    )
    status = text_of(driver.find_element(By.ID, "near-status"))
    browser.screenshot("near-desktop")
    assert driver.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"), f"near/: {status}"

    shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]
    ranked = sorted(spec.rows.values(), key=lambda r: (distance(*here, r.latitude, r.longitude), r.id))
    assert shown == [row.id for row in ranked[: len(shown)]]
    assert len(shown) == min(10, spec.count)
    # Numbered nearest first, in the list and on the pins of the map.
    ranks = [text_of(e) for e in driver.find_elements(By.CSS_SELECTOR, "#near-results .near-rank")]
    assert ranks == [str(n) for n in range(1, len(shown) + 1)]
    pins = driver.find_elements(By.CSS_SELECTOR, "#near-map .place-pin text")
    assert sorted(int(pin.get_attribute("textContent")) for pin in pins) == list(range(1, len(shown) + 1))
    browser.assert_clean(browser.path)


# Far outside every dataset: the search must still be exact when every tile is far away, across
# the antimeridian, and at the poles, where every meridian meets.
FAR_AWAY = [
    # (id, dataset, lat, lon, k, how)
    ("sydney", "boxes", -33.8688, 151.2093, 10, "geolocation"),
    ("south-pacific", "photos", -48.8767, -123.3933, 25, "url"),
    ("dateline", "stops", -17.7134, 179.9999, 10, "url"),
    ("north-pole", "properties", 90.0, 0.0, 10, "url"),
    ("south-pole", "photos", -90.0, 45.0, 10, "url"),
]


def assert_nearest(shown: list[str], spec, lat: float, lon: float, k: int, where: str):
    """`shown` is the brute-force k nearest of every place of the dataset, ties (equal distances,
    up to floating-point noise far below a millimetre) broken by id."""
    rows = {row.id: row for row in spec.rows.values()}
    dist = {i: distance(lat, lon, r.latitude, r.longitude) for i, r in rows.items()}
    ranked = sorted(rows, key=lambda i: (dist[i], i))
    expected = ranked[:k]
    assert len(shown) == min(k, spec.count), f"{where}: {len(shown)} places shown, not {min(k, spec.count)}"
    if shown == expected:
        return
    # Accept only differences of rounding between JavaScript's and Python's trigonometry: the
    # same distance at each rank, and among equal distances ascending ids.
    for rank, (got, want) in enumerate(zip(shown, expected)):
        assert got in dist, f"{where}: shown place {got!r} is no place of {spec.name}"
        assert abs(dist[got] - dist[want]) < 1e-6, (
            f"{where}: rank {rank + 1} is {got!r} at {dist[got]:.3f} m, the brute force has {want!r} at {dist[want]:.3f} m"
            f"\nshown:    {shown}\nexpected: {expected}"
        )
    for a, b in zip(shown, shown[1:]):
        if abs(dist[a] - dist[b]) < 1e-6:
            assert a < b, f"{where}: {a!r} and {b!r} are equally far, but not in id order"


@pytest.mark.parametrize("where, name, lat, lon, k, how", FAR_AWAY, ids=[case[0] for case in FAR_AWAY])
def test_near_me_far_from_every_place(browser, datasets, where, name, lat, lon, k, how):
    spec = datasets[name]
    driver = browser.driver
    if how == "geolocation":
        driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["geolocation"], "origin": browser.server.origin})
        driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": lat, "longitude": lon, "accuracy": 10})
        browser.open(f"near/?dataset={name}&k={k}")
        driver.find_element(By.CSS_SELECTOR, "#near-form button[type=submit]").click()
    else:
        browser.open(f"near/?dataset={name}&lat={lat}&lon={lon}&k={k}")
    wait_until(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]")
        or "Could not" in d.find_element(By.ID, "near-status").text,
        timeout=15,
    )
    status = text_of(driver.find_element(By.ID, "near-status"))
    assert driver.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"), f"near/ from {where}: {status}"
    shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]
    assert_nearest(shown, spec, lat, lon, k, f"near/ from {where} ({lat}, {lon}), {name}")
    browser.assert_clean(browser.path)


def test_near_me_starts_on_the_places_and_keeps_the_point_for_another_dataset(browser, datasets):
    """Before a point is chosen the map shows the whole dataset, every place a dot (all fit in
    view), and the list takes no room; a point clicked on the map is kept when another dataset is
    chosen, whose nearest places are then listed from it."""
    first, second = datasets[DATASET_NAMES[0]], datasets[DATASET_NAMES[1]]
    browser.open(f"near/?dataset={first.name}")
    driver = browser.driver
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-dots]"), timeout=15)
    view = browser.module(
        "page/near", "var map = module.map, b = map.getBounds();"
        " done([b.getSouth(), b.getWest(), b.getNorth(), b.getEast(), map.getZoom()])")
    south, west, north, east, zoom = view
    rows = list(first.rows.values())
    assert all(south <= r.latitude <= north and west <= r.longitude <= east for r in rows), (view, first.name)
    assert zoom >= 8, f"the map shows the world ({zoom}), not the {first.count} places"
    assert driver.find_elements(By.CSS_SELECTOR, "#near-map .leaflet-control-scale"), "no scale bar"
    assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-near-dots") == str(first.count)
    results = driver.find_element(By.ID, "near-results")
    assert not results.is_displayed()
    map_width = driver.find_element(By.ID, "near-map").size["width"]
    assert map_width >= driver.find_element(By.CSS_SELECTOR, ".near-layout").size["width"] - 2

    driver.find_element(By.ID, "near-map").click()  # its centre
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"), timeout=15)
    assert results.is_displayed()
    assert driver.find_element(By.ID, "near-map").size["width"] < map_width * 0.8
    query = dict(part.split("=") for part in driver.execute_script("return location.search")[1:].split("&"))
    lat, lon = float(query["lat"]), float(query["lon"])

    driver.execute_script("document.body.removeAttribute('data-near-ready')")
    Select(driver.find_element(By.ID, "near-dataset")).select_by_value(second.name)
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"), timeout=15)
    shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]
    assert len(shown) == min(10, second.count)
    # The point in the address is rounded to a tenth of a metre: compare distances, not ids.
    rows = {row.id: row for row in second.rows.values()}
    assert set(shown) <= set(rows), f"{second.name}: {shown}"
    got = [distance(lat, lon, rows[i].latitude, rows[i].longitude) for i in shown]
    want = sorted(distance(lat, lon, r.latitude, r.longitude) for r in rows.values())[: len(shown)]
    assert all(abs(g - w) < 0.5 for g, w in zip(got, want)), (got, want)
    assert f"dataset={second.name}" in driver.execute_script("return location.search")
    browser.assert_clean(browser.path)


def test_near_me_count_menu(browser, datasets):
    """How many places to list is a menu: choosing 25 lists the brute-force 25 nearest from the
    same point and keeps the choice in the address; a count from the address the menu does not
    offer is added to it, in order."""
    spec = datasets[DATASET_NAMES[1]]
    lat, lon = 40.7506, -73.9935
    browser.open(f"near/?dataset={spec.name}&lat={lat}&lon={lon}")
    driver = browser.driver
    ready = "body[data-near-ready=true]"
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ready), timeout=15)
    menu = Select(driver.find_element(By.ID, "near-count"))
    assert menu.first_selected_option.text == "10"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#near-results li")) == min(10, spec.count)

    driver.execute_script("document.body.removeAttribute('data-near-ready')")
    menu.select_by_visible_text("25")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ready), timeout=15)
    shown = [li.get_attribute("data-id") for li in driver.find_elements(By.CSS_SELECTOR, "#near-results li")]
    assert_nearest(shown, spec, lat, lon, 25, f"near/ at ({lat}, {lon}), 25 of {spec.name}")
    assert "k=25" in driver.execute_script("return location.search")
    assert "The 25 places nearest" in text_of(driver.find_element(By.ID, "near-status"))

    browser.open(f"near/?dataset={spec.name}&lat={lat}&lon={lon}&k=7")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ready), timeout=15)
    menu = Select(driver.find_element(By.ID, "near-count"))
    assert [o.text for o in menu.options] == ["7", "10", "25", "50", "100"]
    assert menu.first_selected_option.text == "7"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#near-results li")) == 7
    browser.assert_clean(browser.path)


def test_near_me_shows_each_places_thumbnail(browser, server):
    """Places with a thumbnail show it beside their name in the near-me list, from the site root
    (the source's relative path), and it loads; places without one show none."""
    photos = {p["id"]: p for p in json.loads((REPO / "content" / "data" / "photos.json").read_text())}
    spec = next(d for d in load_config(REPO / "content" / "site.yml")["datasets"] if d.get("thumbnail"))
    lat, lon = 40.7506, -73.9935
    browser.open(f"near/?dataset={spec['name']}&lat={lat}&lon={lon}&k=25")
    driver = browser.driver
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-near-ready=true]"), timeout=15)
    items = driver.find_elements(By.CSS_SELECTOR, "#near-results li")
    assert len(items) == 25
    with_thumbnail = 0
    for item in items:
        source = photos[item.get_attribute("data-id")]
        images = item.find_elements(By.TAG_NAME, "img")
        if source.get("thumbnail"):
            assert len(images) == 1, source["id"]
            assert images[0].get_attribute("src") == server.url(source["thumbnail"]), source["id"]
            driver.execute_script("arguments[0].scrollIntoView()", images[0])  # lazy: loads once in view
            wait_until(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0",
                                                          images[0]), message=source["thumbnail"])
            with_thumbnail += 1
        else:
            assert not images, source["id"]
    assert with_thumbnail, "none of the 25 nearest photos has a thumbnail: the test checks nothing"
    # The nearest place's pin opens a popup with its thumbnail over the link to its page.
    first = items[0]
    link = first.find_element(By.TAG_NAME, "a")
    pins = [m for m in driver.find_elements(By.CSS_SELECTOR, "#near-map .leaflet-marker-icon")
            if m.get_attribute("title") == link.text]
    assert pins, f"no pin titled {link.text!r}"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", pins[0])
    pins[0].click()
    popup = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#near-map .leaflet-popup-content"))[0]
    assert popup.find_element(By.CSS_SELECTOR, "a").get_attribute("href") == link.get_attribute("href")
    thumbnail = first.find_elements(By.TAG_NAME, "img")
    shown = popup.find_elements(By.CSS_SELECTOR, "img.popup-thumb")
    assert [i.get_attribute("src") for i in shown] == [i.get_attribute("src") for i in thumbnail]
    browser.assert_clean(browser.path)
