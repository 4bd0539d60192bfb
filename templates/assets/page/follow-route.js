// Following the visitor along a route (a tour, or favourites in their shortest order): once
// `button` is pressed, each stop not ticked yet is ticked when they come within REACHED metres of
// it, `where` says how far the next one is, and a blue dot shows them on the map; pressed again,
// it stops. `route`: { button, where, noun ("stop"), stops() → [{ lat, lon, number, box }],
// update() after ticks, map() → the route's map or null }. Returns { stop() }.
import { distance } from "../core/geo.js";
import { formatDistance } from "../core/units.js";
import { hereMarker } from "./leaflet-map.js";

const REACHED = 40;

export function followRoute(route) {
  let watch = null, here = null;
  const idle = route.button.textContent;
  function reached(position) {
    const lat = position.coords.latitude, lon = position.coords.longitude;
    const stops = route.stops();
    for (const stop of stops) {
      if (!stop.box.checked && distance(lat, lon, stop.lat, stop.lon) <= REACHED) stop.box.checked = true;
    }
    route.update();
    const next = stops.filter((stop) => !stop.box.checked)[0];
    route.where.textContent = next ? "You are " + formatDistance(distance(lat, lon, next.lat, next.lon)) +
      " from " + route.noun + " " + next.number + "." : "";
    const map = route.map();
    if (!map) return;
    if (here) here.setLatLng([lat, lon]);
    else here = hereMarker([lat, lon]).addTo(map).bindTooltip("You are here");
  }
  function stop() {
    if (watch !== null) navigator.geolocation.clearWatch(watch);
    watch = null;
    route.button.textContent = idle;
    route.where.textContent = "";
  }
  function unavailable(error) {
    route.where.textContent = "Your location is not available (" + error.message + "): tick the " + route.noun +
      "s by hand.";
  }
  route.button.addEventListener("click", () => {
    if (watch !== null) {
      stop();
      return;
    }
    route.where.textContent = "Finding your location…";
    route.button.textContent = "Stop following my location";
    watch = navigator.geolocation.watchPosition(reached, unavailable, { enableHighAccuracy: true, maximumAge: 10000 });
  });
  return { stop };
}
