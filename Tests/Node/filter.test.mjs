// core/filter.js: place sets and their ranks against plain arrays, the query a selection is
// written to and read from, and the matching places and counts against a brute force over each
// place's values.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  PlaceSet, countsIn, decodeNumbers, intersection, isActive, matching, queryFromSelection, selectedBins, selectedFiles,
  selectedPaths, selectionFromQuery, selectionGroups,
} from "../../templates/assets/core/filter.js";

// A random generator with a seed, so that a failure can be run again.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function randomList(next, size, share) {
  const list = [];
  for (let i = 0; i < size; i++) if (next() < share) list.push(i);
  return list;
}

test("numbers are read from their differences", () => {
  assert.deepEqual(Array.from(decodeNumbers({ n: [3, 1, 4, 10] })), [3, 4, 8, 18]);
  assert.deepEqual(Array.from(decodeNumbers({ n: [] })), []);
});

test("a union, an intersection, and every rank and count agree with plain arrays", () => {
  const next = random(7);
  for (const size of [1, 31, 32, 33, 64, 1000, 4099]) {
    const a = randomList(next, size, 0.3), b = randomList(next, size, 0.6), c = randomList(next, size, 0.05);
    const union = PlaceSet.union(size, [a, c]);
    const both = union.and(PlaceSet.union(size, [b]));
    const expected = Array.from(new Set(a.concat(c))).filter((n) => b.includes(n)).sort((x, y) => x - y);
    for (let n = 0; n < size; n++) assert.equal(both.has(n), expected.includes(n), "has " + n + " of " + size);
    for (let trial = 0; trial < 50; trial++) {
      const from = Math.floor(next() * (size + 1)), to = from + Math.floor(next() * (size + 1 - from));
      assert.equal(both.count(from, to), expected.filter((n) => n >= from && n < to).length);
    }
    assert.equal(both.total, expected.length);
    // The least member at or above each number, as a scan of the plain array finds it.
    for (let n = 0; n <= size; n++) {
      const found = expected.find((m) => m >= n);
      assert.equal(both.next(n), found === undefined ? -1 : found, "next from " + n + " of " + size);
    }
  }
});

const index = {
  count: 8,
  fields: [
    { field: "year", type: "year", edges: [1900, 1910, 1920, 1930], counts: [2, 3, 2], none: 1 },
    { field: "borough", type: "values", values: ["Bronx", "Brooklyn", "Manhattan"], counts: [3, 3, 1], none: 1 },
    { field: "value", type: "range", format: "currency", symbol: "$", edges: [0, 100, 1000, 10000], counts: [3, 3, 2], none: 0 },
  ],
};
// Each place's bin in each field, in number order (what a field's column file holds).
const columns = [
  [0, 1, 1, 2, 3, 0, 1, 2],
  [0, 1, 3, 0, 1, 2, 0, 1],
  [0, 1, 2, 0, 1, 2, 0, 1],
];
const binList = (f, bin) => columns[f].map((b, n) => (b === bin ? n : -1)).filter((n) => n >= 0);
// The numbers of a selection's files, each file's made from the bins it stands for.
// The bins a file's name stands for: "none", a bin ("5"), or a block ("b<level>-<index>").
function binsOfName(field, name) {
  if (name === "none") return [field.counts.length];
  if (name[0] !== "b") return [Number(name)];
  const [level, block] = name.slice(1).split("-").map(Number);
  const bins = [];
  for (let bin = block << level; bin < (block + 1) << level; bin++) bins.push(bin);
  return bins;
}
// The places of field f's file `name`, ascending.
const fileList = (f, name) => binsOfName(index.fields[f], name).flatMap((bin) => binList(f, bin)).sort((a, b) => a - b);
const filesOf = (selection) => (f) => selectedFiles(index.fields[f], selection[f]).map((file) => fileList(f, file.name));

// A random choice in each field, or none with probability `skip`: two values, or a range of bins.
function randomSelection(next, skip) {
  return index.fields.map((field) => {
    if (next() < skip) return null;
    const bins = field.counts.length + 1;
    if (field.values) return { bins: new Set([Math.floor(next() * bins), Math.floor(next() * bins)]) };
    const from = Math.floor(next() * field.counts.length);
    return { from: from, to: from + 1 + Math.floor(next() * (field.counts.length - from)) };
  });
}

