// mapsite static maps: what a Leaflet map of the site shows, drawn without Leaflet, in the same
// places (the basemap's images, pins, clusters, a shape), so that a page shows its map before
// Leaflet has loaded, or without Leaflet until the visitor moves the map; and the icons of pins
// and clusters, which Leaflet's markers (mapsite.js) draw alike. The site's settings come from
// data- attributes of <body>. Loaded before mapsite.js on every page; on a map page, the only
// script, carried in the page (mapPage). The site's menu is set up here too, as it changes the
// height of the page's header, and so the size of a map's first view, which must be drawn after.
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
  // pixels whose layers go up to settings.maxZoom: the whole zoom at which the bounds fit (the
  // zoom rounded to hundredths first, as Leaflet does), and the centre of the bounds as projected.
  // bounds: [[south, west], [north, east]].
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
          // Shown once loaded, as Leaflet shows its tiles (no broken image where one fails).
          image.onload = function () { this.classList.add("loaded"); };
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

  // A map page (map.mustache) loads no other script by itself: its first view is drawn from what
  // the page carries, when it does (#map-first-view, written by the build, `MapFirstView.swift`:
  // the cluster tiles of the zooms a first view fitted to the dataset can have), then the site's
  // scripts, Leaflet and the map's own (the element's data-css and data-js, each a list, the
  // scripts run in their order) are loaded from here. So the first view is on the screen as soon
  // as the page and its stylesheets are, and shares the network with nothing bigger before;
  // map.js, its map made, takes its place (replaceStatic).
  function mapPage(element) {
    var list = function (name) { return (element.getAttribute(name) || "").split(/\s+/).filter(Boolean); };
    var data = document.getElementById("map-first-view");
    var first = data ? firstView(element, JSON.parse(data.textContent)) : null;
    window.mapsiteStatic.firstView = first;
    // The tile manifests, asked for now with the scripts rather than once they have run (a round
    // trip less before Leaflet's first markers), and after the first view (nothing to share the
    // network with before it): tiles.js's fetch of the same URL takes the preloaded answer.
    list("data-manifests").forEach(function (url) {
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = url;
      document.head.appendChild(link);
    });
    var styles = Promise.all(list("data-css").map(load));
    styles.catch(function () {});  // said below, with the scripts
    window.mapsiteStatic.mapStyles = styles;
    Promise.all(list("data-js").map(load)).catch(function (error) {
      var status = document.getElementById("map-status");
      if (status) status.textContent = "Could not load the map: " + error.message;
    });
  }

  // The first view of a dataset's map as map.js will show it: the view the URL's #zoom/lat/lon
  // names, else the dataset's bounds fitted with 20 pixels to spare; drawn only at a zoom whose
  // tiles the page carries, else null. Until map.js takes its place, it is drawn again whenever
  // the map's size changes (as when the site's menu folds behind its button, once mapsite.js has
  // run). Returns { dataset, tiles, replace(basemap layer) }.
  function firstView(element, data) {
    var fill = JSON.parse(element.getAttribute("data-colors") || "{}")[data.dataset];
    var extra = "layer-" + data.dataset;
    var map = null;
    function draw() {
      if (map) map.layer.remove();
      map = null;
      var b = data.bounds;
      var parts = location.hash.slice(1).split("/").map(Number);
      var view = parts.length === 3 && !parts.some(isNaN)
        ? { lat: parts[1], lon: parts[2], zoom: Math.max(0, Math.min(settings.maxZoom, Math.round(parts[0]))) }
        : fittedView([[b[1], b[0]], [b[3], b[2]]], element.clientWidth, element.clientHeight, 20, 16);
      if (data.zooms.indexOf(view.zoom) < 0) return;
      map = staticMap(element, view);
      Object.keys(data.tiles).forEach(function (key) {
        if (key.length !== view.zoom) return;
        var tile = data.tiles[key];
        tile.c.forEach(function (c) { map.add(clusterMarkup(c[2], fill, extra), c[0], c[1]).title = c[2] + " places"; });
        tile.p.forEach(function (p) { map.add(pinIcon(fill, undefined, extra), p[0], p[1]).title = p[3]; });
      });
    }
    draw();
    if (!map) return null;
    var size = element.clientWidth + "x" + element.clientHeight;
    var observer = "ResizeObserver" in window ? new ResizeObserver(function () {
      var now = element.clientWidth + "x" + element.clientHeight;
      if (now !== size) { size = now; draw(); }
    }) : null;
    if (observer) observer.observe(element);
    return {
      dataset: data.dataset, tiles: data.tiles,
      replace: function (tiles) {
        if (observer) observer.disconnect();
        if (map) replaceStatic(map.layer, tiles);
      },
    };
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

  window.mapsiteStatic = {
    settings: settings, color: color, pinIcon: pinIcon, clusterMarkup: clusterMarkup, load: load,
    fittedView: fittedView, draw: staticMap, shape: staticShape, replace: replaceStatic,
  };
  var menuButton = document.querySelector(".menu-button");
  if (menuButton) siteMenu(menuButton);
  var fullMap = document.querySelector("#map[data-js]");
  if (fullMap) mapPage(fullMap);
})();
