// mapsite tour page: "Save for offline" keeps the tour on this device for the service worker
// (sw.js) to serve with no network: the files the build lists in the tour's offline.json (its
// page, its stops' pages, their images, every asset, the data tiles near the way) and the
// basemap's images along the way at the zooms the tour map shows. Stored in a cache named as
// the worker's ("mapsite <base path> <build> tour <name>"); after a new build, a tour saved by
// an older one is saved again, then the old copy dropped.
(function () {
  "use strict";
  var box = document.getElementById("tour-offline");
  var list = document.getElementById("tour-stops");
  if (!box || !list || !("caches" in window) || !("serviceWorker" in navigator)) return;
  var tour = list.getAttribute("data-tour");
  var root = new URL(document.body.getAttribute("data-root"), location.href);
  var prefix = "mapsite " + root.pathname + " ";
  var status = box.querySelector(".offline-status");
  var progress = box.querySelector(".offline-progress");
  var save = box.querySelector(".offline-save");
  var remove = box.querySelector(".offline-remove");
  // The basemap's own limit on bulk downloads (OpenStreetMap forbids offline copies from
  // zoom 17 on): zooms up to 16, at most this many images.
  var BASEMAP_MAX_ZOOM = 16, BASEMAP_MAX_TILES = 400;

  function cacheName(build) { return prefix + build + " tour " + tour; }
  function isThisTour(name) {
    return name.indexOf(prefix) === 0 && name.slice(prefix.length).split(" ").slice(1).join(" ") === "tour " + tour;
  }
  function megabytes(bytes) {
    return bytes < 1e6 ? Math.round(bytes / 1e3) + " kB" : (bytes / 1e6).toFixed(1) + " MB";
  }
  function show(text, saved) {
    status.textContent = text;
    save.hidden = saved;
    remove.hidden = !saved;
    box.setAttribute("data-saved", saved ? "true" : "false");
  }

  // The basemap's images that cover the way at the zoom the map opens at and the two after.
  function basemapImages() {
    var template = document.body.getAttribute("data-basemap");
    var map = window.mapsite && window.mapsite.map;
    if (!template || !map) return [];
    var lats = [], lons = [];
    Array.prototype.forEach.call(list.querySelectorAll("li"), function (li) {
      lats.push(Number(li.getAttribute("data-lat")));
      lons.push(Number(li.getAttribute("data-lon")));
    });
    var maxZoom = Math.min(BASEMAP_MAX_ZOOM, Number(document.body.getAttribute("data-max-zoom")) || 19);
    var urls = [];
    for (var z = Math.round(map.getZoom()); z <= Math.min(maxZoom, Math.round(map.getZoom()) + 2); z++) {
      var pad = 0.01;
      var west = tileX(Math.min.apply(null, lons) - pad, z);
      var east = tileX(Math.max.apply(null, lons) + pad, z);
      var north = tileY(Math.max.apply(null, lats) + pad, z), south = tileY(Math.min.apply(null, lats) - pad, z);
      for (var x = west; x <= east; x++) {
        for (var y = north; y <= south; y++) {
          if (urls.length >= BASEMAP_MAX_TILES) return urls;
          urls.push(template.replace("{z}", z).replace("{x}", x).replace("{y}", y).replace("{s}", "a").replace("{r}", ""));
        }
      }
    }
    return urls;
  }
  function tileX(lon, z) { return Math.floor((lon + 180) / 360 * Math.pow(2, z)); }
  function tileY(lat, z) {
    var s = Math.sin(lat * Math.PI / 180);
    return Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * Math.pow(2, z));
  }

  function offlineList() {
    return fetch("offline.json", { cache: "no-cache" }).then(function (response) {
      if (!response.ok) throw new Error("offline.json: HTTP " + response.status);
      return response.json();
    });
  }

  // Fetches every URL into the cache, six at a time; resolves to [files stored, bytes, failed].
  function store(cache, urls) {
    var next = 0, stored = 0, bytes = 0, failed = 0;
    progress.hidden = false;
    progress.max = urls.length;
    function one() {
      if (next >= urls.length) return Promise.resolve();
      var url = urls[next++];
      var same = new URL(url).origin === location.origin;
      var fingerprinted = /\.[0-9a-f]{8}\.[A-Za-z0-9]+$/.test(url);
      var request = new Request(url, { mode: same ? "same-origin" : "cors", cache: same && !fingerprinted ? "no-cache" : "default" });
      return fetch(request).then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.clone().blob().then(function (blob) {
          return cache.put(url, response).then(function () { stored++; bytes += blob.size; });
        });
      }).catch(function () { failed++; }).then(function () {
        progress.value = stored + failed;
        status.textContent = "Saving: " + (stored + failed) + " of " + urls.length + " files, " + megabytes(bytes) + "…";
        return one();
      });
    }
    var workers = [];
    for (var i = 0; i < 6; i++) workers.push(one());
    return Promise.all(workers).then(function () {
      progress.hidden = true;
      return [stored, bytes, failed];
    });
  }

  // Saves the tour for `list.build`, then drops copies of older builds.
  function saveTour(offline, again) {
    save.disabled = true;
    var name = cacheName(offline.build);
    var urls = offline.files.map(function (path) { return new URL(path, root).href; })
      .concat(offline.external, basemapImages());
    show(again ? "The site has changed since this tour was saved: saving it again…" : "Saving…", false);
    save.hidden = true;
    return caches.open(name).then(function (cache) { return store(cache, urls); }).then(function (result) {
      return dropOthers(name).then(function () {
        save.disabled = false;
        var missing = result[2] ? " (" + result[2] + " could not be fetched" +
          (result[2] === urls.length - offline.files.length - offline.external.length ? ": the basemap's images" : "") + ")" : "";
        show("Saved for offline: " + result[0] + " files, " + megabytes(result[1]) + " on this device" + missing + ".", true);
      });
    });
  }

  function dropOthers(keep) {
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return isThisTour(name) && name !== keep; })
        .map(function (name) { return caches.delete(name); }));
    });
  }

  // What is stored of this tour for `build`: [files, bytes], or null.
  function measure(build) {
    var name = cacheName(build);
    return caches.has(name).then(function (has) {
      if (!has) return null;
      return caches.open(name).then(function (cache) {
        return cache.keys().then(function (requests) {
          return Promise.all(requests.map(function (request) {
            return cache.match(request).then(function (response) { return response.blob(); })
              .then(function (blob) { return blob.size; });
          }));
        });
      }).then(function (sizes) { return [sizes.length, sizes.reduce(function (a, b) { return a + b; }, 0)]; });
    });
  }

  save.addEventListener("click", function () {
    offlineList().then(function (offline) { return saveTour(offline, false); }).catch(function (error) {
      save.disabled = false;
      show("Could not save the tour: " + error.message, false);
    });
  });
  remove.addEventListener("click", function () {
    dropOthers(null).then(function () { show("Removed from this device.", false); });
  });

  box.hidden = false;
  offlineList().then(function (offline) {
    return measure(offline.build).then(function (stored) {
      if (stored) {
        show("Saved for offline: " + stored[0] + " files, " + megabytes(stored[1]) + " on this device.", true);
        return;
      }
      return caches.keys().then(function (names) {
        if (names.some(isThisTour)) return saveTour(offline, true);
      });
    });
  }).catch(function () {}).then(function () { box.setAttribute("data-ready", "true"); });
})();
