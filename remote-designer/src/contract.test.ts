import { join } from 'node:path';
import { describeRemoteContract } from '@tshirt/tooling/test/remoteContract';
import * as ArtForm from './art-form/ArtForm';
import * as DesignGallery from './gallery/DesignGallery';
import * as ShirtPreview from './shirt-preview/ShirtPreview';
import { DESIGNER_EXPOSES } from './exposes';

describeRemoteContract('designer', {
  appDir: join(__dirname, '..'),
  exposes: DESIGNER_EXPOSES,
  modules: { ArtForm, DesignGallery, ShirtPreview },
});
