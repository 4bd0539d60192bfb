// Values kept in this browser for this site, and the favourites (core/storage.js), in
// localStorage; without it (private mode, or refused) they last the visit as their fallbacks.
import { createStore } from "../core/storage.js";
import { siteRoot } from "./settings.js";

function localStore() {
  try {
    return window.localStorage;
  } catch (error) {
    return null;
  }
}

const site = createStore(localStore(), siteRoot);

export const stored = site.stored;
export const store = site.store;
export const favourites = site.favourites;
