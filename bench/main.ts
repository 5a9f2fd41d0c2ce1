/**
 * `npm run bench [-- part…]`: runs the named parts (all when none is named), records their figures
 * in bench/results.json and rewrites docs/BENCHMARKS.md from the latest figures of every part.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import { runArtBench } from './art/runArtBench';
import { runBytesBench } from './bytes/bytesBench';
import { runCompositionBench } from './composition/compositionBench';
import { runFederationBench } from './federation/federationBench';
import { ensureFrontEndBuilt } from './harness/frontEndBuild';
import { describeMachine } from './harness/machine';
import { runInteractionBench } from './interaction/interactionBench';
import { runLighthouseBench } from './lighthouse/lighthouseBench';
import { PART_COMMANDS, renderReport } from './report/renderReport';
import { readResults, writeResults, type BenchResults, type PartName } from './report/results';
import { runReleaseCopyBench } from './server/releaseCopy';
import { runServerBench } from './server/serverBench';

export const REPORT_FILE = join(REPO_ROOT, 'docs/BENCHMARKS.md');

/** In the order they run: the quick ones first, so a broken setup shows early. */
const PARTS: Record<PartName, { needsBuild: boolean; run: () => Promise<unknown> }> = {
  bytes: { needsBuild: true, run: runBytesBench },
  art: { needsBuild: true, run: runArtBench },
  server: { needsBuild: true, run: runServerBench },
  releases: { needsBuild: true, run: runReleaseCopyBench },
  composition: { needsBuild: true, run: runCompositionBench },
  interaction: { needsBuild: true, run: runInteractionBench },
  lighthouse: { needsBuild: true, run: runLighthouseBench },
  federation: { needsBuild: true, run: runFederationBench },
};

function isPartName(name: string): name is PartName {
  return Object.hasOwn(PARTS, name);
}

function partsToRun(args: readonly string[]): PartName[] {
  const unknown = args.filter((arg) => !isPartName(arg));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown part ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')} (none named: all).`,
    );
  }
  const named = new Set(args);
  return (Object.keys(PARTS) as PartName[]).filter((part) => named.size === 0 || named.has(part));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // `npm run bench -- report`: rewrite the document from bench/results.json without measuring.
  if (args.length === 1 && args[0] === 'report') {
    writeFileSync(REPORT_FILE, renderReport(readResults()));
    console.log(`Wrote ${REPORT_FILE}`);
    return;
  }
  const parts = partsToRun(args);
  if (parts.some((part) => PARTS[part].needsBuild)) ensureFrontEndBuilt();

  const results: BenchResults = readResults();
  const failed: string[] = [];
  for (const part of parts) {
    console.log(`▶ ${part}`);
    const machine = describeMachine();
    const started = Date.now();
    try {
      const data = await PARTS[part].run();
      const command =
        parts.length === Object.keys(PARTS).length
          ? `${PART_COMMANDS[part]} (or all parts: npm run bench)`
          : PART_COMMANDS[part];
      (results as Record<PartName, unknown>)[part] = {
        measuredAt: new Date().toISOString(),
        seconds: (Date.now() - started) / 1000,
        machine,
        command,
        data,
      };
      // Saved after every part, so a later failure keeps what was measured.
      writeResults(results);
      writeFileSync(REPORT_FILE, renderReport(results));
      console.log(`✔ ${part} in ${Math.round((Date.now() - started) / 1000)} s`);
    } catch (error) {
      failed.push(part);
      console.error(
        `✘ ${part} failed:`,
        error instanceof Error ? (error.stack ?? error.message) : error,
      );
    }
  }
  writeFileSync(REPORT_FILE, renderReport(results));
  console.log(`Wrote ${REPORT_FILE}`);
  if (failed.length > 0) {
    console.error(
      `Parts that failed (their previous figures, if any, are kept): ${failed.join(', ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
