// Geometry on the sphere: great-circle distances and bearings, a lower bound of the distance to a
// box, and the distance from a point to a place's whole shape (lines and polygons), whose edges are
// straight in longitude/latitude (docs/shapes.md).

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

// How far in metres the great-circle arc between two cuts of an edge may stray from the edge.
export const EDGE_TOLERANCE = 0.01;
const MAXIMUM_PIECES = 65536;

// The longitude step from lon1 to lon2 the short way round, in -180 < step <= 180.
function longitudeStep(lon1, lon2) {
  let step = lon2 - lon1;
  if (step > 180) step -= 360;
  if (step <= -180) step += 360;
  return step;
}

// How the edge from a to b ([lat, lon] each) is cut so that the great-circle arc between
// consecutive cuts stays within EDGE_TOLERANCE of the edge, which is the straight line in
// longitude/latitude (the short way round), as maps draw it: {count, bulge}, count the pieces as
// the build's StraightEdge.pieces(from:to:) (Sources/MapsiteGeo/Distances/StraightEdge.swift,
// which says why), bulge in metres at least how far the edge strays from the arc between its
// ends (twice the bound, for edges whose curvature times length is under a half; else Infinity).
function edgeCuts(a, b) {
  const step = longitudeStep(a[1], b[1]) * RAD, rise = (b[0] - a[0]) * RAD;
  if (step === 0 || (Math.abs(a[0]) >= 90 && Math.abs(b[0]) >= 90)) return { count: 1, bulge: 0 };
  const polewards = Math.max(Math.abs(a[0]), Math.abs(b[0])) * RAD;
  const equatorwards = (a[0] > 0) !== (b[0] > 0) ? 0 : Math.min(Math.abs(a[0]), Math.abs(b[0])) * RAD;
  const slope = rise / step;
  const c2 = Math.cos(polewards) * Math.cos(polewards), k2 = slope * slope;
  const curvature = Math.sin(polewards) * (c2 + 2 * k2) / ((c2 + k2) * Math.sqrt(c2 + k2));
  if (!(curvature > 0)) return { count: 1, bulge: 0 };
  const across = Math.cos(equatorwards) * step;
  const length = Math.sqrt(across * across + rise * rise);
  const count = Math.ceil(length * Math.sqrt(curvature * EARTH_RADIUS / (8 * EDGE_TOLERANCE)));
  const bulge = curvature * length < 0.5 ? curvature * length * length / 4 * EARTH_RADIUS : Infinity;
  return { count: Math.min(Math.max(count, 1), MAXIMUM_PIECES), bulge: bulge };
}

// The number of pieces the edge from a to b ([lat, lon] each) is cut into (edgeCuts).
export function edgePieces(a, b) {
  return edgeCuts(a, b).count;
}

// The nearest point to (lat, lon) of the edge from a to b ([lat, lon] each), straight in
// longitude/latitude, into best as nearestOnArc: measured to the arcs between its cuts
// (edgePieces), within EDGE_TOLERANCE of the edge; not cut when the arc between its ends, less
// the edge's bulge, is no nearer than best already is. The one function that measures an edge.
export function nearestOnEdge(lat, lon, a, b, best) {
  const cuts = edgeCuts(a, b);
  if (cuts.count === 1) {
    nearestOnArc(lat, lon, a, b, best);
    return;
  }
  const whole = { distance: Infinity };
  nearestOnArc(lat, lon, a, b, whole);
  if (whole.distance - cuts.bulge >= best.distance) return;
  const step = longitudeStep(a[1], b[1]), rise = b[0] - a[0];
  let previous = a;
  for (let piece = 1; piece <= cuts.count; piece++) {
    let next = b;
    if (piece < cuts.count) {
      const fraction = piece / cuts.count;
      let cutLon = a[1] + step * fraction;
      if (cutLon > 180) cutLon -= 360;
      if (cutLon < -180) cutLon += 360;
      next = [a[0] + rise * fraction, cutLon];
    }
    nearestOnArc(lat, lon, previous, next, best);
    previous = next;
  }
}

