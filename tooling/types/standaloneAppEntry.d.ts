// The app entry a remote's dev-only page entries load (tooling/dev/devApiPaths.ts APP_ENTRY_REQUEST).
declare module 'standalone-app-entry';
