// core/hours.js: the weeks the build writes (Tests/Fixtures/browser/hours/weeks.json, recorded by
// HoursFixtureTests.swift) evaluated at fixed instants in their zones, across daylight saving
// changes, spans past midnight and closed days; and a table of weeks and moments.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, describeAt, moment, clock } from "../../templates/assets/core/hours.js";

const fixture = JSON.parse(readFileSync(new URL("../Fixtures/browser/hours/weeks.json", import.meta.url), "utf8"));
const byHours = Object.fromEntries(fixture.map((entry) => [entry.hours, entry]));

// [hours as written, instant (UTC), what the page says then in the value's zone, the local time]
const AT = [
  ["Mo-Fr 17:00; Sa 12:00", "2026-11-25T23:30Z", "Next pickup: tomorrow 17:00", "Wed 17:30 CST"],
  ["Mo-Fr 17:00; Sa 12:00", "2026-03-09T22:30Z", "Next pickup: tomorrow 17:00", "Mon 17:30 CDT, the day after the change"],
  ["Mo-Fr 17:00; Sa 12:00", "2026-11-02T22:30Z", "Next pickup: today 17:00", "Mon 16:30 CST, the day after the change"],
  ["Mo,We,Fr 08:00,12:30", "2026-03-30T06:30Z", "Next pickup: today 12:30", "Mon 08:30 CEST"],
  ["Mo,We,Fr 08:00,12:30", "2026-03-27T06:30Z", "Next pickup: today 08:00", "Fri 07:30 CET"],
  ["Mo,We,Fr 08:00,12:30", "2026-03-28T12:00Z", "Next pickup: Monday 08:00", "Sat 13:00 CET"],
  ["Mo-Tu 09:00-17:30; Sa 22:00-02:00", "2026-03-08T05:00Z", "Open now, until 02:00", "Sat 23:00 CST"],
  ["Mo-Tu 09:00-17:30; Sa 22:00-02:00", "2026-03-08T07:30Z", "Open now, until 02:00", "Sun 01:30 CST, past midnight"],
  ["Mo-Tu 09:00-17:30; Sa 22:00-02:00", "2026-03-08T08:30Z", "Closed now; opens tomorrow 09:00", "Sun 03:30 CDT, just after the change"],
  ["Mo-Tu 09:00-17:30; Sa 22:00-02:00", "2026-03-10T22:30Z", "Closed now; opens Saturday 22:00", "Tue 17:30 CDT, at the end"],
  ["Mo-Su 10:00-18:00; We off", "2026-10-21T10:00Z", "Closed now; opens tomorrow 10:00", "Wed 12:00 CEST, a closed day"],
  ["Mo-Su 10:00-18:00; We off", "2026-10-20T16:00Z", "Closed now; opens Thursday 10:00", "Tue 18:00 CEST"],
  ["Mo-Su 10:00-18:00; We off", "2026-10-25T08:30Z", "Closed now; opens today 10:00", "Sun 09:30 CET, the day of the change"],
  ["Fr-Mo 22:00-02:00", "2026-04-05T15:30Z", "Open now, until 02:00", "Mon 01:30 AEST, the night of the change"],
  ["Fr-Mo 22:00-02:00", "2026-04-05T16:30Z", "Closed now; opens today 22:00", "Mon 02:30 AEST"],
  ["Fr-Mo 22:00-02:00", "2026-04-07T02:00Z", "Closed now; opens Friday 22:00", "Tue 12:00 AEST"],
  ["Fr-Mo 22:00-02:00", "2026-10-03T13:00Z", "Open now, until 02:00", "Sat 23:00 AEST"],
  ["Fr-Mo 22:00-02:00", "2026-10-04T15:30Z", "Closed now; opens today 22:00", "Mon 02:30 AEDT, the night of the change"],
  ["24/7", "2026-11-25T23:30Z", "Open now, until 00:00", "Thu 08:30 JST"],
  ["Su 00:00-24:00", "2026-06-14T10:00Z", "Open now, until 00:00", "Sun 12:00 CEST"],
  ["Su 00:00-24:00", "2026-06-14T21:59Z", "Open now, until 00:00", "Sun 23:59 CEST"],
  ["Su 00:00-24:00", "2026-06-13T21:59Z", "Closed now; opens tomorrow 00:00", "Sat 23:59 CEST"],
  ["Su 00:00-24:00", "2026-06-14T22:00Z", "Closed now; opens Sunday 00:00", "Mon 00:00 CEST"],
  ["Mo 02:30", "2026-06-08T07:30Z", "Next pickup: today 02:30", "Mon 02:30 CDT"],
  ["Mo 02:30", "2026-06-08T07:31Z", "Next pickup: Monday 02:30", "Mon 02:31 CDT, a week ahead"],
  ["Mo off", "2026-06-08T07:30Z", "", "no times at all"],
];

test("the fixture holds every week the table evaluates, as the build parsed it", () => {
  for (const [hours] of AT) assert.ok(byHours[hours] && Array.isArray(byHours[hours].week), hours);
  assert.deepEqual(byHours["Mo-Fr 17:00; Sa 12:00"].week, [[[1020]], [[1020]], [[1020]], [[1020]], [[1020]], [[720]], []]);
  assert.deepEqual(byHours["Fr-Mo 22:00-02:00"].week[4], [[1320, 120]]);
});

for (const [hours, instant, expected, local] of AT) {
  test(`${hours} at ${instant} (${local})`, () => {
    const entry = byHours[hours];
    assert.equal(describeAt(entry.week, new Date(instant), entry.zone), expected);
  });
}

const COLLECTIONS = [[[1020]], [[1020]], [[1020]], [[1020]], [[1020]], [[720]], []];
const SHOP = [[[540, 1050]], [[540, 1050]], [], [], [], [[1320, 120]], []];
// [week, weekday (0: Monday), minute, text]
const TABLE = [
  [COLLECTIONS, 0, 600, "Next pickup: today 17:00"],
  [COLLECTIONS, 0, 1020, "Next pickup: today 17:00"],
  [COLLECTIONS, 4, 1021, "Next pickup: tomorrow 12:00"],
  [COLLECTIONS, 5, 800, "Next pickup: Monday 17:00"],
  [Array(7).fill([[480], [1020]]), 3, 600, "Next pickup: today 17:00"],
  [Array(7).fill([]), 2, 600, ""],
  [SHOP, 0, 540, "Open now, until 17:30"],
  [SHOP, 0, 1050, "Closed now; opens tomorrow 09:00"],
  [SHOP, 1, 1100, "Closed now; opens Saturday 22:00"],
  [SHOP, 5, 1380, "Open now, until 02:00"],
  [SHOP, 6, 60, "Open now, until 02:00"],
  [SHOP, 6, 120, "Closed now; opens tomorrow 09:00"],
  [Array(7).fill([[0, 1440]]), 4, 900, "Open now, until 00:00"],
];

test("weeks and moments", () => {
  for (const [week, day, minute, expected] of TABLE) {
    assert.equal(describe(week, { day, minute }), expected, JSON.stringify([week, day, minute]));
  }
});

test("the weekday and minute of one instant in Chicago and in Tokyo", () => {
  const instant = new Date(Date.UTC(2026, 10, 25, 23, 30));
  assert.deepEqual(moment(instant, "America/Chicago"), { day: 2, minute: 17 * 60 + 30 });
  assert.deepEqual(moment(instant, "Asia/Tokyo"), { day: 3, minute: 8 * 60 + 30 });
});

test("clock", () => {
  assert.equal(clock(0), "00:00");
  assert.equal(clock(545), "09:05");
  assert.equal(clock(1440), "00:00");
});
