// Webpack loader for react-router's production build, so tree shaking can drop what a page never
// uses: the build makes each component and context at its top level with an unannotated
// `React.forwardRef(…)`, `React.createContext(…)` or `React.memo(…)` call and then sets its
// `displayName`, and either one keeps every component (Form, ScrollRestoration, Link, …) in the
// bundle. This marks those calls pure and removes the `displayName` lines (only React DevTools
// reads them in production).

/** `var Form = React10.forwardRef(` at the start of a line: a component or context being made. */
const UNANNOTATED_FACTORY_CALL =
  /^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm;

/** `Form.displayName = "Form";` alone on its line. */
const DISPLAY_NAME_ASSIGNMENT = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

module.exports = function reactRouterTreeShakingLoader(source) {
  return source
    .replace(UNANNOTATED_FACTORY_CALL, '$1/* @__PURE__ */ $2')
    .replace(DISPLAY_NAME_ASSIGNMENT, '');
};
