import { REMOTES, type ExposedModule } from '@tshirt/shared';
import * as ArtFormModule from './art-form/ArtForm';
import * as DesignGalleryModule from './gallery/DesignGallery';
import * as ShirtPreviewModule from './shirt-preview/ShirtPreview';
import { DESIGNER_EXPOSES } from './exposes';

// Type-level check: each exposed file's default export takes exactly the contract's props.
const exposedModules: {
  [Name in keyof typeof REMOTES.designer.exposes]: ExposedModule<'designer', Name>;
} = {
  ShirtPreview: ShirtPreviewModule,
  ArtForm: ArtFormModule,
  DesignGallery: DesignGalleryModule,
};

describe('designer contract', () => {
  it('exposes exactly the modules the shared contract names', () => {
    expect(Object.keys(DESIGNER_EXPOSES).sort()).toEqual(Object.values(REMOTES.designer.exposes).sort());
  });

  it('points each exposed name at the module of the same name', () => {
    for (const [name, request] of Object.entries(REMOTES.designer.exposes)) {
      expect(DESIGNER_EXPOSES[request]).toMatch(new RegExp(`/${name}\\.tsx$`));
    }
  });

  it('gives every exposed module a function component as its default export', () => {
    for (const module of Object.values(exposedModules)) {
      expect(typeof module.default).toBe('function');
    }
  });
});
