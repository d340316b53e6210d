/*
 * Browsers let only secure contexts (an https:// address, or localhost) use the microphone, and
 * leave speech recognition and crypto.randomUUID out of the rest. A school that opens Parley at
 * http://<server's address> gets pages that cannot record: the voice pages (/test and
 * /interview-simulator) show this notice in place of their microphone step instead of failing.
 */
import { PlainAlert } from './PlainAlert';

export const SECURE_ADDRESS_TITLE = 'Secure address needed';
export const SECURE_ADDRESS_TEXT = 'This page needs a secure (https://) address to use the microphone. Ask your teacher to open Parley over https.';

/** False when the page was opened over plain http by a name other than localhost; true while rendering the build's frames. */
export function isSecurePage(): boolean {
  return typeof window === 'undefined' || window.isSecureContext;
}

/** The notice, with the address the page was opened at so a teacher sees what to change. */
export function SecureAddressNotice() {
  const address = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <PlainAlert color="yellow" role="alert" title={SECURE_ADDRESS_TITLE} data-testid="secure-address-notice">
      <p style={{ margin: 0 }}>{SECURE_ADDRESS_TEXT}</p>
      {address ? <p style={{ margin: '0.5em 0 0' }}>This page was opened at {address}, which is not secure, so the browser keeps the microphone switched off.</p> : null}
    </PlainAlert>
  );
}
