import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';

/*
 * A button that is unavailable for a moment (the next question is being asked, a save is under way)
 * but keeps the focus: drawn disabled and read as unavailable (aria-disabled), pressing it does
 * nothing, and it stays in the tab order. A real `disabled` drops the focus of the student who has
 * just pressed it to the page's top, where a keyboard or screen reader user has to find their way
 * back to it.
 */
export interface HeldButtonProps extends Omit<ButtonProps, 'disabled'> {
  unavailable: boolean;
  onClick?: () => void;
  type?: 'button' | 'submit';
  children: ReactNode;
}

export function HeldButton({ unavailable, onClick, type = 'button', children, ...props }: HeldButtonProps) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (unavailable) {
      // A submit button's press would send its form.
      event.preventDefault();
      return;
    }
    onClick?.();
  };
  return (
    <Button {...props} type={type} data-disabled={unavailable || undefined} aria-disabled={unavailable || undefined} onClick={press}>
      {children}
    </Button>
  );
}
