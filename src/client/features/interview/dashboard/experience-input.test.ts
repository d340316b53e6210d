import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExperienceInput, steppedExperience, typedExperience } from './ExperienceInput';

describe('the experience fields (NumberInput without its formatting library)', () => {
  it("draws a Mantine field with NumberInput's controls: a right section as wide as NumberInput's at size sm, two steppers kept from the tab order", () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, null, createElement(ExperienceInput, { label: 'Experience (years)', min: 0, max: 99, value: 4 })));
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('value="4"');
    // NumberInput's --ni-right-section-width-sm is 1.5rem.
    expect(html).toContain('--input-right-section-width:calc(1.5rem * var(--mantine-scale))');
    const controls = [...html.matchAll(/<button[^>]*data-direction="(up|down)"[^>]*>/g)];
    expect(controls.map(([, direction]) => direction)).toEqual(['up', 'down']);
    for (const [control] of controls) {
      expect(control).toContain('tabindex="-1"');
      expect(control).toContain('aria-hidden="true"');
    }
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
