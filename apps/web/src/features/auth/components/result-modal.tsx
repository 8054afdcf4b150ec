import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small centred confirmation dialog with one button (reset link sent, and the like). */
export function ResultModal(props: { opened: boolean; icon: ReactNode; title: string; children: ReactNode; button: string; onButton: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onButton} withCloseButton={false} closeOnClickOutside={false} centered radius="lg" aria-labelledby="result-modal-title">
      <Stack align="center" gap="sm" py="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="blue" variant="light">
          {props.icon}
        </ThemeIcon>
        <Text id="result-modal-title" component="h2" fz={22} fw={700} m={0}>
          {props.title}
        </Text>
        <Text c="dimmed" size="sm">
          {props.children}
        </Text>
        <Button size="md" mt="sm" fullWidth onClick={props.onButton} data-autofocus>
          {props.button}
        </Button>
      </Stack>
    </Modal>
  );
}
