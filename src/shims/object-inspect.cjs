// Stands in for object-inspect in the browser build. The query-string library Refine uses reaches
// it through side-channel, which calls it only to word an internal error message; the real one is
// 18 KB of the first download for that message.
module.exports = function inspect(value) {
  try {
    return typeof value === "string" ? JSON.stringify(value) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
};
