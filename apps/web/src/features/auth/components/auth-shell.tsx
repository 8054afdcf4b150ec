import { Box, Container, Grid, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-shell.module.css';

const BENEFITS = [
  '3 free plans when you sign up',
  'Rooms, walls, ceilings and skirting measured from your PDF',
  'A3 report ready to send with your quote',
];

/** The frame of every auth page: the form card, with a product panel beside it on wide screens. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Container size={1040} py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Grid gutter={0} align="stretch">
        <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
          <Box
            h="100%"
            p={40}
            style={{
              borderRadius: 'var(--mantine-radius-lg) 0 0 var(--mantine-radius-lg)',
              background: 'linear-gradient(150deg, var(--mantine-color-blue-8), var(--mantine-color-cyan-6))',
              color: 'white',
            }}
          >
            <Stack gap="lg" justify="center" h="100%">
              <Title order={2} c="white" fz={28} lh={1.2}>
                Measure every room from a floor plan in minutes
              </Title>
              <Text c="blue.0" size="md">
                Plansight turns your PDF floor plans into wall, ceiling and skirting quantities for painting quotes.
              </Text>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={22} radius="xl" color="white" c="blue.8">
                    <IconCheck size={14} stroke={3} />
                  </ThemeIcon>
                }
              >
                {BENEFITS.map((b) => (
                  <List.Item key={b}>
                    <Text c="white" size="sm">{b}</Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper
            withBorder
            shadow="sm"
            p={{ base: 'lg', sm: 40 }}
            h="100%"
            radius="lg"
            style={{ borderColor: 'var(--mantine-color-gray-2)' }}
            className={classes.card}
          >
            <Stack gap="lg" maw={440} mx="auto">
              <div>
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  {title}
                </Title>
                {subtitle && (
                  <Group mt={6}>
                    <Text c="dimmed" size="sm">{subtitle}</Text>
                  </Group>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
