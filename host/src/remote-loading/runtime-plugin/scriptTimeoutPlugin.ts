import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The federation runtime gives each remote script 20 s unless a plugin says otherwise; a slow
 * network must get the whole configured time (the host's own timer still decides first).
 * Returning a script of our own keeps the runtime's attributes (it drops them when a hook answers).
 */
export function scriptTimeoutPlugin(timeoutMs: number): ModuleFederationRuntimePlugin {
  return {
    name: 'host-script-timeout',
    createScript: ({ url, attrs }) => {
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {})) {
        if (name === 'async' || name === 'defer') script[name] = Boolean(value);
        else script.setAttribute(name, String(value));
      }
      script.src = url;
      return { script, timeout: timeoutMs };
    },
    createLink: () => ({ timeout: timeoutMs }),
  };
}
