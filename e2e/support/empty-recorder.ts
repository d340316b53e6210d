/*
 * A device whose recorder yields no bytes (as WebKitGTK's did without its GStreamer plugin; any
 * browser's recorder can fail so): Chromium's MediaRecorder wrapped so that every piece it hands
 * over is empty. Nothing else in the page is faked.
 */
import type { Page } from 'playwright-core';

/** Before the app's scripts run: every 'dataavailable' the page's MediaRecorders hand over carries an empty Blob. */
export async function recorderYieldsNothing(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const accessor = Object.getOwnPropertyDescriptor(MediaRecorder.prototype, 'ondataavailable');
    if (!accessor?.set || !accessor.get) throw new Error('MediaRecorder.ondataavailable is not an accessor');
    const { get, set } = accessor;
    Object.defineProperty(MediaRecorder.prototype, 'ondataavailable', {
      configurable: true,
      get() {
        return get.call(this);
      },
      set(handler: ((event: BlobEvent) => void) | null) {
        set.call(this, handler ? (event: BlobEvent) => handler(new BlobEvent('dataavailable', { data: new Blob([], { type: event.data.type }) })) : null);
      },
    });
  });
}
