// The search box of partials/search: a combobox with a listbox of results (WAI-ARIA combobox
// pattern) over core/search.js. Importing this module attaches it to every .site-search box of
// the page; a box stays hidden in a browser that cannot run the search.
import { settings } from "./settings.js";
import { siteURL } from "./html.js";
import { supported, tokens, createSearch, sitePages, matchingPages } from "../core/search.js";

// Milliseconds of quiet typing before a query runs.
const DELAY = 80;

function element(tag, className, attributes) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  Object.keys(attributes || {}).forEach((name) => made.setAttribute(name, attributes[name]));
  return made;
}

// The box's default content, made here rather than in every page (it is hidden without script
// anyway). A theme may put its own input, listbox and status in the box instead.
function fill(box) {
  const label = element("label", "site-search-label", { for: "site-search-input" });
  label.textContent = "Search";
  const input = element("input", "", {
    id: "site-search-input", type: "text", placeholder: "Search", autocomplete: "off", spellcheck: "false",
    role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false",
    "aria-controls": "site-search-results", autocapitalize: "off",
  });
  const listbox = element("ul", "site-search-results", {
    id: "site-search-results", role: "listbox", "aria-label": "Search results",
  });
  listbox.hidden = true;
  const status = element("p", "site-search-status", { role: "status" });
  box.append(label, input, listbox, status);
}

// A site file's JSON, or null when the server has none.
function siteJSON(path) {
  return fetch(settings.root + path).then((response) => (response.ok ? response.json() : null));
}

// One result: a link that is itself the option (its <li> only holds it), so that no control sits
// inside another, and the link can still be opened in a new tab.
function option(item, id) {
  const entry = element("li", "", { role: "none" });
  const link = element("a", "", { id, role: "option", "aria-selected": "false" });
  link.href = settings.root + item.path;
  link.tabIndex = -1;
  if (item.thumbnail) {
    const image = element("img", "site-search-thumb", { alt: "" });
    image.src = siteURL(item.thumbnail);
    image.width = 48;
    image.height = 32;
    link.appendChild(image);
  }
  const title = element("span", "site-search-title");
  title.textContent = item.title;
  const meta = element("span", "site-search-meta");
  meta.textContent = item.detail ? item.detail + " · " + item.datasetTitle : item.datasetTitle;
  const text = element("span", "site-search-text");
  text.append(title, meta);
  link.appendChild(text);
  entry.appendChild(link);
  return entry;
}

// What the live region says of `found` results for `text` ("" when the box is empty).
function summary(found, text) {
  if (!text) return "";
  if (found.length === 0) return "No results for “" + text + "”.";
  return found.length === 1 ? "1 result." : found.length + " results.";
}

// For a house number no place has ("1552 walnut"): the block's page ("1500 block of Walnut St",
// when the site has one, found by the hundred and the other words) and the places of the street
// with the nearest number (`near`, from the search's nearestNumber), each saying so.
function nearby(near, pages, text) {
  const street = tokens(text).filter((word) => word !== near.number).join(" ");
  const hundred = Math.floor(Number(near.number) / 100) * 100;
  const blocks = hundred >= 100 ? matchingPages(pages, hundred + " block " + street) : [];
  const places = near.results.map((item) => Object.assign({}, item, {
    detail: "Nearest number to " + near.number + (item.detail ? " · " + item.detail : ""),
  }));
  return blocks.concat(places);
}

// One box: its elements, the search, the results shown and the one active.
class SearchBox {
  constructor(box, input, listbox, status) {
    Object.assign(this, { box, input, listbox, status });
    this.engine = createSearch(siteJSON);
    this.results = [];
    this.active = -1;
    this.sequence = 0;
    this.timer = null;
    this.pagesFile = null;
  }

  // The site's own pages (search/pages.json): few, so loaded whole on the first query.
  pages() {
    if (!this.pagesFile) this.pagesFile = siteJSON("search/pages.json").then(sitePages, () => []);
    return this.pagesFile;
  }

  setOpen(open) {
    this.listbox.hidden = !open;
    this.input.setAttribute("aria-expanded", open ? "true" : "false");
    if (!open) this.setActive(-1);
  }

