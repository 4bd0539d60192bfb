// Near me without the page: what the address asks for, and the texts the page says of what it
// found (the nearest places themselves: core/tileset.js).
import { formatDistance, compass } from "./units.js";

// How many places to find: ?k=…, a whole number from 1 to 100; 10 when absent or not a number.
export function countFrom(value) {
  return Math.max(1, Math.min(100, Math.round(Number(value)) || 10));
}

// The point of ?lat=…&lon=… as [lat, lon], or null when there is none or it is off the globe.
export function pointFrom(latText, lonText) {
  const lat = Number(latText), lon = Number(lonText);
  if (latText === null || !isFinite(lat) || !isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return [lat, lon];
}

// The address of a search, to come back to: ?dataset=…&lat=…&lon=… (and &k=… unless 10).
export function searchQuery(dataset, lat, lon, k) {
  return "?dataset=" + encodeURIComponent(dataset) + "&lat=" + lat.toFixed(6) + "&lon=" + lon.toFixed(6) +
    (k !== 10 ? "&k=" + k : "");
}

// A place's distance and direction from the point; a polygon holding the point is 0 m away in
// no direction.
export function distanceText(place) {
  return place.inside ? "0 m, inside" : formatDistance(place.distance) + " " + compass(place.bearing);
}

// What the status line says once the places are found: `read` tiles read; `notSaved` tiles the
// device did not have offline (`offline`: the browser says it has no network).
export function foundText(count, read, how, notSaved, offline) {
  let text = count ? "The " + count + " places nearest to " + how + " (" + read + (read === 1 ? " tile" : " tiles") +
    " read)." : "This dataset has no places.";
  if (notSaved || offline) {
    text += " Offline: from the places saved on this device" + (notSaved ? "; " + notSaved +
      (notSaved === 1 ? " tile was" : " tiles were") + " not saved, so nearer places may be missing." : ".");
  }
  return text;
}

// The links of "You are inside A, B and C.": the words before the first, and between each
// place and the next.
export function insideWords(how, count) {
  const words = [how === "you" ? "You are inside " : "The point is inside "];
  for (let index = 1; index < count; index++) words.push(index === count - 1 ? " and " : ", ");
  return words;
}
