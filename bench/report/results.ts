/**
 * The figures of the last run of each part, kept in bench/results.json so that running one part
 * alone rewrites docs/BENCHMARKS.md with the others' figures unchanged.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import type { ArtResult } from '../art/runArtBench';
import type { BytesResult } from '../bytes/bytesBench';
import type { CompositionResult } from '../composition/compositionBench';
import type { FederationResult } from '../federation/federationBench';
import type { MachineInfo } from '../harness/machine';
import type { InteractionResult } from '../interaction/interactionBench';
import type { LighthouseResult } from '../lighthouse/lighthouseBench';
import type { ReleaseCopyResult } from '../server/releaseCopy';
import type { ServerBenchResult } from '../server/serverBench';

export const RESULTS_FILE = join(REPO_ROOT, 'bench/results.json');

export interface PartRun<T> {
  /** ISO date and time the part finished. */
  measuredAt: string;
  /** Wall time the part took, in seconds. */
  seconds: number;
  machine: MachineInfo;
  /** The command that reproduces this part's table. */
  command: string;
  data: T;
}

export interface BenchResults {
  bytes?: PartRun<BytesResult>;
  lighthouse?: PartRun<LighthouseResult>;
  federation?: PartRun<FederationResult>;
  server?: PartRun<ServerBenchResult>;
  releases?: PartRun<ReleaseCopyResult>;
  art?: PartRun<ArtResult>;
  composition?: PartRun<CompositionResult>;
  interaction?: PartRun<InteractionResult>;
}

export type PartName = keyof BenchResults;

export function readResults(): BenchResults {
  if (!existsSync(RESULTS_FILE)) return {};
  try {
    const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResults;
    // Older server figures (a plain list of endpoints, no limit beside each) are not comparable.
    if (results.server && Array.isArray(results.server.data)) delete results.server;
    return results;
  } catch {
    console.warn(`${RESULTS_FILE} is not valid JSON; starting from empty results`);
    return {};
  }
}

export function writeResults(results: BenchResults): void {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}
