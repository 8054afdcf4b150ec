import { Alert, List } from '@mantine/core';
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
        error.message
      )}
      {children}
    </Alert>
  );
}
