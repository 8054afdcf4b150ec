import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';

const STEPS = [
  ['Upload your floor plan', 'Drop the PDF and pick the page that holds the plan.'],
  ['Set ceiling height and scale', 'Enter the ceiling height in mm and the scale, e.g. 1:100 on A2.'],
  ['Check the measured rooms', 'Every room is drawn over your plan with skirting, ceiling and wall areas.'],
  ['Download the A3 report', 'Select rooms and export a PDF to send with your quote.'],
] as const;

/** An honest stand-in for the tutorial video (no video file is produced yet; nothing loads from a CDN). */
export function TutorialVideo() {
  return (
    <Card withBorder radius="lg" p="lg" aria-label="How Plansight works">
      <Title order={3} mb="md">How it works</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {STEPS.map(([t, d], i) => (
          <Group key={t} align="flex-start" wrap="nowrap">
            <Badge size="lg" circle>{i + 1}</Badge>
            <div><Text fw={600}>{t}</Text><Text size="sm" c="dimmed">{d}</Text></div>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}
