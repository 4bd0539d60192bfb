self.MAPSITE = {"build":"****************","offline":"offline.html","shell":["","offline.html","manifest.webmanifest","assets/favicon.********.svg","assets/mapsite.********.css","assets/page/site.********.js"]};
// mapsite service worker: keeps what a visitor has seen, and the tours they saved, so that they
// open with no network. The build writes `self.MAPSITE` before this script: the build's id, the
// files kept from the start (the shell) and the offline page. Caches are named
// "mapsite <base path> <build> <kind>", so that sites under other paths of the same host keep
// theirs, and a new build's worker drops every cache of an older build: old and new never mix.
//
// Pages: network first, then what was kept, then the site's offline page.
// Fingerprinted assets, tiles, search files, images: cache first (the caches are this build's,
// and these files change only with a build).
"use strict";

var SCOPE = new URL(self.registration.scope);
var PREFIX = "mapsite " + SCOPE.pathname + " ";
var CURRENT = PREFIX + self.MAPSITE.build + " ";
var SHELL = CURRENT + "shell";
var SEEN = CURRENT + "seen";
var FINGERPRINTED = /^assets\/.+\.[0-9a-f]{8}\.[A-Za-z0-9]+$/;
var KEPT = /^(tiles|search|images)\//;

function siteURL(path) { return new URL(path, SCOPE).href; }

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    // Fingerprinted files may come from the HTTP cache; the pages are asked again.
    return cache.addAll(self.MAPSITE.shell.map(function (path) {
      return new Request(siteURL(path), { cache: FINGERPRINTED.test(path) ? "default" : "no-cache" });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

// Drops the caches of other builds of this site but its saved tours, which the tour page saves
// again for this build (it reads their names) and then drops; they are never read meanwhile.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && name.indexOf(CURRENT) !== 0 &&
        name.slice(PREFIX.length).split(" ")[1] !== "tour";
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// This build's caches, the shell and saved tours before what was seen.
function currentCaches() {
  return caches.keys().then(function (names) {
    return names.filter(function (name) { return name.indexOf(CURRENT) === 0; }).sort(function (a, b) {
      return (a === SEEN) - (b === SEEN);
    });
  });
}

function fromCaches(request, options) {
  return currentCaches().then(function (names) {
    return names.reduce(function (found, name) {
      return found.then(function (response) {
        return response || caches.open(name).then(function (cache) { return cache.match(request, options); });
      });
    }, Promise.resolve(undefined));
  });
}

// A response as it may be kept and served again: a redirected one is copied without its history
// (a page may not be answered with a response that followed a redirect).
function keepable(response) {
  if (!response.redirected) return Promise.resolve(response);
  return response.blob().then(function (body) {
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
}

function keep(request, response) {
  if (!response || !response.ok || response.type === "opaque") return Promise.resolve();
  return keepable(response.clone()).then(function (copy) {
    return caches.open(SEEN).then(function (cache) { return cache.put(request, copy); });
  });
}

function page(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    event.waitUntil(keep(request, response));
    return response;
  }).catch(function () {
    return fromCaches(request, { ignoreSearch: true }).then(function (kept) {
      return kept || fromCaches(siteURL(self.MAPSITE.offline)).then(function (offline) {
        return offline || Response.error();
      });
    });
  });
}

function cacheFirst(event) {
  return fromCaches(event.request).then(function (kept) {
    return kept || fetch(event.request).then(function (response) {
      event.waitUntil(keep(event.request, response));
      return response;
    });
  });
}

// Tiles, search files and images change only with a build, and the caches are this build's:
// the kept copy if there is one. A tile that was never kept, with no network, is answered as an
// empty tile marked `offline` (its list fields' file as one with no values; a part of a
// simplified whole shape as one with no vertices), so that near me can answer from the tiles it
// has and say so.
function kept(event, path) {
  return cacheFirst(event).catch(function (error) {
    if (/^tiles\/.+\/whole\/\d+\/\d+\/\d+\/\d+\.\d+\.json$/.test(path)) {
      return new Response('{"offline":true,"r":[]}\n', {
        status: 200, headers: { "Content-Type": "application/json", "X-Mapsite-Offline": "not saved" },
      });
    }
    if (!/^tiles\/.+\/\d+\/\d+\/\d+\.(fields\.)?json$/.test(path)) throw error;
    // A point or cluster tile with nothing in it, or its list fields' file with no values.
    var empty = /\.fields\.json$/.test(path) ? '{"offline":true,"f":[],"t":[],"v":{}}\n' : '{"offline":true,"c":[],"p":[]}\n';
    return new Response(empty, {
      status: 200, headers: { "Content-Type": "application/json", "X-Mapsite-Offline": "not saved" },
    });
  });
}

function networkFirst(event) {
  return fetch(event.request).then(function (response) {
    event.waitUntil(keep(event.request, response));
    return response;
  }).catch(function (error) {
    return fromCaches(event.request).then(function (kept) {
      if (kept) return kept;
      throw error;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== SCOPE.origin) {
    // Images of other hosts (basemap tiles, photographs) a saved tour holds.
    if (request.destination === "image") {
      event.respondWith(fromCaches(request).then(function (kept) { return kept || fetch(request); }));
    }
    return;
  }
  if (url.pathname.indexOf(SCOPE.pathname) !== 0) return;
  var path = url.pathname.slice(SCOPE.pathname.length);
  // The worker itself, and the files of `mapsite serve` (its reload polling), go to the network.
  if (path === "sw.js" || path.indexOf("__mapsite/") === 0) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (FINGERPRINTED.test(path) || KEPT.test(path)) {
    event.respondWith(kept(event, path));
  } else {
    event.respondWith(networkFirst(event));
  }
});
