/* What every command runner of the speaking test's edge gets from the hook (use-speaking-test.ts). */
import type { DeviceInfo } from '../../../lib/device';
import type { EventWithoutNow, SpeakingTestState } from '../flow';
import type { EdgeResources } from './resources';

export interface EdgeContext {
  device: DeviceInfo;
  resources: EdgeResources;
  /** Sends an event to the flow (the runtime adds `now` and runs its commands); nothing once the page has left. */
  send: (event: EventWithoutNow) => void;
  /** The latest state, also between renders. */
  current: { readonly current: SpeakingTestState };
  /** False once the page has unmounted. */
  mounted: { readonly current: boolean };
}
