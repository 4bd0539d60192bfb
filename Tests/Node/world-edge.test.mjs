// core/world-edge.js: the outlines maps stroke leave out the edges along ±180° and beyond the
// map's top and bottom (cuts), and keep every other edge once: checked edge by edge against the
// source's own edges, on Natural Earth's Antarctica and Fiji (Tests/Browser/fixtures/poles) and
// on shape tiles' grids, whose world edges are counted here from the tile's place in the world.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { MAX_LATITUDE, featuresWithin, geometryWithin, tileOf } from "../../templates/assets/core/mercator.js";
import {
  alongWorldEdge, alongWorldEdgeInDegrees, hasWorldEdge, latLngOutline, outlineOf, reachesPole, ringOutline,
} from "../../templates/assets/core/world-edge.js";

const source = new URL("../Browser/fixtures/poles/data/poles.geojson", import.meta.url);
const fixture = JSON.parse(readFileSync(source, "utf8"));
const feature = (name) => fixture.features.find((f) => f.properties.name === name);

// Whether an edge in degrees is a cut, as a reader of the source sees it: both ends on the
// antimeridian (±180, a rounding past it included), or both beyond one of the map's edges.
function isCut(a, b) {
  const onLine = (p) => Math.abs(Math.abs(p[0]) - 180) < 1e-6;
  const beyond = (p, side) => side * p[1] >= MAX_LATITUDE - 1e-6;
  return (onLine(a) && onLine(b)) || (beyond(a, 1) && beyond(b, 1)) || (beyond(a, -1) && beyond(b, -1));
}

// The edges of a geometry's rings ([from, to] as text), each ring's last position joining its first.
function ringEdges(geometry) {
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  const edges = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0; i + 1 < ring.length; i++) edges.push([ring[i], ring[i + 1]]);
    }
  }
  return edges;
}

const key = (a, b) => JSON.stringify([a, b]);

function lineEdges(lines) {
  const edges = [];
  for (const line of lines) for (let i = 0; i + 1 < line.length; i++) edges.push(key(line[i], line[i + 1]));
  return edges;
}

function checkOutline(name, geometry) {
  const edges = ringEdges(geometry);
  const kept = edges.filter(([a, b]) => !isCut(a, b)).map(([a, b]) => key(a, b)).sort();
  const cut = edges.length - kept.length;
  const outline = outlineOf(geometry);
  assert.equal(outline.type, "MultiLineString", name);
  assert.deepEqual(lineEdges(outline.coordinates).sort(), kept, name);
  return cut;
}

test("Antarctica's outline: every coastal edge once, none along ±180° or the pole", () => {
  const antarctica = feature("Antarctica").geometry;
  const cut = checkOutline("Antarctica", antarctica);
  // Down to the pole along -180 and 180, and along the pole: three edges at least.
  assert.ok(cut >= 3, `${cut} edges cut`);
  // And as the item page draws it: longitudes as they are (Antarctica spans the whole world).
  const bounds = [[-90, -180], [-63.27, 180]];
  assert.equal(checkOutline("Antarctica within its bounds", geometryWithin(bounds, antarctica)), cut);
});

test("the north cap's outline: its ring, without the pole and ±180°", () => {
  const cap = feature("Arctic cap").geometry;
  const cut = checkOutline("Arctic cap", cap);
  assert.equal(cut, 3);
  const outline = outlineOf(cap);
  // One line: the ring along the cap's edge, from ±180 round to ±180.
  assert.equal(outline.coordinates.length, 1);
});

test("Fiji's outline: its islands' coasts, without the sides at ±180° on both sides of the line", () => {
  const fiji = feature("Fiji").geometry;
  assert.equal(checkOutline("Fiji", fiji), 2);
  // As its page draws it, the part west of -180 moved a turn east: 180 on both sides.
  const moved = geometryWithin([[-18.29, 177.28], [-16.02, 180.21]], fiji);
  assert.ok(JSON.stringify(moved).includes("[180,-16.555217]"));
  assert.equal(checkOutline("Fiji moved", moved), 2);
  // Vanua Levu's part east of the line: its ring runs on from 180 round to 180 in one line.
  const whole = outlineOf(moved).coordinates.filter((line) => line.some((p) => p[0] === 179.364143));
  assert.equal(whole.length, 1);
  assert.deepEqual(whole[0][0], [180, -16.555217]);
  assert.deepEqual(whole[0][whole[0].length - 1], [180, -16.067133]);
});

