// One dataset's tiles (docs/tile-format.md, docs/tile-format-shapes.md): the manifest, tiles
// fetched once and kept, the tiles over a view, and the exact k nearest places.
import { bearing, distance, lowerBound, shapeDistance } from "./geo.js";
import { tileBounds, tileOf } from "./mercator.js";
import { FORMAT_VERSION, SHAPE_TREE_CUT, keysIn, quadtree, reaches, viewKeys } from "./tile-format.js";

// A JSON file by URL, through fetch.
function fetchFromNetwork(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response.json();
  });
}

function byTitle(a, b) { return a.title < b.title ? -1 : a.title > b.title ? 1 : 0; }

function byDistance(a, b) { return a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); }

// The places of a point tile as near() lists them, measured from (lat, lon): to the whole shape
// when the tile's whole file has one for the place (whole.g: [index, kind, coordinates]), else to
// its point.
function measured(lat, lon, tile, whole) {
  const shapes = {};
  for (const g of whole.g) shapes[g[0]] = g;
  return tile.p.map((p, i) => {
    const place = { lat: p[0], lon: p[1], id: p[2], title: p[3], slug: p[4], thumbnail: p[5] };
    const shape = shapes[i];
    const near = shape ? shapeDistance(lat, lon, shape[1], shape[2])
      : { distance: distance(lat, lon, p[0], p[1]), lat: p[0], lon: p[1], inside: false };
    place.distance = near.distance;
    place.inside = near.inside;
    place.geometry = shape ? { kind: shape[1], coordinates: shape[2] } : null;
    place.bearing = bearing(lat, lon, near.lat, near.lon);
    return place;
  });
}

// One dataset's tiles: the manifest, and tiles fetched once and kept. `root` is the site's root
// URL (ending in "/"), `name` the dataset's; `fetchJSON(url)` (a promise of the parsed file)
// reads the files, by default over the network.
export class Tileset {
  constructor(root, name, fetchJSON = fetchFromNetwork) {
    this.root = root;
    this.name = name;
    this.base = root + "tiles/" + name + "/";
    this.cache = {};
    this.manifest = null;
    this.fetchJSON = fetchJSON;
  }

  // A promise of this tileset once its manifest is read.
  load() {
    if (this.ready) return this.ready;
    this.ready = this.fetchJSON(this.base + "index.json").then((manifest) => this.read(manifest));
    return this.ready;
  }

  // Reads `manifest` as load() would have fetched it: a page that carries it (filtered-first-view.js).
  use(manifest) {
    this.ready = Promise.resolve(manifest).then((m) => this.read(m));
    this.ready.catch(() => {});  // said by whoever waits for load()
  }

  // The manifest read: its trees of point and shape tiles.
  read(manifest) {
    if (manifest.version !== FORMAT_VERSION) {
      throw new Error("the map data of " + this.name + " is in tile format version " + manifest.version +
        ", but this page reads version " + FORMAT_VERSION + ": the site needs rebuilding with one version of mapsite");
    }
    this.manifest = manifest;
    const tree = quadtree(manifest.shapes ? manifest.shapes.tree : "", "", SHAPE_TREE_CUT);
    this.shapeLeaves = tree.leaves;
    this.shapeTiles = tree.tiles;
    this.shapeCuts = tree.cuts;
    const points = quadtree(manifest.tree);
    this.leaves = points.leaves;
    this.clusters = points.tiles;
    this.leafOrder = points.order;
    this.reach = reaches(points.order, manifest.reach);
    return this;
  }

  // The file of the tile at key (a quadkey, after a folder such as "shapes/" for other kinds),
  // fetched once.
  tile(key) {
    if (!this.cache[key]) {
      const folder = key.lastIndexOf("/") + 1;
      const t = tileOf(key.slice(folder));
      const url = this.base + key.slice(0, folder) + t.z + "/" + t.x + "/" + t.y + ".json";
      this.cache[key] = this.fetchJSON(url).then((tile) => {
        // With no network, the service worker answers a tile this device never kept as an empty
        // one marked offline (sw.js): counted, so that near me can say its answer may be short.
        if (tile.offline) this.notSaved = (this.notSaved || 0) + 1;
        return tile;
      }, (error) => {
        delete this.cache[key];
        throw error;
      });
    }
    return this.cache[key];
  }

  // The shape tile at key, fetched once.
  shapeTile(key) {
    return this.tile("shapes/" + key);
  }

