import { useCallback, useRef, useState, type ReactNode } from 'react';

/*
 * The dashboard's form state: what it used of @mantine/form's `useForm` (controlled mode, the
 * defaults it kept), in the few lines the dashboard needs, so that the page's first visit does not
 * download the library (~6 KB gzip). Values by dotted path ('education.2.fromDate'); errors by the
 * same paths, as @mantine/form's schema resolver gives them (profile-checks.ts); a change clears its
 * field's error; removing a list row moves the errors of the rows after it up by one; `isDirty`
 * compares the values with those last saved.
 */

export type FormErrors = Record<string, ReactNode>;

/** What a field gets: its value (the profile's fields are text or numbers) and error, and the change handler (an input's event, or the value itself). */
export interface FieldProps {
  value: string | number;
  onChange: (eventOrValue: unknown) => void;
  error: ReactNode;
}

export interface ProfileFormState<T extends object> {
  values: T;
  errors: FormErrors;
  getInputProps: (path: string) => FieldProps;
  /** A stable React key for the field (as @mantine/form's `key` in controlled mode). */
  key: (path: string) => string;
  setFieldError: (path: string, error: ReactNode) => void;
  setValues: (values: T) => void;
  /** Takes `values` as the saved state `isDirty` compares with. */
  resetDirty: (values: T) => void;
  isDirty: () => boolean;
  insertListItem: (path: string, item: unknown) => void;
  removeListItem: (path: string, index: number) => void;
  /** Validates (errors replace the previous ones) and, if there are none, calls `handler` with the values; else `onInvalid` with the errors. */
  onSubmit: (handler: (values: T) => void, onInvalid?: (errors: FormErrors) => void) => (event?: { preventDefault: () => void }) => void;
}

const segments = (path: string) => path.split('.');

export function getPath(path: string, values: unknown): unknown {
  let current: unknown = values;
  for (const part of segments(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A copy of `values` with `path` set to `value` (objects and arrays along the path copied, the rest shared). */
export function setPath<T>(path: string, value: unknown, values: T): T {
  const [head, ...rest] = segments(path);
  if (head === undefined) return values;
  const source = values as unknown as Record<string, unknown> | unknown[];
  const next = rest.length === 0 ? value : setPath(rest.join('.'), value, (source as Record<string, unknown>)[head]);
  if (Array.isArray(source)) {
    const copy = [...source];
    copy[Number(head)] = next;
    return copy as unknown as T;
  }
  return { ...source, [head]: next } as T;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The errors once row `index` of the list at `path` is removed: its own go, those of later rows move up one. */
export function errorsAfterRemoval(errors: FormErrors, path: string, index: number): FormErrors {
  const prefix = `${path}.`;
  const next: FormErrors = {};
  for (const [key, error] of Object.entries(errors)) {
    const row = key.startsWith(prefix) ? Number.parseInt(key.slice(prefix.length).split('.')[0] ?? '', 10) : Number.NaN;
    if (Number.isNaN(row) || row < index) next[key] = error;
    else if (row > index) next[`${prefix}${row - 1}${key.slice(prefix.length + String(row).length)}`] = error;
  }
  return next;
}

/** Errors that say something (null, undefined and false mean "none"). */
function filterErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== null && error !== undefined && error !== false));
}

/** An input's change event gives its value (checkboxes are not used here); anything else is the value itself. */
function valueOf(eventOrValue: unknown): unknown {
  if (eventOrValue !== null && typeof eventOrValue === 'object' && 'nativeEvent' in eventOrValue && 'currentTarget' in eventOrValue) {
    const target = (eventOrValue as { currentTarget: unknown }).currentTarget;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target.value;
  }
  return eventOrValue;
}

export function useProfileForm<T extends object>({ initialValues, validate }: { initialValues: T; validate: (values: T) => FormErrors }): ProfileFormState<T> {
  const [values, setValuesState] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState(initialValues);
  // The latest values, for a submit that runs after a re-render (the save waits for the checks to load).
  const latest = useRef(values);

  const update = useCallback((next: (current: T) => T) => {
    setValuesState((current) => (latest.current = next(current)));
  }, []);

  const setFieldValue = useCallback(
    (path: string, value: unknown) => {
      setErrors((current) => {
        if (!(path in current)) return current;
        const next = { ...current };
        delete next[path];
        return next;
      });
      update((current) => setPath(path, value, current));
    },
    [update],
  );

  return {
    values,
    errors,
    getInputProps: (path) => ({ value: getPath(path, values) as string | number, onChange: (eventOrValue) => setFieldValue(path, valueOf(eventOrValue)), error: errors[path] }),
    key: (path) => path,
    setFieldError: (path, error) => setErrors((current) => filterErrors({ ...current, [path]: error })),
    setValues: (next) => {
      update(() => next);
      setErrors({});
    },
    resetDirty: (next) => setSaved(next),
    isDirty: () => !deepEqual(values, saved),
    insertListItem: (path, item) => update((current) => setPath(path, [...((getPath(path, current) as unknown[] | undefined) ?? []), item], current)),
    removeListItem: (path, index) => {
      setErrors((current) => errorsAfterRemoval(current, path, index));
      update((current) => setPath(path, ((getPath(path, current) as unknown[] | undefined) ?? []).filter((_, at) => at !== index), current));
    },
    onSubmit: (handler, onInvalid) => (event) => {
      event?.preventDefault();
      const found = filterErrors(validate(latest.current));
      setErrors(found);
      if (Object.keys(found).length === 0) handler(latest.current);
      else onInvalid?.(found);
    },
  };
}
