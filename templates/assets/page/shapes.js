// A dataset's lines and polygons on a map page, drawn from its shape tiles (docs/tile-format.md)
// in the dataset's colour, each with the popup of its place.
//
// A tile holds each shape cut to the tile grown by a few pixels, so neighbouring tiles overlap.
// The pieces of one place in view are drawn as one path: polygons filled with the nonzero rule
// (outer rings all turn one way and holes the other, so where pieces overlap the fill is laid
// once and holes stay open), their outlines drawn apart, without the edges a cut made along a
// tile's grown border or the world's edge (the map's top and bottom, the antimeridian). Tiles
// across the antimeridian are drawn in the copy of the world in view.
//
// The state of a dataset's drawing is kept on its layer group: mapsiteGeneration (the latest
// call), mapsiteSignature (the tiles drawn), mapsiteFills, and mapsiteFilled with
// mapsiteFilledVersion (the places drawn as polygons, read by map.js).
import { latitudeAt, tileOf } from "../core/mercator.js";
import { alongWorldEdge, ringOutline } from "../core/world-edge.js";

// A ring or line of a tile at `key`: a flat list of grid units from the tile's top left corner,
// `units` to its side, the first point whole and each other as its step from the one before.
// Returns the points as [lat, lon] (longitudes shifted by `shift`) and on the grid.
function decode(flat, key, units, shift) {
  const t = tileOf(key), n = Math.pow(2, t.z), points = [], grid = [];
  let x = 0, y = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    x += flat[i];
    y += flat[i + 1];
    grid.push([x, y]);
    points.push([latitudeAt((t.y + y / units) / n), (t.x + x / units) / n * 360 - 180 + shift]);
  }
  return { points, grid };
}

// Whether the edge from a to b (on the grid) runs along one side of the tile's square grown by
// `buffer` pixels: made by the cut.
function alongCut(a, b, units, buffer) {
  const low = -buffer * units / 256, high = units - low;
  const near = (u, v) => Math.abs(u - v) <= 1;
  return (near(a[0], low) && near(b[0], low)) || (near(a[0], high) && near(b[0], high)) ||
    (near(a[1], low) && near(b[1], low)) || (near(a[1], high) && near(b[1], high));
}

// Whether the edge from a to b (on the grid of tile `key`) runs along the world's edge: its top
// or bottom, the map's edge at ±85.05°, where the build cut a polygon that reaches beyond it (a
// polar cap, Antarctica), or the antimeridian, where a shape around a pole or split at ±180° was
// cut open (core/world-edge.js). Neither is the shape's boundary.
function alongWorldEdgeOfTile(a, b, units, key) {
  const t = tileOf(key), n = Math.pow(2, t.z);
  const world = (g) => [(t.x + g[0] / units) / n, (t.y + g[1] / units) / n];
  return alongWorldEdge(world(a), world(b), 0.5 / (units * n));
}

// A decoded ring's edges as lines, leaving out the edges along the cut and the world's edge.
function outline(ring, key, units, buffer, into) {
  const g = ring.grid;
  const cut = (a, b) => alongCut(g[a], g[b], units, buffer) || alongWorldEdgeOfTile(g[a], g[b], units, key);
  for (const line of ringOutline(ring.points, cut)) into.push(line);
}

// A promise of the keys to draw the view at zoom z, each as { key, shift }: the longitude shift
// of the copy of the world it is in.
export function keysInView(tileset, map) {
  const b = map.getBounds(), z = Math.floor(map.getZoom());
  let west = b.getWest(), east = b.getEast();
  const parts = [];
  if (east - west >= 360) { west = -180; east = 180; }
  for (let copy = Math.floor((west + 180) / 360); copy <= Math.floor((east + 180) / 360 - 1e-12); copy++) {
    const shift = copy * 360;
    const part = { west: Math.max(west - shift, -180), east: Math.min(east - shift, 180), south: b.getSouth(),
      north: b.getNorth() };
    parts.push(tileset.shapeKeysFor(part, z).then((keys) => keys.map((key) => ({ key, shift }))));
  }
  return Promise.all(parts).then((lists) => [].concat(...lists));
}

