import { useId, type ChangeEvent, type CSSProperties, type ReactNode, type Ref } from 'react';
import classes from './SearchField.module.css';

/*
 * The students list's search box: a label, an icon on the left, type="search", in the look of
 * Mantine's TextInput (SearchField.module.css). The app's own markup, because Mantine's TextInput
 * brings the whole Input family's script (Input, InputBase, TextInput and CloseButton: ~4.5 KB gzip
 * of /admin's first visit, decision 0023); the student dialogs keep Mantine's fields.
 */

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  leftSection: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  maxLength: number;
  style?: CSSProperties;
  /** The input, for a caller that gives it the focus (Clear). */
  ref?: Ref<HTMLInputElement>;
  /** What the search found, read out by a screen reader as it changes (the list changes in silence); '' when nothing is searched. */
  result: string;
}

export function SearchField({ label, placeholder, leftSection, value, onChange, maxLength, style, ref, result }: SearchFieldProps) {
  const id = useId();
  return (
    <div style={style} className={classes.root}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      <div className={classes.box}>
        <div className={classes.icon}>{leftSection}</div>
        <input className={classes.input} placeholder={placeholder} maxLength={maxLength} type="search" id={id} value={value} onChange={onChange} ref={ref} />
      </div>
      <span role="status" className="visually-hidden" data-testid="students-search-result">
        {result}
      </span>
    </div>
  );
}
