// A dataset's map across the antimeridian (#32 point 4): the manifest's bounds of Pacific islands
// (east past 180, as TileSet.bounds writes them) fitted as map.js and first-view.js fit them; the
// view's parts in each copy of the world (worldCopies) ask for the tile of every place, and each
// place drawn in its part's copy, or at the longitude nearest the centre (longitudeNear), falls
// inside the map. The narrowest span of several datasets' bounds against a brute force.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  featuresWithin, fittedView, longitudeNear, narrowestSpan, project, quadkey, tileX, tileY, worldCopies,
} from "../../templates/assets/core/mercator.js";
import { viewKeys } from "../../templates/assets/core/tile-format.js";
import { Explore } from "../../templates/assets/core/explore.js";

// Fiji, Tonga, Samoa, Tuvalu and Kiribati: [lat, lon].
const islands = [[-17.8, 178.0], [-16.6, 179.3], [-16.8, -179.9], [-21.1, -175.2], [-13.8, -171.8], [1.4, 173.0],
  [-8.5, 179.2]];
// As the manifest gives them: [west, south, east, north].
const manifest = [173, -21.1, 188.2, 1.4];

function eastward(from, to) {
  return ((to - from) % 360 + 360) % 360;
}

// The narrowest width from any span's west eastward over every span; 359 or more is the whole circle.
function bruteWidth(spans) {
  let best = Infinity;
  for (const start of spans) {
    best = Math.min(best, Math.max(...spans.map((s) => eastward(start.west, s.west) + s.east - s.west)));
  }
  return best;
}

function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

test("the islands' span is 173 to 188.2 across the line; apart from it, the plain least and greatest", () => {
  assert.deepEqual(narrowestSpan(islands.map((p) => ({ west: p[1], east: p[1] }))), { west: 173, east: 188.2 });
  assert.deepEqual(narrowestSpan([{ west: -75, east: -70 }, { west: 2, east: 3 }]), { west: -75, east: 3 });
  assert.deepEqual(narrowestSpan([]), { west: -180, east: 180 });
  assert.deepEqual(narrowestSpan([{ west: -180, east: 180 }, { west: 3, east: 3 }]), { west: -180, east: 180 });
  // The site-wide map: the islands' bounds and a dataset in Hawaii's longitudes, 155°W to 160°W.
  assert.deepEqual(narrowestSpan([{ west: 173, east: 188.2 }, { west: -160, east: -155 }]), { west: 173, east: 205 });
});

test("random spans, many across ±180, against the brute force", () => {
  const next = random(32);
  for (let round = 0; round < 500; round++) {
    const count = 1 + Math.floor(next() * 10);
    const spans = [];
    for (let i = 0; i < count; i++) {
      let west = round % 2 ? Math.round(next() * 720) / 2 - 180 : 170 + Math.round(next() * 40) / 2;
      if (west > 180) west -= 360;
      const width = next() < 0.3 ? Math.round(next() * 80) / 2 : 0;
      spans.push({ west, east: west + width });
    }
    const span = narrowestSpan(spans), oracle = bruteWidth(spans);
    const where = JSON.stringify(spans) + " → " + JSON.stringify(span);
    assert.ok(span.west >= -180 && span.west <= 180 && span.east >= span.west, where);
    if (oracle >= 359) assert.deepEqual(span, { west: -180, east: 180 }, where);
    else assert.ok(Math.abs(span.east - span.west - oracle) < 1e-9, `${where}: oracle ${oracle}`);
    for (const s of spans) {
      const start = eastward(span.west, s.west) > 360 - 1e-9 ? 0 : eastward(span.west, s.west);
      assert.ok(span.east - span.west >= 360 || start + s.east - s.west <= span.east - span.west + 1e-9, where);
    }
  }
});

test("a view's parts in each copy of the world", () => {
  assert.deepEqual(worldCopies({ west: 170, east: 190, south: -20, north: 0 }), [
    { west: 170, east: 180, south: -20, north: 0, shift: 0 }, { west: -180, east: -170, south: -20, north: 0, shift: 360 }]);
  assert.deepEqual(worldCopies({ west: -190, east: -170, south: 1, north: 2 }), [
    { west: 170, east: 180, south: 1, north: 2, shift: -360 }, { west: -180, east: -170, south: 1, north: 2, shift: 0 }]);
  assert.deepEqual(worldCopies({ west: -10, east: 180, south: 1, north: 2 }).map((p) => p.shift), [0]);
  assert.deepEqual(worldCopies({ west: -300, east: 100, south: 1, north: 2 }), [
    { west: -180, east: 180, south: 1, north: 2, shift: 0 }]);
  assert.equal(longitudeNear(-179.9, 180.6, 20), 180.1);
  assert.equal(longitudeNear(173, 180.6, 20), 173);
  assert.equal(longitudeNear(-179.9, 180.6, 400), -179.9);
});

