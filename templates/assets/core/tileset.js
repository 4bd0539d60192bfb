// One dataset's tiles (docs/tile-format.md, docs/tile-format-shapes.md): the manifest, tiles
// fetched once and kept, the tiles over a view, and the exact k nearest places.
import { bearing, distance, lowerBound, nearestOnEdge, shapeDistance } from "./geo.js";
import { formatDistance } from "./units.js";
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

// How far in metres near me's measures of an edge may be off (EDGE_TOLERANCE, twice over, and
// rounding): added to a simplified shape's tolerance.
const MEASURE_SLACK = 0.05;

// The lines of a whole file's coordinates (kind 1 lines, kind 3 polygons of rings), in the order
// the build numbers their edges: a simplified shape's edges, one after another over its lines.
function linesOf(kind, coordinates) {
  return kind === 1 ? coordinates : [].concat(...coordinates);
}

// The nearest point of a shape's edges to (lat, lon), inside a polygon or not: {distance, lat, lon}.
function nearestEdge(lat, lon, kind, coordinates) {
  const best = { distance: Infinity, lat: lat, lon: lon };
  for (const line of linesOf(kind, coordinates)) {
    for (let i = 0; i + 1 < line.length; i++) nearestOnEdge(lat, lon, line[i], line[i + 1], best);
    if (kind === 3 && line.length > 1) nearestOnEdge(lat, lon, line[line.length - 1], line[0], best);
  }
  return best;
}

// The signed step in degrees from bearing a to bearing b, in -180..180.
function turn(a, b) {
  return ((b - a) % 360 + 540) % 360 - 180;
}

// Whether the compass point near me gives for a simplified shape (the bearing of its nearest
// point) is the true shape's: the true nearest point lies within `slack` metres of a point of
// the simplified edges no farther than `reach`, so its bearing lies within asin(slack / distance)
// of the bearings of those edges' parts within reach (found by halving along each edge).
function compassSure(lat, lon, kind, coordinates, near, slack) {
  if (!(near.distance > 2 * slack)) return false;
  const reach = near.distance + 2 * slack;
  const centre = bearing(lat, lon, near.lat, near.lon);
  const widen = Math.asin(slack / near.distance) * 180 / Math.PI * 1.01 + 1e-6;
  let low = 0, high = 0;
  const at = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + turn(a[1], b[1]) * t];
  const away = (p) => distance(lat, lon, p[0], p[1]);
  const edge = (a, b) => {
    const best = { distance: Infinity };
    nearestOnEdge(lat, lon, a, b, best);
    if (best.distance > reach) return;
    // The foot, as a fraction of the edge, then each end of the part within reach.
    const rise = b[0] - a[0], step = turn(a[1], b[1]);
    const foot = Math.abs(rise) >= Math.abs(step) ? (best.lat - a[0]) / rise : turn(a[1], best.lon) / step;
    const middle = isFinite(foot) ? Math.min(1, Math.max(0, foot)) : 0;
    const ends = [middle];
    for (const end of [0, 1]) {
      let inner = middle, outer = end;
      if (away(at(a, b, outer)) <= reach) { ends.push(outer); continue; }
      for (let i = 0; i < 40; i++) {
        const mid = (inner + outer) / 2;
        if (away(at(a, b, mid)) <= reach) inner = mid; else outer = mid;
      }
      ends.push(outer);
    }
    for (const t of ends) {
      const p = at(a, b, t);
      const step = turn(centre, bearing(lat, lon, p[0], p[1]));
      low = Math.min(low, step);
      high = Math.max(high, step);
    }
  };
  for (const line of linesOf(kind, coordinates)) {
    for (let i = 0; i + 1 < line.length; i++) edge(line[i], line[i + 1]);
  }
  if (high - low + 2 * widen >= 45) return false;
  return Math.round((centre + low - widen) / 45) === Math.round((centre + high + widen) / 45);
}

// The places of a point tile as near() lists them, measured from (lat, lon): to the whole shape
// when the tile's whole file has one for the place (whole.g: [index, kind, coordinates]), else to
// its point. Each has .low and .high, what its true distance may be: the same as .distance but
// for a simplified shape ([index, kind, coordinates, tolerance, parts]), whose .simplified then
// holds what near() needs to measure its true shape (.sure: its text is already the true one's).
function measured(lat, lon, tile, whole, key) {
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
    place.low = place.high = place.distance;
    if (shape && shape.length > 3) {
      const slack = shape[3] + MEASURE_SLACK;
      const edge = near.inside ? nearestEdge(lat, lon, shape[1], shape[2]) : near;
      if (!(edge.distance > slack)) {
        place.low = 0;
        place.high = edge.distance + slack;
      } else if (!near.inside) {
        place.low = edge.distance - slack;
        place.high = edge.distance + slack;
      }
      if (place.low !== place.high) {
        place.simplified = { key: key, index: i, shape: shape, boundary: edge.distance, slack: slack };
        place.sure = edge.distance > slack && formatDistance(place.low) === formatDistance(place.high) &&
          compassSure(lat, lon, shape[1], shape[2], edge, slack);
      }
    }
    return place;
  });
}

// The place's high, the k-th least of places (Infinity when fewer).
function kthHigh(places, k) {
  if (places.length < k) return Infinity;
  return places.map((p) => p.high).sort((a, b) => a - b)[k - 1];
}

