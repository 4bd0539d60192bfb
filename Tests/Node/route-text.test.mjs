// core/route-text.js: what the tour and favourites pages say of a route.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gap, routeText, progressText } from "../../templates/assets/core/route-text.js";
import { formatDistance } from "../../templates/assets/core/units.js";

test("how much longer than the shortest possible, rounded up to a tenth of a percent", () => {
  assert.equal(gap(1000, 0), ", not proven shortest");
  assert.equal(gap(900, 1000), ", not proven shortest");
  assert.equal(gap(1000, 1000), ", at most 0.1% longer than the shortest possible");
  assert.equal(gap(1012.01, 1000), ", at most 1.3% longer than the shortest possible");
  assert.equal(gap(1012, 1000), ", at most 1.2% longer than the shortest possible");
});

test("the route's length, proven shortest or not", () => {
  assert.equal(routeText(2500, { proven: true }), "The shortest way through them: " + formatDistance(2500) + ".");
  assert.equal(routeText(2500, { proven: false, bound: 2400 }),
    "The shortest way found through them: " + formatDistance(2500) + ", at most 4.2% longer than the shortest possible.");
});

test("progress along the route", () => {
  assert.equal(progressText(2, 7, "stop", 3), "2 of 7 stops done. Next: 3. ");
  assert.equal(progressText(0, 3, "place", 1), "0 of 3 places done. Next: 1. ");
  assert.equal(progressText(3, 3, "place", null), "All 3 places done.");
});
