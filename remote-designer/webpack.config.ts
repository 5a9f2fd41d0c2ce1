import { createAppWebpackConfig } from '@tshirt/tooling/build/webpackConfig';
import { DESIGNER_EXPOSES } from './src/exposes';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'designer',
      devPort: 3001,
      publicPath: 'auto',
      exposes: { ...DESIGNER_EXPOSES },
      // Sends a Generate pressed before the art form is live (the server adds it to /product).
      earlyScript: './src/early-generate/earlyScript.ts',
    },
    argv.mode ?? 'production',
  );