// How the edge from a to b ([lat, lon] each, straight in longitude/latitude) meets the meridian
// from (lat, lon) up to the north pole: "boundary" when the point lies on the edge, "crossing"
// when the meridian crosses it (half-open at the ends, so that a vertex counts once), else "".
// Longitudes are taken relative to the point's when an end lies more than 180° from it or from
// the other end, so that edges across the antimeridian count right. The build's
// SphericalShape.northCrossing, with a plain cross product where the build's is exact.
export function northCrossing(lat, lon, a, b) {
  let lonA = a[1], lonB = b[1], lonP = lon;
  if (Math.abs(lonA - lonP) > 180 || Math.abs(lonB - lonP) > 180 || Math.abs(lonB - lonA) > 180) {
    lonA = longitudeStep(lonP, lonA);
    lonB = longitudeStep(lonP, lonB);
    lonP = 0;
    if (!(Math.abs(lonB - lonA) < 180)) return "";
  }
  // In the plane (latitude, -longitude), the meridian north of the point is the ray towards +x.
  const x1 = a[0], y1 = -lonA, x2 = b[0], y2 = -lonB, x = lat, y = -lonP;
  if (x1 < x && x2 < x) return "";
  if (x === x2 && y === y2) return "boundary";
  if (y1 === y && y2 === y) return x >= Math.min(x1, x2) && x <= Math.max(x1, x2) ? "boundary" : "";
  if (!((y1 > y && y2 <= y) || (y2 > y && y1 <= y))) return "";
  let side = Math.sign((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1));
  if (side === 0) return "boundary";
  if (y2 < y1) side = -side;
  return side > 0 ? "crossing" : "";
}

// The pole a ring of [lat, lon] positions goes around and holds inside: 1 the north pole, -1 the
// south pole, 0 none. A ring whose longitude turns a whole round (each edge the short way, pole
// vertices skipped) holds the pole it reaches, else the pole of the hemisphere most of its
// vertices lie in: the build's Geodesic.enclosedPole.
export function enclosedPole(ring) {
  let turn = 0, previous = null;
  for (let i = ring.length - 1; i >= 0 && previous === null; i--) if (Math.abs(ring[i][0]) < 90) previous = ring[i][1];
  if (previous === null) return 0;
  for (const p of ring) {
    if (Math.abs(p[0]) >= 90) continue;
    turn += longitudeStep(previous, p[1]);
    previous = p[1];
  }
  if (!(Math.abs(turn) > 180)) return 0;
  if (ring.some((p) => p[0] === 90)) return 1;
  if (ring.some((p) => p[0] === -90)) return -1;
  return ring.reduce((sum, p) => sum + Math.sin(p[0] * RAD), 0) >= 0 ? 1 : -1;
}

// "inside" when (lat, lon) lies inside a ring of [lat, lon] positions (closed or not), edges
// straight in longitude/latitude; "boundary" when on it; else "". The meridian from the point up
// to the north pole crosses the ring an odd number of times when inside, or an even number for a
// ring that goes around the north pole (enclosedPole), whose inside holds the pole.
export function ringSide(lat, lon, ring) {
  let inside = enclosedPole(ring) > 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const meets = northCrossing(lat, lon, ring[j], ring[i]);
    if (meets === "boundary") return "boundary";
    if (meets === "crossing") inside = !inside;
  }
  return inside ? "inside" : "";
}

// Whether (lat, lon) lies inside a ring of [lat, lon] positions or on it (ringSide).
export function inRing(lat, lon, ring) {
  return ringSide(lat, lon, ring) !== "";
}

// Whether (lat, lon) lies inside a polygon ([outer ring, holes…]) or on its boundary: inside the
// outer ring and not strictly inside a hole, as the build's regions and nearest lists read it.
export function inPolygon(lat, lon, polygon) {
  let insideOuter = false, insideHole = false;
  for (let r = 0; r < polygon.length; r++) {
    const side = ringSide(lat, lon, polygon[r]);
    if (side === "boundary") return true;
    if (side === "inside") {
      if (r === 0) insideOuter = true; else insideHole = true;
    }
  }
  return insideOuter && !insideHole;
}

// The great-circle distance from (lat, lon) to a place's whole geometry (a whole file's "g":
// kind 0 points, 1 lines, 3 polygons), edges straight in longitude/latitude (nearestOnEdge): 0
// inside a polygon or on its boundary (inPolygon), else the nearest point of its edges. Returns
// {distance, lat, lon, inside}, lat/lon the nearest point.
export function shapeDistance(lat, lon, kind, coordinates) {
  const best = { distance: Infinity, lat: lat, lon: lon, inside: false };
  if (kind === 0) {
    for (const p of coordinates) nearestOnArc(lat, lon, p, p, best);
    return best;
  }
  const rings = kind === 1 ? coordinates : [].concat(...coordinates);
  if (kind === 3 && coordinates.some((polygon) => inPolygon(lat, lon, polygon))) {
    return { distance: 0, lat: lat, lon: lon, inside: true };
  }
  for (const line of rings) {
    for (let i = 0; i + 1 < line.length; i++) nearestOnEdge(lat, lon, line[i], line[i + 1], best);
    if (kind === 3 && line.length > 1) nearestOnEdge(lat, lon, line[line.length - 1], line[0], best);
  }
  return best;
}
