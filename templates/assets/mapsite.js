// mapsite: what every map of the site shares (basemap, marker and cluster icons in the colour of
// their dataset), and the small map on item pages. The site's settings come from data- attributes
// of <body>.
(function () {
  "use strict";
  var body = document.body;
  var settings = {
    root: body.getAttribute("data-root") || "./",
    basemap: body.getAttribute("data-basemap"),
    attribution: body.getAttribute("data-attribution"),
    maxZoom: Number(body.getAttribute("data-max-zoom")) || 19,
  };
  var DEFAULT_COLOR = "#0b6e69";

  // The site's basemap, and a scale bar (metric and imperial) in the corner, as on every map of the site.
  function basemap(map) {
    L.tileLayer(settings.basemap, { attribution: settings.attribution, maxZoom: settings.maxZoom }).addTo(map);
    L.control.scale({ maxWidth: 120 }).addTo(map);
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

  // A colour as the build writes it (#rrggbb), or the default: it goes into markup.
  function color(value) {
    return /^#[0-9a-fA-F]{6}$/.test(value || "") ? value : DEFAULT_COLOR;
  }

  // A map pin in `fill`, with a white dot, or a short label (a number) in white; `extra`, a class
  // name more for its icon (the map of all datasets names each marker's dataset so: declutter.js).
  var pins = {};
  function pin(fill, label, extra) {
    fill = color(fill);
    label = label === undefined ? "" : String(label).slice(0, 3);
    var key = fill + "|" + label + "|" + (extra || "");
    if (!pins[key] && label) {
      // A numbered place (near me, a tour, an ordered walk): a round badge centred on the place,
      // half a pin's height, so that numbers crowd less where places lie close together.
      pins[key] = L.divIcon({
        className: "place-pin numbered" + (extra ? " " + extra : ""),
        html: '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">' +
          '<circle cx="12" cy="12" r="10.5" fill="' + fill + '" stroke="#fff" stroke-width="1.5"/>' +
          '<text x="12" y="16" text-anchor="middle" font-size="' + (label.length > 2 ? 9 : 11) + '" font-weight="700" ' +
          'fill="#fff" font-family="system-ui, sans-serif">' + label.replace(/[^0-9A-Za-z]/g, "") + "</text></svg>",
        iconSize: [24, 24],
        iconAnchor: [12, 12],
        popupAnchor: [0, -12],
        tooltipAnchor: [12, 0],
      });
    }
    if (!pins[key]) {
      var inside = label
        ? '<text x="12.5" y="16.5" text-anchor="middle" font-size="11" font-weight="700" fill="#fff" ' +
          'font-family="system-ui, sans-serif">' + label.replace(/[^0-9A-Za-z]/g, "") + "</text>"
        : '<circle cx="12.5" cy="12.5" r="4.5" fill="#fff"/>';
      pins[key] = L.divIcon({
        className: "place-pin" + (extra ? " " + extra : ""),
        html: '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="41" viewBox="0 0 25 41" aria-hidden="true">' +
          '<path d="M12.5 1C6.2 1 1 6.2 1 12.5c0 8.6 11.5 27.2 11.5 27.2S24 21.1 24 12.5C24 6.2 18.8 1 12.5 1z" ' +
          'fill="' + fill + '" stroke="#fff" stroke-width="1.5"/>' + inside + "</svg>",
        iconSize: [25, 41],
        iconAnchor: [12.5, 40],
        popupAnchor: [0, -34],
        tooltipAnchor: [12, -24],
      });
    }
    return pins[key];
  }

  // A counted circle in `fill`, sized by its count; the same for precomputed clusters and for
  // the ones Leaflet.markercluster makes in the browser.
  function clusterIcon(count, fill, extra) {
    var size = count < 100 ? 34 : count < 1000 ? 42 : 52;
    return L.divIcon({
      className: "map-cluster" + (extra ? " " + extra : ""),
      html: '<div class="cluster-icon" style="--color:' + color(fill) + ";width:" + size + "px;height:" + size + 'px">' +
        count.toLocaleString("en") + "</div>",
      iconSize: [size, size],
    });
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

  // Loads a script or a stylesheet once, by inserting a <script> or <link>: a promise of its load.
  var loading = {};
  function load(url) {
    if (!loading[url]) {
      loading[url] = new Promise(function (resolve, reject) {
        var css = /\.css$/.test(url.split(/[?#]/)[0]);
        var element = document.createElement(css ? "link" : "script");
        if (css) {
          element.rel = "stylesheet";
          element.href = url;
        } else {
          element.src = url;
          element.async = false;  // scripts run in the order asked for
        }
        element.onload = resolve;
        element.onerror = function () { reject(new Error("could not load " + url)); };
        document.head.appendChild(element);
      });
    }
    return loading[url];
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

  // The small map of an item page: Leaflet (named by the element's data-css and data-js) is
  // loaded only when the map scrolls into view, so a visitor who reads only the text never pays for it.
  function miniMap(element) {
    whenInView(element, function () {
      var wanted = [element.getAttribute("data-css"), element.getAttribute("data-js")];
      var ready = typeof L === "undefined" ? Promise.all(wanted.filter(Boolean).map(load)) : Promise.resolve();
      ready.then(function () {
        var lat = Number(element.getAttribute("data-lat"));
        var lon = Number(element.getAttribute("data-lon"));
        var map = L.map(element, { scrollWheelZoom: false }).setView([lat, lon], 16);
        basemap(map);
        L.marker([lat, lon], { title: element.getAttribute("data-title"), icon: pin(element.getAttribute("data-color")) })
          .addTo(map);
        // A line or polygon: drawn in the dataset's colour, the map fitted to it.
        var data = document.getElementById("item-data");
        var item = data ? JSON.parse(data.textContent) : {};
        if (item.geometry && item.bounds) {
          var tint = element.getAttribute("data-color");
          L.geoJSON(item.geometry, { style: { color: tint, weight: 4, fillColor: tint, fillOpacity: 0.2 } }).addTo(map);
          map.fitBounds(item.bounds, { padding: [16, 16], maxZoom: 18 });
        }
      }, function () {
        element.textContent = "The map could not be loaded.";
      });
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

  // On a narrow screen the site's menu folds behind a button (hidden, and the menu open, without
  // this script): the button opens and closes it, Escape closes it and gives the button the focus.
  function siteMenu(button) {
    var header = button.closest(".site-header");
    var menu = document.getElementById(button.getAttribute("aria-controls"));
    function toggle(open) {
      button.setAttribute("aria-expanded", String(open));
      header.classList.toggle("menu-open", open);
    }
    button.addEventListener("click", function () { toggle(button.getAttribute("aria-expanded") !== "true"); });
    header.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
      toggle(false);
      button.focus();
    });
    // Following one of its links closes it (a link to this very page would leave it open).
    menu.addEventListener("click", function (event) { if (event.target.closest("a")) toggle(false); });
    document.documentElement.classList.add("js-menu");
    button.hidden = false;
  }

  window.mapsite = {
    settings: settings, basemap: basemap, color: color, pin: pin, clusterIcon: clusterIcon,
    clusterOptions: clusterOptions, hereMarker: hereMarker, favourites: favourites, stored: stored, store: store,
    followRoute: followRoute, escapeHTML: escapeHTML, siteURL: siteURL, thumbnail: thumbnail, load: load,
  };
  var menuButton = document.querySelector(".menu-button");
  if (menuButton) siteMenu(menuButton);
  var heading = document.querySelector("article.place h1");
  if (heading && document.getElementById("item-data")) favouriteButton(heading);
  document.querySelectorAll(".minimap").forEach(miniMap);
})();
