// Search over the site's static index under search/ (format: Sources/MapsiteCore/Search/
// SearchIndex.swift): the manifest on first use, then only the shards of the query's words and
// the document files of the results shown; and the site's own pages (search/pages.json,
// SearchPages.swift). Text is folded as Sources/MapsiteCore/Search/SearchText.swift folds it,
// character for character (Tests/Node/search.test.mjs checks both on the same table).
//
// Exports:
// - supported: false in a browser without Unicode property escapes (then nothing else works)
// - fold(text), tokens(text), endsInToken(text), derivedSlug(title): the text rules
// - decode(text, bits) → Map(document → quality): a posting list
// - shardName(key): a shard key's file name below search/s/
// - createSearch(load) → { search(text), ready(), nearestNumber(text) }: `load(path)` gives (or
//   resolves to) the parsed JSON of a site path such as "search/index.json", or null when there
//   is none; search resolves to [{document, dataset, datasetTitle, title, detail, path,
//   thumbnail}], best first; nearestNumber, for a house number no place on a street has, to the
//   places of that street with the nearest number
// - sitePages(file) → pages: the entries of a parsed search/pages.json, [] for anything else
// - matchingPages(pages, text, limit = MAX_PAGES): the pages a query finds, best first
// - FORMAT_VERSION, MAX_TERMS, MAX_TOKEN, SLUG_LENGTH, MAX_PAGES

/* global TextEncoder */

export const FORMAT_VERSION = 1;
export const MAX_TERMS = 8;
export const MAX_TOKEN = 32;
export const SLUG_LENGTH = 80;
export const MAX_PAGES = 3;

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
const VALUES = new Map(Array.from(DIGITS, (digit, value) => [digit, value]));
const LETTER_FOLDS = {
  "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ł": "l",
  "þ": "th", "ŧ": "t", "ς": "σ",
};
const LETTER_FOLD = /[ßæœøđðħıłþŧς]/g;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

// Built at run time: in a browser without Unicode property escapes the module still loads, and
// the search box stays hidden.
function unicodePatterns() {
  try {
    return {
      marks: new RegExp("\\p{M}", "gu"),
      words: new RegExp("[\\p{L}\\p{N}]+", "gu"),
      endsInWord: new RegExp("[\\p{L}\\p{N}]$", "u"),
    };
  } catch (error) {
    return null;
  }
}

const PATTERNS = unicodePatterns();
export const supported = PATTERNS !== null;

/** Compatibility decomposition, lowercase, no combining marks, a few letters folded. */
export function fold(text) {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFKD").toLowerCase().replace(PATTERNS.marks, "")
    .replace(LETTER_FOLD, (letter) => LETTER_FOLDS[letter]);
}

function words(text) {
  return fold(text).match(PATTERNS.words) || [];
}

/** Runs of letters and digits, each cut to MAX_TOKEN characters (code points). */
export function tokens(text) {
  return words(text).map((token) => (token.length > MAX_TOKEN ? Array.from(token).slice(0, MAX_TOKEN).join("") : token));
}

/** Whether the last word may still be growing: "walnu" rather than "walnut ". */
export function endsInToken(text) {
  return PATTERNS.endsInWord.test(fold(text));
}

/** The slug of an ASCII title, when the index leaves it out. */
export function derivedSlug(title) {
  return words(title).join("-").slice(0, SLUG_LENGTH).replace(/-+$/, "");
}

/** A posting list: document number → quality (the low `bits` bits of each number). */
export function decode(text, bits) {
  const map = new Map();
  const step = 1 << bits;
  let value = 0;
  let previous = -1;
  for (const character of text || "") {
    const digit = VALUES.get(character);
    if (digit === undefined) break;
    if (digit >= 32) {
      value = value * 32 + digit - 32;
      continue;
    }
    value = value * 32 + digit;
    const document = previous + 1 + Math.floor(value / step);
    map.set(document, value & (step - 1));
    previous = document;
    value = 0;
  }
  return map;
}

