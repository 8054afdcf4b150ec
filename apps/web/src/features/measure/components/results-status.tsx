import { Alert, Button, Center, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';

/** The three-step loading screen of the results page. */
export function ResultsLoading({ step }: { step: number }) {
  return (
    <Center mih="70vh" px="md">
      <Paper withBorder radius="lg" p="xl" shadow="sm" w={420} maw="100%">
        <Stack align="center" gap="lg">
          <Loader size="lg" />
          <div style={{ textAlign: 'center' }}>
            <Title order={3}>Measuring your plan</Title>
            <Text size="sm" c="dimmed">This usually takes a few seconds.</Text>
          </div>
          <Stepper active={step} orientation="vertical" size="sm" data-testid="results-steps">
            <Stepper.Step label="Checking ceiling and scale" description="Processing all detections" />
            <Stepper.Step label="Processing rooms and spaces" description="Walls, windows and doors" />
            <Stepper.Step label="Compiling results" description="Skirting, ceiling and wall areas" />
          </Stepper>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The server's reason in words, and the ways on: try again (a new visit runs the analysis again), change the inputs, or leave. */
export function ResultsError({ message, onBack, onRetry, onChangeScale }: { message: string; onBack: () => void; onRetry?: () => void; onChangeScale?: () => void }) {
  return (
    <Stack maw={560} mx="auto" py="xl" px="md">
      <Alert color="red" variant="light" title="Error Loading Results" data-testid="results-error">{message}</Alert>
      <Group gap="sm">
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        {onChangeScale && <Button variant="light" onClick={onChangeScale}>Change height or scale</Button>}
        <Button variant={onRetry ? 'default' : 'filled'} onClick={onBack}>Back to Project</Button>
      </Group>
    </Stack>
  );
}
