// CSS Modules: css-loader (namedExport: false) hands each file's class names over as the default export.
declare module '*.module.css' {
  const classNames: Readonly<Record<string, string>>;
  export default classNames;
}
