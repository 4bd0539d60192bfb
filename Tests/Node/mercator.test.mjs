// core/mercator.js: tile keys and bounds against MapsiteGeo's TileKey and WebMercator
// (answers.json, written by BrowserTileFixtureTests.swift), and Leaflet's fitted view by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  MAX_LATITUDE, fittedView, latitudeAt, project, quadkey, tileBounds, tileOf, tileX, tileY, unproject,
} from "../../templates/assets/core/mercator.js";

const answers = JSON.parse(readFileSync(new URL("../Fixtures/browser/tiles/answers.json", import.meta.url), "utf8"));

function near(actual, expected, tolerance, message) {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${message}: ${actual}, expected ${expected} ± ${tolerance}`);
}

test("the tile of a place, its quadkey and its bounds: as TileKey.swift makes them", () => {
  assert.ok(answers.tiles.length > 10);
  for (const t of answers.tiles) {
    const where = `${t.lat}, ${t.lon} at ${t.z}`;
    assert.equal(tileX(t.lon, t.z), t.x, where);
    assert.equal(tileY(t.lat, t.z), t.y, where);
    assert.equal(quadkey(t.z, t.x, t.y), t.quadkey, where);
    assert.deepEqual(tileOf(t.quadkey), { z: t.z, x: t.x, y: t.y }, where);
    // Degrees from radians as ·180/π in Swift, /(π/180) here: an ulp or two apart.
    const box = tileBounds(t.z, t.x, t.y);
    for (const side of ["south", "north", "west", "east"]) near(box[side], t.bounds[side], 1e-12, `${where} ${side}`);
  }
});

test("project: WebMercator.swift's world coordinates, in 256-pixel tiles", () => {
  for (const t of answers.tiles) {
    const p = project(t.lat, t.lon, t.z);
    const size = 256 * Math.pow(2, t.z);
    near(p.x / size, t.worldX, 1e-15, `x of ${t.lat}, ${t.lon}`);
    // Beyond the map's edge, Leaflet's clamp (MAX_LATITUDE, 85.0511287798) is 2e-11 degrees short of
    // the tiles' (85.05112878): a few 1e-12 of the world's height apart.
    near(p.y / size, t.worldY, Math.abs(t.lat) > 85 ? 1e-11 : 1e-15, `y of ${t.lat}, ${t.lon}`);
  }
});

test("unproject undoes project within Web Mercator's latitudes; latitudeAt is the latitude at a row", () => {
  for (const [lat, lon] of [[0, 0], [39.95, -75.16], [-33.9, 151.2], [84.9, 179.9]]) {
    const p = project(lat, lon, 12);
    const back = unproject(p.x, p.y, 12);
    near(back.lat, lat, 1e-9, "lat");
    near(back.lon, lon, 1e-9, "lon");
  }
  near(latitudeAt(0), MAX_LATITUDE, 1e-9, "top");
  assert.equal(latitudeAt(0.5), 0);
  near(latitudeAt(1), -MAX_LATITUDE, 1e-9, "bottom");
  near(project(90, 0, 0).y, 0, 1e-6, "clamped to the top");
});

test("fittedView: Leaflet's fitBounds, worked by hand", () => {
  // 20° square at the equator is 14.2 pixels at zoom 0; 512 pixels hold it 36 times, 2^5.17.
  const view = fittedView([[-10, -10], [10, 10]], 512, 512, 0, 18, 19);
  assert.equal(view.zoom, 5);
  near(view.lat, 0, 1e-9, "centre lat");
  near(view.lon, 0, 1e-9, "centre lon");
  // Padding takes from both sides: 2 · 100 of 512 pixels leave 312, 21.9 times, 2^4.45.
  assert.equal(fittedView([[-10, -10], [10, 10]], 512, 512, 100, 18, 19).zoom, 4);
  // A single place: the least of the zoom asked for and the layers' deepest.
  assert.equal(fittedView([[1, 2], [1, 2]], 400, 300, 20, 16, 19).zoom, 16);
  assert.equal(fittedView([[1, 2], [1, 2]], 400, 300, 20, 16, 12).zoom, 12);
  assert.equal(fittedView([[1, 2], [1, 2]], 400, 300, 20, 16).zoom, 16);
  // The centre is the middle in pixels, not in degrees: north of the middle latitude.
  assert.ok(fittedView([[0, 0], [60, 10]], 400, 300, 20, 16, 19).lat > 30);
});
