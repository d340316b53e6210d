/* What every command runner of the speaking test's edge gets from the hook (use-speaking-test.ts). */
import type { DeviceInfo } from '../../../lib/device';
import type { EventWithoutNow, SpeakingTestState } from '../flow';
import type { EdgeResources } from './resources';

export interface EdgeContext {
  device: DeviceInfo;
  resources: EdgeResources;
  /** The flow runtime's `send` (it adds `now` and runs the event's commands); it ignores events once the page has left and the flow has stopped. */
  send: (event: EventWithoutNow) => void;
  /** The latest state, also between renders. */
  current: { readonly current: SpeakingTestState };
  /** False once the page has unmounted. */
  mounted: { readonly current: boolean };
}
