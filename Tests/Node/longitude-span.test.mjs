// core/mercator.js narrowestSpan over points (#32 point 4), as a group's map takes it for its
// places and outline: the narrowest span of longitude across the antimeridian as Leaflet takes it,
// against a brute force that tries every longitude as the western edge.
import { test } from "node:test";
import assert from "node:assert/strict";
import { narrowestSpan } from "../../templates/assets/core/mercator.js";

const longitudeSpan = (lons) => narrowestSpan(lons.map((lon) => ({ west: lon, east: lon })));

// The narrowest width found by trying each longitude as the west: the widest eastward step from it
// to any other longitude.
function bruteWidth(lons) {
  let best = Infinity;
  for (const west of lons) {
    const width = Math.max.apply(null, lons.map((lon) => ((lon - west) % 360 + 360) % 360));
    best = Math.min(best, width);
  }
  return best;
}

function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

test("a group split at ±180 as Fiji is: 177 to 182, not the whole world", () => {
  assert.deepEqual(longitudeSpan([177, 178, 180, -180, -179, -178]), { west: 177, east: 182 });
  assert.deepEqual(longitudeSpan([179.9, -179.9]), { west: 179.9, east: 180.1 });
  assert.deepEqual(longitudeSpan([-75, -74.5, -74]), { west: -75, east: -74 });
  assert.deepEqual(longitudeSpan([]), { west: -180, east: 180 });
});

test("random longitudes: the width of the brute force, every longitude inside", () => {
  const next = random(32);
  for (let round = 0; round < 500; round++) {
    const centre = next() * 360 - 180, spread = next() * (round % 2 ? 20 : 300);
    const lons = [];
    for (let i = 0; i < 1 + Math.floor(next() * 12); i++) {
      let lon = centre + (next() - 0.5) * spread;
      if (lon > 180) lon -= 360;
      if (lon < -180) lon += 360;
      lons.push(lon);
    }
    const span = longitudeSpan(lons);
    assert.ok(Math.abs(span.east - span.west - bruteWidth(lons)) < 1e-9, `${lons}: ${JSON.stringify(span)}`);
    for (const lon of lons) {
      assert.ok((lon >= span.west && lon <= span.east) || (lon + 360 >= span.west && lon + 360 <= span.east),
        `${lon} in ${JSON.stringify(span)}`);
    }
  }
});
