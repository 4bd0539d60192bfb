// core/mercator.js across the antimeridian: a shape split at ±180 (Fiji as Natural Earth writes
// it), its bounds as the build writes them (east past 180), fitted as the item page's mini map
// fits it; every vertex and the pin must then fall inside the map, which is checked pixel by pixel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fittedView, geometryWithin, longitudeWithin, project } from "../../templates/assets/core/mercator.js";

// Parts at 177…180 and -180…-178: the narrow box is 177 to -178, written as 177 to 182.
const fiji = {
  type: "MultiPolygon",
  coordinates: [
    [[[177, -19], [180, -19], [180, -16], [177, -16], [177, -19]]],
    [[[-180, -17], [-178, -17], [-178, -15.5], [-180, -15.5], [-180, -17]]],
  ],
};
const bounds = [[-19, 177], [-15.5, 182]];

function positions(geometry) {
  return geometry.coordinates.flat(2);
}

test("a split shape's longitudes are moved within its bounds; a pin east of the line too", () => {
  const moved = geometryWithin(bounds, fiji);
  assert.equal(moved.type, "MultiPolygon");
  const longitudes = positions(moved).map((p) => p[0]);
  assert.deepEqual([...new Set(longitudes)].sort((a, b) => a - b), [177, 180, 182]);
  assert.equal(longitudeWithin(bounds, -179.3), 180.7);
  assert.equal(longitudeWithin(bounds, 178.2), 178.2);
  // A vertex a rounding west of the written west edge stays where it is.
  assert.equal(longitudeWithin(bounds, 176.99999995), 176.99999995);
});

test("bounds that do not cross the line change nothing", () => {
  const plain = [[10, -5], [12, 20]];
  assert.equal(longitudeWithin(plain, -5), -5);
  assert.equal(longitudeWithin([[-90, -180], [90, 180]], -179), -179);
  const line = { type: "LineString", coordinates: [[-5, 10, 3], [20, 12]] };
  assert.deepEqual(geometryWithin(plain, line), line);
});

test("the fitted mini map shows every vertex and the pin, at the zoom 5° of longitude needs", () => {
  const width = 400, height = 600, padding = 16;
  const view = fittedView(bounds, width, height, padding, 18);
  // 5° across 368 pixels: 256 · 2^z · 5/360 ≤ 368 gives z ≤ log2(103.5) = 6.69, so zoom 6 (the
  // 3.5° of latitude need less room in 568 pixels). The whole world's bounds would give zoom 0.
  assert.equal(view.zoom, 6);
  assert.ok(Math.abs(view.lon - 179.5) < 1e-9, `centre ${view.lon}`);
  const centre = project(view.lat, view.lon, view.zoom);
  const pin = [longitudeWithin(bounds, -179.2), -16.3];
  for (const [lon, lat] of positions(geometryWithin(bounds, fiji)).concat([pin])) {
    const p = project(lat, lon, view.zoom);
    const x = p.x - centre.x + width / 2, y = p.y - centre.y + height / 2;
    assert.ok(x >= padding - 1e-6 && x <= width - padding + 1e-6, `${lon}, ${lat} at x ${x}`);
    assert.ok(y >= 0 && y <= height, `${lon}, ${lat} at y ${y}`);
  }
});
