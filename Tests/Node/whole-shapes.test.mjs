// core/tileset.js with simplified whole shapes (the files WholeShapeFixtureTests.swift writes into
// Tests/Fixtures/browser/whole-shapes/: four borough-like polygons sharing wiggly borders, a lake,
// an island, a river and points, every shape simplified within its tolerance): near me prints
// for many random points, near borders, inside and around, exactly what a brute force over the
// true shapes (exact.json) prints, order and "inside" included, reading the true vertices of few
// shapes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { Tileset } from "../../templates/assets/core/tileset.js";
import { distance, shapeDistance, bearing } from "../../templates/assets/core/geo.js";
import { distanceText } from "../../templates/assets/core/near.js";

const folder = new URL("../Fixtures/browser/whole-shapes/", import.meta.url);
const exact = JSON.parse(readFileSync(new URL("exact.json", folder), "utf8")).places;
const titles = {};

// A Tileset reading the fixture's files, and the bytes of each file it asked for.
function tileset() {
  const asked = {};
  const set = new Tileset("/", "boroughs", (url) => {
    const path = url.slice("/tiles/boroughs/".length);
    return readFile(new URL(path, folder), "utf8").then((text) => {
      asked[path] = text.length;
      return JSON.parse(text);
    });
  });
  return { set, asked };
}

// The brute force: every place measured to its true shape, nearest first (ties by id), as
// near me prints them; and the polygons holding the point, by title.
function bruteForce(lat, lon, k) {
  const all = exact.map(([id, kind, coordinates]) => {
    const near = kind === 0 && coordinates.length === 1
      ? { distance: distance(lat, lon, coordinates[0][0], coordinates[0][1]), lat: coordinates[0][0], lon: coordinates[0][1], inside: false }
      : shapeDistance(lat, lon, kind, coordinates);
    return { id, title: titles[id], distance: near.distance, inside: near.inside, bearing: bearing(lat, lon, near.lat, near.lon) };
  });
  all.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
  const inside = all.filter((p) => p.inside).sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  return { printed: all.slice(0, k).map((p) => p.id + ": " + distanceText(p)), inside: inside.map((p) => p.id) };
}

// A seeded random number in [0, 1) (mulberry32).
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Points: near a true vertex of a border (within about 30 m), anywhere over the boroughs, and
// around them up to 35 km away.
function queries(count) {
  const next = random(32);
  const vertices = [];
  for (const [, kind, coordinates] of exact) {
    if (kind === 1) coordinates.forEach((line) => vertices.push(...line));
    if (kind === 3) coordinates.forEach((polygon) => polygon.forEach((ring) => vertices.push(...ring)));
  }
  const points = [];
  for (let i = 0; i < count; i++) {
    const k = [1, 3, 5, 10][i % 4];
    if (i % 3 === 0) {
      const v = vertices[Math.floor(next() * vertices.length)];
      points.push([v[0] + (next() - 0.5) * 0.0005, v[1] + (next() - 0.5) * 0.0007, k]);
    } else if (i % 3 === 1) {
      points.push([40.7 + (next() - 0.5) * 0.07, -73.9 + (next() - 0.5) * 0.09, k]);
    } else {
      points.push([40.7 + (next() - 0.5) * 0.6, -73.9 + (next() - 0.5) * 0.8, k]);
    }
  }
  return points;
}

test("near me with simplified whole shapes prints what the true shapes give, for 200 random points", async () => {
  const { set, asked } = tileset();
  await set.load();
  for (const key of set.leafOrder) {
    const tile = await set.tile(key);
    tile.p.forEach((p) => { titles[p[2]] = p[3]; });
    if (key in set.reach) {
      const whole = await set.tile("whole/" + key);
      assert.ok(whole.g.every((g) => g.length === 3 || (g[3] > 0 && Array.isArray(g[4]))), key);
    }
  }
  const simplified = Object.keys(asked).filter((path) => path.startsWith("whole/") && !path.includes(".json.")).length;
  assert.ok(simplified > 0);
  let withParts = 0, without = 0, partBytes = 0, nearBorder = 0;
  for (const [lat, lon, k] of queries(200)) {
    const { set: fresh, asked: read } = tileset();
    const places = await fresh.nearest(lat, lon, k);
    const expected = bruteForce(lat, lon, k);
    const where = `${lat.toFixed(6)}, ${lon.toFixed(6)}, k ${k}`;
    assert.deepEqual(places.map((p) => p.id + ": " + distanceText(p)), expected.printed, where);
    assert.deepEqual(places.inside.map((p) => p.id), expected.inside, where + ": inside");
    const parts = Object.keys(read).filter((path) => /^whole\/.*\/\d+\.\d+\.json$/.test(path));
    if (parts.length) withParts++; else without++;
    partBytes += parts.reduce((sum, path) => sum + read[path], 0);
    if (places.some((p) => p.distance < 50)) nearBorder++;
  }
  // Both ways are taken: answers from the simplified shapes alone, and with true parts.
  assert.ok(withParts > 30 && without > 30, `${withParts} with parts, ${without} without`);
  assert.ok(nearBorder > 50, `${nearBorder} points within 50 m of a place`);
  assert.ok(partBytes > 0);
});

