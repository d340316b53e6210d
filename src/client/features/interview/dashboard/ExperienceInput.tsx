import { InputBase, UnstyledButton, type InputBaseProps } from '@mantine/core';
import { useRef, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import classes from './ExperienceInput.module.css';

/*
 * The experience fields (years 0-99, months 0-11; SPEC.md section 2 '/interview-dashboard'): Mantine's
 * NumberInput as the dashboard used it (whole numbers, no sign, a value past the limit refused as it
 * is typed, arrow keys and the up/down controls step by 1), drawn as Mantine's InputBase with up/down
 * controls in NumberInput's look (ExperienceInput.module.css), without the number-formatting library NumberInput carries (~9 KB gzip of the page's first visit).
 * The value is a number, or '' when the box is empty, as NumberInput gives it; leading zeros are kept
 * while typing and dropped on leaving the field, as NumberInput does.
 */

export type ExperienceValue = number | string;

/** What typing `text` into a field holding whole numbers from 0 to `max` gives: the new value, or null when refused. */
export function typedExperience(text: string, max: number): ExperienceValue | null {
  if (text === '') return '';
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  if (value > max) return null;
  // '07' stays text until the field is left (NumberInput keeps leading zeros while typing).
  return /^0\d/.test(text) ? text : value;
}

/** One step up or down from `value`, within min..max (an empty or unreadable value starts from min). */
export function steppedExperience(value: ExperienceValue, direction: 1 | -1, min: number, max: number): number {
  const current = typeof value === 'number' ? value : value === '' || Number.isNaN(Number(value)) ? null : Number(value);
  if (current === null) return min;
  return Math.min(max, Math.max(min, current + direction));
}

function Chevron({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg
      className={classes.chevron}
      data-direction={direction}
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

export interface ExperienceInputProps extends Omit<InputBaseProps, 'value' | 'onChange' | 'min' | 'max'> {
  label: string;
  min: number;
  max: number;
  value?: ExperienceValue;
  onChange?: (value: ExperienceValue) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

export function ExperienceInput({ min, max, value = '', onChange, onBlur, onFocus, className, ...others }: ExperienceInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const set = (next: ExperienceValue) => {
    if (next !== value) onChange?.(next);
  };
  const step = (direction: 1 | -1) => set(steppedExperience(value, direction, min, max));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    }
  };
  const control = (direction: 'up' | 'down') => (
    <UnstyledButton
      className={classes.control}
      tabIndex={-1}
      aria-hidden
      disabled={typeof value === 'number' && (direction === 'up' ? value >= max : value <= min)}
      data-direction={direction}
      onMouseDown={(event) => event.preventDefault()}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        event.preventDefault();
        input.current?.focus();
        step(direction === 'up' ? 1 : -1);
      }}
    >
      <Chevron direction={direction} />
    </UnstyledButton>
  );
  return (
    <InputBase
      {...others}
      className={className}
      ref={input}
      type="text"
      // Whole numbers: the phone shows a digits-only keypad (no decimal point or sign to refuse).
      inputMode="numeric"
      value={String(value)}
      onChange={(event) => {
        const typed = typedExperience(event.currentTarget.value, max);
        if (typed !== null) set(typed);
      }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        // Leading zeros go when the field is left ('07' -> 7), as NumberInput does.
        if (typeof value === 'string' && value !== '' && !Number.isNaN(Number(value))) set(Number(value));
        onBlur?.(event);
      }}
      rightSection={
        <div className={classes.controls}>
          {control('up')}
          {control('down')}
        </div>
      }
      // The controls' column: Mantine's NumberInput at size sm (24 px).
      rightSectionWidth={24}
    />
  );
}
