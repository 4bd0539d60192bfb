// A tour kept for offline use, without the page: the name of its cache (as the service worker,
// sw.js, names them: "mapsite <base path> <build> tour <name>"), sizes as text, and the
// basemap's images along the way.
import { tileX, tileY } from "./mercator.js";

// The basemap's own limit on bulk downloads (OpenStreetMap forbids offline copies from zoom 17
// on): zooms up to 16, at most this many images.
export const BASEMAP_MAX_ZOOM = 16;
export const BASEMAP_MAX_TILES = 400;

// The cache of tour `tour` saved by build `build` of the site at `base` (its path).
export function cacheName(base, build, tour) {
  return "mapsite " + base + " " + build + " tour " + tour;
}

// Whether the cache `name` holds tour `tour` of the site at `base`, of any build.
export function isTourCache(name, base, tour) {
  const prefix = "mapsite " + base + " ";
  return name.indexOf(prefix) === 0 && name.slice(prefix.length).split(" ").slice(1).join(" ") === "tour " + tour;
}

export function megabytes(bytes) {
  return bytes < 1e6 ? Math.round(bytes / 1e3) + " kB" : (bytes / 1e6).toFixed(1) + " MB";
}

// The images of the basemap `template` ({z}/{x}/{y}, {s}, {r}) that cover `points` ([lat, lon])
// with a margin, at `zoom` (the map's, rounded) and the two after, up to `maxZoom` (the
// basemap's, at most BASEMAP_MAX_ZOOM), at most BASEMAP_MAX_TILES of them.
export function basemapImages(template, points, zoom, maxZoom) {
  const lats = points.map((p) => p[0]), lons = points.map((p) => p[1]);
  const pad = 0.01, urls = [];
  const last = Math.min(Math.min(BASEMAP_MAX_ZOOM, maxZoom), zoom + 2);
  for (let z = zoom; z <= last; z++) {
    const west = tileX(Math.min(...lons) - pad, z), east = tileX(Math.max(...lons) + pad, z);
    const north = tileY(Math.max(...lats) + pad, z), south = tileY(Math.min(...lats) - pad, z);
    for (let x = west; x <= east; x++) {
      for (let y = north; y <= south; y++) {
        if (urls.length >= BASEMAP_MAX_TILES) return urls;
        urls.push(template.replace("{z}", z).replace("{x}", x).replace("{y}", y).replace("{s}", "a").replace("{r}", ""));
      }
    }
  }
  return urls;
}
