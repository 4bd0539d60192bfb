// mapsite: what every map of the site shares (basemap, marker and cluster icons in the colour of
// their dataset), and the small map on item pages. The site's settings, the icons' markup and the
// static maps come from static-map.js, loaded before.
(function () {
  "use strict";
  var S = window.mapsiteStatic;
  var settings = S.settings, color = S.color, load = S.load;

  // The site's basemap, and a scale bar (metric and imperial) in the corner, as on every map of the site.
  // Returns the basemap's layer.
  function basemap(map) {
    var tiles = L.tileLayer(settings.basemap, { attribution: settings.attribution, maxZoom: settings.maxZoom }).addTo(map);
    L.control.scale({ maxWidth: 120 }).addTo(map);
    return tiles;
  }

  // Text made safe to put into HTML markup (Leaflet's popups, tooltips and controls take markup).
  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  // A URL from the site's data (a thumbnail, say): http(s) as it is, anything else relative to
  // the site root, as the build writes them.
  function siteURL(url) {
    return /^https?:/.test(url) ? url : settings.root + url;
  }

  // A place's thumbnail (a URL of the site's data) as a small image, loaded when it comes into
  // view; no alternative text, as the place's name is beside it.
  function thumbnail(url, className) {
    var image = document.createElement("img");
    if (className) image.className = className;
    image.src = siteURL(url);
    image.alt = "";
    image.loading = "lazy";
    image.width = 64;
    image.height = 43;
    return image;
  }

  // A map pin in `fill`, with a white dot, or a short label (a number) in white; `extra`, a class
  // name more for its icon (the map of all datasets names each marker's dataset so: declutter.js).
  var pins = {};
  function pin(fill, label, extra) {
    var key = color(fill) + "|" + (label === undefined ? "" : String(label).slice(0, 3)) + "|" + (extra || "");
    if (!pins[key]) pins[key] = L.divIcon(S.pinIcon(fill, label, extra));
    return pins[key];
  }

  // A counted circle in `fill`, sized by its count; the same for precomputed clusters and for
  // the ones Leaflet.markercluster makes in the browser.
  function clusterIcon(count, fill, extra) {
    return L.divIcon(S.clusterMarkup(count, fill, extra));
  }

  // The blue dot of the visitor's own position, on any map.
  function hereMarker(latlng) {
    return L.circleMarker(latlng, { radius: 8, color: "#fff", weight: 2, fillColor: "#1a73e8", fillOpacity: 1 });
  }

  // Options for L.markerClusterGroup whose clusters look like the precomputed ones.
  function clusterOptions(fill, options, extra) {
    options.iconCreateFunction = function (cluster) { return clusterIcon(cluster.getChildCount(), fill, extra); };
    options.showCoverageOnHover = false;
    return options;
  }

  // Calls `show` once, when `element` comes into view (at once without IntersectionObserver).
  // Watched from the page's load on, when the photo above the map has its height and the map its place.
  function whenInView(element, show) {
    if (!("IntersectionObserver" in window)) return show();
    var observer = new IntersectionObserver(function (entries) {
      if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
      observer.disconnect();
      show();
    });
    if (document.readyState === "complete") observer.observe(element);
    else window.addEventListener("load", function () { observer.observe(element); });
  }

  // The small map of an item page: a static map of the place (its pin, and its line or polygon
  // fitted as Leaflet would fit it), drawn when it scrolls into view. Leaflet (named by the
  // element's data-css and data-js) is loaded, and its map takes the static one's place, only when
  // the visitor moves the map: a tap or click on it, or its "Move the map" button. So a visitor
  // who only looks never pays for Leaflet.
  function miniMap(element) {
    var lat = Number(element.getAttribute("data-lat"));
    var lon = Number(element.getAttribute("data-lon"));
    var tint = element.getAttribute("data-color");
    var data = document.getElementById("item-data");
    var item = data ? JSON.parse(data.textContent) : {};
    var shaped = item.geometry && item.bounds;
    var preview = null, button = null, map = null, loading = false;

    // Leaflet's view of the place: zoom 16 on a point; a shape fitted with 16 pixels to spare.
    function view() {
      if (shaped) return S.fittedView(item.bounds, element.clientWidth, element.clientHeight, 16, 18);
      return { lat: lat, lon: lon, zoom: Math.min(16, settings.maxZoom) };
    }

    function draw() {
      if (map) return;
      var focused = preview && preview.layer.contains(document.activeElement);
      if (preview) preview.layer.remove();
      preview = S.draw(element, view());
      if (shaped) S.shape(preview, item.geometry, tint);
      preview.add(S.pinIcon(tint), lat, lon);
      button = document.createElement("button");
      button.type = "button";
      button.className = "static-move";
      button.textContent = loading ? "Loading the map…" : "Move the map";
      preview.layer.appendChild(button);
      if (focused) button.focus();
    }

    function activate() {
      if (map || loading) return;
      loading = true;
      button.textContent = "Loading the map…";
      var wanted = [element.getAttribute("data-css"), element.getAttribute("data-js")];
      var ready = typeof L === "undefined" ? Promise.all(wanted.filter(Boolean).map(load)) : Promise.resolve();
      ready.then(function () {
        var focused = preview.layer.contains(document.activeElement);
        map = L.map(element, { scrollWheelZoom: false }).setView([lat, lon], 16);
        var tiles = basemap(map);
        L.marker([lat, lon], { title: element.getAttribute("data-title"), icon: pin(tint) }).addTo(map);
        // A line or polygon: drawn in the dataset's colour, the map fitted to it.
        if (shaped) {
          L.geoJSON(item.geometry, { style: { color: tint, weight: 4, fillColor: tint, fillOpacity: 0.2 } }).addTo(map);
          map.fitBounds(item.bounds, { padding: [16, 16], maxZoom: 18 });
        }
        // The keyboard's focus goes on to the map (Leaflet makes it focusable: arrows move it).
        if (focused) element.focus();
        S.replace(preview.layer, tiles);
      }, function () {
        loading = false;
        button.textContent = "The map could not be loaded: try again";
      });
    }

    whenInView(element, function () {
      draw();
      element.addEventListener("click", function (event) {
        // The attribution's links lead away; anything else of the static map wakes it up.
        if (!map && !event.target.closest("a")) activate();
      });
      // A phone turned sideways: the static map drawn again for the new size.
      if ("ResizeObserver" in window) {
        var width = element.clientWidth;
        new ResizeObserver(function () {
          if (element.clientWidth !== width && !map) { width = element.clientWidth; draw(); }
        }).observe(element);
      }
    });
  }

  // Values kept in this browser for this site (localStorage, under "mapsite-<name>:<site path>"),
  // or `fallback` when there is none. Without storage (private mode) they last the visit.
  var siteRoot = new URL(settings.root, location.href).pathname;
  function stored(name, fallback) {
    try {
      var value = JSON.parse(localStorage.getItem("mapsite-" + name + ":" + siteRoot));
      return value === null ? fallback : value;
    } catch (error) { return fallback; }
  }

  function store(name, value) {
    try { localStorage.setItem("mapsite-" + name + ":" + siteRoot, JSON.stringify(value)); return true; }
    catch (error) { return false; }
  }

  // Favourites: places saved on their pages, kept in this browser for this site, newest first,
  // each as { dataset, id, title, path, lat, lon } with `path` from the site root.
  var favourites = {
    list: function () { return stored("favourites", []); },
    save: function (list) { return store("favourites", list); },
    has: function (dataset, id) {
      return favourites.list().some(function (f) { return f.dataset === dataset && f.id === id; });
    },
    remove: function (dataset, id) {
      return favourites.save(favourites.list().filter(function (f) { return !(f.dataset === dataset && f.id === id); }));
    },
    add: function (place) {
      favourites.remove(place.dataset, place.id);
      return favourites.save([place].concat(favourites.list()));
    },
  };

  // The ☆ button of an item page, made here rather than in every page's HTML, as it needs script.
  function favouriteButton(heading) {
    var button = document.createElement("button");
    button.type = "button";
    button.id = "favourite";
    button.className = "favourite-button";
    var row = document.createElement("div");
    row.className = "place-heading";
    heading.parentNode.insertBefore(row, heading);
    row.appendChild(heading);
    row.appendChild(button);
    var data = JSON.parse(document.getElementById("item-data").textContent);
    var path = new URL(".", location.href).pathname;
    var place = {
      dataset: data.dataset, id: data.id, title: heading.textContent,
      path: path.indexOf(siteRoot) === 0 ? path.slice(siteRoot.length) : path, lat: data.lat, lon: data.lon,
    };
    if (typeof data.thumbnail === "string") place.thumbnail = data.thumbnail;
    function show() {
      var saved = favourites.has(place.dataset, place.id);
      button.setAttribute("aria-pressed", saved ? "true" : "false");
      button.textContent = saved ? "★ Saved" : "☆ Save";
      button.title = saved ? "Remove from your favourites" : "Keep this place in your favourites";
    }
    button.addEventListener("click", function () {
      if (favourites.has(place.dataset, place.id)) favourites.remove(place.dataset, place.id);
      else favourites.add(place);
      show();
    });
    show();
  }

  // Following the visitor along a route (a tour, or favourites in their shortest order): once
  // `button` is pressed, each stop not ticked yet is ticked when they come within REACHED metres
  // of it, `where` says how far the next one is, and a blue dot shows them on the map; pressed
  // again, it stops. `route`: { button, where, noun ("stop"), stops() → [{ lat, lon, number,
  // box }], update() after ticks, map() → the route's map or null }.
  var REACHED = 40;
  function followRoute(route) {
    var watch = null, here = null, idle = route.button.textContent;
    function reached(position) {
      var lat = position.coords.latitude, lon = position.coords.longitude, tiles = window.mapsiteTiles;
      var stops = route.stops();
      stops.forEach(function (stop) {
        if (!stop.box.checked && tiles.distance(lat, lon, stop.lat, stop.lon) <= REACHED) stop.box.checked = true;
      });
      route.update();
      var next = stops.filter(function (stop) { return !stop.box.checked; })[0];
      route.where.textContent = next ? "You are " + tiles.formatDistance(tiles.distance(lat, lon, next.lat, next.lon)) +
        " from " + route.noun + " " + next.number + "." : "";
      var map = route.map();
      if (!map) return;
      if (here) here.setLatLng([lat, lon]);
      else here = hereMarker([lat, lon]).addTo(map).bindTooltip("You are here");
    }
    function stop() {
      if (watch !== null) navigator.geolocation.clearWatch(watch);
      watch = null;
      route.button.textContent = idle;
      route.where.textContent = "";
    }
    route.button.addEventListener("click", function () {
      if (watch !== null) {
        stop();
        return;
      }
      route.where.textContent = "Finding your location…";
      route.button.textContent = "Stop following my location";
      watch = navigator.geolocation.watchPosition(reached, function (error) {
        route.where.textContent = "Your location is not available (" + error.message + "): tick the " + route.noun +
          "s by hand.";
      }, { enableHighAccuracy: true, maximumAge: 10000 });
    });
    return { stop: stop };
  }

  window.mapsite = {
    settings: settings, basemap: basemap, color: color, pin: pin, clusterIcon: clusterIcon,
    clusterOptions: clusterOptions, hereMarker: hereMarker, favourites: favourites, stored: stored, store: store,
    followRoute: followRoute, escapeHTML: escapeHTML, siteURL: siteURL, thumbnail: thumbnail, load: load,
  };
  var heading = document.querySelector("article.place h1");
  if (heading && document.getElementById("item-data")) favouriteButton(heading);
  document.querySelectorAll(".minimap").forEach(miniMap);
})();
