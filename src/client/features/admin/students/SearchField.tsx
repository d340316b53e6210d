import { useId, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';

/*
 * The students list's search box: Mantine's TextInput as the tab drew it (a label, a section on the
 * left, type="search"), in Mantine's own markup and classes, without the Input family's script
 * (Input, InputBase, TextInput and the CloseButton they bring: ~4.5 KB gzip of /admin's first visit,
 * issue 17). app/mantine-markup.test.tsx checks that it renders exactly what TextInput renders.
 */

/** Mantine Input's own classes (its CSS module, @mantine/core 9); app/mantine-styles.test.ts reads them. */
export const INPUT_CLASSES = { root: 'm_46b77525', label: 'm_8fdc1311', wrapper: 'm_6c018570', section: 'm_82577fc2', input: 'm_8fb7ebe7' } as const;

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  leftSection: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  maxLength: number;
  style?: CSSProperties;
}

export function SearchField({ label, placeholder, leftSection, value, onChange, maxLength, style }: SearchFieldProps) {
  const id = `mantine-${useId().replace(/:/g, '')}`;
  return (
    <div style={style} className={`${INPUT_CLASSES.root} mantine-InputWrapper-root mantine-TextInput-root`} data-size="sm">
      <label
        style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties}
        className={`${INPUT_CLASSES.label} mantine-InputWrapper-label mantine-TextInput-label`}
        data-size="sm"
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
      </label>
      <div
        style={{ '--input-height': 'var(--input-height-sm)', '--input-fz': 'var(--mantine-font-size-sm)' } as CSSProperties}
        className={`${INPUT_CLASSES.wrapper} mantine-Input-wrapper mantine-TextInput-wrapper`}
        data-variant="default"
        data-size="sm"
        data-with-left-section="true"
      >
        <div data-position="left" className={`${INPUT_CLASSES.section} mantine-Input-section mantine-TextInput-section`}>
          {leftSection}
        </div>
        <input
          className={`${INPUT_CLASSES.input} mantine-Input-input mantine-TextInput-input`}
          data-variant="default"
          placeholder={placeholder}
          maxLength={maxLength}
          type="search"
          id={id}
          value={value}
          onChange={onChange}
        />
      </div>
    </div>
  );
}
