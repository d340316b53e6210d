import { Text } from '@mantine/core';
import { ModalsProvider, useModals } from '@mantine/modals';
import { useEffect, useRef, type ReactNode } from 'react';

/* Loaded by `useConfirmDialog` (confirm-dialog.tsx) the first time a page asks for a confirmation. */

/** One confirmation: what it asks, what it says, the action's button and what it does. */
export interface ConfirmAsk {
  title: string;
  /** What happens if confirmed; a string is one paragraph. */
  body: ReactNode;
  /** The confirm button's label, the action itself: "Delete", "Send link". */
  action: string;
  /** The action removes something or signs someone out: its button is red. */
  destructive?: boolean;
  onConfirm: () => void;
}

export interface ConfirmRequest {
  ask: ConfirmAsk;
}

function Opener({ request }: { request: ConfirmRequest }) {
  const { openConfirmModal } = useModals();
  const opened = useRef<ConfirmRequest | null>(null);
  useEffect(() => {
    // Once per request (effects run twice in development's strict mode).
    if (opened.current === request) return;
    opened.current = request;
    const { title, body, action, destructive = false, onConfirm } = request.ask;
    openConfirmModal({
      title,
      centered: true,
      children: typeof body === 'string' ? <Text size="sm">{body}</Text> : body,
      labels: { confirm: action, cancel: 'Cancel' },
      // The focus starts on Cancel, the safe choice (WAI-ARIA's alert dialog pattern), not on the
      // close button Mantine would focus first: Enter does not delete, and a reader hears the choice.
      cancelProps: { 'data-autofocus': true },
      // Shade 9: white text on it passes WCAG AA contrast.
      ...(destructive ? { confirmProps: { color: 'red.9' } } : {}),
      onConfirm,
    });
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
