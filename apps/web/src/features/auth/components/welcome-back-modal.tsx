import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

const plansText = (n: number) => `You have ${n} ${n === 1 ? 'plan' : 'plans'} remaining.`;

/** The login success dialog (spec section 2): plans remaining and 'Go to Projects'. */
export function WelcomeBackModal({ opened, remaining, onContinue }: { opened: boolean; remaining: number; onContinue: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onContinue}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      title={null}
      aria-labelledby="welcome-back-title"
    >
      <Stack align="center" gap="sm" py="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Text id="welcome-back-title" component="h2" fz={24} fw={700} m={0}>
          Welcome Back!
        </Text>
        <Text c="dimmed" data-testid="welcome-plans">
          {plansText(remaining)}
        </Text>
        <Button size="md" mt="sm" fullWidth onClick={onContinue} data-autofocus>
          Go to Projects
        </Button>
      </Stack>
    </Modal>
  );
}
