// The world's edges in a shape's outline. A polygon that reaches beyond the map's top or bottom
// (±85.05°, as far as Web Mercator goes) or around a pole is cut along them, and one split at the
// antimeridian (Fiji, Antarctica) is cut along ±180°: those edges are cuts, not the shape's
// boundary, so every map fills them and leaves them out of the outline it strokes. One rule for
// the shape tiles (page/shapes.js, on a tile's grid) and the shapes written in degrees (an item
// page's static and Leaflet maps, a group's outline, near me's shapes).
import { MAX_LATITUDE } from "./mercator.js";

// How near in degrees a vertex of a shape in degrees must be to ±180° or the map's edge to lie
// on it: a rounding (Natural Earth's Fiji has a vertex at 180.00000000000006).
const DEGREES = 1e-7;

// A point as a fraction of the world's width and height from its top left corner, x as far past
// 0…1 as the longitude is past ±180, a latitude beyond the map's edge on it (as Leaflet and a
// static map draw it). Only the map's edges are told apart (0 and 1 for y, whole numbers for x).
function worldY(lat) {
  if (lat >= MAX_LATITUDE - DEGREES) return 0;
  if (lat <= -MAX_LATITUDE + DEGREES) return 1;
  return 0.5;
}

// Whether the edge from a to b, each [x, y] in fractions of the world from its top left corner
// (x past 0…1 in the world's copies), runs along the world's edge within `tolerance`: its top or
// bottom (both ends at y 0, or both at 1) or the antimeridian (both ends at one whole x).
export function alongWorldEdge(a, b, tolerance) {
  const at = (u, v) => Math.abs(u - v) < tolerance;
  const line = Math.round(a[0]);
  return (at(a[1], 0) && at(b[1], 0)) || (at(a[1], 1) && at(b[1], 1)) || (at(a[0], line) && at(b[0], line));
}

// Whether the edge from a to b, each [lon, lat] in degrees (longitudes maybe moved by whole turns,
// core/mercator.js geometryWithin), runs along ±180° or beyond the map's top or bottom.
export function alongWorldEdgeInDegrees(a, b) {
  const x = (lon) => (lon + 180) / 360;
  return alongWorldEdge([x(a[0]), worldY(a[1])], [x(b[0]), worldY(b[1])], DEGREES / 360);
}

// The outline of a ring (its points, the last joined to the first, not repeated) as lines, with
// the edges for which cut(i, j) holds (from point i to point j) left out: each line as long as it
// runs, starting after a cut when there is one. [the ring closed] when nothing is cut.
export function ringOutline(points, cut) {
  const n = points.length, lines = [];
  if (n < 2) return lines;
  let start = 0;
  for (let i = 0; i < n; i++) {
    if (cut(i, (i + 1) % n)) { start = (i + 1) % n; break; }
  }
  let run = [];
  for (let k = 0; k < n; k++) {
    const a = (start + k) % n, b = (a + 1) % n;
    if (cut(a, b)) {
      if (run.length > 1) lines.push(run);
      run = [];
      continue;
    }
    if (!run.length) run.push(points[a]);
    run.push(points[b]);
  }
  if (run.length > 1) lines.push(run);
  return lines;
}

// A GeoJSON ring without its last position when that repeats the first.
function openRing(ring) {
  const first = ring[0], last = ring[ring.length - 1];
  return ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
}

// The lines a map strokes for a GeoJSON geometry: a polygon's rings (any Multi- too) as a
// MultiLineString without their edges along ±180° and beyond the map's edge; a line as itself;
// null for points.
export function outlineOf(geometry) {
  const polygons = { Polygon: [geometry.coordinates], MultiPolygon: geometry.coordinates }[geometry.type];
  if (!polygons) return geometry.type === "LineString" || geometry.type === "MultiLineString" ? geometry : null;
  const lines = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const points = openRing(ring);
      lines.push(...ringOutline(points, (i, j) => alongWorldEdgeInDegrees(points[i], points[j])));
    }
  }
  return { type: "MultiLineString", coordinates: lines };
}

// Whether a GeoJSON geometry has a polygon with an edge along ±180° or beyond the map's top or
// bottom: whether its outline (outlineOf) leaves anything out.
export function hasWorldEdge(geometry) {
  const polygons = { Polygon: [geometry.coordinates], MultiPolygon: geometry.coordinates }[geometry.type];
  return Boolean(polygons) && polygons.some((polygon) => polygon.some((ring) => ring.some((p, i) =>
    alongWorldEdgeInDegrees(p, ring[(i + 1) % ring.length]))));
}

// Whether a GeoJSON geometry reaches a pole (a vertex at ±90°, as a polygon around one is drawn,
// closed along it): it spans every longitude, however its vertices are spread.
export function reachesPole(geometry) {
  const reaches = (c) => (typeof c[0] === "number" ? Math.abs(c[1]) >= 90 - DEGREES : c.some(reaches));
  return reaches(geometry.coordinates);
}

// The lines to stroke of polygons given as Leaflet takes them ([[[lat, lon], …] ring, …] each, a
// ring closed or not), without their edges along ±180° and beyond the map's edge.
export function latLngOutline(polygons) {
  const lines = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const points = openRing(ring);
      lines.push(...ringOutline(points, (i, j) => alongWorldEdgeInDegrees([points[i][1], points[i][0]],
        [points[j][1], points[j][0]])));
    }
  }
  return lines;
}
