// Web Mercator: pixels of a 256-pixel-tile world, tiles and their quadkeys, and the view
// Leaflet's fitBounds gives.

export const MAX_LATITUDE = 85.0511287798;
const RAD = Math.PI / 180;

// A point in pixels of the world at `zoom` (256 · 2^zoom pixels a side), latitude clamped.
export function project(lat, lon, zoom) {
  const size = 256 * Math.pow(2, zoom);
  const s = Math.sin(Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI / 180);
  return { x: size * (lon / 360 + 0.5), y: size * (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) };
}

// The place at pixel (x, y) of the world at `zoom`.
export function unproject(x, y, zoom) {
  const size = 256 * Math.pow(2, zoom);
  const lat = (2 * Math.atan(Math.exp((0.5 - y / size) * 2 * Math.PI)) - Math.PI / 2) * 180 / Math.PI;
  return { lat: lat, lon: (x / size - 0.5) * 360 };
}

// The latitude at `fraction` of the world's height from its top (0 at the top, 1 at the bottom).
export function latitudeAt(fraction) {
  return Math.atan(Math.sinh(Math.PI * (1 - 2 * fraction))) / RAD;
}

// The column of the tile at zoom z holding longitude `lon`.
export function tileX(lon, z) {
  const n = Math.pow(2, z);
  return Math.min(n - 1, Math.max(0, Math.floor((lon + 180) / 360 * n)));
}

// The row of the tile at zoom z holding latitude `lat` (clamped to the world's rows).
export function tileY(lat, z) {
  const n = Math.pow(2, z);
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const s = Math.sin(clamped * RAD);
  const y = Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n);
  return Math.min(n - 1, Math.max(0, y));
}

// The box of tile (z, x, y), in degrees.
export function tileBounds(z, x, y) {
  const n = Math.pow(2, z);
  return { south: latitudeAt((y + 1) / n), north: latitudeAt(y / n), west: x / n * 360 - 180, east: (x + 1) / n * 360 - 180 };
}

// The quadkey of tile (z, x, y): a digit a zoom, bit 0 from x and bit 1 from y.
export function quadkey(z, x, y) {
  let key = "";
  for (let i = z; i > 0; i--) {
    let digit = 0;
    const mask = 1 << (i - 1);
    if (x & mask) digit += 1;
    if (y & mask) digit += 2;
    key += digit;
  }
  return key;
}

// The tile {z, x, y} of a quadkey.
export function tileOf(key) {
  let x = 0, y = 0;
  for (let i = 0; i < key.length; i++) {
    const digit = Number(key[i]);
    x = x * 2 + (digit & 1);
    y = y * 2 + (digit >> 1);
  }
  return { z: key.length, x: x, y: y };
}

// The view Leaflet's fitBounds(bounds, { padding, maxZoom }) gives a map of width × height pixels
// whose layers go up to layerMaxZoom: the whole zoom at which the bounds fit (the zoom rounded to
// hundredths first, as Leaflet does), and the centre of the bounds as projected.
// bounds: [[south, west], [north, east]].
export function fittedView(bounds, width, height, padding, maxZoom, layerMaxZoom) {
  const layers = layerMaxZoom === undefined ? Infinity : layerMaxZoom;
  const nw = project(bounds[1][0], bounds[0][1], 0), se = project(bounds[0][0], bounds[1][1], 0);
  const scale = Math.min((width - 2 * padding) / Math.abs(se.x - nw.x), (height - 2 * padding) / Math.abs(se.y - nw.y));
  let zoom = Math.log(scale) / Math.LN2;
  zoom = isNaN(zoom) ? Infinity : Math.floor(Math.round(zoom * 100) / 100);
  zoom = Math.min(maxZoom, Math.max(0, Math.min(layers, zoom)));
  const a = project(bounds[0][0], bounds[0][1], zoom), b = project(bounds[1][0], bounds[1][1], zoom);
  const centre = unproject((a.x + b.x) / 2, (a.y + b.y) / 2, zoom);
  return { lat: centre.lat, lon: centre.lon, zoom: zoom };
}

// A longitude moved by a whole turn to lie within `bounds` when they cross the antimeridian (east
// past 180, as the build writes them): -179 becomes 181 in [[-19, 177], [-15.5, 182]]. Leaflet
// and a static map draw a longitude where it is, 360° away from the rest of the shape otherwise.
// Decided at the middle of the gap the bounds leave, so a vertex a rounding outside them stays put.
export function longitudeWithin(bounds, lon) {
  const west = bounds[0][1], east = bounds[1][1];
  if (east <= 180) return lon;
  return lon < (west + east - 360) / 2 ? lon + 360 : lon;
}

