// The shortest order through places, in the browser (for a visitor's favourites): an open path
// from any place to any other. 2-opt from a nearest-neighbour path out of every place; then, up to
// PROOF places, branch and bound on Held–Karp 1-tree bounds proves that order shortest or finds a
// shorter one, within a budget, as the site's tours do at build time (Sources/MapsiteGeo/Tours;
// Tests/Fixtures/browser/route/cases.json holds the cases both must agree on); beyond PROOF, the
// 1-tree bound alone says how far from shortest the order can be. The path is solved as a cycle
// through one more node, "outside", from which every place is a free step.
import { distance } from "./geo.js";

/** The most places branch and bound tries to prove an order shortest for. */
export const PROOF = 60;
/** Two lengths closer than this (metres) count as equal: a proof holds to the centimetre. */
export const TOLERANCE = 0.01;

function matrix(points) {
  return points.map((a) => points.map((b) => distance(a[0], a[1], b[0], b[1])));
}

function pathLength(order, d) {
  let total = 0;
  for (let i = 1; i < order.length; i++) total += d[order[i - 1]][order[i]];
  return total;
}

// 2-opt on an open path: reverses a stretch while that shortens the path.
function improved(start, d) {
  let order = start, better = true;
  const n = order.length;
  const edge = (a, b) => (a < 0 || b >= n ? 0 : d[order[a]][order[b]]);
  while (better) {
    better = false;
    for (let i = 0; i < n - 1 && !better; i++) {
      for (let j = i + 1; j < n; j++) {
        const before = edge(i - 1, i) + edge(j, j + 1);
        const after = (i > 0 ? d[order[i - 1]][order[j]] : 0) + (j < n - 1 ? d[order[i]][order[j + 1]] : 0);
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
  const order = [start], left = d.map((_, i) => i).filter((i) => i !== start);
  while (left.length) {
    const here = order[order.length - 1];
    let pick = 0;
    for (let k = 1; k < left.length; k++) if (d[here][left[k]] < d[here][left[pick]]) pick = k;
    order.push(left.splice(pick, 1)[0]);
  }
  return order;
}

// --- Branch and bound on 1-trees, over a cycle's weights `w` (m × m, flat), from `anchor`.
// An edge's state: 0 free, 1 in every cycle of the branch, -1 in none.

// The cheapest spanning tree of every node but the anchor under penalties `pi`, with every
// included edge and no excluded one (Prim's algorithm; included edges come first whatever their
// cost): { total, degree, parent }, or null when there is none.
function spanningTree(w, m, anchor, state, pi) {
  const rank = new Int8Array(m).fill(2), cost = new Float64Array(m).fill(Infinity);
  const parent = new Int32Array(m).fill(-1), inTree = new Uint8Array(m), degree = new Int32Array(m);
  let total = 0, current = anchor === 0 ? 1 : 0;
  inTree[anchor] = 1;
  inTree[current] = 1;
  for (let step = 0; step < m - 2; step++) {
    const row = current * m;
    for (let other = 0; other < m; other++) {
      if (inTree[other] || state[row + other] === -1) continue;
      const r = state[row + other] === 1 ? 0 : 1, c = w[row + other] + pi[current] + pi[other];
      if (r < rank[other] || (r === rank[other] && c < cost[other])) {
        rank[other] = r;
        cost[other] = c;
        parent[other] = current;
      }
    }
    let next = -1;
    for (let other = 0; other < m; other++) {
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
  return { total, degree, parent };
}

// The anchor's two edges of a 1-tree: its included ones, then its cheapest free ones; null when
// it has not two.
function anchorEdges(w, m, anchor, state, pi) {
  let chosen = [];
  const free = [];
  for (let other = 0; other < m; other++) {
    if (other === anchor) continue;
    const edge = { node: other, cost: w[anchor * m + other] + pi[anchor] + pi[other] };
    if (state[anchor * m + other] === 1) chosen.push(edge);
    else if (state[anchor * m + other] === 0) free.push(edge);
  }
  if (chosen.length < 2) {
    free.sort((a, b) => a.cost - b.cost);
    chosen = chosen.concat(free.slice(0, 2 - chosen.length));
  }
  return chosen.length === 2 ? chosen : null;
}

// The cheapest 1-tree of a branch under penalties `pi`: { bound, degree, parent, ends } (`ends`
// the anchor's two neighbours), or null when the branch has none.
function oneTree(w, m, anchor, state, pi) {
  const tree = spanningTree(w, m, anchor, state, pi);
  if (!tree) return null;
  const chosen = anchorEdges(w, m, anchor, state, pi);
  if (!chosen) return null;
  let total = tree.total;
  chosen.forEach((e) => {
    total += e.cost;
    tree.degree[e.node]++;
    tree.degree[anchor]++;
  });
  let penalties = 0;
  for (let other = 0; other < m; other++) penalties += pi[other];
  return { bound: total - 2 * penalties, degree: tree.degree, parent: tree.parent, ends: [chosen[0].node, chosen[1].node] };
}

function isCycle(tree) {
  for (let i = 0; i < tree.degree.length; i++) if (tree.degree[i] !== 2) return false;
  return true;
}

function neighbours(tree, node, anchor) {
  if (node === anchor) return tree.ends.slice();
  const found = tree.parent[node] >= 0 ? [tree.parent[node]] : [];
  for (let other = 0; other < tree.parent.length; other++) if (tree.parent[other] === node) found.push(other);
  if (tree.ends[0] === node || tree.ends[1] === node) found.push(anchor);
  return found;
}

// The cycle of a 1-tree in which every node has degree 2, from the anchor.
function walk(tree, anchor) {
  const cycle = [anchor];
  let previous = anchor, current = tree.ends[0];
  while (current !== anchor) {
    cycle.push(current);
    const around = neighbours(tree, current, anchor);
    const next = around[0] === previous ? around[1] : around[0];
    previous = current;
    current = next;
  }
  return cycle;
}

// One step of the ascent: moves the penalties along this tree's degrees and, less, the last
// one's (which damps the zigzag of plain subgradient steps); false when every degree is 2.
function stepPenalties(pi, tree, last, scale, upper) {
  const m = pi.length, direction = new Float64Array(m);
  let squares = 0;
  for (let i = 0; i < m; i++) {
    direction[i] = 0.7 * (tree.degree[i] - 2) + 0.3 * (last[i] - 2);
    squares += direction[i] * direction[i];
  }
  if (squares === 0) return false;
  const size = scale * Math.max(upper - tree.bound, TOLERANCE) / squares;
  for (let i = 0; i < m; i++) pi[i] += size * direction[i];
  return true;
}

// Subgradient ascent: the best 1-tree of `steps` steps and its penalties, or null.
function ascend(w, m, anchor, state, start, upper, steps, counter) {
  let pi = Float64Array.from(start), tree = oneTree(w, m, anchor, state, pi);
  if (!tree) return null;
  counter.made++;
  let best = { tree, pi: Float64Array.from(pi) }, scale = 2, since = 0;
  const patience = Math.max(10, m);
  let last = Int32Array.from(tree.degree);
  for (let s = 0; s < steps; s++) {
    if (isCycle(tree) || best.tree.bound >= upper - TOLERANCE) break;
    if (!stepPenalties(pi, tree, last, scale, upper)) break;
    last = Int32Array.from(tree.degree);
    tree = oneTree(w, m, anchor, state, pi);
    if (!tree) return null;
    counter.made++;
    if (tree.bound > best.tree.bound + 1e-9 || isCycle(tree)) {
      best = { tree, pi: Float64Array.from(pi) };
      since = 0;
    } else if (++since >= patience) {
      // Smaller steps, from the best penalties so far.
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
  let count = 0;
  for (let other = 0; other < m; other++) if (state[node * m + other] === 1) count++;
  return count;
}

function set(state, m, a, b, value) {
  state[a * m + b] = value;
  state[b * m + a] = value;
}

// The other end of the path of included edges from `node` (an end), and its number of nodes.
function pathEnd(state, m, node) {
  let previous = -1, current = node, nodes = 1;
  for (;;) {
    let next = -1;
    for (let other = 0; other < m; other++) {
      if (other !== previous && state[current * m + other] === 1) {
        next = other;
        break;
      }
    }
    if (next < 0 || next === node) return { end: current, nodes };
    previous = current;
    current = next;
    nodes++;
  }
}

// Includes an edge, excluding what can then be in no cycle; false when the branch has none.
function include(state, m, a, b) {
  if (state[a * m + b] === -1) return false;
  if (state[a * m + b] === 1) return true;
  const pathA = pathEnd(state, m, a), pathB = pathEnd(state, m, b);
  if (pathA.end === b && pathA.nodes !== m) return false;
  set(state, m, a, b, 1);
  const ok = [a, b].every((node) => {
    const degree = includedAt(state, m, node);
    if (degree === 2) for (let other = 0; other < m; other++) if (state[node * m + other] === 0) set(state, m, node, other, -1);
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
  let node = 0;
  for (let other = 0; other < m; other++) if (tree.degree[other] > tree.degree[node]) node = other;
  const free = neighbours(tree, node, anchor).filter((o) => state[node * m + o] === 0)
    .sort((a, b) => w[node * m + b] - w[node * m + a]);
  if (!free.length) return [];
  const parts = [], without = Int8Array.from(state);
  if (exclude(without, m, node, free[0])) parts.push(without);
  const withFirst = Int8Array.from(state);
  if (!include(withFirst, m, node, free[0])) return parts;
  if (includedAt(state, m, node) === 0 && free.length > 1) {
    const withoutSecond = Int8Array.from(withFirst);
    if (exclude(withoutSecond, m, node, free[1])) parts.push(withoutSecond);
    if (include(withFirst, m, node, free[1])) parts.push(withFirst);
  } else {
    parts.push(withFirst);
  }
  return parts;
}

function cycleLength(w, m, cycle) {
  let total = w[cycle[cycle.length - 1] * m + cycle[0]];
  for (let i = 1; i < cycle.length; i++) total += w[cycle[i - 1] * m + cycle[i]];
  return total;
}

// Keeps a branch to split later (in `into`), unless its 1-tree is a cycle (then the branch is
// done: that cycle is its shortest) or its bound is no lower than the best cycle's length.
function consider(search, found, state, into) {
  const { w, m, anchor } = search;
  if (isCycle(found.tree)) {
    const candidate = walk(found.tree, anchor), candidateLength = cycleLength(w, m, candidate);
    if (candidateLength < search.upper - TOLERANCE) {
      search.upper = candidateLength;
      search.best = candidate;
    }
    return;
  }
  if (found.tree.bound < search.upper - TOLERANCE) into.push({ state, pi: found.pi, tree: found.tree });
}

// Splits a branch and pushes its parts worth splitting further, the lowest bound last (taken next).
function branch(search, node, stack) {
  const { w, m, anchor } = search, children = [];
  split(w, m, anchor, node.state, node.tree).forEach((state) => {
    const found = ascend(w, m, anchor, state, node.pi, search.upper, 50, search.counter);
    if (found) consider(search, found, state, children);
  });
  children.sort((a, b) => b.tree.bound - a.tree.bound);
  Array.prototype.push.apply(stack, children);
}

// Proves `cycle` (from the anchor) shortest or finds a shorter one, until the branches have
// made `budget` 1-trees; returns the best cycle, a bound below every cycle, and whether it ended.
function prove(w, m, anchor, cycle, budget) {
  const search = { w, m, anchor, best: cycle, upper: cycleLength(w, m, cycle), counter: { made: 0 } };
  const steps = Math.min(5000, Math.max(200, Math.floor(1e8 / (m * m))));
  const rootState = new Int8Array(m * m);
  const root = ascend(w, m, anchor, rootState, new Float64Array(m), search.upper, steps, search.counter);
  if (!root) return { cycle: search.best, bound: search.upper, proven: true };
  // The budget is for the branches; the root's ascent has its own number of steps.
  search.counter.made = 0;
  const stack = [];
  consider(search, root, rootState, stack);
  while (stack.length) {
    const node = stack.pop();
    if (node.tree.bound >= search.upper - TOLERANCE) continue;
    if (search.counter.made >= budget) {
      stack.push(node);
      // Every cycle is in a branch left or is no shorter than the best; the root's bound holds
      // for all, and may be the higher.
      const lowest = Math.min.apply(null, stack.map((n) => n.tree.bound));
      return { cycle: search.best, bound: Math.min(search.upper, Math.max(root.tree.bound, lowest)), proven: false };
    }
    branch(search, node, stack);
  }
  return { cycle: search.best, bound: search.upper, proven: true };
}

function planSpots(points) {
  const n = points.length, d = matrix(points);
  const indices = points.map((_, i) => i);
  if (n < 3) return { order: indices, proven: true, bound: pathLength(indices, d) };
  let found = null;
  for (let start = 0; start < n; start++) {
    const candidate = improved(nearestFrom(start, d), d);
    if (!found || pathLength(candidate, d) < pathLength(found, d) - 1e-7) found = candidate;
  }
  // The cycle through the places and "outside" (node n), which is free to step to and from.
  // Beyond PROOF places, no branching: the bound of the whole problem alone.
  const m = n + 1, w = new Float64Array(m * m);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) w[a * m + b] = d[a][b];
  const proof = prove(w, m, n, [n].concat(found), n > PROOF ? 0 : Math.floor(1e8 / (m * m)));
  const path = proof.cycle.slice(1);
  return { order: path, proven: proof.proven, bound: proof.proven ? pathLength(path, d) : Math.max(0, proof.bound) };
}

/**
 * The order of the shortest path through `points` ([lat, lon] each): { order, proven, bound },
 * where `bound` is a length no path through them is shorter than (the path's own when proven).
 */
export function plan(points) {
  // Places at one spot are planned as one and visited one after another: as short, and their
  // ties would only slow the proof down.
  const spots = [], spotOf = new Map();
  points.forEach((point, index) => {
    const key = point[0] + "," + point[1];
    if (spotOf.has(key)) spots[spotOf.get(key)].push(index);
    else {
      spotOf.set(key, spots.length);
      spots.push([index]);
    }
  });
  if (spots.length === points.length) return planSpots(points);
  const planned = planSpots(spots.map((spot) => points[spot[0]]));
  const order = [];
  planned.order.forEach((spot) => Array.prototype.push.apply(order, spots[spot]));
  return { order, proven: planned.proven, bound: planned.bound };
}

/** The places' positions in the order of the shortest path through them (see `plan`). */
export function shortest(points) {
  return plan(points).order;
}
