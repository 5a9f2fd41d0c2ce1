/** Set by the build (tooling/build/webpackConfig.ts): each shared singleton's bundled version and required range. */
declare const __HOST_PROVIDED_SINGLETONS__: Record<
  string,
  { version: string; requiredVersion: string }
>;
