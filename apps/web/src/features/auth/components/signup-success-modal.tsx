import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';

/** Signup succeeded: a verification e-mail was sent; 'Got it' goes to the login page (spec section 2). */
export function SignupSuccessModal({ email, onDone }: { email: string | null; onDone: () => void }) {
  return (
    <Modal opened={email !== null} onClose={onDone} withCloseButton={false} closeOnClickOutside={false} centered radius="lg" aria-labelledby="signup-done-title">
      <Stack align="center" gap="sm" py="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="blue" variant="light">
          <IconMailCheck size={30} />
        </ThemeIcon>
        <Text id="signup-done-title" component="h2" fz={22} fw={700} m={0}>
          Verify your email
        </Text>
        <Text c="dimmed" size="sm">
          We sent a verification email to <b>{email}</b>. You must verify your email address before logging in.
        </Text>
        <Button size="md" mt="sm" fullWidth onClick={onDone} data-autofocus>
          Got it
        </Button>
      </Stack>
    </Modal>
  );
}
