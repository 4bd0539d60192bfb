// core/filter-cells.js: the numbers of point tiles and of the cells of the quadtree above them,
// and their mean positions, against the leaves listed one by one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Numbering } from "../../templates/assets/core/filter-cells.js";

// Point tiles in the tree's order, each [count, lat, lon].
const order = ["0", "10", "1100", "1101", "1102", "113", "12", "3"];
const leaves = [4, 10, 10, 2, 20, 20, 1, 30, 30, 1, 32, 30, 2, 30, 32, 3, 40, 40, 5, 50, 50, 6, 60, 60];

test("a point tile's first number is the sum of the tiles before it", () => {
  const numbering = new Numbering(order, leaves);
  assert.deepEqual(order.map((key) => numbering.start(key)), [0, 4, 6, 7, 8, 10, 13, 18]);
});

test("the cells under a tile: its descendants grouped a given depth down, or a point tile above", () => {
  const numbering = new Numbering(order, leaves);
  const cells = numbering.cells("1", 2);
  assert.deepEqual(cells.map((c) => [c.key, c.from, c.to]), [["10", 4, 6], ["110", 6, 10], ["113", 10, 13], ["12", 13, 18]]);
  const middle = cells[1];
  assert.ok(Math.abs(middle.lat - (1 * 30 + 1 * 32 + 2 * 30) / 4) < 1e-12);
  assert.ok(Math.abs(middle.lon - (1 * 30 + 1 * 30 + 2 * 32) / 4) < 1e-12);
  assert.deepEqual(numbering.cells("", 1).map((c) => [c.key, c.from, c.to]), [["0", 0, 4], ["1", 4, 18], ["3", 18, 24]]);
  assert.deepEqual(numbering.cells("2", 2), []);
});

test("a filter index that does not fit the tiles is refused", () => {
  assert.throws(() => new Numbering(order, leaves.slice(3)), /rebuild the site/);
});
