import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../templates/assets/core/storage.js";

// localStorage as a Map: strings in, strings (or null) out.
function fakeStorage() {
  const map = new Map();
  return {
    map,
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => { map.set(key, String(value)); },
  };
}

test("values are kept as JSON under mapsite-<name>:<site root>", () => {
  const storage = fakeStorage();
  const { stored, store } = createStore(storage, "/demo/");
  assert.equal(stored("radius", 500), 500);
  assert.equal(store("radius", 1000), true);
  assert.equal(storage.map.get("mapsite-radius:/demo/"), "1000");
  assert.equal(stored("radius", 500), 1000);
  // Another site on the same origin keeps its own.
  assert.equal(createStore(storage, "/other/").stored("radius", 500), 500);
});

test("a value that is not JSON, or null, gives the fallback", () => {
  const storage = fakeStorage();
  storage.setItem("mapsite-a:/", "{not json");
  storage.setItem("mapsite-b:/", "null");
  const { stored } = createStore(storage, "/");
  assert.equal(stored("a", "x"), "x");
  assert.equal(stored("b", "y"), "y");
});

test("without storage, or when it refuses, every value is its fallback and nothing is kept", () => {
  const none = createStore(null, "/");
  assert.equal(none.stored("a", 1), 1);
  assert.equal(none.store("a", 2), false);
  assert.deepEqual(none.favourites.list(), []);
  const full = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("quota"); } };
  const refused = createStore(full, "/");
  assert.equal(refused.stored("a", 1), 1);
  assert.equal(refused.store("a", 2), false);
  assert.equal(refused.favourites.add({ dataset: "d", id: "1" }), false);
});

test("favourites: newest first, one entry per place, removed by dataset and id", () => {
  const storage = fakeStorage();
  const { favourites } = createStore(storage, "/site/");
  const a = { dataset: "cafes", id: "1", title: "A", path: "cafes/1/", lat: 1, lon: 2 };
  const b = { dataset: "cafes", id: "2", title: "B", path: "cafes/2/", lat: 3, lon: 4 };
  const c = { dataset: "parks", id: "1", title: "C", path: "parks/1/", lat: 5, lon: 6 };
  assert.equal(favourites.has("cafes", "1"), false);
  assert.equal(favourites.add(a), true);
  favourites.add(b);
  favourites.add(c);
  assert.deepEqual(favourites.list().map((f) => f.title), ["C", "B", "A"]);
  assert.equal(favourites.has("cafes", "1"), true);
  assert.equal(favourites.has("parks", "2"), false);
  // Added again: moved to the front, not doubled.
  favourites.add({ ...a, title: "A again" });
  assert.deepEqual(favourites.list().map((f) => f.title), ["A again", "C", "B"]);
  favourites.remove("cafes", "2");
  assert.deepEqual(favourites.list().map((f) => f.title), ["A again", "C"]);
  assert.deepEqual(JSON.parse(storage.map.get("mapsite-favourites:/site/")), favourites.list());
  favourites.save([]);
  assert.deepEqual(favourites.list(), []);
});
