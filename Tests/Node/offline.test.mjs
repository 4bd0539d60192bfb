// core/offline.js: a saved tour's cache names, sizes as text and the basemap's images along it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cacheName, isTourCache, megabytes, basemapImages, BASEMAP_MAX_TILES } from "../../templates/assets/core/offline.js";

test("cache names: this site's, any build, this tour only", () => {
  assert.equal(cacheName("/demo/", "ab12", "loop walk"), "mapsite /demo/ ab12 tour loop walk");
  assert.ok(isTourCache("mapsite /demo/ ab12 tour loop walk", "/demo/", "loop walk"));
  assert.ok(isTourCache("mapsite /demo/ cd34 tour loop walk", "/demo/", "loop walk"));
  assert.ok(!isTourCache("mapsite /demo/ ab12 tour loop", "/demo/", "loop walk"));
  assert.ok(!isTourCache("mapsite /other/ ab12 tour loop walk", "/demo/", "loop walk"));
  assert.ok(!isTourCache("mapsite /demo/ ab12 shell", "/demo/", "loop walk"));
});

test("sizes", () => {
  assert.equal(megabytes(0), "0 kB");
  assert.equal(megabytes(12345), "12 kB");
  assert.equal(megabytes(2345678), "2.3 MB");
});

test("the basemap's images over the way, three zooms from the map's, none past 16", () => {
  const template = "https://{s}.tile.example/{z}/{x}/{y}{r}.png";
  const points = [[41.88, -87.63], [41.89, -87.62]];
  const urls = basemapImages(template, points, 14, 19);
  const zooms = new Set(urls.map((url) => Number(url.split("/")[3])));
  assert.deepEqual([...zooms], [14, 15, 16]);
  assert.ok(urls.every((url) => url.startsWith("https://a.tile.example/") && url.endsWith(".png")), urls[0]);
  // The two places, with 0.01° around them, at zoom 14: columns 4203 and 4204, rows 6088 and 6089.
  assert.deepEqual(urls.filter((url) => url.includes("/14/")), ["4203/6088", "4203/6089", "4204/6088", "4204/6089"]
    .map((tile) => "https://a.tile.example/14/" + tile + ".png"));
  assert.deepEqual(new Set(basemapImages(template, points, 15, 15).map((url) => url.split("/")[3])), new Set(["15"]));
  assert.equal(basemapImages(template, [[0, -170], [60, 170]], 6, 19).length, BASEMAP_MAX_TILES);
});
