/**
 * One Lighthouse run (the `lighthouse` CLI with Debian's Chromium, performance category only) and
 * the figures the benchmarks report from it. Raw reports are kept in bench/.results/lighthouse/.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import { CHROMIUM_PATH } from '@tshirt/e2e/harness/browser';
import { median } from '../harness/stats';

const run = promisify(execFile);

export const LIGHTHOUSE_CLI = join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');
export const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  }
).version;
export const LIGHTHOUSE_CHROME_FLAGS = '--headless --no-sandbox --disable-gpu';
export const RAW_REPORTS_DIR = join(REPO_ROOT, 'bench/.results/lighthouse');

const LIGHTHOUSE_ATTEMPTS = 3;

export type LighthousePreset = 'mobile' | 'desktop';

export interface LighthouseFigures {
  /** 0–100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

export interface LighthouseDiagnostics {
  /** Text (or selector) of the element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /** Script → main-thread time Lighthouse attributes to it (bootup-time audit), largest first. */
  scriptCpuMs: Array<{ url: string; ms: number }>;
  /** The longest main-thread tasks and the script they belong to. */
  longTasks: Array<{ url: string; ms: number }>;
}

export interface LighthouseRun {
  figures: LighthouseFigures;
  diagnostics: LighthouseDiagnostics;
}

interface AuditDetailsItem {
  url?: string;
  total?: number;
  duration?: number;
  nodeLabel?: string;
  selector?: string;
  type?: string;
  items?: AuditDetailsItem[];
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: AuditDetailsItem[] } }>;
}

function numeric(report: LighthouseReport, audit: string): number {
  return report.audits[audit]?.numericValue ?? Number.NaN;
}

function shortUrl(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function lcpElement(report: LighthouseReport): string {
  const items = report.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  return node?.nodeLabel ?? node?.selector ?? 'unknown';
}

function tableItems(
  report: LighthouseReport,
  audit: string,
  value: 'total' | 'duration',
  top: number,
) {
  return (report.audits[audit]?.details?.items ?? [])
    .filter((item) => item.url !== undefined && typeof item[value] === 'number')
    .slice(0, top)
    .map((item) => ({ url: shortUrl(item.url as string), ms: Math.round(item[value] as number) }));
}

export async function runLighthouse(
  url: string,
  preset: LighthousePreset,
  reportName: string,
  blockedUrlPatterns: string[] = [],
): Promise<LighthouseRun> {
  mkdirSync(RAW_REPORTS_DIR, { recursive: true });
  const outputPath = join(RAW_REPORTS_DIR, `${reportName}.json`);
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance',
    `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ...blockedUrlPatterns.map((pattern) => `--blocked-url-patterns=${pattern}`),
  ];
  // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine; try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run(process.execPath, args, {
        env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      });
      break;
    } catch (error) {
      if (attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      console.warn(
        `  lighthouse ${reportName} failed (attempt ${attempt} of ${LIGHTHOUSE_ATTEMPTS}); running it again`,
      );
    }
  }
  const report = JSON.parse(readFileSync(outputPath, 'utf8')) as LighthouseReport;
  return {
    figures: {
      score: Math.round((report.categories.performance.score ?? 0) * 100),
      lcpMs: numeric(report, 'largest-contentful-paint'),
      tbtMs: numeric(report, 'total-blocking-time'),
      cls: numeric(report, 'cumulative-layout-shift'),
      fcpMs: numeric(report, 'first-contentful-paint'),
    },
    diagnostics: {
      lcpElement: lcpElement(report),
      scriptCpuMs: tableItems(report, 'bootup-time', 'total', 8),
      longTasks: tableItems(report, 'long-tasks', 'duration', 6),
    },
  };
}

/** Each figure's median over the runs (Lighthouse varies run to run; 3 runs is its own advice). */
export function medianFigures(runs: readonly LighthouseRun[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) => median(runs.map((one) => one.figures[key]));
  return {
    score: of('score'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    fcpMs: of('fcpMs'),
  };
}

/** The run whose LCP is the median, for its diagnostics. */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.figures.lcpMs - b.figures.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRun;
}

export interface LighthouseSeries {
  runs: number;
  median: LighthouseFigures;
  /** Every run's figures, to show the spread. */
  all: LighthouseFigures[];
  diagnostics: LighthouseDiagnostics;
}

export function summariseRuns(runs: readonly LighthouseRun[]): LighthouseSeries {
  return {
    runs: runs.length,
    median: medianFigures(runs),
    all: runs.map((one) => one.figures),
    diagnostics: medianRun(runs).diagnostics,
  };
}
