// Narrowing a dataset by its fields (docs/explore.md): which places match a selection of values
// and ranges, as a set of place numbers with ranks, and how many match in a run of numbers. The
// build numbers places so that every point tile and every cell of the quadtree above them is a
// run (Sources/MapsiteCore/Index/FilterIndex.swift); a selection is read from and written to the
// page's query, `?year=1910..1925&borough=Manhattan&borough=Bronx`.

// The numbers a value's file lists ({"n": [first, difference, …]}), ascending.
export function decodeNumbers(file) {
  const numbers = new Uint32Array(file.n.length);
  let at = 0;
  file.n.forEach((step, i) => { at += step; numbers[i] = at; });
  return numbers;
}

function popcount(word) {
  let w = word - ((word >>> 1) & 0x55555555);
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// A set of place numbers 0…size-1, with the rank of every number: how many members lie below it.
export class PlaceSet {
  constructor(size, words) {
    this.size = size;
    this.words = words || new Uint32Array((size + 31) >>> 5);
    this.ranks = null;
  }

  // The set of the numbers in any of `lists` (each ascending).
  static union(size, lists) {
    const set = new PlaceSet(size);
    for (const list of lists) for (let i = 0; i < list.length; i++) set.words[list[i] >>> 5] |= 1 << (list[i] & 31);
    return set;
  }

  // The numbers in both sets.
  and(other) {
    const words = new Uint32Array(this.words.length);
    for (let i = 0; i < words.length; i++) words[i] = this.words[i] & other.words[i];
    return new PlaceSet(this.size, words);
  }

  has(number) { return (this.words[number >>> 5] & (1 << (number & 31))) !== 0; }

  // How many members are less than `number`.
  rank(number) {
    if (!this.ranks) {
      this.ranks = new Uint32Array(this.words.length + 1);
      for (let i = 0; i < this.words.length; i++) this.ranks[i + 1] = this.ranks[i] + popcount(this.words[i]);
    }
    const word = number >>> 5, bits = number & 31;
    return this.ranks[word] + (bits ? popcount(this.words[word] & (0xffffffff >>> (32 - bits))) : 0);
  }

  // How many members lie in from…to-1.
  count(from, to) { return this.rank(to) - this.rank(from); }

  // The least member at or above `from`, or -1.
  next(from) {
    for (let word = from >>> 5, bits = this.words[word] & (0xffffffff << (from & 31)); word < this.words.length; bits = this.words[++word]) {
      if (bits) return (word << 5) + 31 - Math.clz32(bits & -bits);
    }
    return -1;
  }

  get total() { return this.rank(this.size); }
}

// A field's bins: its values, or the bins of a range, and the one of places with none last.
export function binCount(field) {
  return (field.values ? field.values.length : field.edges.length - 1) + 1;
}

// The bin index of places with no value (or one the build could not read).
export function noneBin(field) { return binCount(field) - 1; }

// The bin of `value` in a range field: the last whose lower edge is at most it, within the bins.
function binOf(field, value) {
  let low = 0, high = field.edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (field.edges[middle] > value) high = middle; else low = middle + 1;
  }
  return Math.max(0, Math.min(field.edges.length - 2, low - 1));
}

// One field's selection from the values of its query parameter: for a values field the set of
// bins named ("" names none), for a range `from..to` the bins from…to-1, a year's `to` included,
// either end open; null when it selects nothing known.
function fieldSelection(field, texts) {
  if (field.values) {
    const bins = new Set();
    for (const text of texts) {
      const index = text === "" ? noneBin(field) : field.values.indexOf(text);
      if (index >= 0) bins.add(index);
    }
    return bins.size ? { bins: bins } : null;
  }
  const parts = (texts[0] || "").split("..");
  if (parts.length !== 2) return null;
  const low = parts[0] === "" ? -Infinity : Number(parts[0]);
  const high = parts[1] === "" ? Infinity : Number(parts[1]);
  if (isNaN(low) || isNaN(high) || low > high) return null;
  const last = field.edges.length - 1;
  const from = low === -Infinity ? 0 : binOf(field, low);
  let to;
  if (high === Infinity) to = last;
  else if (field.type === "year") to = binOf(field, high) + 1;
  else {
    const edge = field.edges.findIndex((e) => e >= high);
    to = edge < 0 ? last : edge;
  }
  return { from: from, to: Math.max(from + 1, to) };
}

// The selection a query names: one entry a field of the index, null where it selects nothing.
export function selectionFromQuery(query, index) {
  const params = new URLSearchParams(query);
  return index.fields.map((field) => {
    const texts = params.getAll(field.field);
    return texts.length ? fieldSelection(field, texts) : null;
  });
}

// A range's end as the query writes it: a year's last year, else the edge.
function rangeText(field, selection) {
  const edges = field.edges, last = edges.length - 1;
  const low = selection.from === 0 ? "" : String(edges[selection.from]);
  let high = "";
  if (selection.to < last) high = String(field.type === "year" ? edges[selection.to] - 1 : edges[selection.to]);
  return low + ".." + high;
}

// The query of a selection, fields in the index's order: "year=1910..1925&borough=Bronx".
export function queryFromSelection(selection, index) {
  const params = new URLSearchParams();
  index.fields.forEach((field, f) => {
    const chosen = selection[f];
    if (!chosen) return;
    if (chosen.bins) {
      Array.from(chosen.bins).sort((a, b) => a - b).forEach((bin) => {
        params.append(field.field, bin === noneBin(field) ? "" : field.values[bin]);
      });
    } else if (chosen.from > 0 || chosen.to < field.edges.length - 1) {
      params.append(field.field, rangeText(field, chosen));
    }
  });
  return params.toString();
}

