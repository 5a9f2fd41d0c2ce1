/**
 * @jest-environment node
 */
import { join } from 'node:path';
import { expectToFitHost } from '@tshirt/tooling/build/hostCompatibility';

// Against the host in this repository, or a deployed one: HOST_MANIFEST_URL=https://…/host-manifest.json
it('fits the host it is composed into: its shared singleton ranges and its contract version', async () => {
  await expectToFitHost('designer', join(__dirname, '..'));
});
