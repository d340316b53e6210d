import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './GrowingTextarea.module.css';

/*
 * A Textarea that grows with its text from `minRows` to `maxRows` rows (without a limit when there
 * is no `maxRows`). Where the browser can grow it itself (CSS `field-sizing: content`: Chromium 123+,
 * Safari 26.2+), it does so in its own layout; elsewhere (Firefox) Mantine's autosize measures it.
 * That measuring reads the textarea's size in a layout effect after every render, which forces the
 * page's whole layout inside React's commit: on /interview-dashboard it was most of the first
 * commit's long task (measured with `npx tsx bench/profile-page.ts`).
 */

const GROWS_BY_ITSELF = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

export interface GrowingTextareaProps extends Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows' | 'classNames' | 'style'> {
  minRows: number;
  maxRows?: number;
}

export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  if (!GROWS_BY_ITSELF) return <Textarea autosize minRows={minRows} maxRows={maxRows} {...props} />;
  const rows = { '--growing-min-rows': minRows, ...(maxRows === undefined ? {} : { '--growing-max-rows': maxRows }) } as CSSProperties;
  return <Textarea rows={minRows} classNames={{ input: classes.input }} style={rows} {...props} />;
}