  setActive(index) {
    this.active = index;
    const options = this.listbox.querySelectorAll("[role=option]");
    options.forEach((each, i) => each.setAttribute("aria-selected", i === index ? "true" : "false"));
    if (index < 0) {
      this.input.removeAttribute("aria-activedescendant");
      return;
    }
    this.input.setAttribute("aria-activedescendant", options[index].id);
    if (options[index].scrollIntoView) options[index].scrollIntoView({ block: "nearest" });
  }

  render(found, text, near) {
    this.results = found;
    this.listbox.textContent = "";
    found.forEach((item, index) => this.listbox.appendChild(option(item, this.input.id + "-option-" + index)));
    this.setOpen(found.length > 0);
    this.say(near ? "No place numbered " + near.number + "; the nearest number is " + near.near + "." : summary(found, text),
      found.length === 0 && !!text);
  }

  // The live region: read out always, shown only when there is no list to show.
  say(message, shown) {
    this.status.textContent = message;
    this.status.classList.toggle("site-search-status-shown", shown);
  }

  // The site's pages that match come before the places; an answer to an older query is dropped.
  run() {
    const text = this.input.value;
    const mine = ++this.sequence;
    if (!tokens(text).length) {
      this.render([], "");
      return;
    }
    Promise.all([this.engine.search(text), this.pages()]).then(([places, pages]) => {
      if (mine !== this.sequence) return null;
      const found = matchingPages(pages, text).concat(places);
      if (places.length) return this.render(found, text.trim());
      return this.engine.nearestNumber(text).then((near) => {
        if (mine !== this.sequence) return;
        if (!near) return this.render(found, text.trim());
        const extra = nearby(near, pages, text).filter((item) => !found.some((other) => other.path === item.path));
        this.render(extra.concat(found), text.trim(), near);
      });
    }).catch(() => {
      if (mine !== this.sequence) return;
      this.render([], "");
      this.say("Search is not available right now.", true);
    });
  }

  go(index) {
    if (index >= 0 && index < this.results.length) window.location.href = settings.root + this.results[index].path;
  }

  move(step) {
    const count = this.results.length;
    if (this.listbox.hidden) this.setOpen(true);
    this.setActive(this.active < 0 ? (step > 0 ? 0 : count - 1) : (this.active + step + count) % count);
  }

  // Escape closes the list, or, when it is closed, empties the box.
  escape(event) {
    if (!this.listbox.hidden) {
      event.preventDefault();
      this.setOpen(false);
    } else if (this.input.value) {
      event.preventDefault();
      this.input.value = "";
      this.render([], "");
    }
  }

  keydown(event) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!this.results.length) return;
      event.preventDefault();
      this.move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      if (!this.results.length || this.listbox.hidden) return;
      event.preventDefault();
      this.go(this.active >= 0 ? this.active : 0);
    } else if (event.key === "Escape") {
      this.escape(event);
    }
  }

  focus() {
    this.engine.ready().catch(() => {});
    if (this.results.length) this.setOpen(true);
    else if (this.status.textContent && this.input.value) this.status.classList.add("site-search-status-shown");
  }

  listen() {
    const { box, input, listbox, status } = this;
    input.addEventListener("focus", () => this.focus());
    input.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.run(), DELAY);
    });
    input.addEventListener("keydown", (event) => this.keydown(event));
    // Keep the focus in the box while an option is clicked, so the link is followed.
    listbox.addEventListener("mousedown", (event) => event.preventDefault());
    box.addEventListener("focusout", (event) => {
      if (box.contains(event.relatedTarget)) return;
      this.setOpen(false);
      status.classList.remove("site-search-status-shown");
    });
  }
}

/** Makes `box` (a .site-search element) a working search box and shows it. */
export function attach(box) {
  if (!box.querySelector("input")) fill(box);
  const input = box.querySelector("input");
  const listbox = box.querySelector("[role=listbox]");
  const status = box.querySelector("[role=status]");
  if (!input || !listbox || !status) return;
  new SearchBox(box, input, listbox, status).listen();
  input.setAttribute("enterkeyhint", "search"); // set here: the HTML checker does not know it yet
  box.hidden = false;
}

if (supported && typeof fetch === "function") document.querySelectorAll(".site-search").forEach(attach);
