// core/tile-format.js: the trees, reaches and view keys of the tile format, read from the tiles
// BrowserTileFixtureTests.swift writes (Tests/Fixtures/browser/tiles/), and on cases by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  FORMAT_VERSION, SHAPE_TREE_CUT, keysIn, quadtree, quadtreeLists, quadtreesLists, reachOf, reaches, viewKeys,
} from "../../templates/assets/core/tile-format.js";
import { tileOf } from "../../templates/assets/core/mercator.js";

const folder = new URL("../Fixtures/browser/tiles/", import.meta.url);
const read = (path) => JSON.parse(readFileSync(new URL(path, folder), "utf8"));
const manifest = read("index.json");
const fileOf = (key) => { const t = tileOf(key); return `${t.z}/${t.x}/${t.y}.json`; };

test("the manifest is of the format this code reads", () => {
  assert.equal(manifest.version, FORMAT_VERSION);
  assert.equal(FORMAT_VERSION, 6);
});

test("the point tree: every leaf has its point tile, in quadkey order, and the reaches name the tiles with whole shapes", () => {
  const tree = quadtree(manifest.tree);
  assert.ok(tree.leaves.size > 4 && tree.tiles.size > 4);
  assert.deepEqual(tree.order, [...tree.order].sort());
  for (const key of tree.leaves) assert.ok(Array.isArray(read(fileOf(key)).p), key);
  const reach = reaches(tree.order, manifest.reach);
  assert.equal(manifest.reach.length, tree.order.length);
  for (const key of tree.order) {
    assert.equal(key in reach, existsSync(new URL("whole/" + fileOf(key), folder)), `reach of ${key}`);
  }
  assert.ok(Object.keys(reach).length > 0);
});

test("the shape tree: cut at every fourth zoom, each cut's subtree in a file of its own", () => {
  assert.equal(SHAPE_TREE_CUT, 4);
  const top = quadtree(manifest.shapes.tree, "", SHAPE_TREE_CUT);
  const pending = [...top.cuts], read_ = new Set();
  let leaves = top.leaves.size;
  while (pending.length) {
    const key = pending.pop();
    assert.ok(key.length % SHAPE_TREE_CUT === 0, key);
    const part = quadtree(read("tree/" + fileOf(key)).t, key, SHAPE_TREE_CUT);
    assert.ok(!part.leaves.has(key), "a cut tile has children");
    pending.push(...part.cuts);
    leaves += part.leaves.size;
    read_.add(key);
  }
  assert.ok(read_.size > 0 && leaves > 0);
  assert.deepEqual(quadtreeLists(manifest.shapes.tree, "", SHAPE_TREE_CUT).cuts, [...top.cuts].sort());
});

test("quadtree by hand: leaves, tiles with files, tiles with nothing to draw, cuts", () => {
  const lists = (leaves, tiles, empty, order, cuts) => ({ leaves, tiles, empty, order, cuts });
  assert.deepEqual(quadtreeLists("9--"), lists(["0", "3"], [""], [], ["0", "3"], []));
  // "h": a tile with nothing to draw (no file) whose child 0 exists.
  assert.deepEqual(quadtreeLists("h-"), lists(["0"], [], [""], ["0"], []));
  assert.deepEqual(quadtreeLists("111", "", 2), lists([], ["", "0", "00"], [], [], ["00"]));
  assert.deepEqual(quadtreeLists("1g", "", 1), lists([], [""], ["0"], [], []));
  // A subtree from its root: the root is not cut again.
  assert.deepEqual(quadtreeLists("3--", "0000", 4), lists(["00000", "00001"], ["0000"], [], ["00000", "00001"], []));
  assert.deepEqual(quadtreeLists(""), lists([], [], [], [], []));
  assert.deepEqual(quadtreesLists([["9--"], ["h-"]]), [quadtreeLists("9--"), quadtreeLists("h-")]);
});

test("reachOf: (2 + i mod 2) · 2^⌊i/2⌋ metres", () => {
  assert.deepEqual(["0", "1", "2", "3", "a", "Z"].map(reachOf), [2, 3, 4, 6, 64, 3 * Math.pow(2, 30)]);
  assert.deepEqual(reaches(["0", "1", "2"], "-3-"), { 1: 6 });
  assert.deepEqual(reaches(["0", "1"], ""), {});
});

test("viewKeys: the tiles over a view, the whole width when it spans the world", () => {
  assert.deepEqual(viewKeys({ south: -80, north: 80, west: -180, east: 180 }, 1).sort(), ["0", "1", "2", "3"]);
  assert.deepEqual(viewKeys({ south: 10, north: 20, west: 10, east: 20 }, 1), ["1"]);
  assert.deepEqual(viewKeys({ south: -10, north: 10, west: -500, east: 500 }, 1).sort(), ["0", "1", "2", "3"]);
  assert.deepEqual(viewKeys({ south: 10, north: 20, west: 10, east: 20 }, 0), [""]);
});

test("keysIn: the tiles with files at the zoom, else the leaves above, once each", () => {
  const tree = quadtree("9--");
  const world = { south: -80, north: 80, west: -180, east: 180 };
  assert.deepEqual(keysIn({ maxZoom: 5 }, tree.leaves, tree.tiles, world, 0), [""]);
  assert.deepEqual(keysIn({ maxZoom: 5 }, tree.leaves, tree.tiles, world, 1), ["0", "3"]);
  assert.deepEqual(keysIn({ maxZoom: 5 }, tree.leaves, tree.tiles, { south: 50, north: 60, west: -170, east: -160 }, 4), ["0"]);
  assert.deepEqual(keysIn({ maxZoom: 0 }, tree.leaves, tree.tiles, world, 3), [""]);
});

test("run.mjs: the tree as JSON for a Swift or Python test", () => {
  const runner = fileURLToPath(new URL("run.mjs", import.meta.url));
  const output = execFileSync("node", [runner, "core/tile-format.js", "quadtreeLists"], { input: JSON.stringify(["111", "", 2]) });
  assert.deepEqual(JSON.parse(output), quadtreeLists("111", "", 2));
});
