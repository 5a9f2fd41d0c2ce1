// Webpack loader for a remote's exposed modules: adds the build's release id as the named export
// RELEASE_EXPORT (shared/src/contract.ts), so the host can tell whether a part's server-rendered
// markup (fragments.json, stamped with the same id) came from the code it just loaded.
// `__webpack_hash__` is the container compilation's full hash, the id fragments.json records.
module.exports = function releaseExportLoader(source) {
  return `${source}\nexport const __release = __webpack_hash__;\n`;
};
