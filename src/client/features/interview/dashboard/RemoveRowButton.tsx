import { ActionIcon } from '@mantine/core';
import { DeleteIcon } from '../../../components/icons';

/* A list row's delete button (ProfileListSection), in a chunk of its own: an empty profile's first visit has no rows, so does not load it. */

export interface RemoveRowButtonProps {
  label: string;
  onRemove: () => void;
}

export function RemoveRowButton({ label, onRemove }: RemoveRowButtonProps) {
  return (
    <ActionIcon variant="subtle" color="red.9" size="lg" mb={4} onClick={onRemove} aria-label={label}>
      <DeleteIcon />
    </ActionIcon>
  );
}
