// Values kept in the browser for one site (localStorage, under "mapsite-<name>:<site path>"),
// and the favourites among them. `storage` is a localStorage-like object ({ getItem, setItem }),
// or null: without storage (private mode, say) nothing is kept and every value is its fallback.

// Favourites: places saved on their pages, newest first, each as { dataset, id, title, path,
// lat, lon } (and `thumbnail` when the place has one), `path` from the site root.
function favouritesOf(stored, store) {
  const same = (dataset, id) => (f) => f.dataset === dataset && f.id === id;
  const favourites = {
    list: () => stored("favourites", []),
    save: (list) => store("favourites", list),
    has: (dataset, id) => favourites.list().some(same(dataset, id)),
    remove: (dataset, id) => {
      const match = same(dataset, id);
      return favourites.save(favourites.list().filter((f) => !match(f)));
    },
    add: (place) => {
      favourites.remove(place.dataset, place.id);
      return favourites.save([place].concat(favourites.list()));
    },
  };
  return favourites;
}

// The store of the site at `siteRoot` (the path of its root, "/demo/"): stored(name, fallback)
// gives a value kept (or `fallback`), store(name, value) keeps one and says whether it could.
export function createStore(storage, siteRoot) {
  const keyOf = (name) => "mapsite-" + name + ":" + siteRoot;
  function stored(name, fallback) {
    try {
      const value = JSON.parse(storage.getItem(keyOf(name)));
      return value === null ? fallback : value;
    } catch (error) {
      return fallback;
    }
  }
  function store(name, value) {
    try {
      storage.setItem(keyOf(name), JSON.stringify(value));
      return true;
    } catch (error) {
      return false;
    }
  }
  return { stored, store, favourites: favouritesOf(stored, store) };
}
