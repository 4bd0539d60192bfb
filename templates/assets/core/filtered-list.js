// A dataset's list and downloads under a filter (docs/explore.md): the matching places in the
// list's order, a page at a time, and the rows of the downloads they are. `explore` is the
// dataset's Explore (core/explore.js) with its selection chosen; a new FilteredList is made for
// each selection. The list's order is in `list/<k>.json` files (place numbers by list position)
// and the downloads' rows in `rows/<k>.json` (rows by place number), `index.chunk` a file.

// How many chunk files are fetched at once while walking the list.
const AHEAD = 8;

export class FilteredList {
  constructor(explore) {
    this.explore = explore;
    this.set = explore.set;
    this.found = [];
    this.walked = 0;
  }

  get total() { return this.set ? this.set.total : this.explore.index.count; }

  // A promise of the numbers of the matching places at positions from…to-1 of the filtered list
  // (fewer at its end). The list files are read in order from the first, several at once: as
  // many as the share of places that match says the positions need.
  numbers(from, to) {
    const explore = this.explore, set = this.set, count = explore.index.count, chunk = explore.index.chunk;
    to = Math.min(to, this.total);
    const walk = () => {
      if (this.found.length >= to || this.walked >= count) return Promise.resolve(this.found.slice(from, to));
      const first = this.walked / chunk;
      const share = Math.max(this.total, 1) / count;
      const wanted = Math.ceil((to - this.found.length) / share / chunk);
      const last = Math.min(Math.ceil(count / chunk), first + Math.max(1, Math.min(AHEAD, wanted)));
      const files = [];
      for (let k = first; k < last; k++) files.push(explore.file("list/" + k + ".json"));
      return Promise.all(files).then((read) => {
        read.forEach((file) => {
          for (const number of file.l) if (!set || set.has(number)) this.found.push(number);
        });
        this.walked = Math.min(count, last * chunk);
        return walk();
      });
    };
    return walk();
  }

  // A promise of the places `numbers` as their point tiles give them: [lat, lon, id, title,
  // slug, thumbnail?] (docs/tile-format.md).
  places(numbers) {
    const { numbering, tileset } = this.explore;
    return Promise.all(numbers.map((number) => {
      const place = numbering.placeOf(number);
      return tileset.tile(place.key).then((tile) => tile.p[place.index]);
    }));
  }

  // A promise of (row) → whether the downloads' row `row` is a matching place: the rows files
  // of the chunks with matching places only.
  rows() {
    const explore = this.explore, set = this.set, count = explore.index.count, chunk = explore.index.chunk;
    const files = [];
    for (let k = 0; k * chunk < count; k++) {
      if (!set || set.count(k * chunk, Math.min(count, (k + 1) * chunk)) > 0) {
        files.push(explore.file("rows/" + k + ".json").then((file) => [k, file.r]));
      }
    }
    return Promise.all(files).then((read) => {
      const kept = new Uint8Array(count);
      read.forEach(([k, rows]) => rows.forEach((row, i) => {
        if (!set || set.has(k * chunk + i)) kept[row] = 1;
      }));
      return (row) => kept[row] === 1;
    });
  }
}
