// MSW's Node entry (`msw/node`) and its interceptors are hidden from the `browser` export
// condition that jsdom test environments resolve with: MSW and its own packages resolve as Node's.
const MSW_REQUEST = /^(msw|@mswjs\/)/;
const INSIDE_MSW = /[\\/]node_modules[\\/](msw|@mswjs[\\/][^\\/]+)[\\/]/;

module.exports = (request, options) =>
  options.defaultResolver(
    request,
    MSW_REQUEST.test(request) || INSIDE_MSW.test(options.basedir)
      ? { ...options, conditions: ['node', 'require', 'default'] }
      : options,
  );