// The places whose true text or order could differ from what their simplified shapes give:
// a place not .sure, or one whose range of distances meets another's among those that may be
// among the k nearest (`candidates`, sorted by low).
function unsure(candidates) {
  return candidates.filter((p, i) => p.simplified && (!p.sure || candidates.some((q, j) => j !== i &&
    q.low <= p.high && p.low <= q.high)));
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
  // until the k-th least distance a place found may have is no greater than the next leaf's
  // bound. A place with a shape is measured to its whole geometry (the "g" of the tile's file
  // under whole/); a simplified one (its tolerance and parts after its coordinates) to its true
  // edges near the point, read from its parts, wherever the tolerance could change the text near
  // me prints for it, its order, or whether it is among the k (trueShape; docs/shapes.md). The
  // result also lists, as .inside, every polygon holding the point (their bound is 0, so every
  // leaf that can hold one is read). onRead(key) is called for each point tile read; with
  // accept(key, index), only the places of point tiles it accepts count (a filter's:
  // core/explore.js).
  nearest(lat, lon, k, onRead, accept) {
    return this.load().then(() => {
      const order = this.leavesByBound(lat, lon);
      let found = [];
      let index = 0;
      const finish = () => {
        found.sort((a, b) => a.low - b.low);
        const limit = kthHigh(found, k);
        const candidates = found.filter((p) => p.low <= limit);
        const pending = unsure(candidates);
        if (pending.length) {
          return Promise.all(pending.map((p) => this.trueShape(lat, lon, p))).then(finish);
        }
        const inside = found.filter((p) => p.inside).sort(byTitle);
        const best = candidates.sort(byDistance).slice(0, k);
        for (const place of found) {
          delete place.low;
          delete place.high;
          delete place.simplified;
          delete place.sure;
        }
        best.inside = inside;
        return best;
      };
      const step = () => {
        const limit = kthHigh(found, k);
        if (index >= order.length || order[index].bound > limit) return finish();
        const entry = order[index++];
        // A point tile with places that have shapes has their whole shapes in a file beside it.
        const whole = entry.key in this.reach ? this.tile("whole/" + entry.key) : Promise.resolve({ g: [] });
        return Promise.all([this.tile(entry.key), whole]).then((both) => {
          if (onRead) onRead(entry.key);
          const places = measured(lat, lon, both[0], both[1], entry.key);
          for (const place of accept ? places.filter((p, i) => accept(entry.key, i)) : places) found.push(place);
          // Places that can no longer be among the k nearest, nor hold the point, are let go.
          const kept = kthHigh(found, k);
          found = found.filter((p) => p.low <= kept || p.inside);
          return step();
        });
      };
      return step();
    });
  }

  // Measures a simplified place to its true shape near (lat, lon): every edge of the simplified
  // shape within its boundary distance plus twice the tolerance is replaced by the true vertices
  // between its ends (from the parts that hold them, whole/<z>/<x>/<y>/<index>.<part>.json), so
  // the nearest point and whether the point is inside are the true shape's; the place's
  // distance, bearing and inside become exact.
  trueShape(lat, lon, place) {
    const s = place.simplified, kind = s.shape[1], coordinates = s.shape[2], starts = s.shape[4];
    const reach = s.boundary + 2 * s.slack;
    const needed = new Set();
    let edge = 0;
    for (const line of linesOf(kind, coordinates)) {
      for (let i = 0; i + 1 < line.length; i++, edge++) {
        const best = { distance: Infinity };
        nearestOnEdge(lat, lon, line[i], line[i + 1], best);
        if (best.distance <= reach) needed.add(edge);
      }
    }
    const partOf = (e) => { let part = 0; while (part + 1 < starts.length && starts[part + 1] <= e) part++; return part; };
    const parts = Array.from(new Set(Array.from(needed, partOf)));
    const t = tileOf(s.key);
    const folder = "whole/" + t.z + "/" + t.x + "/" + t.y + "/" + s.index + ".";
    return Promise.all(parts.map((part) => this.part(folder + part))).then((files) => {
      // With no network, a part this device never kept comes as one marked offline (sw.js): the
      // place keeps its distance to the simplified shape, within its tolerance of the true one,
      // and counts as not saved, so that near me says its answer may be short.
      if (files.some((file) => file.offline)) {
        this.notSaved = (this.notSaved || 0) + 1;
        place.low = place.high = place.distance;
        delete place.simplified;
        return;
      }
      const runs = {};
      parts.forEach((part, n) => { files[n].r.forEach((run, i) => { runs[starts[part] + i] = run; }); });
      let e = 0;
      const trueLine = (line) => {
        const out = [line[0]];
        for (let i = 0; i + 1 < line.length; i++, e++) {
          if (needed.has(e)) for (const vertex of runs[e]) out.push(vertex);
          out.push(line[i + 1]);
        }
        return out;
      };
      const mixed = kind === 1 ? coordinates.map(trueLine) : coordinates.map((polygon) => polygon.map(trueLine));
      const near = shapeDistance(lat, lon, kind, mixed);
      place.distance = place.low = place.high = near.distance;
      place.inside = near.inside;
      place.bearing = bearing(lat, lon, near.lat, near.lon);
      place.geometry = { kind: kind, coordinates: mixed };
      delete place.simplified;
    });
  }

  // The part of a simplified shape at path (under the dataset's folder, without ".json"), fetched once.
  part(path) {
    if (!this.cache[path]) {
      this.cache[path] = this.fetchJSON(this.base + path + ".json").catch((error) => {
        delete this.cache[path];
        throw error;
      });
    }
    return this.cache[path];
  }
}
