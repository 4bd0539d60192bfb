// core/colours.js: which value gets which colour, and the mix of a run of places, against plain
// counting; and the ringed cluster of core/icons.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { colouring, mixOf, OTHER, PALETTE } from "../../templates/assets/core/colours.js";
import { mixedClusterMarkup } from "../../templates/assets/core/icons.js";
import { PlaceSet } from "../../templates/assets/core/filter.js";

test("values by their counts take the palette's colours; ties keep the values' order", () => {
  const field = { values: ["a", "b", "c", "d"], counts: [5, 9, 5, 0], none: 0 };
  const { colours, ofBin, legend } = colouring(field);
  assert.deepEqual(legend.map((entry) => entry.label), ["b", "a", "c"]);
  assert.deepEqual(colours, PALETTE.slice(0, 3));
  assert.deepEqual(Array.from(ofBin.slice(0, 3)), [1, 0, 2]);
});

test("more values than colours: the least common share the grey of Other, with the places of no value", () => {
  const values = Array.from({ length: 14 }, (_, i) => "v" + i);
  const field = { values, counts: values.map((_, i) => 100 - i), none: 3 };
  const { colours, ofBin, legend } = colouring(field);
  assert.equal(legend.length, PALETTE.length);
  assert.equal(legend[legend.length - 1].label, "Other or no value");
  assert.equal(colours[colours.length - 1], OTHER);
  assert.deepEqual(legend[legend.length - 1].bins, [8, 9, 10, 11, 12, 13, 14]);
  for (let bin = 0; bin < 8; bin++) assert.equal(ofBin[bin], bin);
  for (let bin = 8; bin <= 14; bin++) assert.equal(ofBin[bin], legend.length - 1);
});

test("a field with places of no value and few values: No value is grey", () => {
  const { legend, ofBin } = colouring({ values: ["x"], counts: [2], none: 1 });
  assert.deepEqual(legend.map((entry) => [entry.label, entry.bins]), [["x", [0]], ["No value", [1]]]);
  assert.equal(ofBin[1], 1);
});

test("the mix of a run of places counts each colour, of the set's places only", () => {
  const field = { values: ["a", "b", "c"], counts: [3, 2, 1], none: 1 };
  const column = [0, 1, 2, 3, 0, 0, 1];
  const { ofBin, colours } = colouring(field);
  const set = PlaceSet.union(7, [[0, 2, 3, 5, 6]]);
  for (let from = 0; from < 7; from++) {
    for (let to = from; to <= 7; to++) {
      for (const only of [null, set]) {
        const expected = new Array(colours.length).fill(0);
        for (let n = from; n < to; n++) if (!only || only.has(n)) expected[ofBin[column[n]]]++;
        assert.deepEqual(mixOf(column, ofBin, colours.length, from, to, only), expected);
      }
    }
  }
});

test("a ringed cluster: an arc a colour in proportion, the count inside", () => {
  const icon = mixedClusterMarkup(150, [100, 0, 50], ["#ff0000", "#00ff00", "#0000ff"], "layer-x");
  assert.equal(icon.className, "map-cluster mixed-cluster layer-x");
  assert.deepEqual(icon.iconSize, [42, 42]);
  const arcs = [...icon.html.matchAll(/stroke="(#[0-9a-f]{6})" stroke-width="6" stroke-dasharray="([0-9.]+) /g)];
  assert.deepEqual(arcs.map((arc) => arc[1]), ["#ff0000", "#0000ff"]);
  assert.deepEqual(arcs.map((arc) => Number(arc[2])), [66.667, 33.333]);
  assert.match(icon.html, />150<\/text>/);
});
