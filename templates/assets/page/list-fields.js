// On the near-me page, the values of a dataset's `list_fields` beside each place found
// ("Collection times: Next pickup: today 17:00"), read from the `.fields.json` file beside each
// point tile that the search read (core/list-fields.js).
import { fieldsPath, rowsOf, fieldTexts } from "../core/list-fields.js";

const files = {};

function load(url) {
  if (!files[url]) {
    files[url] = fetch(url).then((response) => {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return response.json();
    }).catch((error) => {
      delete files[url];
      throw error;
    });
  }
  return files[url];
}

function fieldsOf(place, date) {
  const holder = document.createElement("span");
  holder.className = "list-fields";
  fieldTexts(place, date).forEach((field) => {
    const span = document.createElement("span");
    span.className = "list-field";
    span.textContent = field.text;
    if (field.title) span.title = field.title;
    holder.appendChild(span);
  });
  return holder;
}

// Appends the list fields of `dataset` to each `li[data-id]` of `list`, from the fields files
// of the tiles `keys` (quadkeys) of that dataset; resolves to false when the dataset has none.
// The entries are taken now: a list replaced in the meantime is left alone.
export function showListFields(list, root, dataset, keys) {
  const wanted = JSON.parse(list.getAttribute("data-list-fields") || "[]");
  const entries = Array.from(list.querySelectorAll("li[data-id]"));
  if (wanted.indexOf(dataset) < 0 || !keys.length || !entries.length) return Promise.resolve(false);
  return Promise.all(keys.map((key) => load(root + fieldsPath(dataset, key)))).then((found) => {
    const rows = rowsOf(found), date = new Date();
    entries.forEach((li) => {
      const place = rows.get(li.getAttribute("data-id"));
      if (li.isConnected && place) li.appendChild(fieldsOf(place, date));
    });
    return true;
  });
}
