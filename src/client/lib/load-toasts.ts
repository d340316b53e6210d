/**
 * Loads the toasts' code now, while the network is there. lib/notify.ts loads it with the first
 * toast, to keep it off the first visit; the voice flows call this as recording starts, so that a
 * toast in the middle of a test or an interview (a network failure, a failed save) still shows when
 * the phone has lost its connection since. A second call costs nothing: the module is loaded once.
 */
export function loadToasts(): void {
  void import('@mantine/notifications').catch(() => undefined);
}
