// core/download-cut.js against the build: cutting the whole downloads down to their even rows
// gives, byte for byte, the downloads the build writes for the even rows alone
// (Tests/Fixtures/browser/downloads/, written by DownloadFixtureTests.swift).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { cutCSV, cutGeoJSON } from "../../templates/assets/core/download-cut.js";

const folder = new URL("../Fixtures/browser/downloads/", import.meta.url);
const read = (name) => readFileSync(new URL(name, folder), "utf8");
const even = (row) => row % 2 === 0;

for (const name of ["cells", "shapes"]) {
  test(name + ".csv cut to its even rows is the build's CSV of them", () => {
    assert.equal(cutCSV(read(name + ".csv"), even), read(name + "-even.csv"));
  });
  test(name + ".geojson cut to its even rows is the build's GeoJSON of them", () => {
    const cut = cutGeoJSON(read(name + ".geojson"), even);
    assert.equal(cut, read(name + "-even.geojson"));
    JSON.parse(cut);
  });
  test(name + ": keeping every row gives the whole files, keeping none the header alone", () => {
    assert.equal(cutCSV(read(name + ".csv"), () => true), read(name + ".csv"));
    assert.equal(cutGeoJSON(read(name + ".geojson"), () => true), read(name + ".geojson"));
    assert.equal(cutCSV(read(name + ".csv"), () => false), read(name + ".csv").split("\r\n")[0] + "\r\n");
    assert.deepEqual(JSON.parse(cutGeoJSON(read(name + ".geojson"), () => false)).features, []);
  });
}
