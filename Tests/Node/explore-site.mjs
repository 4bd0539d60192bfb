// Answers filter queries over a built site's files with the browser's own modules
// (core/explore.js, core/tileset.js), for the oracle tests in Python (Tests/Browser/test_explore.py):
// `node Tests/Node/explore-site.mjs SITE_DIR` reads a JSON list of {dataset, query, near?: [lat,
// lon, k], colour?: f} on standard input and prints, for each, the matching places' ids, each
// field's counts under the other fields' filters, for every zoom of the tile tree how many places
// its cells and point tiles show, whether a pair of fields' files were read, the k nearest
// matching places, the filtered list's slugs in order and the ids of the downloads cut to the
// matches; coloured by field f, how many of each colour every zoom shows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Explore } from "../../templates/assets/core/explore.js";
import { Tileset } from "../../templates/assets/core/tileset.js";
import { FilteredList } from "../../templates/assets/core/filtered-list.js";
import { selectedPaths } from "../../templates/assets/core/filter.js";
import { cutCSV, cutGeoJSON } from "../../templates/assets/core/download-cut.js";

function reader(site) {
  return (url) => {
    try {
      return Promise.resolve(JSON.parse(readFileSync(join(site, url), "utf8")));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

// How many matching places the map shows at zoom z over the whole world: the cells two zooms
// under each cluster tile at z, and the matching places of the point tiles at or above z.
// With colours, also how many of each colour: the cells' mixes and the pins' colours.
function shownAt(explore, tiles, z) {
  let shown = 0;
  const colours = explore.colours ? new Array(explore.colours.colours.length).fill(0) : null;
  for (const key of tiles.clusters) {
    if (key.length !== z) continue;
    for (const cell of explore.cells(key, 2)) {
      shown += cell.count;
      if (colours) cell.mix.forEach((n, i) => { colours[i] += n; });
    }
  }
  const covered = (key) => key.length <= z || !Array.from(tiles.clusters).some((c) => c.length === z && key.startsWith(c));
  const leaves = tiles.leafOrder.filter(covered);
  return Promise.all(leaves.map((key) => tiles.tile(key).then((tile) => tile.p.filter((p, i) => {
    if (!explore.matches(key, i)) return false;
    if (colours) colours[explore.colourAt(key, i)]++;
    return true;
  }).length))).then((counts) => {
    shown += counts.reduce((sum, n) => sum + n, 0);
    return colours ? { shown, colours } : shown;
  });
}

async function answer(site, request) {
  const tiles = new Tileset("", request.dataset, reader(site));
  const explore = await new Explore(tiles, reader(site)).load();
  await explore.selectQuery(request.query);
  if (request.colour !== undefined) await explore.colourBy(request.colour);
  const ids = [];
  for (const key of tiles.leafOrder) {
    const tile = await tiles.tile(key);
    tile.p.forEach((p, i) => { if (explore.matches(key, i)) ids.push(p[2]); });
  }
  const counts = [];
  for (let f = 0; f < explore.index.fields.length; f++) counts.push(await explore.counts(f));
  const depth = Math.max(0, ...Array.from(tiles.clusters).map((key) => key.length)) + 1;
  const zooms = [];
  for (let z = 0; z <= depth; z++) zooms.push(await shownAt(explore, tiles, z));
  let near = null;
  if (request.near) {
    const [lat, lon, k] = request.near;
    const found = await tiles.nearest(lat, lon, k, null, (key, i) => explore.matches(key, i));
    near = found.map((p) => [p.id, p.distance]);
  }
  // The list a page of 7 at a time, as its pages ask for it, and the downloads cut to the matches.
  const list = new FilteredList(explore);
  const listed = [];
  for (let from = 0; from < list.total; from += 7) {
    for (const place of await list.places(await list.numbers(from, from + 7))) listed.push(place[4]);
  }
  const keep = await list.rows();
  const whole = (kind) => readFileSync(join(site, "downloads", request.dataset + "." + kind), "utf8");
  const features = JSON.parse(cutGeoJSON(whole("geojson"), keep)).features;
  return {
    total: explore.total, query: explore.query, ids: ids.sort(), counts, zooms, near,
    paired: selectedPaths(explore.index, explore.selection).some((path) => path.startsWith("pairs/")),
    legend: explore.colours ? explore.colours.legend.map((entry) => entry.label) : null, listed, downloaded: features.map((feature) => feature.id), csv: cutCSV(whole("csv"), keep),
  };
}

async function main(site) {
  const requests = JSON.parse(readFileSync(0, "utf8"));
  const answers = [];
  for (const request of requests) answers.push(await answer(site, request));
  process.stdout.write(JSON.stringify(answers) + "\n");
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
