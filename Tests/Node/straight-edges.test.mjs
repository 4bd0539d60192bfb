// core/geo.js against the build on edges straight in longitude/latitude (#32 point 1): the
// shapes, points and the build's distances and containment in shapes/edges.json, written by
// StraightEdgeTests.swift (which checks them against a brute force and shapely): a 28° border
// along 49°N with points on it, beside it and 55 km from it, a diagonal line, a line across the
// antimeridian, a polygon at 80°N and a hole.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { EDGE_TOLERANCE, edgePieces, nearestOnEdge, shapeDistance } from "../../templates/assets/core/geo.js";

const cases = JSON.parse(readFileSync(new URL("../Fixtures/browser/shapes/edges.json", import.meta.url), "utf8"));

test("the build's tolerance is the browser's", () => {
  assert.equal(EDGE_TOLERANCE, cases.tolerance);
});

test("shapeDistance: the build's distance within 1 cm and its containment, for every point and shape", () => {
  let worst = 0;
  for (const shape of cases.shapes) {
    const [kind, coordinates] = shape.shape;
    cases.points.forEach(([lat, lon], p) => {
      const found = shapeDistance(lat, lon, kind, coordinates);
      const expected = shape.distances[p];
      worst = Math.max(worst, Math.abs(found.distance - expected));
      assert.ok(Math.abs(found.distance - expected) <= 0.01,
        `${shape.name}, point ${p} (${lat}, ${lon}): ${found.distance} m, the build ${expected} m`);
      assert.equal(found.inside, shape.inside[p] === 1, `${shape.name}, point ${p} (${lat}, ${lon}): inside`);
    });
  }
  assert.ok(worst <= 0.01, `worst ${worst} m`);
});

test("CEP4 on the 49°N border is inside both sides, 55 km north of it is 55.6 km from the south", () => {
  const [canada, states] = cases.shapes;
  const border = shapeDistance(49, -111.967, states.shape[0], states.shape[1]);
  assert.equal(border.inside, true);
  assert.equal(shapeDistance(49, -111.967, canada.shape[0], canada.shape[1]).inside, true);
  const north = shapeDistance(49.5, -109, states.shape[0], states.shape[1]);
  assert.equal(north.inside, false);
  assert.ok(Math.abs(north.distance - 0.5 * Math.PI / 180 * 6371008.8) < 0.01, `${north.distance} m`);
  assert.ok(Math.abs(north.lat - 49) < 1e-6 && Math.abs(north.lon + 109) < 1e-3, `${north.lat}, ${north.lon}`);
});

test("edgePieces: meridians and the equator uncut, a 28° parallel in thousands, across ±180 the short way", () => {
  assert.equal(edgePieces([49, -95], [55, -95]), 1);
  assert.equal(edgePieces([0, -10], [0, 30]), 1);
  const border = edgePieces([49, -123], [49, -95]);
  assert.ok(border >= 2500 && border <= 5000, `${border}`);
  assert.equal(edgePieces([60, 179], [60, -179]), edgePieces([60, -1], [60, 1]));
  const best = { distance: Infinity };
  nearestOnEdge(60.1, 180, [60, 179], [60, -179], best);
  assert.ok(Math.abs(best.distance - 0.1 * Math.PI / 180 * 6371008.8) < 0.01, `${best.distance} m`);
});