/** A shard key's file name: the key itself when plain, else "_" and its UTF-8 bytes in hex. */
export function shardName(key) {
  if (/^[a-z0-9]+$/.test(key)) return key;
  let name = "_";
  new TextEncoder().encode(key).forEach((byte) => { name += (byte < 16 ? "0" : "") + byte.toString(16); });
  return name;
}

function shardBase(key) {
  return "search/s/" + shardName(key);
}

// A shard file as the query reads it: its tokens, their lists (heads of the long ones), where
// each token is, which lists are long, and for a split shard the union list's head.
function readShard(value) {
  const names = value.t ? value.t.split(" ") : [];
  const position = new Map();
  names.forEach((token, index) => { if (!position.has(token)) position.set(token, index); });
  return {
    tokens: names, lists: (value.p || "").split(" "), position,
    long: new Set((value.b || []).map((entry) => entry[0])), union: value.u,
  };
}

// Documents with a token of `texts` (lists of `matching`): 0-1 for the whole prefix, 2-3 for a
// longer token, the best quality of each document.
function mergePrefixLists(matching, texts, prefix) {
  const map = new Map();
  texts.forEach((text, index) => {
    const extra = matching[index].token === prefix ? 0 : 2;
    decode(text, 1).forEach((quality, document) => {
      const best = map.has(document) ? map.get(document) : 3;
      map.set(document, Math.min(best, quality + extra));
    });
  });
  return map;
}

// Every word matches a whole token, the last may match a token's start; best first by: last word
// whole, fewer words only in fields, document number (shorter title, then name).
function rank(lists, prefix, limit) {
  let smallest = 0;
  lists.forEach((list, index) => { if (list.size < lists[smallest].size) smallest = index; });
  const scored = [];
  lists[smallest].forEach((unused, document) => {
    let fields = 0;
    for (const list of lists) {
      const quality = list.get(document);
      if (quality === undefined) return;
      fields += quality & 1;
    }
    const lastPrefix = prefix && lists[lists.length - 1].get(document) >= 2 ? 1 : 0;
    scored.push([lastPrefix, fields, document]);
  });
  scored.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return scored.slice(0, limit).map((entry) => entry[2]);
}

// The search over one site; see createSearch.
class Search {
  constructor(load) {
    this.load = load;
    this.files = new Map();
    this.shards = new Map();
    this.manifest = null;
  }

  // Each path fetched once; a failure is forgotten, so the next query tries again.
  file(path) {
    if (!this.files.has(path)) {
      const promise = new Promise((resolve) => resolve(this.load(path)));
      this.files.set(path, promise.catch((error) => {
        this.files.delete(path);
        throw error;
      }));
    }
    return this.files.get(path);
  }

  ready() {
    return this.file("search/index.json").then((value) => {
      if (!value || value.version !== FORMAT_VERSION) {
        throw new Error("search/index.json is missing or of another version");
      }
      if (!this.manifest) {
        this.manifest = value;
        this.keys = new Set(value.shards);
        this.split = new Set(value.split);
      }
      return this.manifest;
    });
  }

  // The longest shard key that is a prefix of `text`.
  keyFor(text) {
    const characters = Array.from(text);
    for (let n = characters.length; n >= 0; n--) {
      const candidate = characters.slice(0, n).join("");
      if (this.keys.has(candidate)) return candidate;
    }
    return null;
  }

  shard(key) {
    if (!this.shards.has(key)) {
      this.shards.set(key, this.file(shardBase(key) + ".json").then(
        (value) => (value ? readShard(value) : null),
        (error) => {
          this.shards.delete(key);
          throw error;
        }));
    }
    return this.shards.get(key);
  }

  // A token's list: the head kept in the shard, or with `whole` the whole list of a long one.
  list(shard, key, position, whole) {
    if (!(whole && shard.long.has(position))) return Promise.resolve(shard.lists[position]);
    return this.file(shardBase(key) + "." + position + ".json").then((data) => (data ? data.p : ""));
  }

