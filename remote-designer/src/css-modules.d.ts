// CSS Modules: css-loader hands each file's class names over as a plain object.
declare module '*.module.css' {
  const classNames: Readonly<Record<string, string>>;
  export default classNames;
}
