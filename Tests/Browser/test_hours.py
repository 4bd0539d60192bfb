"""The next time of a field shown as hours (templates/assets/hours.js), worked out by the same
script the pages run, in Node: a table of weeks and moments against the expected text."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "templates" / "assets" / "hours.js"
MONDAY_TO_FRIDAY_17_SATURDAY_12 = [[[1020]]] * 5 + [[[720]], []]
SHOP = [[[540, 1050]], [[540, 1050]], [], [], [], [[1320, 120]], []]
CASES = [
    (MONDAY_TO_FRIDAY_17_SATURDAY_12, 0, 600, "Next pickup: today 17:00"),
    (MONDAY_TO_FRIDAY_17_SATURDAY_12, 0, 1020, "Next pickup: today 17:00"),
    (MONDAY_TO_FRIDAY_17_SATURDAY_12, 4, 1021, "Next pickup: tomorrow 12:00"),
    (MONDAY_TO_FRIDAY_17_SATURDAY_12, 5, 800, "Next pickup: Monday 17:00"),
    ([[[480], [1020]]] * 7, 3, 600, "Next pickup: today 17:00"),
    ([[]] * 7, 2, 600, ""),
    (SHOP, 0, 540, "Open now, until 17:30"),
    (SHOP, 0, 1050, "Closed now; opens tomorrow 09:00"),
    (SHOP, 1, 1100, "Closed now; opens Saturday 22:00"),
    (SHOP, 5, 1380, "Open now, until 02:00"),
    (SHOP, 6, 60, "Open now, until 02:00"),
    (SHOP, 6, 120, "Closed now; opens tomorrow 09:00"),
    ([[[0, 1440]]] * 7, 4, 900, "Open now, until 00:00"),
]


def run_node(program):
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "node is not installed: run `make test-deps`"
    done = subprocess.run([node, "-e", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("week,day,minute,expected", CASES)
def test_next_time(week, day, minute, expected):
    program = (f"const h = require({json.dumps(str(SCRIPT))});"
               f"console.log(JSON.stringify(h.describe({json.dumps(week)}, {{day: {day}, minute: {minute}}})));")
    assert run_node(program) == expected


def test_time_zone():
    """The weekday and minute of one instant, in Chicago and in Tokyo."""
    program = (f"const h = require({json.dumps(str(SCRIPT))}); const t = new Date(Date.UTC(2026, 10, 25, 23, 30));"
               "console.log(JSON.stringify([h.moment(t, 'America/Chicago'), h.moment(t, 'Asia/Tokyo')]));")
    assert run_node(program) == [{"day": 2, "minute": 17 * 60 + 30}, {"day": 3, "minute": 8 * 60 + 30}]


def test_item_page_shows_the_week_and_the_next_pickup(browser, server):
    """A mail box's page: the week of collection times as a table, and the next pickup, worked
    out here from the row and the clock in Chicago's time, as the page's script says it."""
    import csv
    import datetime
    from zoneinfo import ZoneInfo

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from support import REPO

    row = next(r for r in csv.DictReader(open(REPO / "content" / "data" / "boxes.csv", encoding="utf-8"))
               if r["address"] == "10 E Harrison St")
    assert row["collection_times"] == "Mo-Fr 17:00; Sa 12:00"
    driver = browser.driver
    driver.get(server.url("boxes/10-e-harrison-st/"))
    rows = [(th.text, td.text) for th, td in zip(driver.find_elements(By.CSS_SELECTOR, "table.hours th"),
                                                  driver.find_elements(By.CSS_SELECTOR, "table.hours td"))]
    week = ["17:00"] * 5 + ["12:00", "–"]
    assert rows == list(zip(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], week))
    shown = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".next-time").is_displayed() and d.find_element(
            By.CSS_SELECTOR, ".next-time").text)
    names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    def expected(now):
        for offset in range(8):
            day = (now.weekday() + offset) % 7
            if week[day] == "–":
                continue
            hour, minute = map(int, week[day].split(":"))
            if offset == 0 and (hour, minute) < (now.hour, now.minute):
                continue
            word = "today" if offset == 0 else "tomorrow" if offset == 1 else names[day]
            return f"Next pickup: {word} {week[day]}"

    # The page read the clock a moment before this test: either minute will do.
    now = datetime.datetime.now(ZoneInfo("America/Chicago"))
    assert shown in {expected(now), expected(now - datetime.timedelta(minutes=1))}, (shown, now)