  // Documents with the whole token: quality 0 (title) or 1 (field).
  tokenList(token, whole) {
    const key = this.keyFor(token);
    if (key === null) return Promise.resolve(new Map());
    return this.shard(key).then((shard) => {
      if (!shard || !shard.position.has(token)) return new Map();
      return this.list(shard, key, shard.position.get(token), whole).then((text) => decode(text, 1));
    });
  }

  // Documents with a token starting with `prefix`: 0-1 for the whole token, 2-3 for a longer one.
  prefixList(prefix, whole) {
    const key = this.keyFor(prefix);
    if (key === null) return Promise.resolve(new Map());
    return this.shard(key).then((shard) => {
      if (!shard) return new Map();
      if (key === prefix && this.split.has(key)) {
        if (!whole) return decode(shard.union, 2);
        return this.file(shardBase(key) + ".u.json").then((data) => decode(data ? data.p : "", 2));
      }
      const matching = [];
      shard.tokens.forEach((token, position) => {
        if (token.startsWith(prefix)) matching.push({ token, position });
      });
      return Promise.all(matching.map((match) => this.list(shard, key, match.position, whole)))
        .then((texts) => mergePrefixLists(matching, texts, prefix));
    });
  }

  result(document) {
    const chunk = this.manifest.chunk;
    return this.file("search/d/" + Math.floor(document / chunk) + ".json").then((data) => {
      const entry = (data && data.d[document % chunk]) || ["", 0, ""];
      const dataset = this.manifest.datasets[entry[1]] || ["", ""];
      const slug = typeof entry[3] === "string" ? entry[3] : derivedSlug(entry[0]);
      return {
        document, dataset: dataset[0], datasetTitle: dataset[1], title: entry[0], detail: entry[2] || "",
        path: dataset[0] + "/" + slug + "/", thumbnail: typeof entry[4] === "string" ? entry[4] : "",
      };
    });
  }

  // The shards that hold the tokens starting with `prefix`: the one of its longest key, and any
  // split off below it.
  shardsUnder(prefix) {
    const keys = Array.from(this.keys).filter((key) => key.length > prefix.length && key.startsWith(prefix));
    const own = this.keyFor(prefix);
    if (own !== null) keys.unshift(own);
    return Promise.all(keys.map((key) => this.shard(key).then((shard) => ({ key, shard }))));
  }

  // Documents of `street` with a candidate's whole token (of shard `key`, at `position`) in their title.
  onStreet(found, street) {
    return this.list(found.shard, found.key, found.position, true).then((text) => {
      const documents = [];
      decode(text, 1).forEach((quality, document) => { if (quality === 0 && street.has(document)) documents.push(document); });
      return documents;
    });
  }

  // The house number nearest to `number` among the title tokens of `street`'s documents with as many
  // digits, looking among those sharing ever fewer of its first digits, one length further after
  // the first found: { token, documents } or null.
  nearestToken(number, street) {
    const checked = new Set();
    const target = Number(number);
    let best = null;
    const level = (length) => {
      if (length === 0) return Promise.resolve(best);
      const prefix = number.slice(0, length);
      return this.shardsUnder(prefix).then((shards) => {
        const candidates = [];
        shards.forEach(({ key, shard }) => {
          if (!shard) return;
          shard.tokens.forEach((token, position) => {
            if (token.length !== number.length || !token.startsWith(prefix) || !/^[0-9]+$/.test(token)) return;
            if (checked.has(token)) return;
            checked.add(token);
            const off = Math.abs(Number(token) - target);
            if (!best || off < best.off) candidates.push({ token, key, shard, position, off });
          });
        });
        candidates.sort((a, b) => a.off - b.off || (a.token < b.token ? -1 : 1));
        const next = (index) => {
          if (index >= candidates.length) return Promise.resolve(null);
          return this.onStreet(candidates[index], street).then((documents) =>
            (documents.length ? Object.assign(candidates[index], { documents }) : next(index + 1)));
        };
        const hadBest = best !== null;
        return next(0).then((found) => {
          if (found && (!best || found.off < best.off)) best = found;
          return hadBest ? best : level(length - 1);
        });
      });
    };
    return level(number.length).then((found) => (found ? { token: found.token, documents: found.documents } : null));
  }

