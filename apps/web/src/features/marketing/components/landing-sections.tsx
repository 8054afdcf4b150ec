import { Badge, Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconDoor,
  IconFileTypePdf,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconRulerMeasure,
  IconShieldCheck,
  IconUpload,
  IconWall,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

const STEPS = [
  { title: 'Upload floor plan', text: 'Drop in the PDF and pick the page that holds the floor plan.', icon: <IconUpload size={22} /> },
  { title: 'Mark measurements', text: 'Set the ceiling height in mm and the drawing scale with its paper size.', icon: <IconRulerMeasure size={22} /> },
  { title: 'Get results', text: 'See every room with skirting, ceiling and net wall areas, then export a PDF report.', icon: <IconReportAnalytics size={22} /> },
];

const FEATURES = [
  { title: 'Automatic room detection', text: 'Rooms, windows and doors are found on the plan, inside and outside.', icon: <IconLayoutDashboard size={22} /> },
  { title: 'Wall, ceiling and skirting', text: 'Net wall area, ceiling area and skirting length for each room.', icon: <IconWall size={22} /> },
  { title: 'Windows and doors', text: 'Counts and areas of every opening, taken off the wall area.', icon: <IconDoor size={22} /> },
  { title: 'Any drawing scale', text: 'From 1:1 to 1:2000 on A0 to A4 paper, metric throughout.', icon: <IconRulerMeasure size={22} /> },
  { title: 'A3 PDF reports', text: 'Pick the rooms you quote for and download a clean report.', icon: <IconFileTypePdf size={22} /> },
  { title: 'Private by default', text: 'Your plans and results are visible to your account only.', icon: <IconShieldCheck size={22} /> },
];

/** A section heading with a small label above it. */
export function SectionTitle({ eyebrow, title, text }: { eyebrow: string; title: string; text?: string }) {
  return (
    <Stack gap={6} align="center" ta="center" mb={40}>
      <Text size="sm" fw={700} c="blue.7" tt="uppercase" lts={1}>
        {eyebrow}
      </Text>
      <Title order={2} fz={{ base: 26, sm: 34 }}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" maw={620}>
          {text}
        </Text>
      )}
    </Stack>
  );
}

/** The three numbered steps of the landing page. */
export function StepsSection() {
  return (
    <Container size="lg" py={{ base: 48, sm: 80 }}>
      <SectionTitle eyebrow="How it works" title="Three steps from PDF to quote" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {STEPS.map((s, i) => (
          <Card key={s.title} withBorder radius="lg" padding="xl" shadow="xs">
            <Badge size="xl" circle variant="filled" mb="md">
              {i + 1}
            </Badge>
            <Text fw={700} fz="lg" mb={6}>
              {s.title}
            </Text>
            <Text c="dimmed" size="sm">
              {s.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function Feature({ title, text, icon }: { title: string; text: string; icon: ReactNode }) {
  return (
    <Box>
      <ThemeIcon size={44} radius="md" variant="light" mb="sm">
        {icon}
      </ThemeIcon>
      <Text fw={700} mb={4}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Box>
  );
}

/** The features grid of the landing page. */
export function FeaturesSection() {
  return (
    <Box bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-2)', borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <SectionTitle eyebrow="Features" title="Everything a painting quote needs" text="Stop scaling plans with a ruler. Plansight measures the surfaces you paint, room by room." />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={40} verticalSpacing={40}>
          {FEATURES.map((f) => (
            <Feature key={f.title} {...f} />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
