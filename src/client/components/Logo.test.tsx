import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Logo } from './Logo';

const favicon = readFileSync(path.resolve(import.meta.dirname, '../../../public/favicon.svg'), 'utf8').trim();

/** The drawing: the SVG's children, whatever the outer element's attributes. */
const drawing = (svg: string) => svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '').replace(/\s*\/>/g, '/>').replace(/><\/(rect|path|circle)>/g, '/>');

describe('Logo', () => {
  it('draws the same mark as the tab icon, public/favicon.svg', () => {
    const inline = renderToStaticMarkup(<Logo size={28} />);
    expect(drawing(inline)).toBe(drawing(favicon));
    expect(drawing(inline)).toContain('<path');
  });

  it('is hidden from screen readers and keyboard, at the size asked for', () => {
    const inline = renderToStaticMarkup(<Logo size={28} />);
    expect(inline).toMatch(/^<svg[^>]* width="28" height="28" aria-hidden="true" focusable="false">/);
  });
});
