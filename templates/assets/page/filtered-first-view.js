// What the first view of a map page with a filter in its query needs before Leaflet
// (first-view.js): the dataset's Explore with the query's places chosen, from what the page
// carries (its tile manifest, #map-manifest, and its filter index, #map-filters) and the
// filter's files, which the page asked for itself (filter-preload.js).
import { Explore } from "../core/explore.js";
import { Tileset } from "../core/tileset.js";

function carried(id) {
  const element = document.getElementById(id);
  return element ? JSON.parse(element.textContent) : null;
}

// A promise of the Explore of the carried first view's dataset (`data`, #map-first-view), its
// tiles those the page carries, with the selection `query` names chosen and the index read.
export function carriedExplore(root, data, query) {
  const tileset = new Tileset(root, data.dataset);
  const manifest = carried("map-manifest");
  if (manifest) tileset.use(manifest);
  for (const key of Object.keys(data.tiles)) tileset.cache[key] = Promise.resolve(data.tiles[key]);
  const explore = new Explore(tileset, undefined, carried("map-filters"));
  return Promise.all([explore.selectQuery(query), explore.load()]).then(() => explore);
}
