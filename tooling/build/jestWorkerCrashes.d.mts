/** The parts of a Jest `--json` report (`--outputFile`) that workerCrashes reads. */
export interface JestJsonReport {
  readonly testResults?: readonly {
    readonly name: string;
    readonly status: string;
    readonly message?: string;
    readonly assertionResults?: readonly { readonly status: string }[];
  }[];
}
export interface WorkerCrashes {
  readonly crashed: { readonly file: string; readonly signal: string }[];
  readonly failedOnTheirOwn: string[];
}
export declare function workerCrashes(report: JestJsonReport): WorkerCrashes;