// A GeoJSON geometry (any type with coordinates) with each longitude moved as longitudeWithin
// moves it, so that a shape split at ±180 is drawn in one piece across the line.
export function geometryWithin(bounds, geometry) {
  function moved(coordinates) {
    if (typeof coordinates[0] !== "number") return coordinates.map(moved);
    return [longitudeWithin(bounds, coordinates[0])].concat(coordinates.slice(1));
  }
  return { type: geometry.type, coordinates: moved(geometry.coordinates) };
}

// The narrowest span of longitude holding every span of `spans` ({west, east}, east past 180
// across the antimeridian; a point is a span of no width), as LongitudeArc.narrowest in the
// build: the whole circle but for the widest stretch none of them reaches, east past 180 when it
// crosses the line (the islands of 173°E to 171.8°W: 173 to 188.2). -180…180 when they leave no
// stretch wider than a degree, or there are none.
export function narrowestSpan(spans) {
  let west = Infinity, east = -Infinity;
  for (const s of spans) {
    if (s.east - s.west >= 360) return { west: -180, east: 180 };
    west = Math.min(west, s.west);
    east = Math.max(east, s.east);
  }
  if (!spans.length) return { west: -180, east: 180 };
  // Within half a turn, the stretch across ±180 is the widest one left: the plain span.
  if (east <= 180 && east - west <= 180) return { west, east };
  // The circle unrolled from the first west: each span from a west in -180..<180, by west.
  const starts = spans.map((s) => (s.west >= 180 ? { west: s.west - 360, width: s.east - s.west }
    : { west: s.west, width: s.east - s.west })).sort((a, b) => a.west - b.west);
  const first = starts[0].west;
  // Reached from the first west on without a break, spans running round past it included.
  let reach = starts.reduce((most, s) => Math.max(most, s.west + s.width - 360), first + starts[0].width);
  let widest = { gap: 0, start: first, end: first };
  for (const s of starts.slice(1)) {
    if (s.west - reach > widest.gap) widest = { gap: s.west - reach, start: reach, end: s.west };
    reach = Math.max(reach, s.west + s.width);
  }
  if (first + 360 - reach > widest.gap) widest = { gap: first + 360 - reach, start: reach - 360, end: first };
  // Places all round the world leave narrow stretches anywhere: shown whole, centred on Greenwich.
  if (!(widest.gap > 1)) return { west: -180, east: 180 };
  return { west: widest.end, east: widest.start + 360 };
}

// The parts of a view ({west, east, south, north}, as Leaflet's getBounds gives it: west below
// -180 or east past 180 when it shows the world's copy beyond the antimeridian) in each copy of
// the world, each within -180…180 with `shift`, the degrees its copy is moved by: a view of 170 to
// 190 is 170…180 (shift 0) and -180…-170 (shift 360). A view of the whole world or more is one part.
export function worldCopies(view) {
  let west = view.west, east = view.east;
  if (east - west >= 360) { west = -180; east = 180; }
  const parts = [];
  for (let copy = Math.floor((west + 180) / 360); copy <= Math.floor((east + 180) / 360 - 1e-12); copy++) {
    const shift = copy * 360;
    parts.push({ west: Math.max(west - shift, -180), east: Math.min(east - shift, 180), south: view.south,
      north: view.north, shift });
  }
  return parts;
}

// A longitude moved by whole turns to the copy of the world nearest `centre`, unless the view
// (`span` degrees wide) shows the whole world: where a map centred there draws it (worldCopies).
export function longitudeNear(lon, centre, span) {
  if (span >= 360) return lon;
  return lon + 360 * Math.round((centre - lon) / 360);
}

// GeoJSON features (lines and polygons, split along ±180 as RFC 7946 asks) with their longitudes
// moved into the narrowest span of longitude holding every vertex (narrowestSpan, east past 180,
// as geometryWithin moves them): regions on both sides of the line are drawn and fitted as one
// group, not at the two edges of the world. Features that need no move are returned as they are.
export function featuresWithin(features) {
  const spans = [];
  // A vertex at a pole (Antarctica, a polar cap as drawn) spans every longitude: such a region is
  // not moved, however its vertices are spread.
  const add = (coordinates) => {
    if (typeof coordinates[0] !== "number") coordinates.forEach(add);
    else if (Math.abs(coordinates[1]) >= 90) spans.push({ west: -180, east: 180 });
    else spans.push({ west: coordinates[0], east: coordinates[0] });
  };
  features.forEach((feature) => { if (feature.geometry) add(feature.geometry.coordinates); });
  const span = narrowestSpan(spans), within = [[-90, span.west], [90, span.east]];
  if (span.east <= 180) return features;
  return features.map((feature) => (feature.geometry
    ? Object.assign({}, feature, { geometry: geometryWithin(within, feature.geometry) }) : feature));
}
