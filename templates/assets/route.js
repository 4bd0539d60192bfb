// mapsite: the shortest order through a few places, in the browser (for favourites): an open
// path from any place to any other. Exact (Held–Karp over subsets) up to EXACT places; beyond,
// 2-opt from a nearest-neighbour path out of every place, the shortest kept.
(function () {
  "use strict";
  var EXACT = 12;

  function matrix(points) {
    var distance = window.mapsiteTiles.distance;
    return points.map(function (a) { return points.map(function (b) { return distance(a[0], a[1], b[0], b[1]); }); });
  }

  function length(order, d) {
    var total = 0;
    for (var i = 1; i < order.length; i++) total += d[order[i - 1]][order[i]];
    return total;
  }

  function exact(d) {
    var n = d.length, sets = 1 << n;
    var best = new Float64Array(sets * n).fill(Infinity);
    var previous = new Int8Array(sets * n).fill(-1);
    for (var i = 0; i < n; i++) best[(1 << i) * n + i] = 0;
    for (var set = 1; set < sets; set++) {
      for (var end = 0; end < n; end++) {
        var here = best[set * n + end];
        if (!(set & (1 << end)) || here === Infinity) continue;
        for (var next = 0; next < n; next++) {
          if (set & (1 << next)) continue;
          var to = (set | (1 << next)) * n + next, through = here + d[end][next];
          if (through < best[to]) { best[to] = through; previous[to] = end; }
        }
      }
    }
    var all = sets - 1, last = 0;
    for (var j = 1; j < n; j++) if (best[all * n + j] < best[all * n + last]) last = j;
    var order = [];
    for (var s = all, e = last; e >= 0;) {
      order.push(e);
      var before = previous[s * n + e];
      s &= ~(1 << e);
      e = before;
    }
    return order.reverse();
  }

  function improved(order, d) {
    var n = order.length, better = true;
    function edge(a, b) { return a < 0 || b >= n ? 0 : d[order[a]][order[b]]; }
    while (better) {
      better = false;
      for (var i = 0; i < n - 1 && !better; i++) {
        for (var j = i + 1; j < n; j++) {
          var before = edge(i - 1, i) + edge(j, j + 1);
          var after = (i > 0 ? d[order[i - 1]][order[j]] : 0) + (j < n - 1 ? d[order[i]][order[j + 1]] : 0);
          if (after < before - 1e-7) {
            order = order.slice(0, i).concat(order.slice(i, j + 1).reverse(), order.slice(j + 1));
            better = true;
            break;
          }
        }
      }
    }
    return order;
  }

  function nearestFrom(start, d) {
    var order = [start], left = d.map(function (_, i) { return i; }).filter(function (i) { return i !== start; });
    while (left.length) {
      var here = order[order.length - 1], pick = 0;
      for (var k = 1; k < left.length; k++) if (d[here][left[k]] < d[here][left[pick]]) pick = k;
      order.push(left.splice(pick, 1)[0]);
    }
    return order;
  }

  // The positions of `points` ([lat, lon] each) in the order of the shortest path through them.
  function shortest(points) {
    var d = matrix(points);
    if (points.length < 3) return points.map(function (_, i) { return i; });
    if (points.length <= EXACT) return exact(d);
    var best = null;
    for (var start = 0; start < points.length; start++) {
      var order = improved(nearestFrom(start, d), d);
      if (!best || length(order, d) < length(best, d) - 1e-7) best = order;
    }
    return best;
  }

  window.mapsiteRoute = { shortest: shortest };
})();
