// Webpack loader for a remote's exposed modules: adds what the host checks before it shows a part,
// as named exports (RELEASE_EXPORT and CONTRACT_EXPORT in shared/src/contract.ts):
// - the build's release id, `__webpack_hash__` (the container compilation's full hash, the id
//   fragments.json records), so the host can tell whether a part's server-rendered markup came from
//   the code it just loaded;
// - the contract version the remote was built against (the `contract` option), so a host that
//   implements another contract shows that part's fallback instead of rendering it.
module.exports = function releaseExportLoader(source) {
  const { contract } = this.getOptions();
  if (!Number.isInteger(Number(contract)))
    throw new Error('releaseExportLoader needs a `contract` option');
  return `${source}\nexport const __release = __webpack_hash__;\nexport const __contract = ${Number(contract)};\n`;
};
