/** A small typed event emitter: `on` returns the function that unsubscribes. */
export interface Subscribable<Events> {
  on<K extends keyof Events>(type: K, listener: (value: Events[K]) => void): () => void;
}

export interface Emitter<Events> extends Subscribable<Events> {
  emit<K extends keyof Events>(type: K, value: Events[K]): void;
}

export function createEmitter<Events>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(value: never) => void>>();
  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit<K extends keyof Events>(type: K, value: Events[K]) {
      for (const listener of [...(listeners.get(type) ?? [])]) (listener as (value: Events[K]) => void)(value);
    },
  };
}
