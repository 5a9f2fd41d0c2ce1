// The remotes' exposed modules under their federation ids; bench/federation/webpack.config.ts
// aliases each id to the remote's source file, so they are bundled instead of loaded at run time.
declare module 'designer/*' {
  import type { ComponentType } from 'react';
  const component: ComponentType<never>;
  export default component;
}

declare module 'checkout/*' {
  import type { ComponentType } from 'react';
  const component: ComponentType<never>;
  export default component;
}
