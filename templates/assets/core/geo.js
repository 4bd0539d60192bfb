// Geometry on the sphere: great-circle distances and bearings, a lower bound of the distance to a
// box, and the distance from a point to a place's whole shape (lines and polygons).

export const EARTH_RADIUS = 6371008.8;
const RAD = Math.PI / 180;

// The great-circle distance between two points, in metres (haversine).
export function distance(lat1, lon1, lat2, lon2) {
  const p1 = lat1 * RAD, p2 = lat2 * RAD;
  const dp = p2 - p1, dl = (lon2 - lon1) * RAD;
  const h = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

// The initial bearing from the first point to the second, in degrees clockwise from north, 0..360.
export function bearing(lat1, lon1, lat2, lon2) {
  const p1 = lat1 * RAD, p2 = lat2 * RAD, dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

// A lower bound of the distance from a point to any point of a lat/lon box ({south, north, west,
// east}), in metres. Inside: 0. Longitude within the box: straight north or south to the nearer
// edge (exact). Otherwise the nearest point lies on one of the two meridian edges: the foot of the
// perpendicular when it falls within the edge, else a corner.
export function lowerBound(lat, lon, box) {
  const inLon = box.west <= lon && lon <= box.east;
  if (inLon) {
    if (lat >= box.south && lat <= box.north) return 0;
    return EARTH_RADIUS * RAD * (lat > box.north ? lat - box.north : box.south - lat);
  }
  let best = Infinity;
  for (const edge of [box.west, box.east]) {
    const dl = ((lon - edge) % 360 + 540) % 360 - 180;
    best = Math.min(best, distance(lat, lon, box.south, edge), distance(lat, lon, box.north, edge));
    if (Math.abs(dl) < 90) {
      const foot = Math.atan(Math.tan(lat * RAD) / Math.cos(dl * RAD)) / RAD;
      if (foot > box.south && foot < box.north) {
        const across = Math.asin(Math.min(1, Math.abs(Math.cos(lat * RAD) * Math.sin(dl * RAD))));
        best = Math.min(best, EARTH_RADIUS * across);
      }
    }
  }
  // Slack so rounding never makes the bound exceed the true distance: haversine can be off by
  // ~0.4 m for nearly antipodal points.
  return Math.max(0, best * (1 - 1e-7) - 1e-6);
}

function unitVector(lat, lon) {
  const p = lat * RAD, l = lon * RAD;
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
}

function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }

function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// The nearest point to (lat, lon) of the great-circle arc from a to b ([lat, lon] each, the
// shorter way round), into best ({distance, lat, lon}) when nearer than what best holds. The foot
// of the perpendicular counts when it lies on the arc; otherwise the nearer end.
export function nearestOnArc(lat, lon, a, b, best) {
  for (const end of [a, b]) {
    const d = distance(lat, lon, end[0], end[1]);
    if (d < best.distance) { best.distance = d; best.lat = end[0]; best.lon = end[1]; }
  }
  const u = unitVector(a[0], a[1]), v = unitVector(b[0], b[1]);
  let n = cross(u, v);
  const length = Math.sqrt(dot(n, n));
  if (length < 1e-15) return;
  n = [n[0] / length, n[1] / length, n[2] / length];
  const p = unitVector(lat, lon), s = dot(p, n);
  const f = [p[0] - s * n[0], p[1] - s * n[1], p[2] - s * n[2]];
  if (dot(cross(u, f), n) < 0 || dot(cross(f, v), n) < 0) return;
  const d = EARTH_RADIUS * Math.atan2(Math.abs(s), Math.sqrt(dot(f, f)));
  if (d < best.distance) {
    best.distance = d;
    best.lat = Math.atan2(f[2], Math.sqrt(f[0] * f[0] + f[1] * f[1])) / RAD;
    best.lon = Math.atan2(f[1], f[0]) / RAD;
  }
}

// Whether (lat, lon) lies inside a ring of [lat, lon] positions, edges straight in degrees
// (even-odd), as the build reads polygons.
export function inRing(lat, lon, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i], b = ring[j];
    if ((a[0] > lat) !== (b[0] > lat) && lon < (b[1] - a[1]) * (lat - a[0]) / (b[0] - a[0]) + a[1]) inside = !inside;
  }
  return inside;
}

// The great-circle distance from (lat, lon) to a place's whole geometry (a whole file's "g":
// kind 0 points, 1 lines, 3 polygons), edges as great-circle arcs: 0 inside a polygon (outer
// ring, not a hole), else the nearest point of its vertices and edges. Returns
// {distance, lat, lon, inside}, lat/lon the nearest point.
export function shapeDistance(lat, lon, kind, coordinates) {
  const best = { distance: Infinity, lat: lat, lon: lon, inside: false };
  if (kind === 0) {
    for (const p of coordinates) nearestOnArc(lat, lon, p, p, best);
    return best;
  }
  const rings = kind === 1 ? coordinates : [].concat(...coordinates);
  if (kind === 3) {
    const inside = coordinates.some((polygon) =>
      inRing(lat, lon, polygon[0]) && !polygon.slice(1).some((hole) => inRing(lat, lon, hole)));
    if (inside) return { distance: 0, lat: lat, lon: lon, inside: true };
  }
  for (const line of rings) {
    for (let i = 0; i + 1 < line.length; i++) nearestOnArc(lat, lon, line[i], line[i + 1], best);
    if (kind === 3 && line.length > 1) nearestOnArc(lat, lon, line[line.length - 1], line[0], best);
  }
  return best;
}
