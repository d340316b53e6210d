/* What every command runner of the speaking test's edge gets from the hook (use-speaking-test.ts). */
import type { DeviceInfo } from '../../../lib/device';
import type { EventWithoutNow, SpeakingTestState } from '../flow';
import type { EdgeResources } from './resources';

export interface EdgeContext {
  device: DeviceInfo;
  resources: EdgeResources;
  /**
   * Runs the reducer on an event (now added) and then the event's commands; after the page has
   * unmounted only with `afterLeaving` (the end of a completed test, which is saved all the same).
   */
  send: (event: EventWithoutNow, options?: { afterLeaving?: boolean }) => void;
  /** The latest state, also between renders. */
  current: { readonly current: SpeakingTestState };
  /** False once the page has unmounted. */
  mounted: { readonly current: boolean };
}