// The bins a field's selection takes.
export function selectedBins(field, chosen) {
  if (!chosen) return [];
  if (chosen.bins) return Array.from(chosen.bins).sort((a, b) => a - b);
  const bins = [];
  for (let bin = chosen.from; bin < chosen.to; bin++) bins.push(bin);
  return bins;
}

// The files that hold a field's chosen places, each { name, count }: a values field's bins;
// for a range, the fewest blocks of 2^level bins from a multiple of 2^level (b<level>-<index>,
// written by the build wherever one lies wholly within the bins) and single bins that cover it.
// Files of no places are left out (the build writes none). `held(bin)`: how many places of the
// files' set a bin holds, the whole field's by default (a pair's, in pairFiles).
export function selectedFiles(field, chosen, held = (bin) => binTotal(field, bin)) {
  if (!chosen) return [];
  const total = (from, to) => {
    let sum = 0;
    for (let bin = from; bin < to; bin++) sum += held(bin);
    return sum;
  };
  const files = [];
  if (chosen.bins) {
    for (const bin of selectedBins(field, chosen)) {
      files.push({ name: bin === noneBin(field) ? "none" : String(bin), count: held(bin) });
    }
  } else {
    const bins = field.edges.length - 1;
    for (let bin = chosen.from; bin < chosen.to;) {
      let level = 0;
      while (bin % (2 << level) === 0 && bin + (2 << level) <= chosen.to && bin + (2 << level) <= bins) level++;
      const size = 1 << level;
      files.push({ name: level ? "b" + level + "-" + bin / size : String(bin), count: total(bin, bin + size) });
      bin += size;
    }
  }
  return files.filter((file) => file.count > 0);
}

// The path of field f's file `name` in the filters' folder ("1/b3-5.json").
export function filePath(f, name) { return f + "/" + name + ".json"; }

// Whether bin `bin` of a pair's range holds places of value `value` of its values field: bit
// bin % 4 of hexadecimal digit bin / 4 of the value's mask (FilterIndex+Pairs.swift).
function pairHolds(pair, value, bin) {
  const digit = pair.bins[value].charAt(bin >> 2);
  return digit !== "" && (parseInt(digit, 16) & (1 << (bin & 3))) !== 0;
}

// The paths of a pair's files for the values chosen of its first field and the range of its
// second: each value's places within each of the range's files ("pairs/0-1/5/b3-2.json").
function pairFiles(index, pair, selection) {
  const [a, b] = pair.fields;
  const values = index.fields[a], range = index.fields[b];
  const paths = [];
  for (const value of selectedBins(values, selection[a])) {
    const name = value === noneBin(values) ? "none" : String(value);
    const held = (bin) => (pairHolds(pair, value, bin) ? 1 : 0);
    for (const file of selectedFiles(range, selection[b], held)) {
      paths.push("pairs/" + a + "-" + b + "/" + name + "/" + file.name + ".json");
    }
  }
  return paths;
}

// What the places a selection matches are read from: groups of files, the places of a group
// those of any of its files, the matching places those of every group. A field chosen is a
// group of its files; two chosen that the build wrote as a pair (index.pairs) are one group of
// the pair's files, which holds only the places matching both (far fewer numbers to fetch).
export function selectionGroups(index, selection) {
  const paired = new Set();
  const groups = [];
  for (const pair of index.pairs || []) {
    const [a, b] = pair.fields;
    if (!selection[a] || !selection[b] || paired.has(a) || paired.has(b)) continue;
    paired.add(a);
    paired.add(b);
    groups.push(pairFiles(index, pair, selection));
  }
  index.fields.forEach((field, f) => {
    if (selection[f] && !paired.has(f)) groups.push(selectedFiles(field, selection[f]).map((file) => filePath(f, file.name)));
  });
  return groups;
}

// The paths of the files a selection's matching places are read from, in the filters' folder.
export function selectedPaths(index, selection) { return selectionGroups(index, selection).flat(); }

// The places of every group (selectionGroups), each group's numbers as lists: null for none.
export function intersection(size, groups) {
  let set = null;
  for (const lists of groups) {
    const group = PlaceSet.union(size, lists);
    set = set ? set.and(group) : group;
  }
  return set;
}

// Whether the selection narrows anything.
export function isActive(selection) { return selection.some(Boolean); }

// The places matching every field's selection but `except`'s (a field index, or -1 for none):
// within a field any of its values or bins, across fields all. `lists(f)` gives the numbers of
// the field's selectedFiles, loaded. Null when no field narrows.
export function matching(index, selection, lists, except) {
  const groups = [];
  index.fields.forEach((field, f) => {
    if (f !== except && selection[f]) groups.push(lists(f));
  });
  return intersection(index.count, groups);
}

// How many places of the whole dataset a bin holds.
export function binTotal(field, bin) { return bin === noneBin(field) ? field.none : field.counts[bin]; }

// How many places of `set` each bin of a field holds, from the field's column (each place's bin,
// in number order); the bins' totals when `set` is null.
export function countsIn(field, column, set) {
  if (!set) return field.counts.concat([field.none]);
  const counts = new Array(binCount(field)).fill(0);
  for (let word = 0; word < set.words.length; word++) {
    let bits = set.words[word];
    while (bits) {
      const low = bits & -bits;
      counts[column[(word << 5) + 31 - Math.clz32(low)]]++;
      bits ^= low;
    }
  }
  return counts;
}
