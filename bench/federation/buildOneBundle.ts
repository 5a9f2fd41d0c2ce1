/** Builds bench/federation/dist with webpack's Node API (about as long as one app's build). */
import webpack from 'webpack';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { createOneBundleConfig, ONE_BUNDLE_DIST } from './webpack.config';

export async function buildOneBundle(): Promise<string> {
  const compiler = webpack(createOneBundleConfig());
  const stats = await new Promise<webpack.MultiStats>((resolveBuild, rejectBuild) => {
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) rejectBuild(error ?? new Error('webpack returned no stats'));
      else resolveBuild(result);
    });
  });
  if (stats.hasErrors()) {
    throw new Error(
      `The one-bundle build failed:\n${stats.toString({ all: false, errors: true, colors: false })}`,
    );
  }
  // The store serves only files a release manifest lists.
  writeReleaseManifest(ONE_BUNDLE_DIST);
  return ONE_BUNDLE_DIST;
}
