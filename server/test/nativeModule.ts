import NodeModule from 'node:module';

/**
 * Loads a package with Node's own loader, outside Jest's module sandbox (which cannot `require` an
 * ES module on Node 20; Node can, as in production).
 */
export function loadNatively(request: string): unknown {
  const loader = NodeModule as unknown as {
    _load(request: string, parent: null, isMain: boolean): unknown;
  };
  return loader._load(require.resolve(request), null, false);
}
