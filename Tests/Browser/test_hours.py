"""The next time of a field shown as hours on a place's page (page/hours.js), against the clock in
the dataset's zone. The evaluation itself (core/hours.js) is tested in Node: Tests/Node/hours.test.mjs."""


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
