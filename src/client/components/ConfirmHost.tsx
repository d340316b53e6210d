import { ModalsProvider, useModals, type OpenConfirmModal } from '@mantine/modals';
import { useEffect, useRef } from 'react';

/* Loaded by `useConfirmDialog` (confirm-dialog.tsx) the first time a page asks for a confirmation. */

export interface ConfirmRequest {
  props: OpenConfirmModal;
}

function Opener({ request }: { request: ConfirmRequest }) {
  const { openConfirmModal } = useModals();
  const opened = useRef<ConfirmRequest | null>(null);
  useEffect(() => {
    // Once per request (effects run twice in development's strict mode).
    if (opened.current === request) return;
    opened.current = request;
    openConfirmModal(request.props);
  }, [openConfirmModal, request]);
  return null;
}

/** Mantine's modals manager with the one confirmation asked for: the same dialog `modals.openConfirmModal` shows. */
export default function ConfirmHost({ request }: { request: ConfirmRequest }) {
  return (
    <ModalsProvider>
      <Opener request={request} />
    </ModalsProvider>
  );
}
