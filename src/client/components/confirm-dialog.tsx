import type { OpenConfirmModal } from '@mantine/modals';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ConfirmRequest } from './ConfirmHost';

/*
 * "Delete …?" confirmations with Mantine's confirm modal, whose code (the modals manager, Modal, its
 * focus trap and scroll lock) loads when the first one is asked for, not with the page (decision 0023).
 */

const ConfirmHost = lazy(() => import('./ConfirmHost'));

/** `confirm(props)` opens the dialog (the props of `modals.openConfirmModal`); render `dialog` anywhere on the page. */
export function useConfirmDialog(): { confirm: (props: OpenConfirmModal) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = useCallback((props: OpenConfirmModal) => setRequest({ props }), []);
  const dialog = request ? (
    <Suspense fallback={null}>
      <ConfirmHost request={request} />
    </Suspense>
  ) : null;
  return { confirm, dialog };
}
