// mapsite map page: draws only what is in view, from precomputed tiles. Point tiles become
// markers (grouped by Leaflet.markercluster when they crowd), cluster tiles become counted
// circles that zoom in when clicked. The view is kept in the URL hash: #zoom/lat/lon.
(function () {
  "use strict";
  // Leaflet's stylesheets, which static-map.js loads beside this script, are in before the map is made.
  (window.mapsiteStatic.mapStyles || Promise.resolve()).then(start);

  function start() {
    var T = window.mapsiteTiles;
    var settings = window.mapsite.settings;
    var element = document.getElementById("map");
    var names = element.getAttribute("data-datasets").split(" ");
    var titles = JSON.parse(element.getAttribute("data-titles"));
    var colors = JSON.parse(element.getAttribute("data-colors") || "{}");
    var site = window.mapsite;
    var escapeHTML = site.escapeHTML;
    var status = document.getElementById("map-status");

    var map = L.map(element, { zoomControl: true, worldCopyJump: true });
    var basemap = window.mapsite.basemap(map);
    window.mapsite.map = map;
    // The first view as static-map.js drew it before Leaflet was here: its tiles, which the page
    // carried, are not fetched again, and it is taken away once this map shows the same.
    var first = window.mapsiteStatic.firstView;

    var layers = names.map(function (name) {
      var points = L.markerClusterGroup(site.clusterOptions(colors[name], { maxClusterRadius: 50, chunkedLoading: true }, "layer-" + name));
      var clusters = L.layerGroup();
      // Lines and polygons (shapes.js), under the markers.
      var shapes = L.layerGroup();
      var group = L.featureGroup([shapes, points, clusters]).addTo(map);
      var tiles = new T.Tileset(settings.root, name);
      if (first && first.dataset === name) {
        Object.keys(first.tiles).forEach(function (key) { tiles.cache[key] = Promise.resolve(first.tiles[key]); });
      }
      return { name: name, tiles: tiles, points: points, clusters: clusters, group: group, shapes: shapes, shown: null };
    });
    if (layers.length > 1) {
      var overlays = {};
      // The control shows each name as HTML: a swatch of the layer's colour, then its title, escaped.
      layers.forEach(function (layer) {
        var label = '<span class="layer-swatch" style="background:' + site.color(colors[layer.name]) + '"></span>' +
          escapeHTML(titles[layer.name] || layer.name);
        overlays[label] = layer.group;
      });
      // Open beside a wide map; on a phone's, a button that opens it, so it does not hide the places.
      var narrow = window.matchMedia && window.matchMedia("(max-width: 600px)").matches;
      L.control.layers(null, overlays, { collapsed: narrow }).addTo(map);
    }

    function itemURL(name, slug) { return settings.root + name + "/" + encodeURIComponent(slug) + "/"; }

    function popup(name, p) {
      var html = '<a class="popup-title" href="' + escapeHTML(itemURL(name, p[4])) + '">' + escapeHTML(p[3]) + "</a>";
      if (p[5]) {
        var src = site.siteURL(p[5]);
        html = '<img class="popup-thumb" src="' + escapeHTML(src) + '" alt="" width="160">' + html;
      }
      return html;
    }

    function pointMarker(name, p) {
      return L.marker([p[0], p[1]], { title: p[3], icon: site.pin(colors[name], undefined, "layer-" + name) }).bindPopup(popup(name, p));
    }

    function clusterMarker(name, c) {
      var marker = L.marker([c[0], c[1]], { icon: site.clusterIcon(c[2], colors[name], "layer-" + name), title: c[2] + " places" });
      marker.on("click", function () {
        var b = c[3];
        if (b[0] === b[2] && b[1] === b[3]) map.setView([c[0], c[1]], Math.max(c[4], map.getZoom() + 1));
        else map.fitBounds([[b[0], b[1]], [b[2], b[3]]], { maxZoom: c[4] });
      });
      return marker;
    }

    function show(layer, keys, tiles) {
      // A place drawn as its polygon has no pin: the polygon takes the tap (shapes.js markFilled).
      var filled = layer.shapes.mapsiteFilled || new Set();
      var signature = keys.join(",") + "|" + (layer.shapes.mapsiteFilledVersion || 0);
      if (signature === layer.shown) return;
      layer.shown = signature;
      var points = [], clusters = [];
      tiles.forEach(function (tile) {
        // A cluster tile's places are the ones its clustering left alone: shown as they are, like
        // its clusters. A point tile's are grouped here by Leaflet.markercluster.
        (tile.p || []).forEach(function (p) {
          if (!filled.has(p[2])) (tile.c ? clusters : points).push(pointMarker(layer.name, p));
        });
        (tile.c || []).forEach(function (c) { clusters.push(clusterMarker(layer.name, c)); });
      });
      layer.points.clearLayers();
      layer.clusters.clearLayers();
      layer.points.addLayers(points);
      clusters.forEach(function (marker) { layer.clusters.addLayer(marker); });
    }

    var generation = 0;
    function refresh() {
      var mine = ++generation;
      var b = map.getBounds();
      var bounds = { west: b.getWest(), east: b.getEast(), south: b.getSouth(), north: b.getNorth() };
      var z = Math.floor(map.getZoom());
      var loaded = 0;
      Promise.all(layers.filter(function (layer) { return map.hasLayer(layer.group); }).map(function (layer) {
        // Where every place is drawn as its polygon, no point tiles (tiles.js needsPointsAt).
        var keys = layer.tiles.needsPointsAt(z) ? layer.tiles.keysFor(bounds, z) : [];
        var shapes = window.mapsiteShapes.draw(layer.tiles, layer.shapes, map, {
          dataset: layer.name, color: site.color(colors[layer.name]), popup: function (p) { return popup(layer.name, p); } });
        var points = Promise.all(keys.map(function (key) { return layer.tiles.tile(key); }));
        // The pins wait for the shapes, to leave out the places drawn as polygons.
        return Promise.all([points, shapes]).then(function (both) {
          loaded += keys.length + both[1];
          if (mine === generation) show(layer, keys, both[0]);
        });
      })).then(function () {
        if (mine !== generation) return;
        status.textContent = loaded + (loaded === 1 ? " tile" : " tiles") + " in view";
        if (first) first.replace(basemap);
        first = null;
      }).catch(function (error) {
        status.textContent = "Could not load the map data: " + error.message;
        throw error;
      });
      writeHash();
    }

    function writeHash() {
      var c = map.getCenter();
      var hash = "#" + map.getZoom() + "/" + c.lat.toFixed(5) + "/" + c.lng.toFixed(5);
      if (location.hash !== hash) history.replaceState(null, "", hash);
    }

    function readHash() {
      var parts = location.hash.slice(1).split("/").map(Number);
      if (parts.length !== 3 || parts.some(isNaN)) return false;
      map.setView([parts[1], parts[2]], parts[0]);
      return true;
    }

    L.Control.Locate = L.Control.extend({
      onAdd: function () {
        var button = L.DomUtil.create("button", "locate-button");
        button.type = "button";
        button.title = "Show my location";
        button.setAttribute("aria-label", "Show my location");
        button.textContent = "◎";
        L.DomEvent.on(button, "click", function (event) {
          L.DomEvent.stop(event);
          map.locate({ setView: true, maxZoom: 16 });
        });
        return button;
      },
    });
    new L.Control.Locate({ position: "topleft" }).addTo(map);
    var here = null;
    map.on("locationfound", function (event) {
      if (here) map.removeLayer(here);
      here = site.hereMarker(event.latlng)
        .addTo(map).bindTooltip("You are here");
    });
    map.on("locationerror", function (event) { status.textContent = "Location unavailable: " + event.message; });

    Promise.all(layers.map(function (layer) { return layer.tiles.load(); })).then(function () {
      map.on("moveend", refresh);
      map.on("overlayadd overlayremove", function () { layers.forEach(function (l) { l.shown = null; }); refresh(); });
      window.addEventListener("hashchange", readHash);
      if (!readHash()) {
        var all = layers.map(function (layer) { return layer.tiles.manifest.bounds; });
        var south = Math.min.apply(null, all.map(function (b) { return b[1]; }));
        var west = Math.min.apply(null, all.map(function (b) { return b[0]; }));
        var north = Math.max.apply(null, all.map(function (b) { return b[3]; }));
        var east = Math.max.apply(null, all.map(function (b) { return b[2]; }));
        map.fitBounds([[south, west], [north, east]], { padding: [20, 20], maxZoom: 16 });
      }
      refresh();
    }).catch(function (error) {
      status.textContent = "Could not load the map data: " + error.message;
      throw error;
    });
  }
})();