  // For a query of one house number and a street ("1552 walnut") that finds nothing: the places
  // on that street with the nearest number. Resolves to { number, near, results } or null.
  nearestNumber(text) {
    return this.ready().then(() => {
      const terms = tokens(text).slice(0, MAX_TERMS);
      const numbers = terms.filter((term) => /^[0-9]+$/.test(term));
      if (numbers.length !== 1 || terms.length < 2) return null;
      const number = numbers[0];
      const street = terms.filter((term) => term !== number);
      const growing = endsInToken(text) && terms[terms.length - 1] !== number;
      return Promise.all(street.map((term, index) => (index === street.length - 1 && growing
        ? this.prefixList(term, true) : this.tokenList(term, true)))).then((lists) => {
        // The places with every word of the street in their title (qualities 0 and 2).
        let common = new Map(Array.from(lists[0]).filter((entry) => entry[1] % 2 === 0));
        lists.slice(1).forEach((list) => {
          common = new Map(Array.from(common).filter((entry) => list.has(entry[0]) && list.get(entry[0]) % 2 === 0));
        });
        if (!common.size) return null;
        return this.nearestToken(number, common).then((found) => {
          if (!found) return null;
          const documents = found.documents.sort((a, b) => a - b).slice(0, this.manifest.limit);
          return Promise.all(documents.map((document) => this.result(document)))
            .then((results) => ({ number, near: found.token, results }));
        });
      });
    });
  }

  search(text) {
    return this.ready().then(() => {
      let terms = tokens(text);
      if (!terms.length) return [];
      const prefix = terms.length <= MAX_TERMS && endsInToken(text);
      terms = terms.slice(0, MAX_TERMS);
      const whole = terms.length > 1;
      return Promise.all(terms.map((term, index) => (index === terms.length - 1 && prefix
        ? this.prefixList(term, whole) : this.tokenList(term, whole))))
        .then((lists) => Promise.all(rank(lists, prefix, this.manifest.limit).map((document) => this.result(document))));
    });
  }
}

/**
 * The search over one site. `load(path)` gives the parsed JSON of a site path, or null, or a
 * promise of either; each path is asked for once (again after a failure).
 * Returns { search(text) → promise of the best results, ready() → promise of the manifest,
 * nearestNumber(text) → promise of { number, near, results } or null }: for a query of one house
 * number and other words, the places whose words include the others and whose number, of as
 * many digits, is nearest ("1552 walnut" → 1534 Walnut St); null when there are none.
 */
export function createSearch(load) {
  const engine = new Search(load);
  return {
    search: (text) => engine.search(text), ready: () => engine.ready(),
    nearestNumber: (text) => engine.nearestNumber(text),
  };
}

/**
 * The site's own pages from a parsed search/pages.json (datasets, tours, Markdown pages, group
 * and region pages): [{title, path, datasetTitle, detail, titleWords, words}], [] for a missing
 * file or one of another version.
 */
export function sitePages(file) {
  if (!file || file.v !== 1 || !Array.isArray(file.pages)) return [];
  return file.pages.map((page) => ({
    title: page.t, path: page.p, datasetTitle: page.m, detail: "", titleWords: tokens(page.t),
    words: tokens(page.t + " " + (page.x || "")),
  }));
}

/**
 * The pages a query finds, by the rules of places: every word of the query is a word of the
 * title or text, the last one, while it is being typed, the start of one. Those whose title has
 * every word come first, then those that need their text, each in the file's order; at most
 * `limit`. A text without words finds none.
 */
export function matchingPages(pages, text, limit = MAX_PAGES) {
  const query = tokens(text);
  if (!query.length) return [];
  const growing = endsInToken(text);
  const has = (own) => query.every((word, index) => {
    const start = growing && index === query.length - 1;
    return own.some((token) => (start ? token.startsWith(word) : token === word));
  });
  const byTitle = pages.filter((page) => has(page.titleWords));
  const byText = pages.filter((page) => !byTitle.includes(page) && has(page.words));
  return byTitle.concat(byText).slice(0, limit);
}
