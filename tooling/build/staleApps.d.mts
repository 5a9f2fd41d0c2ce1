export interface FrontEndApp {
  readonly workspace: string;
  readonly output: string;
  readonly distVariable: string;
}
export declare const FRONT_END_APPS: readonly FrontEndApp[];
export declare function staleApps(root: string, apps?: readonly FrontEndApp[]): FrontEndApp[];
