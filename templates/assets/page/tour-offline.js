// The tour page's "Save for offline": keeps the tour on this device for the service worker
// (sw.js) to serve with no network: the files the build lists in the tour's offline.json (its
// page, its stops' pages, their images, every asset, the data tiles near the way) and the
// basemap's images along the way at the zooms the tour map shows (core/offline.js). After a new
// build, a tour saved by an older one is saved again, then the old copy dropped.
import { settings } from "./settings.js";
import { cacheName, isTourCache, megabytes, basemapImages } from "../core/offline.js";

function offlineList() {
  return fetch("offline.json", { cache: "no-cache" }).then((response) => {
    if (!response.ok) throw new Error("offline.json: HTTP " + response.status);
    return response.json();
  });
}

// One file into `cache`; resolves to its size.
function fetchInto(cache, url) {
  const same = new URL(url).origin === location.origin;
  const fingerprinted = /\.[0-9a-f]{8}\.[A-Za-z0-9]+$/.test(url);
  const request = new Request(url, { mode: same ? "same-origin" : "cors", cache: same && !fingerprinted ? "no-cache" : "default" });
  return fetch(request).then((response) => {
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response.clone().blob().then((blob) => cache.put(url, response).then(() => blob.size));
  });
}

// Fetches every URL into the cache, six at a time, showing the count in `box`; resolves to
// [files stored, bytes, failed].
function storeAll(cache, urls, box) {
  let next = 0, stored = 0, bytes = 0, failed = 0;
  box.progress.hidden = false;
  box.progress.max = urls.length;
  function one() {
    if (next >= urls.length) return Promise.resolve();
    return fetchInto(cache, urls[next++]).then((size) => { stored++; bytes += size; }, () => { failed++; }).then(() => {
      box.progress.value = stored + failed;
      box.status.textContent = "Saving: " + (stored + failed) + " of " + urls.length + " files, " + megabytes(bytes) + "…";
      return one();
    });
  }
  const workers = [];
  for (let i = 0; i < 6; i++) workers.push(one());
  return Promise.all(workers).then(() => {
    box.progress.hidden = true;
    return [stored, bytes, failed];
  });
}

// What is stored of the cache `name`: [files, bytes], or null when there is no such cache.
function measure(name) {
  return caches.has(name).then((has) => {
    if (!has) return null;
    return caches.open(name).then((cache) => cache.keys().then((requests) => Promise.all(requests.map((request) =>
      cache.match(request).then((response) => response.blob()).then((blob) => blob.size)))))
      .then((sizes) => [sizes.length, sizes.reduce((a, b) => a + b, 0)]);
  });
}

// The box of one tour: its elements, and what it does with the caches.
function tourBox(element, list, map) {
  const tour = list.getAttribute("data-tour");
  const root = new URL(settings.root, location.href);
  const box = {
    element: element, tour: tour, root: root, base: root.pathname, map: map,
    status: element.querySelector(".offline-status"), progress: element.querySelector(".offline-progress"),
    save: element.querySelector(".offline-save"), remove: element.querySelector(".offline-remove"),
    points: Array.from(list.querySelectorAll("li")).map((li) => [Number(li.getAttribute("data-lat")),
      Number(li.getAttribute("data-lon"))]),
  };
  box.cache = (build) => cacheName(box.base, build, tour);
  box.isThisTour = (name) => isTourCache(name, box.base, tour);
  return box;
}

function show(box, text, saved) {
  box.status.textContent = text;
  box.save.hidden = saved;
  box.remove.hidden = !saved;
  box.element.setAttribute("data-saved", saved ? "true" : "false");
}

// The basemap's images along the way, from the zoom the map shows.
function basemapOf(box) {
  const template = settings.basemap;
  if (!template || !box.map) return [];
  return basemapImages(template, box.points, Math.round(box.map.getZoom()), Number(settings.maxZoom) || 19);
}

// Drops the copies of this tour but `keep` (none: all of them).
function dropOthers(box, keep) {
  return caches.keys().then((names) => Promise.all(names.filter((name) => box.isThisTour(name) && name !== keep)
    .map((name) => caches.delete(name))));
}

// Saves the tour for `offline.build`, then drops copies of older builds.
function saveTour(box, offline, again) {
  box.save.disabled = true;
  const name = box.cache(offline.build);
  const urls = offline.files.map((path) => new URL(path, box.root).href).concat(offline.external, basemapOf(box));
  show(box, again ? "The site has changed since this tour was saved: saving it again…" : "Saving…", false);
  box.save.hidden = true;
  return caches.open(name).then((cache) => storeAll(cache, urls, box)).then((result) => dropOthers(box, name).then(() => {
    box.save.disabled = false;
    const basemapOnly = result[2] === urls.length - offline.files.length - offline.external.length;
    const missing = result[2] ? " (" + result[2] + " could not be fetched" + (basemapOnly ? ": the basemap's images" : "") + ")" : "";
    show(box, "Saved for offline: " + result[0] + " files, " + megabytes(result[1]) + " on this device" + missing + ".", true);
  }));
}

// What is saved of this build, or the tour saved again when an older build's copy is kept.
function check(box) {
  return offlineList().then((offline) => measure(box.cache(offline.build)).then((stored) => {
    if (stored) {
      show(box, "Saved for offline: " + stored[0] + " files, " + megabytes(stored[1]) + " on this device.", true);
      return null;
    }
    return caches.keys().then((names) => names.some(box.isThisTour) ? saveTour(box, offline, true) : null);
  }));
}

// Offers to keep the tour of `list` (its stops) on this device, where the browser can; `map`,
// the tour's map or null, gives the zoom of the basemap's images.
export function offerOffline(list, map) {
  const element = document.getElementById("tour-offline");
  if (!element || !list || !("caches" in window) || !("serviceWorker" in navigator)) return;
  const box = tourBox(element, list, map);
  box.save.addEventListener("click", () => {
    offlineList().then((offline) => saveTour(box, offline, false)).catch((error) => {
      box.save.disabled = false;
      show(box, "Could not save the tour: " + error.message, false);
    });
  });
  box.remove.addEventListener("click", () => {
    dropOthers(box, null).then(() => show(box, "Removed from this device.", false));
  });
  element.hidden = false;
  check(box).catch(() => {}).then(() => element.setAttribute("data-ready", "true"));
}
