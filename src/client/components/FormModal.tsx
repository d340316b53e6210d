import { Box, Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/*
 * A dialog that holds a form (or what a form leads to): Modal's parts without its body, so the
 * dialog has a name (its title) and no description. Mantine describes a dialog by its body, and a
 * screen reader read every label and button of the form as the description when it opened. The
 * content is padded as Modal's body is.
 */

export interface FormModalProps extends Omit<ModalRootProps, 'title' | 'children'> {
  title: ReactNode;
  /** The close button's label. */
  closeLabel?: string;
  children: ReactNode;
}

export function FormModal({ title, closeLabel = 'Close', children, centered = true, ...root }: FormModalProps) {
  return (
    <Modal.Root centered={centered} {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Box px="md" pb="md">
          {children}
        </Box>
      </Modal.Content>
    </Modal.Root>
  );
}