test("a shape away from the world's edges keeps its whole outline, and lines stay as they are", () => {
  const square = { type: "Polygon", coordinates: [[[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]]] };
  const outline = outlineOf(square);
  assert.deepEqual(outline.coordinates, [[[10, 10], [11, 10], [11, 11], [10, 11], [10, 10]]]);
  const line = { type: "LineString", coordinates: [[179, 0], [180, 0], [180, 1]] };
  assert.equal(outlineOf(line), line);
  assert.equal(outlineOf({ type: "Point", coordinates: [0, 0] }), null);
  // Only shapes with a cut say they have one.
  assert.equal(hasWorldEdge(square), false);
  assert.equal(hasWorldEdge(line), false);
  for (const f of fixture.features) assert.equal(hasWorldEdge(f.geometry), true, f.properties.name);
  // Antarctica and the cap reach their poles, Fiji and the square do not.
  assert.deepEqual(fixture.features.map((f) => reachesPole(f.geometry)), [true, true, false]);
  assert.equal(reachesPole(square), false);
  // Leaflet's order ([lat, lon]) gives the same lines.
  const fiji = feature("Fiji").geometry.coordinates
    .map((polygon) => polygon.map((ring) => ring.map((p) => [p[1], p[0]])));
  const flipped = latLngOutline(fiji).map((line) => line.map((p) => [p[1], p[0]]));
  assert.deepEqual(flipped, outlineOf(feature("Fiji").geometry).coordinates);
});

test("an edge just inside the map's edge or off the line is kept", () => {
  assert.equal(alongWorldEdgeInDegrees([10, -85], [20, -85]), false);
  assert.equal(alongWorldEdgeInDegrees([10, -85.06], [20, -89]), true);
  assert.equal(alongWorldEdgeInDegrees([10, -85.06], [20, 89]), false);
  assert.equal(alongWorldEdgeInDegrees([179.999, -16], [179.999, -17]), false);
  assert.equal(alongWorldEdgeInDegrees([180.00000000000006, -16], [180, -17]), true);
  assert.equal(alongWorldEdgeInDegrees([-180, -16], [180, -17]), false);
  assert.equal(alongWorldEdgeInDegrees([540, -16], [540, -17]), true);
});

test("ringOutline: runs between cuts, joined across the ring's first point", () => {
  const points = ["a", "b", "c", "d", "e"];
  const cutting = (pairs) => (i, j) => pairs.some(([p, q]) => p === i && q === j);
  assert.deepEqual(ringOutline(points, cutting([])), [["a", "b", "c", "d", "e", "a"]]);
  assert.deepEqual(ringOutline(points, cutting([[1, 2]])), [["c", "d", "e", "a", "b"]]);
  assert.deepEqual(ringOutline(points, cutting([[1, 2], [3, 4]])), [["c", "d"], ["e", "a", "b"]]);
  assert.deepEqual(ringOutline(points, cutting([[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]])), []);
});

// The tile grid: an edge of tile `k` ([x, y] grid units, `units` a side) is on the world's edge
// when both ends lie on a side of the tile that is a side of the world.
function tileWorldEdge(k, a, b, units) {
  const t = tileOf(k), last = 2 ** t.z - 1;
  const sides = [];
  if (t.y === 0) sides.push((p) => p[1] === 0);
  if (t.y === last) sides.push((p) => p[1] === units);
  if (t.x === 0) sides.push((p) => p[0] === 0);
  if (t.x === last) sides.push((p) => p[0] === units);
  return sides.some((on) => on(a) && on(b));
}

test("on shape tiles' grids: the world's edges of every tile at zooms 0 to 3, edges of corners and middles", () => {
  const units = 4096, values = [-16, 0, 1, 2048, units - 1, units, units + 16];
  let checked = 0, cuts = 0;
  for (let z = 0; z <= 3; z++) {
    const n = 2 ** z;
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        let k = "";
        for (let i = z; i > 0; i--) k += ((x >> (i - 1)) & 1) + 2 * ((y >> (i - 1)) & 1);
        const world = (g) => [(x + g[0] / units) / n, (y + g[1] / units) / n];
        const pairs = [];
        for (const ax of values) {
          for (const ay of values) {
            for (const bx of [ax, 0, units]) for (const by of [ay, 0, units]) pairs.push([[ax, ay], [bx, by]]);
          }
        }
        for (const [a, b] of pairs) {
          const expected = tileWorldEdge(k, a, b, units);
          assert.equal(alongWorldEdge(world(a), world(b), 0.5 / (units * n)), expected, `${k} ${a} ${b}`);
          checked++;
          if (expected) cuts++;
        }
      }
    }
  }
  assert.ok(checked > 10000 && cuts > 100, `${checked} edges, ${cuts} on the world's edge`);
});

test("regions reaching a pole are not moved across the antimeridian with their neighbours (featuresWithin)", () => {
  // Antarctica's vertices leave wide gaps between them; as drawn to the pole it spans every longitude.
  const moved = featuresWithin(fixture.features);
  assert.deepEqual(moved.map((f) => f.geometry), fixture.features.map((f) => f.geometry));
  // Fiji alone is moved into one span across the line, east past 180.
  const fiji = featuresWithin([feature("Fiji")])[0].geometry;
  const lons = JSON.stringify(fiji.coordinates).match(/\[(-?[\d.]+),/g).map((t) => Number(t.slice(1, -1)));
  assert.ok(Math.min(...lons) > 177 && Math.max(...lons) > 180, `${Math.min(...lons)} to ${Math.max(...lons)}`);
});
