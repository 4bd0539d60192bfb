// The site's settings, from the data- attributes of <body> (base.mustache): the site's root URL
// (relative, ending in "/"), the basemap's URL template and attribution (HTML), its top zoom.

const body = document.body;

export const settings = {
  root: body.getAttribute("data-root") || "./",
  basemap: body.getAttribute("data-basemap"),
  attribution: body.getAttribute("data-attribution"),
  maxZoom: Number(body.getAttribute("data-max-zoom")) || 19,
};

// The path of the site's root ("/demo/"): what names this site's values kept in the browser.
export const siteRoot = new URL(settings.root, location.href).pathname;
