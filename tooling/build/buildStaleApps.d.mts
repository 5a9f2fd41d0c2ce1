import type { FrontEndApp } from './staleApps.mjs';

export declare function buildStaleApps(
  root: string,
  options?: { log?: (line: string) => void },
): Promise<FrontEndApp[]>;
