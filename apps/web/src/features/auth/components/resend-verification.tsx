import { Alert, Button, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../api/auth-api';
import { linkError } from '../utils/error-messages';

/** Login refused because the address is not verified: says so and offers a new link. */
export function ResendVerification({ email, message }: { email: string; message: string }) {
  const resend = useMutation({ mutationFn: () => authApi.resendVerification(email) });
  return (
    <Alert color="yellow" variant="light" title="Please verify your email" role="alert">
      <Text size="sm">{message}</Text>
      {resend.isSuccess ? (
        <Text size="sm" mt="sm" fw={600} c="teal.8">
          {resend.data?.message}
        </Text>
      ) : (
        <Button
          mt="sm"
          size="xs"
          variant="white"
          color="yellow.9"
          leftSection={<IconMailForward size={14} />}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend verification email
        </Button>
      )}
      {resend.isError && (
        <Text size="sm" mt="xs" c="red.8">
          {linkError(resend.error, 'Could not resend the verification email. Please try again.').message}
        </Text>
      )}
    </Alert>
  );
}
