// mapsite tiles: reads a dataset's tile manifest and tiles (format: docs/tile-format.md).
// Shared by the map page and the near-me page.
(function () {
  "use strict";
  var EARTH_RADIUS = 6371008.8;
  var RAD = Math.PI / 180;

  function quadkey(z, x, y) {
    var key = "";
    for (var i = z; i > 0; i--) {
      var digit = 0;
      var mask = 1 << (i - 1);
      if (x & mask) digit += 1;
      if (y & mask) digit += 2;
      key += digit;
    }
    return key;
  }

  function tileOf(key) {
    var x = 0, y = 0;
    for (var i = 0; i < key.length; i++) {
      var digit = Number(key[i]);
      x = x * 2 + (digit & 1);
      y = y * 2 + (digit >> 1);
    }
    return { z: key.length, x: x, y: y };
  }

  function tileBounds(z, x, y) {
    var n = Math.pow(2, z);
    function lat(row) {
      var t = Math.PI * (1 - 2 * row / n);
      return Math.atan(Math.sinh(t)) / RAD;
    }
    return { south: lat(y + 1), north: lat(y), west: x / n * 360 - 180, east: (x + 1) / n * 360 - 180 };
  }

  function tileX(lon, z) {
    var n = Math.pow(2, z);
    return Math.min(n - 1, Math.max(0, Math.floor((lon + 180) / 360 * n)));
  }

  function tileY(lat, z) {
    var n = Math.pow(2, z);
    var clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
    var s = Math.sin(clamped * RAD);
    var y = Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n);
    return Math.min(n - 1, Math.max(0, y));
  }

  function distance(lat1, lon1, lat2, lon2) {
    var p1 = lat1 * RAD, p2 = lat2 * RAD;
    var dp = p2 - p1, dl = (lon2 - lon1) * RAD;
    var h = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
    return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  function bearing(lat1, lon1, lat2, lon2) {
    var p1 = lat1 * RAD, p2 = lat2 * RAD, dl = (lon2 - lon1) * RAD;
    var y = Math.sin(dl) * Math.cos(p2);
    var x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
    return (Math.atan2(y, x) / RAD + 360) % 360;
  }

  // A lower bound of the distance from a point to any point of a lat/lon box, in metres.
  // Inside: 0. Longitude within the box: straight north or south to the nearer edge (exact).
  // Otherwise the nearest point lies on one of the two meridian edges: the foot of the
  // perpendicular when it falls within the edge, else a corner.
  function lowerBound(lat, lon, box) {
    var inLon = box.west <= lon && lon <= box.east;
    if (inLon) {
      if (lat >= box.south && lat <= box.north) return 0;
      return EARTH_RADIUS * RAD * (lat > box.north ? lat - box.north : box.south - lat);
    }
    var best = Infinity;
    [box.west, box.east].forEach(function (edge) {
      var dl = ((lon - edge) % 360 + 540) % 360 - 180;
      best = Math.min(best, distance(lat, lon, box.south, edge), distance(lat, lon, box.north, edge));
      if (Math.abs(dl) < 90) {
        var foot = Math.atan(Math.tan(lat * RAD) / Math.cos(dl * RAD)) / RAD;
        if (foot > box.south && foot < box.north) {
          var cross = Math.asin(Math.min(1, Math.abs(Math.cos(lat * RAD) * Math.sin(dl * RAD))));
          best = Math.min(best, EARTH_RADIUS * cross);
        }
      }
    });
    // Slack so rounding never makes the bound exceed the true distance: haversine can be off
    // by ~0.4 m for nearly antipodal points.
    return Math.max(0, best * (1 - 1e-7) - 1e-6);
  }

  // The tile format this script reads (docs/tile-format.md).
  var FORMAT_VERSION = 6;

  function unitVector(lat, lon) {
    var p = lat * RAD, l = lon * RAD;
    return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
  }

  function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }

  function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

  // The nearest point to (lat, lon) of the great-circle arc from a to b ([lat, lon] each, the
  // shorter way round), into best ({distance, lat, lon}) when nearer than what best holds. The foot
  // of the perpendicular counts when it lies on the arc; otherwise the nearer end.
  function nearestOnArc(lat, lon, a, b, best) {
    [a, b].forEach(function (end) {
      var d = distance(lat, lon, end[0], end[1]);
      if (d < best.distance) { best.distance = d; best.lat = end[0]; best.lon = end[1]; }
    });
    var u = unitVector(a[0], a[1]), v = unitVector(b[0], b[1]), n = cross(u, v);
    var length = Math.sqrt(dot(n, n));
    if (length < 1e-15) return;
    n = [n[0] / length, n[1] / length, n[2] / length];
    var p = unitVector(lat, lon), s = dot(p, n);
    var f = [p[0] - s * n[0], p[1] - s * n[1], p[2] - s * n[2]];
    if (dot(cross(u, f), n) < 0 || dot(cross(f, v), n) < 0) return;
    var d = EARTH_RADIUS * Math.atan2(Math.abs(s), Math.sqrt(dot(f, f)));
    if (d < best.distance) {
      best.distance = d;
      best.lat = Math.atan2(f[2], Math.sqrt(f[0] * f[0] + f[1] * f[1])) / RAD;
      best.lon = Math.atan2(f[1], f[0]) / RAD;
    }
  }

  // Whether (lat, lon) lies inside a ring of [lat, lon] positions, edges straight in degrees
  // (even-odd), as the build reads polygons.
  function inRing(lat, lon, ring) {
    var inside = false;
    for (var i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      var a = ring[i], b = ring[j];
      if ((a[0] > lat) !== (b[0] > lat) && lon < (b[1] - a[1]) * (lat - a[0]) / (b[0] - a[0]) + a[1]) inside = !inside;
    }
    return inside;
  }

  // The great-circle distance from (lat, lon) to a place's whole geometry (a point tile's "g":
  // kind 0 points, 1 lines, 3 polygons), edges as great-circle arcs: 0 inside a polygon (outer
  // ring, not a hole), else the nearest point of its vertices and edges. Returns
  // {distance, lat, lon, inside}, lat/lon the nearest point.
  function shapeDistance(lat, lon, kind, coordinates) {
    var best = { distance: Infinity, lat: lat, lon: lon, inside: false };
    if (kind === 0) {
      coordinates.forEach(function (p) { nearestOnArc(lat, lon, p, p, best); });
      return best;
    }
    var rings = kind === 1 ? coordinates : [].concat.apply([], coordinates);
    if (kind === 3) {
      var inside = coordinates.some(function (polygon) {
        return inRing(lat, lon, polygon[0]) && !polygon.slice(1).some(function (hole) { return inRing(lat, lon, hole); });
      });
      if (inside) return { distance: 0, lat: lat, lon: lon, inside: true };
    }
    rings.forEach(function (line) {
      for (var i = 0; i + 1 < line.length; i++) nearestOnArc(lat, lon, line[i], line[i + 1], best);
      if (kind === 3 && line.length > 1) nearestOnArc(lat, lon, line[line.length - 1], line[0], best);
    });
    return best;
  }

  // One dataset's tiles: the manifest, and tiles fetched once and kept.
  function Tileset(root, name) {
    this.root = root;
    this.name = name;
    this.base = root + "tiles/" + name + "/";
    this.cache = {};
    this.manifest = null;
  }

  Tileset.prototype.load = function () {
    var self = this;
    if (this.ready) return this.ready;
    this.ready = fetchJSON(this.base + "index.json").then(function (manifest) {
      if (manifest.version !== FORMAT_VERSION) {
        throw new Error("the map data of " + self.name + " is in tile format version " + manifest.version +
          ", but this page reads version " + FORMAT_VERSION + ": the site needs rebuilding with one version of mapsite");
      }
      self.manifest = manifest;
      var tree = quadtree(manifest.shapes ? manifest.shapes.tree : "", "", SHAPE_TREE_CUT);
      self.shapeLeaves = tree.leaves;
      self.shapeTiles = tree.tiles;
      self.shapeCuts = tree.cuts;
      var points = quadtree(manifest.tree);
      self.leaves = points.leaves;
      self.clusters = points.tiles;
      self.leafOrder = points.order;
      self.reach = reaches(points.order, manifest.reach);
      return self;
    });
    return this.ready;
  };

  Tileset.prototype.tile = function (key) {
    if (!this.cache[key]) {
      var folder = key.lastIndexOf("/") + 1;
      var t = tileOf(key.slice(folder));
      var self = this;
      var url = this.base + key.slice(0, folder) + t.z + "/" + t.x + "/" + t.y + ".json";
      this.cache[key] = fetchJSON(url).then(function (tile) {
        // With no network, the service worker answers a tile this device never kept as an empty
        // one marked offline (sw.js): counted, so that near me can say its answer may be short.
        if (tile.offline) self.notSaved = (self.notSaved || 0) + 1;
        return tile;
      }, function (error) {
        delete self.cache[key];
        throw error;
      });
    }
    return this.cache[key];
  };

  // The shape tile at key (docs/tile-format.md), fetched once.
  Tileset.prototype.shapeTile = function (key) {
    return this.tile("shapes/" + key);
  };

  // A promise of the keys of the shape tiles that draw the view at zoom z: leaves at or above z,
  // and the simplified tiles at z. The manifest's shape tree stops at zoom 4; the subtrees of the
  // tiles cut above z over the view are fetched first (tree/<z>/<x>/<y>.json), once each.
  Tileset.prototype.shapeKeysFor = function (bounds, z) {
    var self = this;
    z = Math.max(0, Math.min(z, this.manifest.maxZoom));
    var view = viewKeys(bounds, z);
    var wanted = new Set();
    view.forEach(function (key) {
      for (var i = 0; i < key.length; i++) if (self.shapeCuts.has(key.slice(0, i))) wanted.add(key.slice(0, i));
    });
    if (!wanted.size) return Promise.resolve(keysIn(this.manifest, this.shapeLeaves, this.shapeTiles, bounds, z));
    return Promise.all(Array.from(wanted).map(function (key) { return self.shapeSubtree(key); })).then(function () {
      return self.shapeKeysFor(bounds, z);
    });
  };

  // Reads the subtree of the cut shape tile at key into the tree, once.
  Tileset.prototype.shapeSubtree = function (key) {
    var self = this;
    return this.tile("tree/" + key).then(function (file) {
      if (!self.shapeCuts.has(key)) return;
      self.shapeCuts.delete(key);
      // With no network, a file this device never kept comes as an empty tile (sw.js): the
      // tiles under it stay unknown.
      var tree = quadtree(file.t || "", key, SHAPE_TREE_CUT);
      tree.leaves.forEach(function (k) { self.shapeLeaves.add(k); });
      tree.tiles.forEach(function (k) { self.shapeTiles.add(k); });
      tree.cuts.forEach(function (k) { self.shapeCuts.add(k); });
    });
  };

  // Whether the map draws this dataset's pins and clusters at zoom z: not where every place is
  // a polygon drawn whole in the shape tiles (from the manifest's shapes.pointsBelow on).
  Tileset.prototype.needsPointsAt = function (z) {
    var shapes = this.manifest.shapes;
    return !shapes || typeof shapes.pointsBelow !== "number" || z < shapes.pointsBelow;
  };

  // The keys of the tiles that show the view at zoom z: point tiles (leaves at or above z)
  // and cluster tiles at z.
  Tileset.prototype.keysFor = function (bounds, z) {
    return keysIn(this.manifest, this.leaves, this.clusters, bounds, z);
  };

  // The zooms at which the shape tree is cut (docs/tile-format.md).
  var SHAPE_TREE_CUT = 4;

  // The quadkeys of a tree of tiles in the manifest (`tree`, `shapes.tree`) or a shape subtree
  // (from `root`, its quadkey): a character a tile, depth first, children in quadkey order; "-"
  // for a leaf, else the hex digit whose bit d says the tile has child d, or for a shape tile with
  // nothing to draw (and no file) the letter that many places after "g". With `cut` (the shape
  // tree's), a tile below the root at a zoom divisible by it has its children, if any, in a file
  // of its own. Returns the leaves and the internal tiles that have files as sets, the leaves in
  // the tree's order, and the tiles cut with children.
  function quadtree(text, root, cut) {
    var leaves = new Set(), tiles = new Set(), cuts = new Set(), order = [], at = 0;
    root = root || "";
    function visit(key) {
      var c = text.charAt(at++);
      if (c === "-") { leaves.add(key); order.push(key); return; }
      var mask = "0123456789abcdef".indexOf(c);
      if (mask < 0) mask = "ghijklmnopqrstuv".indexOf(c);
      else tiles.add(key);
      if (cut && key !== root && key.length % cut === 0) {
        if (mask) cuts.add(key);
        return;
      }
      for (var d = 0; d < 4; d++) if (mask & (1 << d)) visit(key + d);
    }
    if (text) visit(root);
    return { leaves: leaves, tiles: tiles, order: order, cuts: cuts };
  }

  // The characters of the manifest's `reach`; character i stands for (2 + i mod 2) · 2^⌊i/2⌋
  // metres, at least the farthest any point of a shape can be from the point that puts its place
  // in the point tile.
  var REACH = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  function reachOf(c) {
    var i = REACH.indexOf(c);
    return (2 + i % 2) * Math.pow(2, i >> 1);
  }

  // The reach of each point tile whose places have shapes, by quadkey, from the manifest's
  // `reach`: a character a point tile in the tree's order, "-" for none ("" when no tile has one).
  function reaches(order, text) {
    var reach = {};
    for (var i = 0; i < text.length; i++) if (text.charAt(i) !== "-") reach[order[i]] = reachOf(text.charAt(i));
    return reach;
  }

  // The quadkeys of the tiles at zoom z over the view.
  function viewKeys(bounds, z) {
    var keys = [];
    var west = tileX(bounds.west, z), east = tileX(bounds.east, z);
    var north = tileY(bounds.north, z), south = tileY(bounds.south, z);
    if (bounds.east - bounds.west >= 360) { west = 0; east = Math.pow(2, z) - 1; }
    var n = Math.pow(2, z);
    var count = 0;
    for (var x = west; ; x = (x + 1) % n) {
      for (var y = north; y <= south; y++) keys.push(quadkey(z, x, y));
      if (x === east || ++count > n) break;
    }
    return keys;
  }

  function keysIn(m, leaves, clusters, bounds, z) {
    z = Math.max(0, Math.min(z, m.maxZoom));
    var keys = new Set();
    viewKeys(bounds, z).forEach(function (key) {
      if (clusters.has(key)) {
        keys.add(key);
      } else {
        for (var i = key.length; i >= 0; i--) {
          if (leaves.has(key.slice(0, i))) { keys.add(key.slice(0, i)); break; }
        }
      }
    });
    return Array.from(keys).sort();
  }

  // The k nearest items to a point, exact: leaves are read nearest-first by their lower bound
  // until the k-th best distance found is no greater than the next leaf's bound. A place with a
  // shape is measured to its whole geometry (the "g" of the tile's file under whole/), which lies
  // within the leaf's "reach" of the point that puts it in the leaf: the leaf's bound is its
  // box's less that reach.
  // The result also lists, as .inside, every polygon holding the point (their bound is 0, so
  // every leaf that can hold one is read).
  Tileset.prototype.nearest = function (lat, lon, k, onRead) {
    var self = this;
    return this.load().then(function () {
      var order = self.leafOrder.map(function (key) {
        var t = tileOf(key);
        // Points beyond Web Mercator's ±85.05° lie in the top and bottom rows: stretch them to the poles.
        var box = tileBounds(t.z, t.x, t.y);
        if (t.y === 0) box.north = 90;
        if (t.y === Math.pow(2, t.z) - 1) box.south = -90;
        return { key: key, bound: Math.max(0, lowerBound(lat, lon, box) - (self.reach[key] || 0)) };
      }).sort(function (a, b) { return a.bound - b.bound || (a.key < b.key ? -1 : 1); });
      var best = [];
      var inside = [];
      var index = 0;
      function step() {
        var limit = best.length === k ? best[k - 1].distance : Infinity;
        if (index >= order.length || order[index].bound > limit) {
          best.inside = inside.sort(function (a, b) { return a.title < b.title ? -1 : a.title > b.title ? 1 : 0; });
          return best;
        }
        var entry = order[index++];
        // A point tile with places that have shapes has their whole shapes in a file beside it.
        var whole = entry.key in self.reach ? self.tile("whole/" + entry.key) : Promise.resolve({ g: [] });
        return Promise.all([self.tile(entry.key), whole]).then(function (both) {
          var tile = both[0];
          if (onRead) onRead(entry.key);
          var shapes = {};
          both[1].g.forEach(function (g) { shapes[g[0]] = g; });
          tile.p.forEach(function (p, i) {
            var place = { lat: p[0], lon: p[1], id: p[2], title: p[3], slug: p[4], thumbnail: p[5] };
            var near = shapes[i] ? shapeDistance(lat, lon, shapes[i][1], shapes[i][2])
              : { distance: distance(lat, lon, p[0], p[1]), lat: p[0], lon: p[1], inside: false };
            place.distance = near.distance;
            place.inside = near.inside;
            place.geometry = shapes[i] ? { kind: shapes[i][1], coordinates: shapes[i][2] } : null;
            place.bearing = bearing(lat, lon, near.lat, near.lon);
            best.push(place);
            if (near.inside) inside.push(place);
          });
          best.sort(function (a, b) { return a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0); });
          if (best.length > k) best.length = k;
          return step();
        });
      }
      return step();
    });
  };

  function fetchJSON(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return response.json();
    });
  }

  // The same rounding as item pages (DistanceText.swift).
  function formatDistance(metres) {
    if (metres < 100) return Math.round(metres) + " m";
    if (metres < 1000) {
      var tens = Math.round(metres / 10) * 10;
      return tens >= 1000 ? "1.0 km" : tens + " m";
    }
    if (metres < 10000) {
      var tenths = Math.round(metres / 100) / 10;
      return tenths >= 10 ? "10 km" : tenths.toFixed(1) + " km";
    }
    return Math.round(metres / 1000).toLocaleString("en") + " km";
  }

  function compass(degrees) {
    var points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
    return points[Math.round(degrees / 45) % 8];
  }

  window.mapsiteTiles = {
    Tileset: Tileset, quadkey: quadkey, tileOf: tileOf, tileBounds: tileBounds, distance: distance,
    bearing: bearing, lowerBound: lowerBound, formatDistance: formatDistance, compass: compass,
    shapeDistance: shapeDistance, quadtree: quadtree, SHAPE_TREE_CUT: SHAPE_TREE_CUT, reachOf: reachOf, FORMAT_VERSION: FORMAT_VERSION,
  };
})();