// Draws the shapes of `tileset` in view into `group` (a Leaflet layer group), replacing what it
// held; options.dataset, options.color, options.popup(p) (p as a point tile's place), and with a
// filter options.accept(number), whether a place is drawn, and options.filter, its query. Returns
// a promise of the number of tiles in view.
export function drawShapes(tileset, group, map, options) {
  const manifest = tileset.manifest;
  if (!manifest || !manifest.shapes) return Promise.resolve(0);
  // Only the latest call draws; an earlier one still loading gives way.
  const mine = group.mapsiteGeneration = (group.mapsiteGeneration || 0) + 1;
  return keysInView(tileset, map).then((wanted) => {
    if (mine !== group.mapsiteGeneration) return wanted.length;
    const signature = wanted.map((w) => w.key + "@" + w.shift).join(",") + "|" + (options.filter || "");
    if (group.mapsiteSignature === signature) {
      markFilled(group, map, manifest);
      return wanted.length;
    }
    return drawTiles(tileset, group, wanted, signature, mine, options).then((count) => {
      if (mine === group.mapsiteGeneration) markFilled(group, map, manifest);
      return count;
    });
  });
}

// The places drawn as polygons at least minimumSize pixels across at the map's zoom, as
// group.mapsiteFilled (a set of ids), whose pins the map leaves out (map.js); smaller, a polygon
// is a speck and its pin shows where it is. group.mapsiteFilledVersion changes with the set.
function markFilled(group, map, manifest) {
  const z = map.getZoom(), filled = new Set(), old = group.mapsiteFilled || new Set();
  for (const fill of group.mapsiteFills || []) {
    const b = fill.layer.getBounds(), a = map.project(b.getSouthWest(), z), c = map.project(b.getNorthEast(), z);
    if (Math.max(Math.abs(c.x - a.x), Math.abs(c.y - a.y)) >= manifest.shapes.minimumSize) filled.add(fill.id);
  }
  let same = filled.size === old.size;
  filled.forEach((id) => { same = same && old.has(id); });
  if (same) return;
  group.mapsiteFilled = filled;
  group.mapsiteFilledVersion = (group.mapsiteFilledVersion || 0) + 1;
}

// The pieces of a tile's shapes added to their places (by id, in `order` as first met): fills
// and outlines of polygons, lines.
function addPieces(tile, w, buffer, places, order, accept) {
  tile.s.forEach((s, i) => {
    // With a filter, only the pieces of matching places (each piece's place number, `n`).
    if (accept && tile.n && !accept(tile.n[i])) return;
    const id = s[2];
    let kind = s[0], units = tile.e;
    // A piece on a grid of its own says so: [kind, units].
    if (Array.isArray(kind)) { units = kind[1]; kind = kind[0]; }
    if (!places[id]) { places[id] = { p: [null, null, s[2], s[3], s[4], s[5]], kind, fills: [], lines: [] }; order.push(id); }
    const place = places[id];
    if (kind === 3) {
      for (const polygon of s[1]) {
        const rings = polygon.map((flat) => decode(flat, w.key, units, w.shift));
        place.fills.push(rings.map((ring) => ring.points));
        for (const ring of rings) outline(ring, w.key, units, buffer, place.lines);
      }
    } else {
      for (const line of s[1]) place.lines.push(decode(line, w.key, units, w.shift).points);
    }
  });
}

// A place's paths in `group`: its fill, then its outline or line. Each path also names its
// dataset (dataset names are lowercase letters, digits and '-').
function addPaths(group, id, place, options) {
  const html = options.popup(place.p), color = options.color;
  const of = options.dataset ? " shapes-of-" + options.dataset : "";
  if (place.fills.length) {
    const fill = L.polygon(place.fills, { stroke: false, fillColor: color, fillOpacity: 0.25, fillRule: "nonzero",
      className: "shape-fill" + of }).bindPopup(html).addTo(group);
    group.mapsiteFills.push({ id, layer: fill });
  }
  if (place.lines.length) {
    L.polyline(place.lines, { color, weight: place.kind === 3 ? 2 : 4, opacity: 1,
      className: (place.kind === 3 ? "shape-outline" : "shape-line") + of }).bindPopup(html).addTo(group);
  }
}

function drawTiles(tileset, group, wanted, signature, mine, options) {
  const buffer = tileset.manifest.shapes.buffer;
  return Promise.all(wanted.map((w) => tileset.shapeTile(w.key))).then((tiles) => {
    if (mine !== group.mapsiteGeneration) return wanted.length;
    group.mapsiteSignature = signature;
    const places = {}, order = [];
    tiles.forEach((tile, index) => addPieces(tile, wanted[index], buffer, places, order, options.accept));
    group.clearLayers();
    group.mapsiteFills = [];
    for (const id of order) addPaths(group, id, places[id], options);
    return wanted.length;
  });
}
