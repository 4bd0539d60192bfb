// Near me's answers over a built site's files, with the browser's own modules (core/tileset.js,
// core/geo.js), for many points in one process, for the Python tests
// (Tests/Browser/test_natural_earth_airports.py):
//
//     node Tests/Node/near-site.mjs SITE < request.json
//
// The request is {"dataset": name, "k": k, "points": [[lat, lon], …], "full": [i, …]}. For every
// point it prints {inside}: the titles of the polygons holding it (what near me's "You are inside
// …" names), by core/geo.js inPolygon, the test near me makes, over the dataset's shapes as near
// me reads them from the whole/ files (a shape the build simplified taken whole through near me's
// own Tileset.trueShape, every edge asked for), those whose box holds the point. For the points
// listed in "full" it also runs near me itself, Tileset.nearest with k, and adds {nearest:
// [[title, metres], …], nearInside: [title, …]}: near me measures every place of the tiles it reads
// (tens of milliseconds a point on Natural Earth's countries, whose few tiles each reach far), too
// slow for each of many thousand points, so the first answers stand for it and the full ones check them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Tileset } from "../../templates/assets/core/tileset.js";
import { inPolygon } from "../../templates/assets/core/geo.js";

function reader(site) {
  return (url) => {
    try {
      return Promise.resolve(JSON.parse(readFileSync(join(site, url), "utf8")));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

// The box of a polygon's [lat, lon] positions; across every longitude when an edge steps more
// than 180° (the short way round it crosses ±180, outside the plain least and greatest longitudes).
function boxOf(polygons) {
  const box = { south: Infinity, north: -Infinity, west: Infinity, east: -Infinity, wraps: false };
  for (const ring of [].concat(...polygons)) {
    ring.forEach((p, i) => {
      box.south = Math.min(box.south, p[0]);
      box.north = Math.max(box.north, p[0]);
      box.west = Math.min(box.west, p[1]);
      box.east = Math.max(box.east, p[1]);
      if (Math.abs(ring[(i + 1) % ring.length][1] - p[1]) > 180) box.wraps = true;
    });
  }
  if (box.wraps) { box.west = -180; box.east = 180; }
  return box;
}

// A shape of a whole file as near me measures it: its coordinates, or, when the build simplified
// it ([index, kind, coordinates, tolerance, parts]), its true coordinates, every edge replaced by
// the true vertices near me reads from its parts when it needs them.
async function coordinatesOf(tiles, key, g) {
  if (g.length <= 3) return g[2];
  if (typeof tiles.trueShape !== "function") throw new Error("a simplified shape, but Tileset has no trueShape");
  const place = { simplified: { key: key, index: g[0], shape: g, boundary: Infinity, slack: 0 } };
  await tiles.trueShape(0, 0, place);
  return place.geometry.coordinates;
}

// Every polygon of the dataset's whole files: {title, polygons, box, simplified}.
async function polygonsOf(tiles) {
  await tiles.load();
  const shapes = [];
  for (const key of tiles.leafOrder) {
    if (!(key in tiles.reach)) continue;
    const [tile, whole] = await Promise.all([tiles.tile(key), tiles.tile("whole/" + key)]);
    for (const g of whole.g) {
      if (g[1] !== 3) continue;
      const polygons = await coordinatesOf(tiles, key, g);
      shapes.push({ title: tile.p[g[0]][3], polygons: polygons, box: boxOf(polygons), simplified: g.length > 3 });
    }
  }
  return shapes;
}

function holds(box, lat, lon) {
  return box.south <= lat && lat <= box.north && box.west <= lon && lon <= box.east;
}

async function main(site) {
  const request = JSON.parse(readFileSync(0, "utf8"));
  const tiles = new Tileset("", request.dataset, reader(site));
  const shapes = await polygonsOf(tiles);
  const full = new Set(request.full || []);
  const answers = [];
  for (let i = 0; i < request.points.length; i++) {
    const [lat, lon] = request.points[i];
    const inside = shapes.filter((shape) => holds(shape.box, lat, lon) &&
      shape.polygons.some((polygon) => inPolygon(lat, lon, polygon)));
    const answer = { inside: inside.map((shape) => shape.title) };
    if (full.has(i)) {
      const found = await tiles.nearest(lat, lon, request.k);
      answer.nearest = found.map((place) => [place.title, place.distance]);
      answer.nearInside = found.inside.map((place) => place.title);
    }
    answers.push(answer);
  }
  const simplified = shapes.filter((shape) => shape.simplified).map((shape) => shape.title);
  process.stdout.write(JSON.stringify({ polygons: shapes.length, simplified, answers }) + "\n");
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
