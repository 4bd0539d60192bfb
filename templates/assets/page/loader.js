// Loads a classic script or a stylesheet once, by inserting a <script> or <link>: a promise of
// its load. Scripts run in the order asked for (Leaflet before its plugins).

const loading = {};

function element(url) {
  const css = /\.css$/.test(url.split(/[?#]/)[0]);
  const tag = document.createElement(css ? "link" : "script");
  if (css) {
    tag.rel = "stylesheet";
    tag.href = url;
  } else {
    tag.src = url;
    tag.async = false;
  }
  return tag;
}

export function load(url) {
  if (!loading[url]) {
    loading[url] = new Promise((resolve, reject) => {
      const tag = element(url);
      tag.onload = resolve;
      tag.onerror = () => reject(new Error("could not load " + url));
      document.head.appendChild(tag);
    });
  }
  return loading[url];
}
