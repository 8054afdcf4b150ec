import { Alert, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FormError } from '../utils/error-messages';

/** A failed submit: the message, or the 'Validation errors:' title with one line per entry. */
export function FormErrorAlert({ error, children }: { error: FormError; children?: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={error.items ? error.message : undefined}>
      {error.items ? (
        <List size="sm" spacing={2}>
          {error.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      ) : (
        // Its own element, so the message stays one piece of text beside any actions passed as children.
        <Text size="sm">{error.message}</Text>
      )}
      {children}
    </Alert>
  );
}
