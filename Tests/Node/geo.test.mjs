// core/geo.js: distances and bearings against MapsiteGeo's GreatCircle (answers.json, written by
// BrowserTileFixtureTests.swift), and the lower bound and shape distances on cases worked by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  EARTH_RADIUS, bearing, distance, inRing, lowerBound, nearestOnArc, shapeDistance,
} from "../../templates/assets/core/geo.js";

const answers = JSON.parse(readFileSync(new URL("../Fixtures/browser/tiles/answers.json", import.meta.url), "utf8"));

// Swift and JS take the same formulas, in a different order of operations: a micrometre apart.
function near(actual, expected, tolerance, message) {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${message}: ${actual}, expected ${expected} ± ${tolerance}`);
}

test("great-circle distance and bearing: as GreatCircle.swift computes them", () => {
  assert.equal(EARTH_RADIUS, 6371008.8);
  for (const { from, to, distance: metres, bearing: degrees } of answers.greatCircle) {
    near(distance(from[0], from[1], to[0], to[1]), metres, 1e-6, `distance ${from} → ${to}`);
    near(bearing(from[0], from[1], to[0], to[1]), degrees, 1e-9, `bearing ${from} → ${to}`);
  }
});

// A small random generator, so that the cases are the same on every run.
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

test("lowerBound: 0 inside, exact along the meridians, never above a point of the box", () => {
  const box = { south: 10, north: 20, west: 30, east: 40 };
  assert.equal(lowerBound(15, 35, box), 0);
  near(lowerBound(25, 35, box), distance(25, 35, 20, 35), 1e-6, "due north");
  near(lowerBound(0, 35, box), distance(0, 35, 10, 35), 1e-6, "due south");
  const next = random(7);
  for (let i = 0; i < 2000; i++) {
    const south = next() * 170 - 85, north = south + next() * (85 - south);
    // Boxes as tiles are: within -180..180 of longitude.
    const west = next() * 350 - 180, east = west + next() * Math.min(90, 180 - west);
    const box = { south, north, west, east };
    const lat = next() * 180 - 90, lon = next() * 360 - 180;
    const bound = lowerBound(lat, lon, box);
    for (let j = 0; j < 20; j++) {
      const pLat = south + next() * (north - south), pLon = west + next() * (east - west);
      assert.ok(bound <= distance(lat, lon, pLat, pLon), `box ${JSON.stringify(box)} from ${lat}, ${lon}`);
    }
  }
});

test("nearestOnArc: the foot of the perpendicular on the arc, else the nearer end", () => {
  const best = { distance: Infinity };
  nearestOnArc(1, 5, [0, 0], [0, 10], best);
  near(best.distance, distance(1, 5, 0, 5), 1e-6, "a point above the equator");
  near(best.lat, 0, 1e-12, "foot's latitude");
  near(best.lon, 5, 1e-12, "foot's longitude");
  const end = { distance: Infinity };
  nearestOnArc(1, 12, [0, 0], [0, 10], end);
  assert.deepEqual([end.lat, end.lon], [0, 10]);
  near(end.distance, distance(1, 12, 0, 10), 1e-9, "beyond the arc's end");
  const farther = { distance: 1, lat: 9, lon: 9 };
  nearestOnArc(1, 5, [0, 0], [0, 10], farther);
  assert.deepEqual(farther, { distance: 1, lat: 9, lon: 9 }, "kept when nearer already");
});

test("inRing and shapeDistance: inside a polygon but not its hole, lines, points", () => {
  const outer = [[0, 0], [0, 10], [10, 10], [10, 0], [0, 0]];
  const hole = [[4, 4], [4, 6], [6, 6], [6, 4], [4, 4]];
  assert.ok(inRing(2, 2, outer));
  assert.ok(!inRing(12, 2, outer));
  assert.deepEqual(shapeDistance(2, 2, 3, [[outer, hole]]), { distance: 0, lat: 2, lon: 2, inside: true });
  const inHole = shapeDistance(5, 5, 3, [[outer, hole]]);
  assert.equal(inHole.inside, false);
  near(inHole.distance, distance(5, 5, 5, 4), 1, "to the hole's nearest edge");
  const line = shapeDistance(1, 5, 1, [[[0, 0], [0, 10]]]);
  near(line.distance, distance(1, 5, 0, 5), 1e-6, "to a line");
  const points = shapeDistance(1, 1, 0, [[0, 0], [1, 2]]);
  assert.deepEqual([points.lat, points.lon], [1, 2]);
  near(points.distance, distance(1, 1, 1, 2), 1e-9, "to the nearer point");
});
