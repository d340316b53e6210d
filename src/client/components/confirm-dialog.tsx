import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ConfirmAsk, ConfirmRequest } from './ConfirmHost';

export type { ConfirmAsk } from './ConfirmHost';

/*
 * "Delete …?" confirmations with Mantine's confirm modal, whose code (the modals manager, Modal, its
 * focus trap and scroll lock) loads when the first one is asked for, not with the page (decision 0023).
 * Every one is laid out alike (ConfirmHost): centred, the action's button beside Cancel, red when
 * the action removes something or signs someone out.
 */

const ConfirmHost = lazy(() => import('./ConfirmHost'));

/** `confirm(ask)` opens the dialog; render `dialog` anywhere on the page. */
export function useConfirmDialog(): { confirm: (ask: ConfirmAsk) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = useCallback((ask: ConfirmAsk) => setRequest({ ask }), []);
  const dialog = request ? (
    <Suspense fallback={null}>
      <ConfirmHost request={request} />
    </Suspense>
  ) : null;
  return { confirm, dialog };
}