// Maps of a phone (390 × 844 less the page's bar) and of a desktop, as map.js fits them.
for (const [width, height] of [[390, 780], [1280, 720]]) {
  test(`the islands fitted on a ${width} × ${height} map: every one inside it, its tile asked for`, () => {
    const bounds = [[manifest[1], manifest[0]], [manifest[3], manifest[2]]];
    const view = fittedView(bounds, width, height, 20, 16, 19);
    // 15.2° across 350 pixels needs zoom 5 (256 · 2^5 · 15.2 / 360 = 346 pixels); the plain box
    // of the same places, -179.9 to 179.3, would be the whole world at zoom 0 or 1.
    assert.ok(view.zoom >= 5, `zoom ${view.zoom}`);
    assert.ok(Math.abs(view.lon - 180.6) < 1e-9, `centre ${view.lon}`);
    const plain = fittedView([[-21.1, -179.9], [1.4, 179.3]], width, height, 20, 16, 19);
    assert.ok(plain.zoom <= 2, `plain zoom ${plain.zoom}`);
    const centre = project(view.lat, view.lon, view.zoom), size = 256 * Math.pow(2, view.zoom);
    const west = view.lon - width / 2 / size * 360, east = view.lon + width / 2 / size * 360;
    // Fitted to their height on the desktop's wide map: 56° across, still not the world.
    assert.ok(east - west < (width < 600 ? 30 : 60), `${west} to ${east}`);
    const parts = worldCopies({ west, east, south: manifest[1] - 5, north: manifest[3] + 5 });
    for (const [lat, lon] of islands) {
      // The part of the view holding the island's tile; the island drawn in its copy.
      const key = quadkey(view.zoom, tileX(lon, view.zoom), tileY(lat, view.zoom));
      const part = parts.find((p) => viewKeys(p, view.zoom).indexOf(key) >= 0);
      assert.ok(part, `${lat}, ${lon}: tile ${key} not asked for`);
      assert.equal(lon + part.shift, longitudeNear(lon, view.lon, east - west), `${lat}, ${lon}`);
      const p = project(lat, lon + part.shift, view.zoom);
      const x = p.x - centre.x + width / 2, y = p.y - centre.y + height / 2;
      assert.ok(x >= 20 - 1e-6 && x <= width - 20 + 1e-6 && y >= 0 && y <= height, `${lat}, ${lon} at ${x}, ${y}`);
    }
  });
}

test("Fit to results: the matching point tiles on both sides of the line give the narrow box across it", () => {
  // Point tiles at zoom 5 holding Fiji's west (x 31) and east (x 0), and a tile of Tonga (x 0, lower).
  const keys = [quadkey(5, 0, 17), quadkey(5, 0, 18), quadkey(5, 31, 17)].sort();
  const explore = { numbering: { keys, starts: [0, 10, 20, 30] }, set: null };
  const box = Explore.prototype.matchingBounds.call(explore);
  // Tiles of 11.25°: 168.75 to 180 and -180 to -168.75, written 168.75 to 191.25.
  assert.equal(box.west, 168.75);
  assert.equal(box.east, 191.25);
  assert.ok(box.south < -22 && box.north > -12, JSON.stringify(box));
  // A filter matching only the tile west of the line: that tile alone.
  const only = keys.indexOf(quadkey(5, 31, 17));
  const set = { count: (from, to) => (from === explore.numbering.starts[only] && to === explore.numbering.starts[only + 1] ? 1 : 0) };
  const west = Explore.prototype.matchingBounds.call({ numbering: explore.numbering, set });
  assert.deepEqual([west.west, west.east], [168.75, 180]);
  assert.equal(Explore.prototype.matchingBounds.call({ numbering: explore.numbering, set: { count: () => 0 } }), null);
});

test("regions on both sides of the line moved into one span across it; others left as they are", () => {
  const fijiRegion = { type: "Feature", properties: { name: "Fiji" }, geometry: { type: "MultiPolygon", coordinates: [
    [[[177.5, -19], [180, -19], [180, -15.5], [177.5, -15.5], [177.5, -19]]],
    [[[-180, -19], [-178, -19], [-178, -15.5], [-180, -15.5], [-180, -19]]]] } };
  const tonga = { type: "Feature", properties: { name: "Tonga" }, geometry: { type: "Polygon", coordinates: [
    [[-176, -22], [-173, -22], [-173, -18], [-176, -18], [-176, -22]]] } };
  const moved = featuresWithin([fijiRegion, tonga]);
  const lons = moved.flatMap((f) => f.geometry.coordinates.flat(3).filter((x, i) => i % 2 === 0));
  // 177.5 to 187 (Tonga's east, -173, a turn east): 9.5°.
  assert.equal(Math.min(...lons), 177.5);
  assert.equal(Math.max(...lons), 187);
  assert.equal(moved[1].properties.name, "Tonga");
  assert.equal(fijiRegion.geometry.coordinates[1][0][0][0], -180, "the file's features are not changed");
  const plain = [tonga];
  assert.equal(featuresWithin(plain), plain);
});
