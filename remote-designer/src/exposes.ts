/** The designer's public surface, named once: webpack.config.ts builds it, contract.test.ts checks it. */
export const DESIGNER_EXPOSES = {
  './ShirtPreview': './src/shirt-preview/ShirtPreview.tsx',
  './ArtForm': './src/art-form/ArtForm.tsx',
  './DesignGallery': './src/gallery/DesignGallery.tsx',
} as const;
