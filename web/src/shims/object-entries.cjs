// node-polyglot's `object.entries` is a polyfill for engines without Object.entries; every browser the
// portal supports has it, and the polyfill's dependencies (get-intrinsic and others) weighed about 5 KB
// gzipped on the login route. The same function, native.
module.exports = function entries(object) {
  return Object.entries(object);
};
