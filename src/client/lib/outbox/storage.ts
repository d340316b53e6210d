import type { OutboxEntry, OutboxStatus } from './entry';

/*
 * Where the outbox keeps its entries: the browser's storage (IndexedDB in the browser, injected as
 * an OutboxStore) and this page's memory, which also holds an entry the browser would not store and
 * the last status of entries that left.
 */

export interface OutboxStore {
  get(id: string): Promise<OutboxEntry | undefined>;
  put(entry: OutboxEntry): Promise<void>;
  delete(id: string): Promise<void>;
  all(): Promise<OutboxEntry[]>;
}

export class KeptEntries {
  private readonly entries = new Map<string, OutboxEntry>();
  private readonly memoryOnly = new Set<string>();
  private readonly finished = new Map<string, OutboxStatus>();

  constructor(private readonly store: OutboxStore) {}

  get(id: string): OutboxEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  values(): IterableIterator<OutboxEntry> {
    return this.entries.values();
  }

  isMemoryOnly(id: string): boolean {
    return this.memoryOnly.has(id);
  }

  /** The status an entry left with, if it left during this page's life. */
  finishedStatus(id: string): OutboxStatus | undefined {
    return this.finished.get(id);
  }

  /** A new entry: kept in memory, then stored. */
  async add(entry: OutboxEntry): Promise<void> {
    this.entries.set(entry.id, entry);
    this.finished.delete(entry.id);
    await this.persist(entry);
  }

  /** Takes in what earlier visits or pages left in storage; returns the ids of those it took in. */
  async loadStored(): Promise<string[]> {
    let stored: OutboxEntry[] = [];
    try {
      stored = await this.store.all();
    } catch {
      // storage unavailable: only this page's entries exist
    }
    const taken: string[] = [];
    for (const entry of stored) {
      if (this.entries.has(entry.id) || this.finished.has(entry.id)) continue;
      this.entries.set(entry.id, entry);
      taken.push(entry.id);
    }
    return taken;
  }

  async persist(entry: OutboxEntry): Promise<void> {
    try {
      await this.store.put(entry);
      this.memoryOnly.delete(entry.id);
    } catch {
      // Private browsing, full disk or no IndexedDB: keep trying from memory while the page lives.
      this.memoryOnly.add(entry.id);
    }
  }

  /**
   * Before a send, what another page of this browser did with the entry since this page took it in
   * (both took in what storage held; they take turns, outbox.ts): 'saved' when it has left storage
   * (it then leaves this page too), 'refused' when refused there, else 'send', from what was stored
   * (the attempt may be saved already: only the recording is left to send).
   */
  async catchUp(entry: OutboxEntry): Promise<'saved' | 'refused' | 'send'> {
    if (this.memoryOnly.has(entry.id)) return 'send';
    let stored: OutboxEntry | undefined;
    try {
      stored = await this.store.get(entry.id);
    } catch {
      return 'send';
    }
    if (!stored) {
      await this.forget(entry, { state: 'saved', result: entry.result, recordingError: null });
      return 'saved';
    }
    if (stored.attemptSaved && !entry.attemptSaved) Object.assign(entry, { attemptSaved: true, result: stored.result });
    if (!stored.refused) return 'send';
    Object.assign(entry, { refused: stored.refused, lastError: stored.lastError });
    return 'refused';
  }

  /** The entry leaves the outbox with its final status. */
  async forget(entry: OutboxEntry, status: OutboxStatus): Promise<void> {
    this.entries.delete(entry.id);
    this.finished.set(entry.id, status);
    try {
      await this.store.delete(entry.id);
    } catch {
      // nothing stored, or storage gone: nothing to remove
    }
  }
}
