// core/tileset.js: a dataset's tiles read from disk (the tiles BrowserTileFixtureTests.swift writes
// into Tests/Fixtures/browser/tiles/), against the Swift side's answers: the tiles over a view, the
// shape tiles over a view (their subtrees fetched), and the exact k nearest places.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { Tileset } from "../../templates/assets/core/tileset.js";

const folder = new URL("../Fixtures/browser/tiles/", import.meta.url);
const answers = JSON.parse(readFileSync(new URL("answers.json", folder), "utf8"));
const ROOT = "https://example.org/site/";

// A Tileset reading the fixture's files, and the paths it asked for.
function tileset() {
  const asked = [];
  const base = ROOT + "tiles/" + answers.dataset + "/";
  const set = new Tileset(ROOT, answers.dataset, (url) => {
    assert.ok(url.startsWith(base), url);
    asked.push(url.slice(base.length));
    return readFile(new URL(url.slice(base.length), folder), "utf8").then(JSON.parse);
  });
  return { set, asked };
}

test("load: the manifest, once, and its trees", async () => {
  const { set, asked } = tileset();
  assert.equal(await set.load(), set);
  await set.load();
  assert.deepEqual(asked, ["index.json"]);
  assert.equal(set.manifest.version, 6);
  assert.ok(set.leaves.size > 0 && set.clusters.size > 0 && set.leafOrder.length === set.leaves.size);
  assert.ok(set.shapeCuts.size > 0 && Object.keys(set.reach).length > 0);
  assert.equal(set.needsPointsAt(0), true);
});

test("keysFor: the point and cluster tiles over each view, as the Swift side finds them; each file reads", async () => {
  const { set } = tileset();
  await set.load();
  for (const view of answers.keysFor) {
    const keys = set.keysFor(view.bounds, view.z);
    assert.deepEqual(keys, view.keys, `view at ${view.z}`);
    for (const key of keys) {
      const tile = await set.tile(key);
      assert.ok(Array.isArray(tile.p), key);
      if (set.clusters.has(key)) assert.ok(Array.isArray(tile.c), key);
    }
  }
});

test("shapeKeysFor: the shape tiles over each view, subtrees read once; each shape tile reads", async () => {
  const { set, asked } = tileset();
  await set.load();
  for (const view of answers.shapeKeysFor) {
    const keys = await set.shapeKeysFor(view.bounds, view.z);
    assert.deepEqual(keys, view.keys, `view at ${view.z}`);
    for (const key of keys) assert.equal(typeof await set.shapeTile(key), "object", key);
  }
  const trees = asked.filter((path) => path.startsWith("tree/"));
  assert.ok(trees.length > 0, "subtrees were read");
  assert.equal(new Set(trees).size, trees.length, "each subtree once");
});

// Swift measures on the sphere with chords and its own edge frames, this code with haversine and
// the foot of the perpendicular: both exact, apart by rounding only (well under a millimetre).
const TOLERANCE = 1e-3;

test("nearest: the k nearest places, measured to their whole shapes, as MapsiteGeo measures them", async () => {
  const { set, asked } = tileset();
  for (const query of answers.nearest) {
    const read = [];
    const places = await set.nearest(query.lat, query.lon, query.k, (key) => read.push(key));
    const where = `${query.lat}, ${query.lon}`;
    assert.deepEqual(places.map((p) => p.id), query.places.map((p) => p.id), where);
    places.forEach((place, i) => {
      const expected = query.places[i];
      assert.ok(Math.abs(place.distance - expected.distance) <= TOLERANCE, `${where}: ${place.id} at ${place.distance}, expected ${expected.distance}`);
      assert.equal(place.inside, expected.inside, `${where}: ${place.id} inside`);
      assert.ok(place.bearing >= 0 && place.bearing < 360);
    });
    assert.deepEqual(places.inside.map((p) => p.id), query.places.filter((p) => p.inside).map((p) => p.id));
    assert.ok(read.length > 0 && read.length < set.leafOrder.length, `${where}: read ${read.length} tiles`);
  }
  assert.ok(asked.some((path) => path.startsWith("whole/")), "whole shapes were read");
});

test("tile: fetched once; a failed fetch is asked again; offline tiles counted", async () => {
  let calls = 0;
  const set = new Tileset("/", "d", (url) => {
    calls++;
    if (url.endsWith("/1/0/0.json") && calls === 1) return Promise.reject(new Error("HTTP 503"));
    return Promise.resolve(url.endsWith("/1/1/0.json") ? { p: [], offline: true } : { p: [] });
  });
  await assert.rejects(set.tile("0"), /503/);
  await set.tile("0");
  await set.tile("0");
  assert.equal(calls, 2);
  assert.equal(set.notSaved, undefined);
  await set.tile("1");
  assert.equal(set.notSaved, 1);
});

test("load: a manifest of another format version is refused", async () => {
  const set = new Tileset("/", "d", () => Promise.resolve({ version: 5, tree: "-" }));
  await assert.rejects(set.load(), /tile format version 5, but this page reads version 6/);
});
