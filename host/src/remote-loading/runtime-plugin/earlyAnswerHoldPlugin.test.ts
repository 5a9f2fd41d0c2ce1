import { EARLY_ANSWER_SHOWN_GLOBAL } from '@tshirt/shared/pageStart';
import { earlyAnswerHoldPlugin } from './earlyAnswerHoldPlugin';

type Hook = (...args: never[]) => unknown;

/** The plugin's hooks that hold a remote's load, each called as the runtime calls it. */
function holdingHooks(): Array<[string, () => Promise<unknown>]> {
  const plugin = earlyAnswerHoldPlugin() as unknown as Record<string, Hook>;
  const args = { id: 'designer/ArtForm', options: {}, origin: {} };
  return ['beforeInitRemote', 'beforeGetExpose', 'beforeExecuteFactory'].map((name) => [
    name,
    async () => (plugin[name] as (value: typeof args) => unknown)(args),
  ]);
}

describe('earlyAnswerHoldPlugin', () => {
  afterEach(() => {
    delete window[EARLY_ANSWER_SHOWN_GLOBAL];
  });

  it('lets every step of a load go on at once when no early answer is being shown', async () => {
    for (const [, call] of holdingHooks()) await call();
  });

  it('holds every step of a load while an early answer is being shown, and lets it go once shown', async () => {
    let show: () => void = () => undefined;
    window[EARLY_ANSWER_SHOWN_GLOBAL] = new Promise<void>((resolve) => (show = resolve));
    const ended: string[] = [];
    const steps = holdingHooks().map(([name, call]) => call().then(() => ended.push(name)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toEqual([]);
    show();
    await Promise.all(steps);
    expect(ended.sort()).toEqual(['beforeExecuteFactory', 'beforeGetExpose', 'beforeInitRemote']);
  });
});
