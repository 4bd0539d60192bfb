// mapsite search: the search box of partials/search. Reads the static index under search/
// (format: Sources/MapsiteCore/Search/SearchIndex.swift): the manifest on first use, then only the
// shards of the query's words and the document files of the results shown; and, for the site's own
// pages, search/pages.json. The query logic is mirrored in
// Tests/MapsiteCoreTests/Search/SearchQuery.swift and Tests/Benchmarks/search_bench.py: change all
// three (Tests/MapsiteCoreTests/Search/SearchScriptTests.swift runs this file in Node).
(function (global) {
  "use strict";
  var MAX_TERMS = 8;
  var MAX_TOKEN = 32;
  var FORMAT_VERSION = 1;
  var SLUG_LENGTH = 80;
  var DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  var LETTER_FOLDS = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ł": "l", "þ": "th", "ŧ": "t", "ς": "σ" };
  var LETTER_FOLD = /[ßæœøđðħıłþŧς]/g;
  var ASCII = /^[\x00-\x7f]*$/;
  var MARKS, WORDS, ENDS_IN_WORD;
  try {
    // Built at run time: a browser without Unicode property escapes gets no search box rather
    // than a script that fails to parse.
    MARKS = new RegExp("\\p{M}", "gu");
    WORDS = new RegExp("[\\p{L}\\p{N}]+", "gu");
    ENDS_IN_WORD = new RegExp("[\\p{L}\\p{N}]$", "u");
  } catch (error) {
    return;
  }
  var VALUES = {};
  for (var d = 0; d < DIGITS.length; d++) VALUES[DIGITS.charAt(d)] = d;

  // Compatibility decomposition, lowercase, no combining marks, a few letters folded.
  function fold(text) {
    if (ASCII.test(text)) return text.toLowerCase();
    return text.normalize("NFKD").toLowerCase().replace(MARKS, "").replace(LETTER_FOLD, function (c) { return LETTER_FOLDS[c]; });
  }

  // Runs of letters and digits, each cut to MAX_TOKEN characters (code points).
  function tokens(text) {
    return (fold(text).match(WORDS) || []).map(function (token) {
      return token.length > MAX_TOKEN ? Array.from(token).slice(0, MAX_TOKEN).join("") : token;
    });
  }

  // Whether the last word may still be growing: "walnu" rather than "walnut ".
  function endsInToken(text) {
    return ENDS_IN_WORD.test(fold(text));
  }

  // The slug of an ASCII title, when the index leaves it out.
  function derivedSlug(title) {
    return (fold(title).match(WORDS) || []).join("-").slice(0, SLUG_LENGTH).replace(/-+$/, "");
  }

  // A posting list: document number -> quality (the low `bits` bits of each number).
  function decode(text, bits) {
    var map = new Map();
    var value = 0, previous = -1, mask = (1 << bits) - 1;
    for (var i = 0; i < (text || "").length; i++) {
      var digit = VALUES[text.charAt(i)];
      if (digit === undefined) break;
      if (digit >= 32) { value = value * 32 + digit - 32; continue; }
      value = value * 32 + digit;
      var document = previous + 1 + Math.floor(value / (mask + 1));
      map.set(document, value & mask);
      previous = document;
      value = 0;
    }
    return map;
  }

  function shardName(key) {
    if (/^[a-z0-9]+$/.test(key)) return key;
    var name = "_";
    new TextEncoder().encode(key).forEach(function (byte) { name += (byte < 16 ? "0" : "") + byte.toString(16); });
    return name;
  }

  // The search over one site. `load(path)` resolves to the parsed JSON of a site path, or null.
  function createSearch(load) {
    var files = new Map();
    var shards = new Map();
    var manifest = null, keys = null, split = null;

    function file(path) {
      if (!files.has(path)) {
        files.set(path, Promise.resolve(load(path)).catch(function (error) {
          files.delete(path); // a network failure is retried by the next query
          throw error;
        }));
      }
      return files.get(path);
    }

    function ready() {
      return file("search/index.json").then(function (value) {
        if (!value || value.version !== FORMAT_VERSION) throw new Error("search/index.json is missing or of another version");
        if (!manifest) {
          manifest = value;
          keys = new Set(value.shards);
          split = new Set(value.split);
        }
        return manifest;
      });
    }

    // The longest shard key that is a prefix of `text`.
    function keyFor(text) {
      var chars = Array.from(text);
      for (var n = chars.length; n >= 0; n--) {
        var candidate = chars.slice(0, n).join("");
        if (keys.has(candidate)) return candidate;
      }
      return null;
    }

    function base(key) {
      return "search/s/" + shardName(key);
    }

    function shard(key) {
      if (!shards.has(key)) {
        shards.set(key, file(base(key) + ".json").then(function (value) {
          if (!value) return null;
          var tokens = value.t ? value.t.split(" ") : [];
          var position = new Map();
          tokens.forEach(function (token, index) { if (!position.has(token)) position.set(token, index); });
          return {
            tokens: tokens, lists: (value.p || "").split(" "), position: position,
            long: new Set((value.b || []).map(function (entry) { return entry[0]; })), union: value.u,
          };
        }, function (error) { shards.delete(key); throw error; }));
      }
      return shards.get(key);
    }

    // A token's list: the head kept in the shard, or with `whole` the whole list of a long one.
    function list(value, key, position, whole) {
      if (!(whole && value.long.has(position))) return Promise.resolve(value.lists[position]);
      return file(base(key) + "." + position + ".json").then(function (data) { return data ? data.p : ""; });
    }

    // Documents with the whole token: quality 0 (title) or 1 (field).
    function tokenList(token, whole) {
      var key = keyFor(token);
      if (key === null) return Promise.resolve(new Map());
      return shard(key).then(function (value) {
        if (!value || !value.position.has(token)) return new Map();
        return list(value, key, value.position.get(token), whole).then(function (text) { return decode(text, 1); });
      });
    }

    // Documents with a token starting with `prefix`: 0-1 for the whole token, 2-3 for a longer one.
    function prefixList(prefix, whole) {
      var key = keyFor(prefix);
      if (key === null) return Promise.resolve(new Map());
      return shard(key).then(function (value) {
        if (!value) return new Map();
        if (key === prefix && split.has(key)) {
          if (!whole) return decode(value.union, 2);
          return file(base(key) + ".u.json").then(function (data) { return decode(data ? data.p : "", 2); });
        }
        var matching = [];
        value.tokens.forEach(function (token, position) {
          if (token.startsWith(prefix)) matching.push({ token: token, position: position });
        });
        return Promise.all(matching.map(function (match) { return list(value, key, match.position, whole); })).then(function (texts) {
          var map = new Map();
          texts.forEach(function (text, index) {
            var extra = matching[index].token === prefix ? 0 : 2;
            decode(text, 1).forEach(function (quality, document) {
              var best = map.has(document) ? map.get(document) : 3;
              map.set(document, Math.min(best, quality + extra));
            });
          });
          return map;
        });
      });
    }

    // Every word matches a whole token, the last may match a token's start; best first by:
    // last word whole, fewer words only in fields, document number (shorter title, then name).
    function rank(lists, prefix) {
      var smallest = 0;
      lists.forEach(function (list, index) { if (list.size < lists[smallest].size) smallest = index; });
      var scored = [];
      lists[smallest].forEach(function (unused, document) {
        var fields = 0;
        for (var i = 0; i < lists.length; i++) {
          var quality = lists[i].get(document);
          if (quality === undefined) return;
          fields += quality & 1;
        }
        var lastPrefix = prefix && lists[lists.length - 1].get(document) >= 2 ? 1 : 0;
        scored.push([lastPrefix, fields, document]);
      });
      scored.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; });
      return scored.slice(0, manifest.limit).map(function (entry) { return entry[2]; });
    }

    function result(document) {
      var chunk = manifest.chunk;
      return file("search/d/" + Math.floor(document / chunk) + ".json").then(function (data) {
        var entry = (data && data.d[document % chunk]) || ["", 0, ""];
        var dataset = manifest.datasets[entry[1]] || ["", ""];
        var slug = typeof entry[3] === "string" ? entry[3] : derivedSlug(entry[0]);
        return {
          document: document, dataset: dataset[0], datasetTitle: dataset[1], title: entry[0], detail: entry[2] || "",
          path: dataset[0] + "/" + slug + "/", thumbnail: typeof entry[4] === "string" ? entry[4] : "",
        };
      });
    }

    // The best results for `text`: [{title, detail, dataset, datasetTitle, path, document}].
    function search(text) {
      return ready().then(function () {
        var terms = tokens(text);
        if (!terms.length) return [];
        var prefix = terms.length <= MAX_TERMS && endsInToken(text);
        terms = terms.slice(0, MAX_TERMS);
        var whole = terms.length > 1;
        return Promise.all(terms.map(function (term, index) {
          return index === terms.length - 1 && prefix ? prefixList(term, whole) : tokenList(term, whole);
        })).then(function (lists) {
          return Promise.all(rank(lists, prefix).map(result));
        });
      });
    }

    return { search: search, ready: ready };
  }

  var api = { fold: fold, tokens: tokens, endsInToken: endsInToken, derivedSlug: derivedSlug, decode: decode, createSearch: createSearch };
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document === "undefined") return;
  global.mapsiteSearch = api;

  // ---------------------------------------------------------------------------------------------
  // The search box: a combobox with a listbox of results (WAI-ARIA combobox pattern).

  // The box's default content, made here rather than in every page (it is hidden without
  // script anyway). A theme may put its own input, listbox and status in the box instead.
  function fill(box) {
    var label = document.createElement("label");
    label.className = "site-search-label";
    label.htmlFor = "site-search-input";
    label.textContent = "Search";
    var input = document.createElement("input");
    input.id = "site-search-input";
    input.type = "text";
    input.placeholder = "Search";
    input.autocomplete = "off";
    input.spellcheck = false;
    [["role", "combobox"], ["aria-autocomplete", "list"], ["aria-expanded", "false"],
      ["aria-controls", "site-search-results"], ["autocapitalize", "off"]].forEach(function (pair) {
      input.setAttribute(pair[0], pair[1]);
    });
    var listbox = document.createElement("ul");
    listbox.id = "site-search-results";
    listbox.className = "site-search-results";
    listbox.setAttribute("role", "listbox");
    listbox.setAttribute("aria-label", "Search results");
    listbox.hidden = true;
    var status = document.createElement("p");
    status.className = "site-search-status";
    status.setAttribute("role", "status");
    box.append(label, input, listbox, status);
  }

  function attach(box) {
    if (!box.querySelector("input")) fill(box);
    var input = box.querySelector("input");
    var listbox = box.querySelector("[role=listbox]");
    var status = box.querySelector("[role=status]");
    if (!input || !listbox || !status || typeof fetch !== "function") return;
    var root = document.body.getAttribute("data-root") || "./";
    var engine = createSearch(function (path) {
      return fetch(root + path).then(function (response) { return response.ok ? response.json() : null; });
    });
    var results = [];
    var active = -1;
    var sequence = 0;
    var timer = null;

    // The site's own pages (datasets, tours, Markdown pages, group and region pages;
    // search/pages.json, written by SearchPages.swift): few, so loaded whole on the first query
    // and matched here, by the rules of places: every word of the query is a word of the title
    // or text, the last one, while it is being typed, the start of one. They come before the
    // places, at most MAX_PAGES of them: first those whose title has every word.
    var MAX_PAGES = 3;
    var pagesFile = null;
    function sitePages() {
      if (!pagesFile) {
        pagesFile = fetch(root + "search/pages.json")
          .then(function (response) { return response.ok ? response.json() : null; })
          .then(function (file) {
            if (!file || file.v !== 1 || !Array.isArray(file.pages)) return [];
            return file.pages.map(function (page) {
              return {
                title: page.t, path: page.p, datasetTitle: page.m, detail: "", titleWords: tokens(page.t),
                words: tokens(page.t + " " + (page.x || "")),
              };
            });
          })
          .catch(function () { return []; });
      }
      return pagesFile;
    }

    // Pages whose title has every word first, then those that need their text too, each in the
    // file's order.
    function matchingPages(pages, text) {
      var query = tokens(text), growing = endsInToken(text);
      function has(words) {
        return query.every(function (word, index) {
          var start = growing && index === query.length - 1;
          return words.some(function (own) { return start ? own.indexOf(word) === 0 : own === word; });
        });
      }
      var byTitle = pages.filter(function (page) { return has(page.titleWords); });
      var byText = pages.filter(function (page) { return byTitle.indexOf(page) < 0 && has(page.words); });
      return byTitle.concat(byText).slice(0, MAX_PAGES);
    }

    function setOpen(open) {
      listbox.hidden = !open;
      input.setAttribute("aria-expanded", open ? "true" : "false");
      if (!open) setActive(-1);
    }

    function setActive(index) {
      active = index;
      var options = listbox.querySelectorAll("[role=option]");
      Array.prototype.forEach.call(options, function (option, i) {
        option.setAttribute("aria-selected", i === index ? "true" : "false");
      });
      if (index >= 0) {
        var option = options[index];
        input.setAttribute("aria-activedescendant", option.id);
        if (option.scrollIntoView) option.scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function render(found, text) {
      results = found;
      listbox.textContent = "";
      // Each result is a link that is itself the option (its <li> only holds it), so that no
      // control sits inside another, and the link can still be opened in a new tab.
      found.forEach(function (item, index) {
        var entry = document.createElement("li");
        entry.setAttribute("role", "none");
        var link = document.createElement("a");
        link.id = input.id + "-option-" + index;
        link.setAttribute("role", "option");
        link.setAttribute("aria-selected", "false");
        link.href = root + item.path;
        link.tabIndex = -1;
        var title = document.createElement("span");
        title.className = "site-search-title";
        title.textContent = item.title;
        var meta = document.createElement("span");
        meta.className = "site-search-meta";
        meta.textContent = item.detail ? item.detail + " · " + item.datasetTitle : item.datasetTitle;
        if (item.thumbnail) {
          // As on item pages: http(s) as it is, anything else relative to the site root.
          var image = document.createElement("img");
          image.className = "site-search-thumb";
          image.src = /^https?:/.test(item.thumbnail) ? item.thumbnail : root + item.thumbnail;
          image.alt = "";
          image.width = 48;
          image.height = 32;
          link.appendChild(image);
        }
        var text = document.createElement("span");
        text.className = "site-search-text";
        text.appendChild(title);
        text.appendChild(meta);
        link.appendChild(text);
        entry.appendChild(link);
        listbox.appendChild(entry);
      });
      setOpen(found.length > 0);
      say(!text ? "" : found.length === 0 ? "No results for “" + text + "”." :
        found.length === 1 ? "1 result." : found.length + " results.", found.length === 0 && !!text);
    }

    // The live region: read out always, shown only when there is no list to show.
    function say(message, shown) {
      status.textContent = message;
      status.classList.toggle("site-search-status-shown", shown);
    }

    function run() {
      var text = input.value;
      var mine = ++sequence;
      if (!tokens(text).length) { render([], ""); return; }
      Promise.all([engine.search(text), sitePages()]).then(function (both) {
        if (mine === sequence) render(matchingPages(both[1], text).concat(both[0]), text.trim());
      }, function () {
        if (mine !== sequence) return;
        render([], "");
        say("Search is not available right now.", true);
      });
    }

    function go(index) {
      if (index >= 0 && index < results.length) window.location.href = root + results[index].path;
    }

    input.addEventListener("focus", function () {
      engine.ready().catch(function () {});
      if (results.length) setOpen(true);
      else if (status.textContent && input.value) status.classList.add("site-search-status-shown");
    });
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 80);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!results.length) return;
        event.preventDefault();
        if (listbox.hidden) setOpen(true);
        var step = event.key === "ArrowDown" ? 1 : -1;
        setActive(active < 0 ? (step > 0 ? 0 : results.length - 1) : (active + step + results.length) % results.length);
      } else if (event.key === "Enter") {
        if (!results.length || listbox.hidden) return;
        event.preventDefault();
        go(active >= 0 ? active : 0);
      } else if (event.key === "Escape") {
        if (!listbox.hidden) {
          event.preventDefault();
          setOpen(false);
        } else if (input.value) {
          event.preventDefault();
          input.value = "";
          render([], "");
        }
      }
    });
    // Keep the focus in the box while an option is clicked, so the link is followed.
    listbox.addEventListener("mousedown", function (event) { event.preventDefault(); });
    box.addEventListener("focusout", function (event) {
      if (box.contains(event.relatedTarget)) return;
      setOpen(false);
      status.classList.remove("site-search-status-shown");
    });
    input.setAttribute("enterkeyhint", "search"); // set here: the HTML checker does not know it yet
    box.hidden = false;
  }

  document.querySelectorAll(".site-search").forEach(attach);
})(typeof window === "undefined" ? this : window);
