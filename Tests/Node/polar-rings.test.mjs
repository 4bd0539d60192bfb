// core/geo.js on rings that go around a pole, against what the cap holds by construction: a ring
// along a parallel holds the points poleward of it and no other; the build reads them alike
// (Geodesic.enclosedPole, SphericalShape.ringCrossing).
import assert from "node:assert/strict";
import test from "node:test";
import { enclosedPole, inPolygon, ringSide, shapeDistance } from "../../templates/assets/core/geo.js";

// A ring along latitude `lat`, a vertex every `step` degrees of longitude, eastwards from 0 and
// written as RFC 7946 data often is: longitudes in -180…180, not split at ±180.
function parallel(lat, step) {
  const ring = [];
  for (let lon = 0; lon < 360; lon += step) ring.push([lat, lon > 180 ? lon - 360 : lon]);
  ring.push(ring[0]);
  return ring;
}

test("a ring along 80°N holds the north pole, one along 60°S the south pole, a small square none", () => {
  assert.equal(enclosedPole(parallel(80, 30)), 1);
  assert.equal(enclosedPole(parallel(-60, 45)), -1);
  assert.equal(enclosedPole(parallel(80, 30).reverse()), 1);
  assert.equal(enclosedPole([[0, 0], [0, 10], [10, 10], [10, 0], [0, 0]]), 0);
  assert.equal(enclosedPole([[10, 170], [10, -170], [20, -170], [20, 170], [10, 170]]), 0);
});

test("points poleward of an unsplit polar ring are inside it, the others outside", () => {
  for (const [lat, step] of [[80, 30], [75, 90], [-60, 45], [-70, 20]]) {
    const ring = parallel(lat, step);
    const towards = Math.sign(lat);
    for (let lon = -179.5; lon < 180; lon += 17.3) {
      // Between the vertices the edge is straight in lon/lat: along the parallel itself.
      assert.equal(ringSide(lat + towards * 2, lon, ring), "inside", `${lat}/${step} at ${lon}`);
      assert.equal(ringSide(lat - towards * 2, lon, ring), "", `${lat}/${step} at ${lon}`);
      assert.equal(ringSide(lat, lon, ring), "boundary", `${lat}/${step} at ${lon}`);
    }
  }
});

test("a north cap drawn down to the pole along ±180 reads as the same cap", () => {
  const cap = [[80, -180], [80, -90], [80, 0], [80, 90], [80, 180], [90, 180], [90, -180], [80, -180]];
  assert.equal(enclosedPole(cap), 1);
  assert.equal(ringSide(85, 45, cap), "inside");
  assert.equal(ringSide(75, 45, cap), "");
  const polygon = [parallel(80, 30)];
  assert.equal(inPolygon(89, 0, polygon), true);
  assert.equal(shapeDistance(85, 10, 3, [polygon]).distance, 0);
  // 10° of latitude south of the ring: about 1,112 km (a great circle along the meridian).
  const outside = shapeDistance(70, 0, 3, [polygon]);
  assert.ok(Math.abs(outside.distance - 1111950) < 2000, String(outside.distance));
});
