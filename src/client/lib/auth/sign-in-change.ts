/*
 * A shared computer: one person signs out, the next sits down. A page kept by the browser (its
 * back/forward cache) or left open in another tab still shows what it drew for the person before.
 * Every sign-in and sign-out this browser makes writes a new mark in localStorage (nothing personal:
 * a time and a random number); a page that comes back from the back/forward cache after the mark
 * changed, or that sees another tab change it, loads again from the server, which draws it for
 * whoever is signed in now (decision 0075). Not while it holds something only it has (a test under
 * way, words not yet saved): that page goes on, and its outbox waits for the owner (outbox.ts).
 * Loaded with the entry: it must stay tiny.
 */
const KEY = 'parley.signInChange';
/** The mark as this page knows it: when it loaded, or its own last sign-in or sign-out. */
let known: string | null = null;
let holds = 0;

/** The browser's mark now: null where none was written yet or storage is closed to the page. */
export function signInMark(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The mark as this page knows it (a sign-in or sign-out in another tab does not change it). */
export const pageSignInMark = () => known;

/** After this browser signed someone in or out (or a teacher's device left the student it acted for). */
export function noteSignInChange(): void {
  try {
    localStorage.setItem(KEY, (known = `${Date.now()}-${Math.random()}`));
  } catch {
    // No storage (a locked-down browser): other pages cannot be told; the server still refuses them.
  }
}

/**
 * While this page holds what only it has (a test under way, words not saved): the browser asks before
 * it unloads (`warn`, a beforeunload listener), and a sign-in elsewhere does not load it again. The
 * answer lets go of both.
 */
export function guardUnload(warn: (event: BeforeUnloadEvent) => void): () => void {
  window.addEventListener('beforeunload', warn);
  holds += 1;
  return () => {
    window.removeEventListener('beforeunload', warn);
    holds -= 1;
  };
}

/** Installed once by main.tsx. */
export function reloadWhenSignInChanges(): void {
  const page = document.documentElement;
  known = signInMark();
  window.addEventListener('pagehide', (event) => {
    // Kept by the back/forward cache: hidden until it is known to be this person's page still.
    if (event.persisted) page.style.visibility = 'hidden';
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    if (signInMark() !== known) window.location.reload();
    else page.style.visibility = '';
  });
  // Another tab signed someone in or out: what this one shows may be the person before's.
  window.addEventListener('storage', (event) => {
    if ((event.key === KEY || event.key === null) && holds === 0) window.location.reload();
  });
}
