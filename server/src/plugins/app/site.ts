/** The run-time site configuration and the host's HTML shell it is inlined into. */
import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '@tshirt/shared/contract';
import { globalPlugin } from '../../http/globalPlugin';
import { createHostShell, type HostShell } from '../../site/hostShell';
import { buildSiteConfig } from '../../site/siteConfig';

declare module 'fastify' {
  interface FastifyInstance {
    siteConfig: SiteConfig;
    hostShell: HostShell;
  }
}

export default globalPlugin('site', async (app: FastifyInstance) => {
  const config = app.appConfig;
  const siteConfig = buildSiteConfig(config.site);
  app.decorate('siteConfig', siteConfig);
  app.decorate('hostShell', createHostShell(config.staticDirs.host, siteConfig));
});
