// The ☆ button of an item page, made here rather than in every page's HTML, as it needs script:
// it keeps the place in this browser's favourites (storage.js), or takes it out.
import { siteRoot } from "./settings.js";
import { favourites } from "./storage.js";

// The place of the page as a favourite: { dataset, id, title, path (from the site root), lat,
// lon, thumbnail when it has one }.
function placeOf(heading) {
  const data = JSON.parse(document.getElementById("item-data").textContent);
  const path = new URL(".", location.href).pathname;
  const place = {
    dataset: data.dataset, id: data.id, title: heading.textContent,
    path: path.indexOf(siteRoot) === 0 ? path.slice(siteRoot.length) : path, lat: data.lat, lon: data.lon,
  };
  if (typeof data.thumbnail === "string") place.thumbnail = data.thumbnail;
  return place;
}

// The button beside `heading` (the place's <h1>), both in a row of their own.
export function favouriteButton(heading) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "favourite";
  button.className = "favourite-button";
  const row = document.createElement("div");
  row.className = "place-heading";
  heading.parentNode.insertBefore(row, heading);
  row.appendChild(heading);
  row.appendChild(button);
  const place = placeOf(heading);
  function show() {
    const saved = favourites.has(place.dataset, place.id);
    button.setAttribute("aria-pressed", saved ? "true" : "false");
    button.textContent = saved ? "★ Saved" : "☆ Save";
    button.title = saved ? "Remove from your favourites" : "Keep this place in your favourites";
  }
  button.addEventListener("click", () => {
    if (favourites.has(place.dataset, place.id)) favourites.remove(place.dataset, place.id);
    else favourites.add(place);
    show();
  });
  show();
}
