// Stands in for side-channel in the browser build. The query-string library Refine uses keeps its
// cycle and overflow bookkeeping there; every browser the portal supports has WeakMap and Map, so
// the package's fallbacks (and the intrinsics library they pull in, some 6 KB of the first
// download) are not needed. Same interface: assert, delete, get, has, set; object keys are held
// weakly, other keys in a Map.
module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const others = new Map();
  const store = (key) => (key !== null && (typeof key === "object" || typeof key === "function") ? objects : others);
  const channel = {
    assert(key) {
      if (!channel.has(key)) throw new TypeError("Side channel does not contain " + (Object(key) === key ? "the given object key" : String(key)));
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set(key, value) {
      store(key).set(key, value);
    },
  };
  return channel;
};
