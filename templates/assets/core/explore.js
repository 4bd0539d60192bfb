// One dataset's filters in use (docs/explore.md): the filter index, the files of the values
// chosen, fetched once each, and what matches. `fetchJSON(url)` reads files (a promise), as
// Tileset's does.
import { colouring, mixOf } from "./colours.js";
import { Numbering } from "./filter-cells.js";
import { narrowestSpan, tileBounds, tileOf } from "./mercator.js";
import {
  countsIn, decodeNumbers, filePath, intersection, isActive, matching, queryFromSelection, selectedFiles,
  selectionFromQuery, selectionGroups,
} from "./filter.js";

// The version of the filter files this reads (docs/explore.md).
const FORMAT_VERSION = 2;

function fetchFromNetwork(url) {
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response.json();
  });
}

export class Explore {
  // `tileset`: the dataset's Tileset (core/tileset.js), whose manifest gives the tiles' order;
  // `carried`, the index as a map page carries it, lets a selection be chosen (and its files
  // asked for) before anything is fetched, and spares the index's fetch.
  constructor(tileset, fetchJSON = fetchFromNetwork, carried = null) {
    this.tileset = tileset;
    this.base = tileset.base + "filters/";
    this.fetchJSON = fetchJSON;
    this.files = {};
    this.index = carried && carried.version === FORMAT_VERSION ? carried : null;
    this.selection = this.index ? this.index.fields.map(() => null) : [];
    this.set = null;
  }

  // A promise of this, its index read; null when the dataset has no filters (no index file).
  load() {
    if (!this.ready) {
      const index = this.index && this.index.leaves ? Promise.resolve(this.index) : this.fetchJSON(this.base + "index.json");
      this.ready = Promise.all([this.tileset.load(), index]).then(([tiles, index]) => {
        if (index.version !== FORMAT_VERSION) throw new Error("the filters of " + this.tileset.name + " are in another format: rebuild the site");
        this.index = index;
        this.numbering = new Numbering(tiles.leafOrder, index.leaves);
        // A selection chosen from the carried index stands.
        if (this.selection.length !== index.fields.length) this.selection = index.fields.map(() => null);
        return this;
      }, () => null);
    }
    return this.ready;
  }

  file(path) {
    if (!this.files[path]) {
      this.files[path] = this.fetchJSON(this.base + path).catch((error) => {
        delete this.files[path];
        throw error;
      });
    }
    return this.files[path];
  }

  // A promise of the numbers a file of places lists (its path in the filters' folder).
  numbers(path) {
    return this.file(path).then((file) => {
      if (!file.numbers) file.numbers = decodeNumbers(file);
      return file.numbers;
    });
  }

  // A promise of (f) → the numbers of field f's chosen files, for core/filter.js matching.
  listsOf(selection) {
    const fields = this.index.fields;
    return Promise.all(fields.map((field, f) => Promise.all(selectedFiles(field, selection[f]).map((file) => this.numbers(filePath(f, file.name))))))
      .then((lists) => (f) => lists[f]);
  }

  // A promise of a field's column: each place's bin, in number order.
  column(f) { return this.file(f + "/column.json").then((file) => file.c); }

  // Chooses `selection` (one entry a field, as core/filter.js reads them) and resolves, once
  // the files it needs are in, to the matching places (null when nothing narrows).
  // They are read from the fewest numbers the build wrote (core/filter.js selectionGroups).
  select(selection) {
    const groups = selectionGroups(this.index, selection);
    return Promise.all(groups.map((paths) => Promise.all(paths.map((path) => this.numbers(path))))).then((lists) => {
      this.selection = selection;
      this.set = intersection(this.index.count, lists);
      return this.set;
    });
  }

  // The selection the query (location.search) names, chosen.
  selectQuery(query) { return this.select(selectionFromQuery(query, this.index)); }

  // The query of the current selection ("" when nothing narrows).
  get query() { return queryFromSelection(this.selection, this.index); }

  get active() { return isActive(this.selection); }

  // How many places match.
  get total() { return this.set ? this.set.total : this.index.count; }

  // Whether the place `index` of the point tile `key` matches.
  matches(key, index) { return !this.set || this.set.has(this.numbering.start(key) + index); }

  // A promise of each bin's count of a field among the places the other fields' selections
  // match (all places when no other field narrows).
  counts(f) {
    const field = this.index.fields[f];
    const others = this.selection.map((chosen, g) => (g === f ? null : chosen));
    if (!isActive(others)) return Promise.resolve(countsIn(field, null, null));
    return Promise.all([this.column(f), this.listsOf(others)])
      .then(([column, lists]) => countsIn(field, column, matching(this.index, others, lists, -1)));
  }

  // Colours the places by the values of field f (`colour_by`, core/colours.js): a promise of the
  // colouring, once the field's column is in.
  colourBy(f) {
    return this.column(f).then((column) => {
      this.colourColumn = column;
      this.colours = colouring(this.index.fields[f]);
      return this.colours;
    });
  }

  // The colour (an index into colours.colours) of the place `index` of the point tile `key`.
  colourAt(key, index) { return this.colours.ofBin[this.colourColumn[this.numbering.start(key) + index]]; }

  // Each cell `depth` levels under the cluster tile `key` with matching places: its position (the
  // mean of all its places), how many of its places match and, with colours, how many of each;
  // a cell of one matching place also names it (`only`: its number), to be drawn as its pin.
  cells(key, depth) {
    const colours = this.colours;
    return this.numbering.cells(key, depth).map((cell) => {
      const count = this.set ? this.set.count(cell.from, cell.to) : cell.to - cell.from;
      const mix = colours && count ? mixOf(this.colourColumn, colours.ofBin, colours.colours.length, cell.from, cell.to, this.set) : null;
      const only = count === 1 ? (this.set ? this.set.next(cell.from) : cell.from) : -1;
      return { key: cell.key, lat: cell.lat, lon: cell.lon, count, mix, only };
    }).filter((cell) => cell.count > 0);
  }

  // The box around the point tiles that hold matching places ({south, west, north, east}), or
  // null when none matches: what "Fit to results" shows. Across the antimeridian when that is
  // narrower (east past 180: the tiles of Fiji's both sides give 177 to 182, not the world).
  matchingBounds() {
    const boxes = [];
    this.numbering.keys.forEach((key, i) => {
      const from = this.numbering.starts[i], to = this.numbering.starts[i + 1];
      if (this.set && this.set.count(from, to) === 0) return;
      const t = tileOf(key);
      boxes.push(tileBounds(t.z, t.x, t.y));
    });
    if (!boxes.length) return null;
    const span = narrowestSpan(boxes);
    const south = boxes.reduce((least, b) => Math.min(least, b.south), 90);
    const north = boxes.reduce((most, b) => Math.max(most, b.north), -90);
    return { south, west: span.west, north, east: span.east };
  }
}
