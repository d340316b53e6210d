import { NumberInput } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { NUMBER_INPUT_CLASSES, steppedExperience, typedExperience } from './ExperienceInput';

describe('the experience fields (NumberInput without its formatting library)', () => {
  it("draws with Mantine NumberInput's own classes, so that it looks the same", () => {
    expect(NumberInput.classes).toMatchObject(NUMBER_INPUT_CLASSES);
  });

  it('takes whole numbers up to the limit, refuses anything else as it is typed', () => {
    expect(typedExperience('', 99)).toBe('');
    expect(typedExperience('4', 99)).toBe(4);
    expect(typedExperience('99', 99)).toBe(99);
    expect(typedExperience('100', 99)).toBeNull();
    expect(typedExperience('12', 11)).toBeNull();
    expect(typedExperience('-1', 99)).toBeNull();
    expect(typedExperience('1.5', 99)).toBeNull();
    expect(typedExperience('1e2', 99)).toBeNull();
    expect(typedExperience('a', 99)).toBeNull();
    // Leading zeros stay text while typing; leaving the field makes a number of it.
    expect(typedExperience('07', 11)).toBe('07');
    expect(typedExperience('0', 11)).toBe(0);
  });

  it('steps by one within the limits; an empty field starts at the minimum', () => {
    expect(steppedExperience(4, 1, 0, 99)).toBe(5);
    expect(steppedExperience(4, -1, 0, 99)).toBe(3);
    expect(steppedExperience(99, 1, 0, 99)).toBe(99);
    expect(steppedExperience(0, -1, 0, 11)).toBe(0);
    expect(steppedExperience('', 1, 0, 11)).toBe(0);
    expect(steppedExperience('', -1, 0, 11)).toBe(0);
    expect(steppedExperience('07', 1, 0, 11)).toBe(8);
  });
});