// Points where a far point place and a shape are about as far away (within ±1 m, found by
// halving along the line between the place and the shape's nearest point), so that only the true
// shape can order them: near me must print the brute force's order.
test("near me orders a shape and a place as far away as each other as the true shape does", async () => {
  const next = random(7);
  const points = exact.filter(([id]) => /^point-1[5-9]\d$/.test(id));
  const shapes = exact.filter(([, kind]) => kind !== 0);
  const { set } = tileset();
  await set.load();
  for (const key of set.leafOrder) (await set.tile(key)).p.forEach((p) => { titles[p[2]] = p[3]; });
  for (let i = 0; i < 40; i++) {
    const [, , [place]] = points[Math.floor(next() * points.length)];
    const [, kind, coordinates] = shapes[Math.floor(next() * shapes.length)];
    const toShape = shapeDistance(place[0], place[1], kind, coordinates);
    const offset = (next() - 0.5) * 2;
    const at = (t) => [place[0] + (toShape.lat - place[0]) * t, place[1] + (toShape.lon - place[1]) * t];
    const gap = (q) => shapeDistance(q[0], q[1], kind, coordinates).distance - distance(q[0], q[1], place[0], place[1]);
    let low = 0, high = 1;
    for (let step = 0; step < 40; step++) {
      const middle = (low + high) / 2;
      if (gap(at(middle)) > offset) low = middle; else high = middle;
    }
    const [lat, lon] = at(low);
    const found = await tileset().set.nearest(lat, lon, 30);
    const expected = bruteForce(lat, lon, 30);
    assert.deepEqual(found.map((p) => p.id + ": " + distanceText(p)), expected.printed, `${lat}, ${lon}`);
  }
});


// Offline, a part the device never kept comes as sw.js answers it ({"offline": true}): near me
// still answers, each place within its tolerance of the true distance, and counts it as not saved.
test("near me offline without a shape's parts answers from the simplified shape and says so", async () => {
  let offlineParts = 0;
  const set = new Tileset("/", "boroughs", (url) => {
    const path = url.slice("/tiles/boroughs/".length);
    if (/^whole\/.*\/\d+\.\d+\.json$/.test(path)) {
      offlineParts++;
      return Promise.resolve({ offline: true, r: [] });
    }
    return readFile(new URL(path, folder), "utf8").then(JSON.parse);
  });
  await set.load();
  for (const key of set.leafOrder) (await set.tile(key)).p.forEach((p) => { titles[p[2]] = p[3]; });
  const tolerance = {};
  for (const key of Object.keys(set.reach)) {
    const tile = await set.tile(key);
    (await set.tile("whole/" + key)).g.forEach((g) => { if (g.length > 3) tolerance[tile.p[g[0]][2]] = g[3]; });
  }
  let approximate = 0;
  for (const [lat, lon, k] of queries(60)) {
    const found = await set.nearest(lat, lon, k);
    const exactDistance = Object.fromEntries(exact.map(([id, kind, coordinates]) => [id,
      kind === 0 && coordinates.length === 1 ? distance(lat, lon, coordinates[0][0], coordinates[0][1])
        : shapeDistance(lat, lon, kind, coordinates).distance]));
    for (const place of found) {
      assert.ok(Math.abs(place.distance - exactDistance[place.id]) <= 1 + 2 * (tolerance[place.id] || 0),
        `${place.id} at ${lat}, ${lon}: ${place.distance} against ${exactDistance[place.id]}`);
      if (place.distance !== exactDistance[place.id]) approximate++;
    }
  }
  assert.ok(offlineParts > 0 && set.notSaved > 0, `${offlineParts} parts asked for, ${set.notSaved} not saved`);
  assert.ok(approximate > 0);
});