  // A promise of the keys of the shape tiles that draw the view at zoom z: leaves at or above z,
  // and the simplified tiles at z. The manifest's shape tree stops at zoom 4; the subtrees of the
  // tiles cut above z over the view are fetched first (tree/<z>/<x>/<y>.json), once each.
  shapeKeysFor(bounds, z) {
    const zoom = Math.max(0, Math.min(z, this.manifest.maxZoom));
    const wanted = new Set();
    for (const key of viewKeys(bounds, zoom)) {
      for (let i = 0; i < key.length; i++) if (this.shapeCuts.has(key.slice(0, i))) wanted.add(key.slice(0, i));
    }
    if (!wanted.size) return Promise.resolve(keysIn(this.manifest, this.shapeLeaves, this.shapeTiles, bounds, zoom));
    return Promise.all(Array.from(wanted).map((key) => this.shapeSubtree(key))).then(() => this.shapeKeysFor(bounds, zoom));
  }

  // Reads the subtree of the cut shape tile at key into the tree, once.
  shapeSubtree(key) {
    return this.tile("tree/" + key).then((file) => {
      if (!this.shapeCuts.has(key)) return;
      this.shapeCuts.delete(key);
      // With no network, a file this device never kept comes as an empty tile (sw.js): the
      // tiles under it stay unknown.
      const tree = quadtree(file.t || "", key, SHAPE_TREE_CUT);
      tree.leaves.forEach((k) => this.shapeLeaves.add(k));
      tree.tiles.forEach((k) => this.shapeTiles.add(k));
      tree.cuts.forEach((k) => this.shapeCuts.add(k));
    });
  }

  // Whether the map draws this dataset's pins and clusters at zoom z: not where every place is
  // a polygon drawn whole in the shape tiles (from the manifest's shapes.pointsBelow on).
  needsPointsAt(z) {
    const shapes = this.manifest.shapes;
    return !shapes || typeof shapes.pointsBelow !== "number" || z < shapes.pointsBelow;
  }

  // The keys of the tiles that show the view at zoom z: point tiles (leaves at or above z)
  // and cluster tiles at z.
  keysFor(bounds, z) {
    return keysIn(this.manifest, this.leaves, this.clusters, bounds, z);
  }

  // The point tiles by the lower bound of their distance from (lat, lon), nearest first. A place
  // with a shape lies within its tile's reach of the point that puts it there: the bound is the
  // box's less that reach.
  leavesByBound(lat, lon) {
    return this.leafOrder.map((key) => {
      const t = tileOf(key);
      // Points beyond Web Mercator's ±85.05° lie in the top and bottom rows: stretch them to the poles.
      const box = tileBounds(t.z, t.x, t.y);
      if (t.y === 0) box.north = 90;
      if (t.y === Math.pow(2, t.z) - 1) box.south = -90;
      return { key: key, bound: Math.max(0, lowerBound(lat, lon, box) - (this.reach[key] || 0)) };
    }).sort((a, b) => a.bound - b.bound || (a.key < b.key ? -1 : 1));
  }

  // The k nearest places to a point, exact: leaves are read nearest-first by their lower bound
  // until the k-th best distance found is no greater than the next leaf's bound. A place with a
  // shape is measured to its whole geometry (the "g" of the tile's file under whole/). The result
  // also lists, as .inside, every polygon holding the point (their bound is 0, so every leaf that
  // can hold one is read). onRead(key) is called for each point tile read; with accept(key,
  // index), only the places of point tiles it accepts count (a filter's: core/explore.js).
  nearest(lat, lon, k, onRead, accept) {
    return this.load().then(() => {
      const order = this.leavesByBound(lat, lon);
      const best = [];
      const inside = [];
      let index = 0;
      const step = () => {
        const limit = best.length === k ? best[k - 1].distance : Infinity;
        if (index >= order.length || order[index].bound > limit) {
          best.inside = inside.sort(byTitle);
          return best;
        }
        const entry = order[index++];
        // A point tile with places that have shapes has their whole shapes in a file beside it.
        const whole = entry.key in this.reach ? this.tile("whole/" + entry.key) : Promise.resolve({ g: [] });
        return Promise.all([this.tile(entry.key), whole]).then((both) => {
          if (onRead) onRead(entry.key);
          const places = measured(lat, lon, both[0], both[1]);
          for (const place of accept ? places.filter((p, i) => accept(entry.key, i)) : places) {
            best.push(place);
            if (place.inside) inside.push(place);
          }
          best.sort(byDistance);
          if (best.length > k) best.length = k;
          return step();
        });
      };
      return step();
    });
  }
}
