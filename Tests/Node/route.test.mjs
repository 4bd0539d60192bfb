// core/route.js: the shortest order through a visitor's places, against the build's planner
// (TourPlanner) on the cases RouteCasesTests.swift writes (route/cases.json): the same length to
// the centimetre and the same answer on whether it is proven shortest.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { distance } from "../../templates/assets/core/geo.js";
import { PROOF, TOLERANCE, plan, shortest } from "../../templates/assets/core/route.js";

const shared = JSON.parse(readFileSync(new URL("../Fixtures/browser/route/cases.json", import.meta.url), "utf8"));

function pathLength(order, points) {
  let total = 0;
  for (let i = 1; i < order.length; i++) {
    const a = points[order[i - 1]], b = points[order[i]];
    total += distance(a[0], a[1], b[0], b[1]);
  }
  return total;
}

function assertEveryPlaceOnce(order, count, name) {
  assert.deepEqual(order.slice().sort((a, b) => a - b), Array.from({ length: count }, (_, i) => i), `${name}: every place once`);
}

test("the shared cases: the build's proven length and the same answer on the proof", () => {
  assert.equal(TOLERANCE, shared.tolerance, "the same tolerance as CycleBound.swift");
  assert.ok(shared.cases.length >= 20);
  for (const { name, points, length, proven } of shared.cases) {
    const found = plan(points);
    assertEveryPlaceOnce(found.order, points.length, name);
    const metres = pathLength(found.order, points);
    assert.equal(found.proven, proven, `${name}: proven ${found.proven}, the build's ${proven}`);
    // The file's lengths are to the millimetre.
    assert.ok(Math.abs(metres - length) <= TOLERANCE + 0.0005, `${name}: ${metres} m, the build's ${length} m`);
    assert.ok(Math.abs(found.bound - metres) <= 1e-6, `${name}: a proven order's bound is its length`);
  }
});

test("places at one spot are visited one after another", () => {
  const points = [];
  for (let i = 0; i < 20; i++) points.push(i % 2 ? [51.5, -0.12] : [51.51, -0.12]);
  for (let j = 0; j < 10; j++) points.push([51.5 + j * 0.001, -0.13]);
  const { order, proven } = plan(points);
  assert.ok(proven);
  for (const spot of [0, 1]) {
    const at = order.map((place, index) => (place < 20 && place % 2 === spot ? index : -1)).filter((i) => i >= 0);
    assert.deepEqual(at, Array.from({ length: 10 }, (_, i) => at[0] + i), `spot ${spot} split: ${order}`);
  }
});

test("none, one and two places; shortest is plan's order", () => {
  assert.deepEqual(plan([]), { order: [], proven: true, bound: 0 });
  assert.deepEqual(plan([[10, 20]]), { order: [0], proven: true, bound: 0 });
  const two = plan([[0, 179.9], [0, -179.9]]);
  assert.deepEqual(two.order, [0, 1]);
  assert.ok(two.bound > 22000 && two.bound < 22300, `the short way across the antimeridian: ${two.bound} m`);
  const points = shared.cases[shared.cases.length - 1].points;
  assert.deepEqual(shortest(points), plan(points).order);
});

test("beyond PROOF places, a bound below the order's length, and not proven", () => {
  const points = [];
  let state = 11;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  for (let i = 0; i < PROOF + 5; i++) points.push([40.7 + next() * 0.1, -74.02 + next() * 0.09]);
  const found = plan(points);
  assertEveryPlaceOnce(found.order, points.length, "beyond PROOF");
  const metres = pathLength(found.order, points);
  assert.equal(found.proven, false);
  assert.ok(found.bound <= metres && found.bound > 0.9 * metres, `bound ${found.bound} m, length ${metres} m`);
});
