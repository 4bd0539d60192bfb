// core/list-fields.js: a point tile's fields file as the build writes it (the golden fixture site's,
// Tests/Fixtures/golden/basic) and an hours field with a week of Tests/Fixtures/browser/hours.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fieldsPath, rowsOf, fieldTexts, fieldText } from "../../templates/assets/core/list-fields.js";

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const tile = read("../Fixtures/golden/basic/tiles/places/0/0/0.fields.json");
const weeks = read("../Fixtures/browser/hours/weeks.json");
const collections = weeks.find((entry) => entry.hours === "Mo-Fr 17:00; Sa 12:00");

test("the fields file of a point tile", () => {
  assert.equal(fieldsPath("places", ""), "tiles/places/0/0/0.fields.json");
  assert.equal(fieldsPath("boxes", "021"), "tiles/boxes/3/1/2.fields.json");
});

test("each place's fields, its empty ones left out", () => {
  const rows = rowsOf([tile]);
  assert.deepEqual(fieldTexts(rows.get("p1"), new Date()).map((f) => f.text), ["Note: Says \"hi\", twice", "Kind: cafe"]);
  assert.deepEqual(fieldTexts(rows.get("p3"), new Date()), [{ text: "Kind: shop", title: "" }]);
  assert.deepEqual(fieldTexts(rows.get("p4"), new Date()).map((f) => f.text), ["Note: &amp; entity", "Kind: shop"]);
  assert.equal(rows.get("nobody"), undefined);
});

test("places of several tiles, each with its own file's values", () => {
  const other = { f: tile.f, zone: null, t: ["x", "y"], v: { q1: [1, 0] } };
  const rows = rowsOf([tile, other]);
  assert.deepEqual(fieldTexts(rows.get("q1"), new Date()).map((f) => f.text), ["Note: y", "Kind: x"]);
  assert.deepEqual(fieldTexts(rows.get("p2"), new Date()).map((f) => f.text), ["Note: line one\nline two", "Kind: box"]);
});

test("an hours field: the next time in the file's zone, the week as written in the title", () => {
  const file = { f: [{ label: "Collection times", hours: true }], zone: collections.zone,
    t: [["Mo–Fr 17:00; Sa 12:00", collections.week], ["closed", weeks.find((e) => e.hours === "Mo off").week]] };
  // Wednesday 17:30 in Chicago.
  assert.deepEqual(fieldText(file, 0, file.t[0], new Date("2026-11-25T23:30Z")),
    { text: "Next pickup: tomorrow 17:00", title: "Collection times: Mo–Fr 17:00; Sa 12:00" });
  // Friday 17:30: Saturday's.
  assert.equal(fieldText(file, 0, file.t[0], new Date("2026-11-27T23:30Z")).text, "Next pickup: tomorrow 12:00");
  // No time at all: the week as written.
  assert.deepEqual(fieldText(file, 0, file.t[1], new Date("2026-11-27T23:30Z")), { text: "Collection times: closed", title: "" });
});
