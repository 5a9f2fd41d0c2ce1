import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { hydrationHold } from '../hydrationHold';

/**
 * Each step of loading a remote's code after its entry (its sharing set-up, its exposed module's
 * chunks and their code) waits while an early answer is shown (../hydrationHold.ts): a load already
 * under way at the tap finishes the step it is in and goes no further until the art is on the
 * screen. A load is not begun meanwhile either: federationRemoteLoader.ts holds it before it calls
 * the runtime.
 */
export function earlyAnswerHoldPlugin(): ModuleFederationRuntimePlugin {
  // Not hydrationHold itself: the runtime calls each hook with its own arguments.
  const untilShown = async () => {
    await hydrationHold();
  };
  return {
    name: 'host-early-answer-hold',
    beforeInitRemote: untilShown,
    beforeGetExpose: untilShown,
    beforeExecuteFactory: untilShown,
  };
}
