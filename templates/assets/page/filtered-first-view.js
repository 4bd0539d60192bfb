// What the first view of a map page with a filter in its query needs before Leaflet
// (first-view.js): the dataset's Explore with the query's places chosen. Written as one script
// with the modules it imports inside it (ModuleBundle.swift), which the page asks for with its
// own, so that the filter's files are asked for a round trip after the page's scripts.
import { Explore } from "../core/explore.js";
import { Tileset } from "../core/tileset.js";

// A promise of the Explore of the carried first view's dataset (`data`, #map-first-view), its
// tiles those the page carries, `summary` the filter index the page carries (#map-filters), with
// the selection `query` names chosen and the index read.
export function carriedExplore(root, data, summary, query) {
  const tileset = new Tileset(root, data.dataset);
  for (const key of Object.keys(data.tiles)) tileset.cache[key] = Promise.resolve(data.tiles[key]);
  const explore = new Explore(tileset, undefined, summary);
  return Promise.all([explore.selectQuery(query), explore.load()]).then(() => explore);
}
