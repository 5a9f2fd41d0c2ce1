/** Print-ready PNGs are slow to render: each is rendered once, concurrent requests share the work. */
export function createRenderOnce<Key>(): (
  key: Key,
  render: () => Promise<Buffer>,
) => Promise<Buffer> {
  const inFlight = new Map<Key, Promise<Buffer>>();
  return (key, render) => {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = render().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };
}
