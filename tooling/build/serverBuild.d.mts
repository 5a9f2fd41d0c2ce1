export declare const SERVER_OUTPUT: string;
export declare function serverMain(root: string): string;
export declare function whyBuildServer(root: string): string | undefined;
export declare function buildServer(root: string): Promise<void>;
export declare function buildServerIfStale(
  root: string,
  options?: { log?: (line: string) => void },
): Promise<string | undefined>;