test("a selection is read from the query and written back", () => {
  const selection = selectionFromQuery("year=1910..1919&borough=Bronx&borough=&value=100..", index);
  assert.deepEqual(selectedBins(index.fields[0], selection[0]), [1]);
  assert.deepEqual(selectedBins(index.fields[1], selection[1]), [0, 3]);
  assert.deepEqual(selectedBins(index.fields[2], selection[2]), [1, 2]);
  assert.equal(queryFromSelection(selection, index), "year=1910..1919&borough=Bronx&borough=&value=100..");
  assert.deepEqual(selectionFromQuery("dataset=x&borough=Nowhere&year=abc", index), [null, null, null]);
  assert.equal(isActive(selectionFromQuery("", index)), false);
  // A year's last year is included; a number's upper end is the edge the range stops below.
  assert.deepEqual(selectedBins(index.fields[0], selectionFromQuery("year=1905..1925", index)[0]), [0, 1, 2]);
  assert.deepEqual(selectedBins(index.fields[2], selectionFromQuery("value=..1000", index)[2]), [0, 1]);
  assert.equal(queryFromSelection(selectionFromQuery("year=1900..1929", index), index), "");
});

test("the matching places and each bin's counts agree with a brute force over the columns", () => {
  const next = random(11);
  for (let trial = 0; trial < 200; trial++) {
    const selection = randomSelection(next, 0.4);
    const wanted = (n, except) => selection.every((chosen, f) => f === except || !chosen ||
      selectedBins(index.fields[f], chosen).includes(columns[f][n]));
    const set = matching(index, selection, filesOf(selection), -1);
    for (let n = 0; n < index.count; n++) assert.equal(set ? set.has(n) : true, wanted(n, -1));
    index.fields.forEach((field, f) => {
      const others = matching(index, selection, filesOf(selection), f);
      const expected = new Array(field.counts.length + 1).fill(0);
      for (let n = 0; n < index.count; n++) if (wanted(n, f)) expected[columns[f][n]]++;
      assert.deepEqual(countsIn(field, columns[f], others), expected);
    });
  }
});

test("a range is read from the fewest whole blocks of bins and single bins", () => {
  const years = { type: "year", edges: Array.from({ length: 12 }, (_, i) => 1900 + i), counts: [1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1], none: 0 };
  const names = (from, to) => selectedFiles(years, { from: from, to: to }).map((file) => file.name);
  assert.deepEqual(names(0, 11), ["b3-0", "b1-4", "10"]);
  assert.deepEqual(names(1, 9), ["1", "b1-1", "8"]);  // bins 4–7 hold no places: no file
  assert.deepEqual(names(3, 4), ["3"]);
  assert.deepEqual(selectedFiles(years, { from: 0, to: 8 }).map((file) => file.count), [4]);
});

test("two fields of a pair are read from the pair's files alone, which hold the places of both", () => {
  // Borough (field 1) with year (0) and with value (2), as the build pairs them: for each
  // borough (none last), a mask of the range's bins holding any of its places.
  const mask = (a, b, v) => {
    const held = Array.from({ length: index.fields[b].counts.length }, (_, bin) =>
      columns[a].some((x, n) => x === v && columns[b][n] === bin));
    let hex = "";
    for (let at = 0; at < held.length; at += 4) {
      hex += held.slice(at, at + 4).reduce((digit, on, bit) => digit | (on ? 1 << bit : 0), 0).toString(16);
    }
    return hex.replace(/0+$/, "");
  };
  const pairs = [[1, 0], [1, 2]].map(([a, b]) => ({
    fields: [a, b], bins: Array.from({ length: index.fields[a].counts.length + 1 }, (_, v) => mask(a, b, v)),
  }));
  const paired = Object.assign({}, index, { pairs: pairs });
  // A file's places, by its path: a field's, or a pair's (value v of a, within the range's bins).
  const placesOf = (path) => {
    const parts = path.replace(/\.json$/, "").split("/");
    if (parts[0] !== "pairs") return fileList(Number(parts[0]), parts[1]);
    const [a, b] = parts[1].split("-").map(Number);
    const v = parts[2] === "none" ? index.fields[a].counts.length : Number(parts[2]);
    const bins = binsOfName(index.fields[b], parts[3]);
    return columns[a].map((x, n) => (x === v && bins.includes(columns[b][n]) ? n : -1)).filter((n) => n >= 0);
  };
  const next = random(23);
  let pairsRead = 0;
  for (let trial = 0; trial < 300; trial++) {
    const selection = randomSelection(next, 0.3);
    const groups = selectionGroups(paired, selection);
    const paths = groups.flat();
    assert.deepEqual(selectedPaths(paired, selection), paths);
    // Every file named holds places (the build writes no empty file), and a pair stands for both.
    for (const path of paths) assert.ok(placesOf(path).length > 0, path + " holds no place");
    if (paths.some((path) => path.startsWith("pairs/"))) {
      pairsRead++;
      assert.equal(groups.length, selection.filter(Boolean).length - 1);
    }
    const set = intersection(index.count, groups.map((group) => group.map(placesOf)));
    const expected = matching(index, selection, filesOf(selection), -1);
    for (let n = 0; n < index.count; n++) assert.equal(set ? set.has(n) : true, expected ? expected.has(n) : true);
  }
  assert.ok(pairsRead > 50, "only " + pairsRead + " selections read a pair");
});
