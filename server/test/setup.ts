/** Jest setup of the server's test files. */
import type * as AjvCompilerModule from '@fastify/ajv-compiler';
import type * as SerializerCompilerModule from '@fastify/fast-json-stringify-compiler';

// The first database of a run is initialised for real (a few seconds on a busy machine).
jest.setTimeout(60_000);

// light-my-request (behind app.inject) requires an ES module Jest's sandbox cannot load on Node 20;
// Node's own loader can, as in production.
jest.mock('light-my-request', () =>
  jest
    .requireActual<{ loadNatively(request: string): unknown }>('./nativeModule')
    .loadNatively('light-my-request'),
);

// @fastify/cookie (the owner's desk session) imports the ES module `cookie` with import(), which
// Jest's sandbox cannot run without --experimental-vm-modules; Node's own loader can.
jest.mock('@fastify/cookie', () =>
  jest
    .requireActual<{ loadNatively(request: string): unknown }>('./nativeModule')
    .loadNatively('@fastify/cookie'),
);

// Every app a test file starts compiles the same route schemas: Fastify makes each app its own Ajv
// (and its meta-schema) and serializers. One compiler pool per file gives the later apps the
// validators and serializers the first compiled, the same functions as compiling them again.
jest.mock('@fastify/ajv-compiler', () => {
  const actual = jest.requireActual<typeof AjvCompilerModule>('@fastify/ajv-compiler');
  let pool: ReturnType<typeof actual.AjvCompiler> | undefined;
  const sharedPool = () => (pool ??= actual.AjvCompiler());
  return Object.assign(sharedPool, actual, { default: sharedPool, AjvCompiler: sharedPool });
});

jest.mock('@fastify/fast-json-stringify-compiler', () => {
  const actual = jest.requireActual<typeof SerializerCompilerModule>(
    '@fastify/fast-json-stringify-compiler',
  );
  type Factory = ReturnType<typeof actual.SerializerSelector>;
  type Compile = ReturnType<Factory>;
  type Route = Parameters<Compile>[0];
  // A serializer is a pure function of its schema and options.
  const compiled = new WeakMap<object, Map<string, ReturnType<Compile>>>();
  const selector = (): Factory => {
    const factory = actual.SerializerSelector();
    return ((externalSchemas: unknown, options: unknown) => {
      const compile = factory(externalSchemas as never, options as never);
      const key = JSON.stringify([externalSchemas, options]);
      return (route: Route) => {
        const bySchema = compiled.get(route.schema as object) ?? new Map();
        compiled.set(route.schema as object, bySchema);
        if (!bySchema.has(key)) bySchema.set(key, compile(route));
        return bySchema.get(key)!;
      };
    }) as Factory;
  };
  return Object.assign(selector, actual, { default: selector, SerializerSelector: selector });
});
