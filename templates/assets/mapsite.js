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

  // A colour as the build writes it (#rrggbb), or the default: it goes into markup.
  function color(value) {
    return /^#[0-9a-fA-F]{6}$/.test(value || "") ? value : DEFAULT_COLOR;
  }

  // A map pin in `fill`, with a white dot, or a short label (a number) in white; `extra`, a class
  // name more for its icon (the map of all datasets names each marker's dataset so: declutter.js).
  // The markup and geometry of the icon, which Leaflet's markers (pin) and static maps both draw.
  function pinIcon(fill, label, extra) {
    fill = color(fill);
    label = label === undefined ? "" : String(label).slice(0, 3);
    if (label) {
      // A numbered place (near me, a tour, an ordered walk): a round badge centred on the place,
      // half a pin's height, so that numbers crowd less where places lie close together.
      return {
        className: "place-pin numbered" + (extra ? " " + extra : ""),
        html: '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">' +
          '<circle cx="12" cy="12" r="10.5" fill="' + fill + '" stroke="#fff" stroke-width="1.5"/>' +
          '<text x="12" y="16" text-anchor="middle" font-size="' + (label.length > 2 ? 9 : 11) + '" font-weight="700" ' +
          'fill="#fff" font-family="system-ui, sans-serif">' + label.replace(/[^0-9A-Za-z]/g, "") + "</text></svg>",
        iconSize: [24, 24],
        iconAnchor: [12, 12],
        popupAnchor: [0, -12],
        tooltipAnchor: [12, 0],
      };
    }
    return {
      className: "place-pin" + (extra ? " " + extra : ""),
      html: '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="41" viewBox="0 0 25 41" aria-hidden="true">' +
        '<path d="M12.5 1C6.2 1 1 6.2 1 12.5c0 8.6 11.5 27.2 11.5 27.2S24 21.1 24 12.5C24 6.2 18.8 1 12.5 1z" ' +
        'fill="' + fill + '" stroke="#fff" stroke-width="1.5"/><circle cx="12.5" cy="12.5" r="4.5" fill="#fff"/></svg>',
      iconSize: [25, 41],
      iconAnchor: [12.5, 40],
      popupAnchor: [0, -34],
      tooltipAnchor: [12, -24],
    };
  }

  var pins = {};
  function pin(fill, label, extra) {
    var key = color(fill) + "|" + (label === undefined ? "" : String(label).slice(0, 3)) + "|" + (extra || "");
    if (!pins[key]) pins[key] = L.divIcon(pinIcon(fill, label, extra));
    return pins[key];
  }

  // A counted circle in `fill`, sized by its count; the same for precomputed clusters and for
  // the ones Leaflet.markercluster makes in the browser, on Leaflet's maps and static ones.
  function clusterMarkup(count, fill, extra) {
    var size = count < 100 ? 34 : count < 1000 ? 42 : 52;
    return {
      className: "map-cluster" + (extra ? " " + extra : ""),
      html: '<div class="cluster-icon" style="--color:' + color(fill) + ";width:" + size + "px;height:" + size + 'px">' +
        count.toLocaleString("en") + "</div>",
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    };
  }

  function clusterIcon(count, fill, extra) {
    return L.divIcon(clusterMarkup(count, fill, extra));
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

  // Static maps: a view of a Leaflet map drawn without Leaflet (the basemap's images, pins,
  // clusters, a shape), in the same places Leaflet puts them, so that a page shows its map before
  // Leaflet has loaded, or without it until the visitor moves the map. Web Mercator in 256-pixel
  // tiles, positions rounded as Leaflet rounds them.
  var MAX_LATITUDE = 85.0511287798;
  function project(lat, lon, zoom) {
    var size = 256 * Math.pow(2, zoom);
    var s = Math.sin(Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI / 180);
    return { x: size * (lon / 360 + 0.5), y: size * (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) };
  }

  function unproject(x, y, zoom) {
    var size = 256 * Math.pow(2, zoom);
    var lat = (2 * Math.atan(Math.exp((0.5 - y / size) * 2 * Math.PI)) - Math.PI / 2) * 180 / Math.PI;
    return { lat: lat, lon: (x / size - 0.5) * 360 };
  }

  // The view Leaflet's fitBounds(bounds, { padding, maxZoom }) gives a map of width × height
  // pixels whose layers go up to settings.maxZoom: the whole zoom at which the bounds fit
  // (within 1 %), and the centre of the bounds as projected. bounds: [[south, west], [north, east]].
  function fittedView(bounds, width, height, padding, maxZoom) {
    var nw = project(bounds[1][0], bounds[0][1], 0), se = project(bounds[0][0], bounds[1][1], 0);
    var scale = Math.min((width - 2 * padding) / Math.abs(se.x - nw.x), (height - 2 * padding) / Math.abs(se.y - nw.y));
    var zoom = Math.log(scale) / Math.LN2;
    zoom = isNaN(zoom) ? Infinity : Math.floor(Math.round(zoom * 100) / 100);
    zoom = Math.min(maxZoom, Math.max(0, Math.min(settings.maxZoom, zoom)));
    var a = project(bounds[0][0], bounds[0][1], zoom), b = project(bounds[1][0], bounds[1][1], zoom);
    var centre = unproject((a.x + b.x) / 2, (a.y + b.y) / 2, zoom);
    return { lat: centre.lat, lon: centre.lon, zoom: zoom };
  }

  // The basemap's image of tile x, y at zoom z, by its URL template as Leaflet fills it in.
  function tileURL(z, x, y) {
    var values = { z: z, x: x, y: y, "-y": Math.pow(2, z) - 1 - y, s: "abc"[Math.abs(x + y) % 3],
      r: window.devicePixelRatio > 1 ? "@2x" : "" };
    return settings.basemap.replace(/\{ *([\w_-]+) *\}/g, function (whole, key) {
      return key in values ? String(values[key]) : "";
    });
  }

  // A static map of `element`'s size at `view` ({ lat, lon, zoom }), in a new layer of the
  // element: the basemap's images and its attribution. Returns { layer, point(lat, lon) → the
  // pixel where Leaflet would put that place, add(markup, lat, lon) → an icon's element there }.
  function staticMap(element, view) {
    var width = element.clientWidth, height = element.clientHeight, zoom = view.zoom;
    var centre = project(view.lat, view.lon, zoom);
    var origin = { x: Math.round(centre.x - width / 2), y: Math.round(centre.y - height / 2) };
    var layer = document.createElement("div");
    layer.className = "static-map";
    var n = Math.pow(2, zoom), middle = { x: Math.floor(centre.x), y: Math.floor(centre.y) };
    var first = { x: Math.floor((middle.x - width / 2) / 256), y: Math.max(0, Math.floor((middle.y - height / 2) / 256)) };
    var last = { x: Math.ceil((middle.x + width / 2) / 256) - 1, y: Math.min(n - 1, Math.ceil((middle.y + height / 2) / 256) - 1) };
    if (settings.basemap) {
      for (var y = first.y; y <= last.y; y++) {
        for (var x = first.x; x <= last.x; x++) {
          var image = document.createElement("img");
          image.alt = "";
          image.width = image.height = 256;
          image.style.left = x * 256 - origin.x + "px";
          image.style.top = y * 256 - origin.y + "px";
          image.src = tileURL(zoom, (x % n + n) % n, y);
          layer.appendChild(image);
        }
      }
    }
    // Icons in a layer of their own, under the attribution as Leaflet's panes are under its controls.
    var markers = document.createElement("div");
    markers.className = "static-markers";
    layer.appendChild(markers);
    var attribution = document.createElement("div");
    attribution.className = "static-attribution";
    attribution.innerHTML = settings.attribution || "";  // the site's own setting, HTML as on every map
    layer.appendChild(attribution);
    element.appendChild(layer);
    function point(lat, lon) {
      var p = project(lat, lon, zoom);
      return { x: Math.round(p.x) - origin.x, y: Math.round(p.y) - origin.y };
    }
    return {
      layer: layer, markers: markers, point: point, width: width, height: height,
      add: function (markup, lat, lon) {
        var at = point(lat, lon), icon = document.createElement("div");
        icon.className = markup.className;
        icon.innerHTML = markup.html;
        icon.style.left = at.x - markup.iconAnchor[0] + "px";
        icon.style.top = at.y - markup.iconAnchor[1] + "px";
        icon.style.width = markup.iconSize[0] + "px";
        icon.style.height = markup.iconSize[1] + "px";
        icon.style.zIndex = at.y;  // lower on the map, in front, as Leaflet stacks markers
        markers.appendChild(icon);
        return icon;
      },
    };
  }

  // A GeoJSON line or polygon (any Multi- too) as an SVG path over a static map, drawn as
  // Leaflet's L.geoJSON draws it with the mini map's style.
  function staticShape(map, geometry, tint) {
    var polygons = { Polygon: [geometry.coordinates], MultiPolygon: geometry.coordinates }[geometry.type];
    var lines = { LineString: [geometry.coordinates], MultiLineString: geometry.coordinates }[geometry.type];
    var rings = polygons ? [].concat.apply([], polygons) : lines || [];
    var d = rings.map(function (ring) {
      return ring.map(function (position, i) {
        var p = map.point(position[1], position[0]);
        return (i ? "L" : "M") + p.x + " " + p.y;
      }).join("") + (polygons ? "z" : "");
    }).join("");
    if (!d) return;
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "static-shape");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("width", map.width);
    svg.setAttribute("height", map.height);
    var path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    var style = { d: d, stroke: tint, "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round",
      fill: polygons ? tint : "none", "fill-opacity": 0.2, "fill-rule": "evenodd" };
    for (var name in style) path.setAttribute(name, style[name]);
    svg.appendChild(path);
    map.layer.insertBefore(svg, map.markers);
  }

  // Removes a static map once Leaflet's map in the same element shows the same: when `tiles`
  // (its basemap layer) has loaded the images in view, or after 2 s at most. Meanwhile it lies
  // over Leaflet's panes (not its controls) and lets clicks through.
  function replaceStatic(layer, tiles) {
    layer.classList.add("replaced");
    var timer = setTimeout(remove, 2000);
    function remove() {
      clearTimeout(timer);
      if (layer.parentNode) layer.remove();
    }
    if (!tiles || !tiles.isLoading()) remove();
    else tiles.once("load", remove);
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
      if (shaped) return fittedView(item.bounds, element.clientWidth, element.clientHeight, 16, 18);
      return { lat: lat, lon: lon, zoom: Math.min(16, settings.maxZoom) };
    }

    function draw() {
      if (map) return;
      var focused = preview && preview.layer.contains(document.activeElement);
      if (preview) preview.layer.remove();
      preview = staticMap(element, view());
      if (shaped) staticShape(preview, item.geometry, tint);
      preview.add(pinIcon(tint), lat, lon);
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
        replaceStatic(preview.layer, tiles);
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

  // A map page (map.mustache): Leaflet and the map's own scripts (the element's data-css and
  // data-js, each a list, the scripts run in their order) are loaded from here, after its first
  // view is drawn from what the page carries, when it does: #map-first-view, written by the build
  // (`Render/MapFirstView.swift`), holds the cluster tiles of the zooms a first view fitted to the
  // dataset can have. Drawn as a static map at once, the view is on the screen before any script
  // or tile is fetched; map.js, its map made, takes its place (replaceStatic).
  function mapPage(element) {
    var list = function (name) { return (element.getAttribute(name) || "").split(/\s+/).filter(Boolean); };
    var data = document.getElementById("map-first-view");
    var first = data ? firstView(element, JSON.parse(data.textContent)) : null;
    window.mapsite.firstView = first;
    window.mapsite.mapStyles = Promise.all(list("data-css").map(load));
    Promise.all(list("data-js").map(load)).catch(function (error) {
      var status = document.getElementById("map-status");
      if (status) status.textContent = "Could not load the map: " + error.message;
    });
  }

  // The first view of a dataset's map as map.js will show it: the view the URL's #zoom/lat/lon
  // names, else the dataset's bounds fitted with 20 pixels to spare; drawn only at a zoom whose
  // tiles the page carries, else null. Returns { dataset, tiles, replace(basemap layer) }.
  function firstView(element, data) {
    var b = data.bounds;
    var parts = location.hash.slice(1).split("/").map(Number);
    var view = parts.length === 3 && !parts.some(isNaN)
      ? { lat: parts[1], lon: parts[2], zoom: Math.max(0, Math.min(settings.maxZoom, Math.round(parts[0]))) }
      : fittedView([[b[1], b[0]], [b[3], b[2]]], element.clientWidth, element.clientHeight, 20, 16);
    if (data.zooms.indexOf(view.zoom) < 0) return null;
    var fill = JSON.parse(element.getAttribute("data-colors") || "{}")[data.dataset];
    var extra = "layer-" + data.dataset;
    var map = staticMap(element, view);
    Object.keys(data.tiles).forEach(function (key) {
      if (key.length !== view.zoom) return;
      var tile = data.tiles[key];
      tile.c.forEach(function (c) { map.add(clusterMarkup(c[2], fill, extra), c[0], c[1]).title = c[2] + " places"; });
      tile.p.forEach(function (p) { map.add(pinIcon(fill, undefined, extra), p[0], p[1]).title = p[3]; });
    });
    return {
      dataset: data.dataset, tiles: data.tiles,
      replace: function (tiles) { replaceStatic(map.layer, tiles); },
    };
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
  var fullMap = document.querySelector("#map[data-js]");
  if (fullMap) mapPage(fullMap);
})();
