import { laterPart } from '../../lib/later-part';

/*
 * The dock that holds the recording's controls once it is scrolled away (PlayerDock.tsx), in a
 * chunk of its own that loads once the page has a recording to play: it shows only after playback
 * has started, so no page's first visit carries it (the review page's budget, decision 0040).
 */
const dock = laterPart<{ audio: HTMLAudioElement }>(async () => (await import('./PlayerDock')).PlayerDock, null);

export function LaterPlayerDock({ audio }: { audio: HTMLAudioElement | null }) {
  return audio ? <dock.Part audio={audio} /> : null;
}
