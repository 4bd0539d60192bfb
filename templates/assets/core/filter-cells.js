// Where the places of a filtered map are: the build numbers places along the point tiles in the
// manifest tree's order (docs/explore.md), so a point tile's places are the numbers from its
// start, and a cell of the quadtree (the tiles under it) a run of numbers. `order` is the point
// tiles' quadkeys in the tree's order (Tileset.leafOrder), `leaves` the filter index's
// [count, lat, lon, …] of each.

// The index of the first key in `keys` (ascending) not less than `key`.
function firstAtLeast(keys, key) {
  let low = 0, high = keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (keys[middle] < key) low = middle + 1; else high = middle;
  }
  return low;
}

export class Numbering {
  constructor(order, leaves) {
    if (leaves.length !== 3 * order.length) throw new Error("the filter index and the tiles disagree: rebuild the site");
    // Quadkeys of leaves never prefix one another, so the tree's order is their sorted order.
    this.keys = order;
    this.starts = new Uint32Array(order.length + 1);
    this.index = new Map();
    order.forEach((key, i) => {
      this.index.set(key, i);
      this.starts[i + 1] = this.starts[i] + leaves[3 * i];
    });
    this.leaves = leaves;
  }

  // The number of the first place of the point tile `key`.
  start(key) { return this.starts[this.index.get(key)]; }

  // The point tile of place `number` and the place's index in the tile's `p`.
  placeOf(number) {
    let low = 0, high = this.keys.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= number) low = middle; else high = middle - 1;
    }
    return { key: this.keys[low], index: number - this.starts[low] };
  }

  // The cells `depth` levels under the tile `key` that hold places, in order: the tiles there, or
  // the point tile above when it is higher. Each with its numbers from…to-1 and the mean
  // position of its places.
  cells(key, depth) {
    const cells = [];
    let current = null;
    for (let i = firstAtLeast(this.keys, key); i < this.keys.length && this.keys[i].startsWith(key); i++) {
      const cellKey = this.keys[i].slice(0, key.length + depth);
      const count = this.leaves[3 * i];
      if (!current || current.key !== cellKey) {
        current = { key: cellKey, from: this.starts[i], to: this.starts[i], lat: 0, lon: 0 };
        cells.push(current);
      }
      current.lat += count * this.leaves[3 * i + 1];
      current.lon += count * this.leaves[3 * i + 2];
      current.to += count;
    }
    for (const cell of cells) {
      cell.lat /= cell.to - cell.from;
      cell.lon /= cell.to - cell.from;
    }
    return cells;
  }
}
