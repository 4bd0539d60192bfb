// core/near.js: what the near-me page reads from its address and says of what it found.
import { test } from "node:test";
import assert from "node:assert/strict";
import { countFrom, pointFrom, searchQuery, distanceText, foundText, insideWords } from "../../templates/assets/core/near.js";
import { formatDistance, compass } from "../../templates/assets/core/units.js";

test("the count: 1 to 100, 10 when absent or not a number", () => {
  assert.equal(countFrom(null), 10);
  assert.equal(countFrom("abc"), 10);
  assert.equal(countFrom("0"), 10);
  assert.equal(countFrom("25"), 25);
  assert.equal(countFrom("7.6"), 8);
  assert.equal(countFrom("1000"), 100);
  assert.equal(countFrom("-3"), 1);
});

test("the point: on the globe, or none", () => {
  assert.deepEqual(pointFrom("41.88", "-87.63"), [41.88, -87.63]);
  assert.deepEqual(pointFrom("-90", "180"), [-90, 180]);
  assert.equal(pointFrom(null, "3"), null);
  assert.equal(pointFrom("91", "0"), null);
  assert.equal(pointFrom("10", "181"), null);
  assert.equal(pointFrom("x", "0"), null);
  assert.deepEqual(pointFrom("10", null), [10, 0]);
});

test("the address of a search", () => {
  assert.equal(searchQuery("boxes", 41.878114, -87.629798, 10), "?dataset=boxes&lat=41.878114&lon=-87.629798");
  assert.equal(searchQuery("a b", 1, 2, 25), "?dataset=a%20b&lat=1.000000&lon=2.000000&k=25");
});

test("a place's distance and direction; 0 m inside a polygon", () => {
  assert.equal(distanceText({ distance: 1234, bearing: 10 }), formatDistance(1234) + " " + compass(10));
  assert.equal(distanceText({ distance: 0, bearing: 0, inside: true }), "0 m, inside");
});

test("the status once found, online and off", () => {
  assert.equal(foundText(10, 3, "you", 0, false), "The 10 places nearest to you (3 tiles read).");
  assert.equal(foundText(1, 1, "the point you picked", 0, false), "The 1 places nearest to the point you picked (1 tile read).");
  assert.equal(foundText(0, 0, "you", 0, false), "This dataset has no places.");
  assert.equal(foundText(5, 2, "you", 0, true),
    "The 5 places nearest to you (2 tiles read). Offline: from the places saved on this device.");
  assert.equal(foundText(5, 2, "you", 1, false), "The 5 places nearest to you (2 tiles read). Offline: from the " +
    "places saved on this device; 1 tile was not saved, so nearer places may be missing.");
  assert.match(foundText(5, 2, "you", 3, true), /; 3 tiles were not saved/);
});

test("the words between the polygons holding the point", () => {
  assert.deepEqual(insideWords("you", 1), ["You are inside "]);
  assert.deepEqual(insideWords("the point you picked", 2), ["The point is inside ", " and "]);
  assert.deepEqual(insideWords("you", 4), ["You are inside ", ", ", ", ", " and "]);
});
