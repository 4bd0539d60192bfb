// mapsite shapes: draws a dataset's lines and polygons on a map page from its shape tiles
// (docs/tile-format.md), in the dataset's colour, each with the popup of its place.
//
// A tile holds each shape cut to the tile grown by a few pixels, so neighbouring tiles overlap.
// The pieces of one place in view are drawn as one path: polygons filled with the nonzero rule
// (outer rings all turn one way and holes the other, so where pieces overlap the fill is laid
// once and holes stay open), their outlines drawn apart, without the edges a cut made along a
// tile's grown border. Tiles across the antimeridian are drawn in the copy of the world in view.
(function () {
  "use strict";
  var T = window.mapsiteTiles;
  var RAD = Math.PI / 180;

  function latitude(y) { return Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) / RAD; }

  // A ring or line of a tile at `key` (docs/tile-format.md): a flat list of grid units from the
  // tile's top left corner, `units` to its side, the first point whole and each other as its
  // step from the one before. Returns the points as [lat, lon] (longitudes shifted by `shift`)
  // and on the grid.
  function decode(flat, key, units, shift) {
    var t = T.tileOf(key), n = Math.pow(2, t.z), points = [], grid = [], x = 0, y = 0;
    for (var i = 0; i + 1 < flat.length; i += 2) {
      x += flat[i];
      y += flat[i + 1];
      grid.push([x, y]);
      points.push([latitude((t.y + y / units) / n), (t.x + x / units) / n * 360 - 180 + shift]);
    }
    return { points: points, grid: grid };
  }

  // Whether the edge from a to b (on the grid) runs along one side of the tile's square grown
  // by `buffer` pixels: made by the cut.
  function alongCut(a, b, units, buffer) {
    var low = -buffer * units / 256, high = units - low;
    function near(u, v) { return Math.abs(u - v) <= 1; }
    return (near(a[0], low) && near(b[0], low)) || (near(a[0], high) && near(b[0], high)) ||
      (near(a[1], low) && near(b[1], low)) || (near(a[1], high) && near(b[1], high));
  }

  // A decoded ring's edges as lines, leaving out the edges along the cut.
  function outline(ring, units, buffer, into) {
    var run = [], n = ring.points.length;
    for (var i = 1; i <= n; i++) {
      var a = i - 1, b = i % n;
      if (alongCut(ring.grid[a], ring.grid[b], units, buffer)) {
        if (run.length > 1) into.push(run);
        run = [];
        continue;
      }
      if (!run.length) run.push(ring.points[a]);
      run.push(ring.points[b]);
    }
    if (run.length > 1) into.push(run);
  }

  function shifted(keys, shift) {
    return keys.then(function (list) { return list.map(function (key) { return { key: key, shift: shift }; }); });
  }

  // A promise of the keys to draw the view at zoom z, with the longitude shift of the world copy
  // each is in.
  function keysInView(tileset, map) {
    var b = map.getBounds(), z = Math.floor(map.getZoom());
    var west = b.getWest(), east = b.getEast(), parts = [];
    if (east - west >= 360) { west = -180; east = 180; }
    for (var copy = Math.floor((west + 180) / 360); copy <= Math.floor((east + 180) / 360 - 1e-12); copy++) {
      var shift = copy * 360;
      var part = { west: Math.max(west - shift, -180), east: Math.min(east - shift, 180), south: b.getSouth(),
        north: b.getNorth() };
      parts.push(shifted(tileset.shapeKeysFor(part, z), shift));
    }
    return Promise.all(parts).then(function (lists) { return [].concat.apply([], lists); });
  }

  // Draws the shapes of `tileset` in view into `group` (a Leaflet layer group), replacing what it
  // held; options.color, options.popup(p) (p as a point tile's place). Returns a promise.
  function draw(tileset, group, map, options) {
    var manifest = tileset.manifest;
    if (!manifest || !manifest.shapes) return Promise.resolve(0);
    // Only the latest call draws; an earlier one still loading gives way.
    var mine = group.mapsiteGeneration = (group.mapsiteGeneration || 0) + 1;
    return keysInView(tileset, map).then(function (wanted) {
      if (mine !== group.mapsiteGeneration) return wanted.length;
      var signature = wanted.map(function (w) { return w.key + "@" + w.shift; }).join(",");
      if (group.mapsiteSignature === signature) {
        markFilled(group, map, manifest);
        return wanted.length;
      }
      return drawTiles(tileset, group, wanted, signature, mine, options).then(function (count) {
        if (mine === group.mapsiteGeneration) markFilled(group, map, manifest);
        return count;
      });
    });
  }

  // The places drawn as polygons at least minimumSize pixels across at the map's zoom, as
  // group.mapsiteFilled (a set of ids), whose pins the map leaves out (map.js); smaller, a polygon
  // is a speck and its pin shows where it is. group.mapsiteFilledVersion changes with the set.
  function markFilled(group, map, manifest) {
    var z = map.getZoom(), filled = new Set(), old = group.mapsiteFilled || new Set();
    (group.mapsiteFills || []).forEach(function (fill) {
      var b = fill.layer.getBounds(), a = map.project(b.getSouthWest(), z), c = map.project(b.getNorthEast(), z);
      if (Math.max(Math.abs(c.x - a.x), Math.abs(c.y - a.y)) >= manifest.shapes.minimumSize) filled.add(fill.id);
    });
    var same = filled.size === old.size;
    filled.forEach(function (id) { same = same && old.has(id); });
    if (same) return;
    group.mapsiteFilled = filled;
    group.mapsiteFilledVersion = (group.mapsiteFilledVersion || 0) + 1;
  }

  function drawTiles(tileset, group, wanted, signature, mine, options) {
    var manifest = tileset.manifest;
    return Promise.all(wanted.map(function (w) { return tileset.shapeTile(w.key); })).then(function (tiles) {
      if (mine !== group.mapsiteGeneration) return wanted.length;
      group.mapsiteSignature = signature;
      var places = {}, order = [];
      tiles.forEach(function (tile, index) {
        var key = wanted[index].key, shift = wanted[index].shift, buffer = manifest.shapes.buffer;
        tile.s.forEach(function (s) {
          var id = s[2], kind = s[0], units = tile.e;
          // A piece on a grid of its own says so: [kind, units].
          if (Array.isArray(kind)) { units = kind[1]; kind = kind[0]; }
          if (!places[id]) { places[id] = { p: [null, null, s[2], s[3], s[4], s[5]], kind: kind, fills: [], lines: [] }; order.push(id); }
          var place = places[id];
          if (kind === 3) {
            s[1].forEach(function (polygon) {
              var rings = polygon.map(function (flat) { return decode(flat, key, units, shift); });
              place.fills.push(rings.map(function (ring) { return ring.points; }));
              rings.forEach(function (ring) { outline(ring, units, buffer, place.lines); });
            });
          } else {
            s[1].forEach(function (line) { place.lines.push(decode(line, key, units, shift).points); });
          }
        });
      });
      group.clearLayers();
      group.mapsiteFills = [];
      var color = options.color;
      // Each path also names its dataset (dataset names are lowercase letters, digits and '-').
      var of = options.dataset ? " shapes-of-" + options.dataset : "";
      order.forEach(function (id) {
        var place = places[id];
        var html = options.popup(place.p);
        if (place.fills.length) {
          var fill = L.polygon(place.fills, { stroke: false, fillColor: color, fillOpacity: 0.25, fillRule: "nonzero",
            className: "shape-fill" + of }).bindPopup(html).addTo(group);
          group.mapsiteFills.push({ id: id, layer: fill });
        }
        if (place.lines.length) {
          L.polyline(place.lines, { color: color, weight: place.kind === 3 ? 2 : 4, opacity: 1,
            className: (place.kind === 3 ? "shape-outline" : "shape-line") + of }).bindPopup(html).addTo(group);
        }
      });
      return wanted.length;
    });
  }

  window.mapsiteShapes = { draw: draw, keysInView: keysInView };
})();
