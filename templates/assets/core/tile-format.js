// The tile format (docs/tile-format.md, docs/tile-format-shapes.md): the trees of tiles in a
// dataset's manifest and shape subtrees, the reach of point tiles, and the tiles over a view.
import { quadkey, tileX, tileY } from "./mercator.js";

// The tile format this code reads.
export const FORMAT_VERSION = 6;

// The zooms at which the shape tree is cut: a tile at a zoom divisible by it has its subtree in
// a file of its own (tree/<z>/<x>/<y>.json).
export const SHAPE_TREE_CUT = 4;

// The quadkeys of a tree of tiles in the manifest (`tree`, `shapes.tree`) or a shape subtree
// (from `root`, its quadkey): a character a tile, depth first, children in quadkey order; "-"
// for a leaf, else the hex digit whose bit d says the tile has child d, or for a shape tile with
// nothing to draw (and no file) the letter that many places after "g". With `cut` (the shape
// tree's), a tile below the root at a zoom divisible by it has its children, if any, in a file
// of its own. Returns the leaves, the internal tiles that have files and those that have none
// (empty) as sets, the leaves in the tree's order, and the tiles cut with children.
export function quadtree(text, root, cut) {
  const leaves = new Set(), tiles = new Set(), empty = new Set(), cuts = new Set(), order = [];
  let at = 0;
  const start = root || "";
  function visit(key) {
    const c = text.charAt(at++);
    if (c === "-") { leaves.add(key); order.push(key); return; }
    let mask = "0123456789abcdef".indexOf(c);
    if (mask >= 0) {
      tiles.add(key);
    } else {
      mask = "ghijklmnopqrstuv".indexOf(c);
      empty.add(key);
    }
    if (cut && key !== start && key.length % cut === 0) {
      if (mask) cuts.add(key);
      return;
    }
    for (let d = 0; d < 4; d++) if (mask & (1 << d)) visit(key + d);
  }
  if (text) visit(start);
  return { leaves: leaves, tiles: tiles, empty: empty, order: order, cuts: cuts };
}

// quadtree's answer with arrays for sets, sorted (leaves, tiles, empty, cuts) or in the tree's
// order (order): what a test outside the browser reads as JSON (Tests/Node/run.mjs).
export function quadtreeLists(text, root, cut) {
  const tree = quadtree(text, root, cut);
  const sorted = (set) => Array.from(set).sort();
  return {
    leaves: sorted(tree.leaves), tiles: sorted(tree.tiles), empty: sorted(tree.empty), order: tree.order,
    cuts: sorted(tree.cuts),
  };
}

// quadtreeLists of each [text, root, cut]: many trees for one run of Node.
export function quadtreesLists(trees) {
  return trees.map((tree) => quadtreeLists(tree[0], tree[1], tree[2]));
}

// The characters of the manifest's `reach`; character i stands for (2 + i mod 2) · 2^⌊i/2⌋
// metres, at least the farthest any point of a shape can be from the point that puts its place
// in the point tile.
const REACH = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The metres a `reach` character stands for.
export function reachOf(c) {
  const i = REACH.indexOf(c);
  return (2 + i % 2) * Math.pow(2, i >> 1);
}

// The reach of each point tile whose places have shapes, by quadkey, from the manifest's
// `reach`: a character a point tile in the tree's order, "-" for none ("" when no tile has one).
export function reaches(order, text) {
  const reach = {};
  for (let i = 0; i < text.length; i++) if (text.charAt(i) !== "-") reach[order[i]] = reachOf(text.charAt(i));
  return reach;
}

// The quadkeys of the tiles at zoom z over the view ({south, north, west, east}; east may be
// past 180 and west before -180 when the view crosses the antimeridian).
export function viewKeys(bounds, z) {
  const keys = [];
  const n = Math.pow(2, z);
  let west = tileX(bounds.west, z), east = tileX(bounds.east, z);
  const north = tileY(bounds.north, z), south = tileY(bounds.south, z);
  if (bounds.east - bounds.west >= 360) { west = 0; east = n - 1; }
  let count = 0;
  for (let x = west; ; x = (x + 1) % n) {
    for (let y = north; y <= south; y++) keys.push(quadkey(z, x, y));
    if (x === east || ++count > n) break;
  }
  return keys;
}

// The keys, sorted, of the tiles of a tree that show the view at zoom z (at most the manifest's
// maxZoom): the internal tiles with files at z (`clusters`), else the leaf at or above each tile.
export function keysIn(manifest, leaves, clusters, bounds, z) {
  const zoom = Math.max(0, Math.min(z, manifest.maxZoom));
  const keys = new Set();
  for (const key of viewKeys(bounds, zoom)) {
    if (clusters.has(key)) {
      keys.add(key);
      continue;
    }
    for (let i = key.length; i >= 0; i--) {
      if (leaves.has(key.slice(0, i))) { keys.add(key.slice(0, i)); break; }
    }
  }
  return Array.from(keys).sort();
}
