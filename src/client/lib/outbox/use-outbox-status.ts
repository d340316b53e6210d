import { useEffect, useState } from 'react';
import { browserOutbox } from './browser';
import type { OutboxStatus } from './entry';

/** The live status of one submitted attempt ('unknown' until it is submitted). */
export function useOutboxStatus(id: string | null): OutboxStatus {
  const [status, setStatus] = useState<OutboxStatus>({ state: 'unknown' });
  useEffect(() => {
    if (id === null) {
      setStatus({ state: 'unknown' });
      return undefined;
    }
    return browserOutbox().watch(id, setStatus);
  }, [id]);
  return status;
}
