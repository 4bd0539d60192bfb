// The icons of pins and clusters as markup: { className, html, iconSize, iconAnchor, … }, the
// options of Leaflet's L.divIcon, which Leaflet's markers (page/leaflet-map.js) and static maps
// (page/static-map.js) both draw, so that the two show the same.

export const DEFAULT_COLOR = "#0b6e69";

// A colour as the build writes it (#rrggbb), or the default: it goes into markup.
export function color(value) {
  return /^#[0-9a-fA-F]{6}$/.test(value || "") ? value : DEFAULT_COLOR;
}

function withExtra(className, extra) {
  return className + (extra ? " " + extra : "");
}

// A numbered place (near me, a tour, an ordered walk): a round badge centred on the place, half
// a pin's height, so that numbers crowd less where places lie close together.
function numberedIcon(fill, label, extra) {
  return {
    className: withExtra("place-pin numbered", extra),
    html: '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">' +
      '<circle cx="12" cy="12" r="10.5" fill="' + fill + '" stroke="#fff" stroke-width="1.5"/>' +
      '<text x="12" y="16" text-anchor="middle" font-size="' + (label.length > 2 ? 9 : 11) + '" font-weight="700" ' +
      'fill="#fff" font-family="system-ui, sans-serif">' + label.replace(/[^0-9A-Za-z]/g, "") + "</text></svg>",
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    popupAnchor: [0, -12],
    tooltipAnchor: [12, 0],
  };
}

// A map pin in `fill`, with a white dot, or a short label (a number) in white; `extra`, a class
// name more for its icon (the map of all datasets names each marker's dataset so: declutter.js).
export function pinIcon(fill, label, extra) {
  const tint = color(fill);
  const text = label === undefined ? "" : String(label).slice(0, 3);
  if (text) return numberedIcon(tint, text, extra);
  return {
    className: withExtra("place-pin", extra),
    html: '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="41" viewBox="0 0 25 41" aria-hidden="true">' +
      '<path d="M12.5 1C6.2 1 1 6.2 1 12.5c0 8.6 11.5 27.2 11.5 27.2S24 21.1 24 12.5C24 6.2 18.8 1 12.5 1z" ' +
      'fill="' + tint + '" stroke="#fff" stroke-width="1.5"/><circle cx="12.5" cy="12.5" r="4.5" fill="#fff"/></svg>',
    iconSize: [25, 41],
    iconAnchor: [12.5, 40],
    popupAnchor: [0, -34],
    tooltipAnchor: [12, -24],
  };
}

// A counted circle in `fill`, sized by its count; the same for precomputed clusters and for the
// ones Leaflet.markercluster makes in the browser, on Leaflet's maps and static ones.
export function clusterMarkup(count, fill, extra) {
  const size = count < 100 ? 34 : count < 1000 ? 42 : 52;
  return {
    className: withExtra("map-cluster", extra),
    html: '<div class="cluster-icon" style="--color:' + color(fill) + ";width:" + size + "px;height:" + size + 'px">' +
      count.toLocaleString("en") + "</div>",
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  };
}

// A counted circle ringed by the mix of its places' colours (`mix`: how many of each of
// `colours`), each colour an arc in proportion, in the colours' order from the top clockwise.
export function mixedClusterMarkup(count, mix, colours, extra) {
  const size = count < 100 ? 34 : count < 1000 ? 42 : 52;
  const radius = size / 2 - 3, total = mix.reduce((sum, n) => sum + n, 0) || 1;
  let at = 0;
  const arcs = mix.map((n, i) => {
    if (!n) return "";
    const length = 100 * n / total;
    const arc = '<circle cx="' + size / 2 + '" cy="' + size / 2 + '" r="' + radius + '" pathLength="100" fill="none" stroke="' +
      color(colours[i]) + '" stroke-width="6" stroke-dasharray="' + length.toFixed(3) + " " + (100 - length).toFixed(3) +
      '" stroke-dashoffset="' + (25 - at).toFixed(3) + '"/>';
    at += length;
    return arc;
  }).join("");
  return {
    className: withExtra("map-cluster mixed-cluster", extra),
    html: '<svg xmlns="http://www.w3.org/2000/svg" width="' + size + '" height="' + size + '" viewBox="0 0 ' + size + " " + size +
      '" aria-hidden="true"><circle cx="' + size / 2 + '" cy="' + size / 2 + '" r="' + (radius - 3) + '" fill="#fff"/>' + arcs +
      '<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-size="12" font-weight="700" fill="#1f2933" ' +
      'font-family="system-ui, sans-serif">' + count.toLocaleString("en") + "</text></svg>",
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  };
}
