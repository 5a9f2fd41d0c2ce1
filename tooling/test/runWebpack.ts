import webpack, { type Configuration, type MultiStats, type Stats } from 'webpack';

/** Runs a webpack build of one configuration or several; rejects only when webpack could not run it. */
export function runWebpack(config: Configuration): Promise<Stats>;
export function runWebpack(configs: Configuration[]): Promise<MultiStats>;
export function runWebpack(config: Configuration | Configuration[]): Promise<Stats | MultiStats> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, stats?: Stats | MultiStats) =>
      error || !stats ? reject(error) : resolve(stats);
    if (Array.isArray(config)) webpack(config, done);
    else webpack(config, done);
  });
}
