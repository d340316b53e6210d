import { ActionIcon, Group } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '../lib/ui';
import { HintTooltip } from './HintTooltip';
import { DeleteIcon, EditIcon } from './icons';

/** Edit and delete buttons at the end of a table row, named for screen readers by the row's subject. */
export function RowActions({ noun, subject, onEdit, onDelete }: { noun: string; subject: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <HintTooltip label={`Edit ${noun}`} openDelay={TOOLTIP_DELAY_MS}>
        <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${subject}`} onClick={onEdit}>
          <EditIcon />
        </ActionIcon>
      </HintTooltip>
      <HintTooltip label={`Delete ${noun}`} openDelay={TOOLTIP_DELAY_MS}>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${subject}`} onClick={onDelete}>
          <DeleteIcon />
        </ActionIcon>
      </HintTooltip>
    </Group>
  );
}
