// mapsite: the shortest order through places, in the browser (for favourites): an open path from
// any place to any other. 2-opt from a nearest-neighbour path out of every place; then, up to
// PROOF places, branch and bound on Held–Karp 1-tree bounds proves that order shortest or finds a
// shorter one, within a budget, as the site's tours do at build time; beyond PROOF, the 1-tree
// bound alone says how far from shortest the order can be. The path is solved as a cycle through
// one more node, "outside", from which every place is a free step.
(function () {
  "use strict";
  var PROOF = 60;
  // Two lengths closer than this (metres) count as equal: a proof holds to the centimetre.
  var TOLERANCE = 0.01;

  function matrix(points) {
    var distance = window.mapsiteTiles.distance;
    return points.map(function (a) { return points.map(function (b) { return distance(a[0], a[1], b[0], b[1]); }); });
  }

  function length(order, d) {
    var total = 0;
    for (var i = 1; i < order.length; i++) total += d[order[i - 1]][order[i]];
    return total;
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

  // --- Branch and bound on 1-trees, over a cycle's weights `w` (m × m, flat), from `anchor`.
  // An edge's state: 0 free, 1 in every cycle of the branch, -1 in none.

  // The cheapest 1-tree under penalties `pi` with every included edge and no excluded one (Prim's
  // algorithm; included edges come first whatever their cost), or null when there is none.
  function oneTree(w, m, anchor, state, pi) {
    var rank = new Int8Array(m).fill(2), cost = new Float64Array(m).fill(Infinity);
    var parent = new Int32Array(m).fill(-1), inTree = new Uint8Array(m), degree = new Int32Array(m);
    var total = 0, current = anchor === 0 ? 1 : 0, other;
    inTree[anchor] = 1;
    inTree[current] = 1;
    for (var step = 0; step < m - 2; step++) {
      var row = current * m;
      for (other = 0; other < m; other++) {
        if (inTree[other] || state[row + other] === -1) continue;
        var r = state[row + other] === 1 ? 0 : 1, c = w[row + other] + pi[current] + pi[other];
        if (r < rank[other] || (r === rank[other] && c < cost[other])) {
          rank[other] = r; cost[other] = c; parent[other] = current;
        }
      }
      var next = -1;
      for (other = 0; other < m; other++) {
        if (inTree[other] || rank[other] > 1) continue;
        if (next < 0 || rank[other] < rank[next] || (rank[other] === rank[next] && cost[other] < cost[next])) next = other;
      }
      if (next < 0) return null;
      inTree[next] = 1;
      total += cost[next];
      degree[next]++;
      degree[parent[next]]++;
      current = next;
    }
    var chosen = [], free = [];
    for (other = 0; other < m; other++) {
      if (other === anchor) continue;
      var edge = { node: other, cost: w[anchor * m + other] + pi[anchor] + pi[other] };
      if (state[anchor * m + other] === 1) chosen.push(edge); else if (state[anchor * m + other] === 0) free.push(edge);
    }
    if (chosen.length < 2) {
      free.sort(function (a, b) { return a.cost - b.cost; });
      chosen = chosen.concat(free.slice(0, 2 - chosen.length));
    }
    if (chosen.length !== 2) return null;
    chosen.forEach(function (e) { total += e.cost; degree[e.node]++; degree[anchor]++; });
    var penalties = 0;
    for (other = 0; other < m; other++) penalties += pi[other];
    return { bound: total - 2 * penalties, degree: degree, parent: parent, ends: [chosen[0].node, chosen[1].node] };
  }

  function isCycle(tree) {
    for (var i = 0; i < tree.degree.length; i++) if (tree.degree[i] !== 2) return false;
    return true;
  }

  function neighbours(tree, node, anchor) {
    if (node === anchor) return tree.ends.slice();
    var found = tree.parent[node] >= 0 ? [tree.parent[node]] : [];
    for (var other = 0; other < tree.parent.length; other++) if (tree.parent[other] === node) found.push(other);
    if (tree.ends[0] === node || tree.ends[1] === node) found.push(anchor);
    return found;
  }

  function walk(tree, anchor) {
    var cycle = [anchor], previous = anchor, current = tree.ends[0];
    while (current !== anchor) {
      cycle.push(current);
      var around = neighbours(tree, current, anchor);
      var next = around[0] === previous ? around[1] : around[0];
      previous = current;
      current = next;
    }
    return cycle;
  }

  // Subgradient ascent: the best 1-tree of `steps` steps and its penalties, or null.
  function ascend(w, m, anchor, state, start, upper, steps, counter) {
    var pi = Float64Array.from(start), tree = oneTree(w, m, anchor, state, pi);
    if (!tree) return null;
    counter.made++;
    var best = { tree: tree, pi: Float64Array.from(pi) }, scale = 2, patience = Math.max(10, m), since = 0;
    var last = Int32Array.from(tree.degree);
    for (var s = 0; s < steps; s++) {
      if (isCycle(tree) || best.tree.bound >= upper - TOLERANCE) break;
      var squares = 0, direction = new Float64Array(m), i;
      for (i = 0; i < m; i++) {
        direction[i] = 0.7 * (tree.degree[i] - 2) + 0.3 * (last[i] - 2);
        squares += direction[i] * direction[i];
      }
      if (squares === 0) break;
      var size = scale * Math.max(upper - tree.bound, TOLERANCE) / squares;
      for (i = 0; i < m; i++) pi[i] += size * direction[i];
      last = Int32Array.from(tree.degree);
      tree = oneTree(w, m, anchor, state, pi);
      if (!tree) return null;
      counter.made++;
      if (tree.bound > best.tree.bound + 1e-9 || isCycle(tree)) {
        best = { tree: tree, pi: Float64Array.from(pi) };
        since = 0;
      } else if (++since >= patience) {
        scale /= 2;
        since = 0;
        if (scale < 1e-7) break;
        tree = best.tree;
        pi = Float64Array.from(best.pi);
        last = Int32Array.from(tree.degree);
      }
    }
    return best;
  }

  function includedAt(state, m, node) {
    var count = 0;
    for (var other = 0; other < m; other++) if (state[node * m + other] === 1) count++;
    return count;
  }

  function set(state, m, a, b, value) { state[a * m + b] = value; state[b * m + a] = value; }

  // The other end of the path of included edges from `node` (an end), and its number of nodes.
  function pathEnd(state, m, node) {
    var previous = -1, current = node, nodes = 1;
    for (;;) {
      var next = -1;
      for (var other = 0; other < m; other++) {
        if (other !== previous && state[current * m + other] === 1) { next = other; break; }
      }
      if (next < 0 || next === node) return { end: current, nodes: nodes };
      previous = current;
      current = next;
      nodes++;
    }
  }

  // Includes an edge, excluding what can then be in no cycle; false when the branch has none.
  function include(state, m, a, b) {
    if (state[a * m + b] === -1) return false;
    if (state[a * m + b] === 1) return true;
    var pathA = pathEnd(state, m, a), pathB = pathEnd(state, m, b);
    if (pathA.end === b && pathA.nodes !== m) return false;
    set(state, m, a, b, 1);
    var ok = [a, b].every(function (node) {
      var degree = includedAt(state, m, node);
      if (degree === 2) for (var other = 0; other < m; other++) if (state[node * m + other] === 0) set(state, m, node, other, -1);
      return degree <= 2;
    });
    if (!ok) return false;
    if (pathA.end !== b && pathA.nodes + pathB.nodes < m && state[pathA.end * m + pathB.end] === 0) {
      set(state, m, pathA.end, pathB.end, -1);
    }
    return true;
  }

  function exclude(state, m, a, b) {
    if (state[a * m + b] === 1) return false;
    set(state, m, a, b, -1);
    return true;
  }

  // Splits a branch at its 1-tree's node of highest degree: without its first free tree edge;
  // with it but not the second; with both.
  function split(w, m, anchor, state, tree) {
    var node = 0, other;
    for (other = 0; other < m; other++) if (tree.degree[other] > tree.degree[node]) node = other;
    var free = neighbours(tree, node, anchor).filter(function (o) { return state[node * m + o] === 0; })
      .sort(function (a, b) { return w[node * m + b] - w[node * m + a]; });
    if (!free.length) return [];
    var parts = [], without = Int8Array.from(state);
    if (exclude(without, m, node, free[0])) parts.push(without);
    var withFirst = Int8Array.from(state);
    if (!include(withFirst, m, node, free[0])) return parts;
    if (includedAt(state, m, node) === 0 && free.length > 1) {
      var withoutSecond = Int8Array.from(withFirst);
      if (exclude(withoutSecond, m, node, free[1])) parts.push(withoutSecond);
      if (include(withFirst, m, node, free[1])) parts.push(withFirst);
    } else {
      parts.push(withFirst);
    }
    return parts;
  }

  function cycleLength(w, m, cycle) {
    var total = w[cycle[cycle.length - 1] * m + cycle[0]];
    for (var i = 1; i < cycle.length; i++) total += w[cycle[i - 1] * m + cycle[i]];
    return total;
  }

  // Proves `cycle` (from the anchor) shortest or finds a shorter one, until the branches have
  // made `budget` 1-trees; returns the best cycle, a bound below every cycle, and whether it ended.
  function prove(w, m, anchor, cycle, budget) {
    var best = cycle, upper = cycleLength(w, m, cycle), counter = { made: 0 };
    var steps = Math.min(5000, Math.max(200, Math.floor(1e8 / (m * m))));
    var rootState = new Int8Array(m * m);
    var root = ascend(w, m, anchor, rootState, new Float64Array(m), upper, steps, counter);
    if (!root) return { cycle: best, bound: upper, proven: true };
    counter.made = 0;
    var stack = [];
    function consider(found, state, into) {
      if (isCycle(found.tree)) {
        var candidate = walk(found.tree, anchor), candidateLength = cycleLength(w, m, candidate);
        if (candidateLength < upper - TOLERANCE) { upper = candidateLength; best = candidate; }
        return;
      }
      if (found.tree.bound < upper - TOLERANCE) into.push({ state: state, pi: found.pi, tree: found.tree });
    }
    consider(root, rootState, stack);
    while (stack.length) {
      var node = stack.pop();
      if (node.tree.bound >= upper - TOLERANCE) continue;
      if (counter.made >= budget) {
        stack.push(node);
        var lowest = Math.min.apply(null, stack.map(function (n) { return n.tree.bound; }));
        return { cycle: best, bound: Math.min(upper, Math.max(root.tree.bound, lowest)), proven: false };
      }
      var children = [];
      split(w, m, anchor, node.state, node.tree).forEach(function (state) {
        var found = ascend(w, m, anchor, state, node.pi, upper, 50, counter);
        if (found) consider(found, state, children);
      });
      children.sort(function (a, b) { return b.tree.bound - a.tree.bound; });
      Array.prototype.push.apply(stack, children);
    }
    return { cycle: best, bound: upper, proven: true };
  }

  // The order of the shortest path through `points` ([lat, lon] each): { order, proven, bound },
  // where `bound` is a length no path through them is shorter than.
  function plan(points) {
    // Places at one spot are planned as one and visited one after another: as short, and their
    // ties would only slow the proof down.
    var spots = [], spotOf = new Map();
    points.forEach(function (point, index) {
      var key = point[0] + "," + point[1];
      if (spotOf.has(key)) spots[spotOf.get(key)].push(index);
      else { spotOf.set(key, spots.length); spots.push([index]); }
    });
    if (spots.length < points.length) {
      var planned = planSpots(spots.map(function (spot) { return points[spot[0]]; }));
      var order = [];
      planned.order.forEach(function (spot) { Array.prototype.push.apply(order, spots[spot]); });
      return { order: order, proven: planned.proven, bound: planned.bound };
    }
    return planSpots(points);
  }

  function planSpots(points) {
    var n = points.length, d = matrix(points);
    var indices = points.map(function (_, i) { return i; });
    if (n < 3) return { order: indices, proven: true, bound: length(indices, d) };
    var found = null;
    for (var start = 0; start < n; start++) {
      var candidate = improved(nearestFrom(start, d), d);
      if (!found || length(candidate, d) < length(found, d) - 1e-7) found = candidate;
    }
    // The cycle through the places and "outside" (node n), which is free to step to and from.
    // Beyond PROOF places, no branching: the bound of the whole problem alone.
    var m = n + 1, w = new Float64Array(m * m);
    for (var a = 0; a < n; a++) for (var b = 0; b < n; b++) w[a * m + b] = d[a][b];
    var proof = prove(w, m, n, [n].concat(found), n > PROOF ? 0 : Math.floor(1e8 / (m * m)));
    var path = proof.cycle.slice(1);
    return { order: path, proven: proof.proven, bound: proof.proven ? length(path, d) : Math.max(0, proof.bound) };
  }

  window.mapsiteRoute = { plan: plan, shortest: function (points) { return plan(points).order; } };
})();
