import { createAppWebpackConfig } from '@tshirt/shared/build/webpackConfig';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppWebpackConfig(
    {
      appDir: __dirname,
      federationName: 'designer',
      devPort: 3001,
      publicPath: 'auto',
      exposes: {
        './ShirtPreview': './src/shirt-preview/ShirtPreview.tsx',
        './ArtForm': './src/art-form/ArtForm.tsx',
        './DesignGallery': './src/gallery/DesignGallery.tsx',
      },
    },
    argv.mode ?? 'production',
  );
