// Distances and compass points as text.

// A distance in metres as text, rounded as item pages round it (DistanceText.swift).
export function formatDistance(metres) {
  if (metres < 100) return Math.round(metres) + " m";
  if (metres < 1000) {
    const tens = Math.round(metres / 10) * 10;
    return tens >= 1000 ? "1.0 km" : tens + " m";
  }
  if (metres < 10000) {
    const tenths = Math.round(metres / 100) / 10;
    return tenths >= 10 ? "10 km" : tenths.toFixed(1) + " km";
  }
  return Math.round(metres / 1000).toLocaleString("en") + " km";
}

// A bearing in degrees as one of the eight compass points.
export function compass(degrees) {
  const points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
  return points[Math.round(degrees / 45) % 8];
}
