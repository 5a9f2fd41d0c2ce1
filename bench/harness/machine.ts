/** The machine a benchmark ran on, recorded beside its figures. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { CHROMIUM_PATH } from '@tshirt/e2e/harness/browser';

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  /** 1-minute load average when the part started: other work on a shared machine shows here. */
  loadAverage: number;
}

function osName(): string {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1] ?? process.platform;
  } catch {
    return process.platform;
  }
}

export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return `not found at ${CHROMIUM_PATH}`;
  }
}

export function describeMachine(): MachineInfo {
  const processors = cpus();
  return {
    cores: processors.length,
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${osName()} (${process.arch})`,
    node: process.version,
    chromium: chromiumVersion(),
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}
