import { describe, expect, it } from 'vitest';
import { deepEqual, errorsAfterRemoval, getPath, setPath } from './use-profile-form';

describe("the dashboard's form state", () => {
  const values = { summary: 'a', list: [{ name: 'x', from: '' }, { name: 'y', from: '2020-01-01' }], years: 3 };

  it('reads and writes values by dotted path, copying only what it changes', () => {
    expect(getPath('list.1.from', values)).toBe('2020-01-01');
    expect(getPath('list.5.from', values)).toBeUndefined();
    const next = setPath('list.0.name', 'z', values);
    expect(next.list[0]?.name).toBe('z');
    expect(values.list[0]?.name).toBe('x');
    expect(next.list[1]).toBe(values.list[1]);
    expect(Array.isArray(next.list)).toBe(true);
    expect(setPath('years', '', values).years).toBe('');
  });

  it('compares values deeply (unsaved changes)', () => {
    expect(deepEqual(values, structuredClone(values))).toBe(true);
    expect(deepEqual(values, setPath('list.1.from', '', values))).toBe(false);
    expect(deepEqual({ list: [] }, { list: {} })).toBe(false);
    expect(deepEqual({ years: 0 }, { years: '' })).toBe(false);
  });

  it("drops a removed row's errors and moves those of later rows up", () => {
    const errors = { 'list.0.to': 'a', 'list.1.to': 'b', 'list.2.name': 'c', 'list.12.to': 'd', listing: 'e', summary: 'f' };
    expect(errorsAfterRemoval(errors, 'list', 1)).toEqual({ 'list.0.to': 'a', 'list.1.name': 'c', 'list.11.to': 'd', listing: 'e', summary: 'f' });
  });
});
