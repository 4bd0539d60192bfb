// Markup from the site's data: text made safe for HTML, the site's URLs, thumbnails.
import { settings } from "./settings.js";

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

// Text made safe to put into HTML markup (Leaflet's popups, tooltips and controls take markup).
export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

// A URL from the site's data (a thumbnail, say): http(s) as it is, anything else relative to the
// site root, as the build writes them.
export function siteURL(url) {
  return /^https?:/.test(url) ? url : settings.root + url;
}

// A place's thumbnail (a URL of the site's data) as a small image, loaded when it comes into
// view; no alternative text, as the place's name is beside it.
export function thumbnail(url, className) {
  const image = document.createElement("img");
  if (className) image.className = className;
  image.src = siteURL(url);
  image.alt = "";
  image.loading = "lazy";
  image.width = 64;
  image.height = 43;
  return image;
}
