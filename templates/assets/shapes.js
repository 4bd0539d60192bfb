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

  // Decimals of a tile simplified for zoom z, as ShapePyramid.decimals(zoom:) writes them.
  function decimals(z) {
    var perPixel = 360 / (256 * Math.pow(2, z));
    return Math.min(6, Math.ceil(Math.log10(20 / perPixel)) + 2);
  }

  // The tile's square grown by the buffer, in degrees, and how near a cut vertex lies to it.
  function grownBox(key, buffer, isLeaf) {
    var t = T.tileOf(key), n = Math.pow(2, t.z), margin = buffer / 256;
    return {
      west: (t.x - margin) / n * 360 - 180, east: (t.x + 1 + margin) / n * 360 - 180,
      north: latitude((t.y - margin) / n), south: latitude((t.y + 1 + margin) / n),
      slack: 1.5 * Math.pow(10, -(isLeaf ? 6 : decimals(t.z))),
    };
  }

  // Whether the edge from a to b runs along one side of the grown box: made by the cut.
  function alongCut(a, b, box) {
    function near(u, v) { return Math.abs(u - v) <= box.slack; }
    return (near(a[1], box.west) && near(b[1], box.west)) || (near(a[1], box.east) && near(b[1], box.east)) ||
      (near(a[0], box.north) && near(b[0], box.north)) || (near(a[0], box.south) && near(b[0], box.south));
  }

  // A ring's edges as lines, leaving out the edges along the cut.
  function outline(ring, box, shift, into) {
    var run = [];
    for (var i = 0; i <= ring.length; i++) {
      var a = ring[(i + ring.length - 1) % ring.length], b = ring[i % ring.length];
      if (i === 0) continue;
      if (alongCut(a, b, box)) {
        if (run.length > 1) into.push(run);
        run = [];
        continue;
      }
      if (!run.length) run.push([a[0], a[1] + shift]);
      run.push([b[0], b[1] + shift]);
    }
    if (run.length > 1) into.push(run);
  }

  // The keys to draw the view at zoom z, with the longitude shift of the world copy each is in.
  function keysInView(tileset, map) {
    var b = map.getBounds(), z = Math.floor(map.getZoom());
    var west = b.getWest(), east = b.getEast(), found = [];
    if (east - west >= 360) { west = -180; east = 180; }
    for (var copy = Math.floor((west + 180) / 360); copy <= Math.floor((east + 180) / 360 - 1e-12); copy++) {
      var shift = copy * 360;
      var part = { west: Math.max(west - shift, -180), east: Math.min(east - shift, 180), south: b.getSouth(),
        north: b.getNorth() };
      tileset.shapeKeysFor(part, z).forEach(function (key) { found.push({ key: key, shift: shift }); });
    }
    return found;
  }

  // Draws the shapes of `tileset` in view into `group` (a Leaflet layer group), replacing what it
  // held; options.color, options.popup(p) (p as a point tile's place). Returns a promise.
  function draw(tileset, group, map, options) {
    var manifest = tileset.manifest;
    if (!manifest || !manifest.shapes) return Promise.resolve(0);
    var wanted = keysInView(tileset, map);
    var signature = wanted.map(function (w) { return w.key + "@" + w.shift; }).join(",");
    // Only the latest call draws; an earlier one still loading gives way.
    var mine = group.mapsiteGeneration = (group.mapsiteGeneration || 0) + 1;
    if (group.mapsiteSignature === signature) return Promise.resolve(wanted.length);
    return Promise.all(wanted.map(function (w) { return tileset.shapeTile(w.key); })).then(function (tiles) {
      if (mine !== group.mapsiteGeneration) return wanted.length;
      group.mapsiteSignature = signature;
      var places = {}, order = [];
      tiles.forEach(function (tile, index) {
        var key = wanted[index].key, shift = wanted[index].shift;
        var box = grownBox(key, manifest.shapes.buffer, tileset.shapeLeaves.has(key));
        tile.s.forEach(function (s) {
          var id = s[2];
          if (!places[id]) { places[id] = { p: [null, null, s[2], s[3], s[4], s[5]], kind: s[0], fills: [], lines: [] }; order.push(id); }
          var place = places[id];
          if (s[0] === 3) {
            s[1].forEach(function (polygon) {
              place.fills.push(polygon.map(function (ring) {
                return ring.map(function (p) { return [p[0], p[1] + shift]; });
              }));
              polygon.forEach(function (ring) { outline(ring, box, shift, place.lines); });
            });
          } else {
            s[1].forEach(function (line) {
              place.lines.push(line.map(function (p) { return [p[0], p[1] + shift]; }));
            });
          }
        });
      });
      group.clearLayers();
      var color = options.color;
      order.forEach(function (id) {
        var place = places[id];
        var html = options.popup(place.p);
        if (place.fills.length) {
          L.polygon(place.fills, { stroke: false, fillColor: color, fillOpacity: 0.25, fillRule: "nonzero",
            className: "shape-fill" }).bindPopup(html).addTo(group);
        }
        if (place.lines.length) {
          L.polyline(place.lines, { color: color, weight: place.kind === 3 ? 2 : 4, opacity: 1,
            className: place.kind === 3 ? "shape-outline" : "shape-line" }).bindPopup(html).addTo(group);
        }
      });
      return wanted.length;
    });
  }

  window.mapsiteShapes = { draw: draw, keysInView: keysInView };
})();
