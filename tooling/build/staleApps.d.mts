export interface FrontEndApp {
  readonly workspace: string;
  /** Its build folder, below the repository's root. */
  readonly output: string;
  readonly distVariable: string;
}
export declare const FRONT_END_APPS: readonly FrontEndApp[];
export declare function appInputsHash(
  root: string,
  workspace: string,
  env?: Readonly<Record<string, string | undefined>>,
): string;
export declare function whyBuild(
  root: string,
  app: FrontEndApp,
  env?: Readonly<Record<string, string | undefined>>,
): string | undefined;
export declare function staleApps(
  root: string,
  apps?: readonly FrontEndApp[],
  env?: Readonly<Record<string, string | undefined>>,
): FrontEndApp[];
export declare function sha256(bytes: string | Uint8Array): string;
