import { Badge, Box, Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PricingModal } from '../../billing';
import { TutorialVideo } from '../../measure';
import { useSession } from '../../../lib/session';
import { HeroPlanArt } from '../components/hero-plan-art';
import { FeaturesSection, SectionTitle, StepsSection } from '../components/landing-sections';

/** Sign up / Sign In for visitors, Go to Projects for signed-in users (spec section 2, landing page). */
function CallToAction({ signedIn, onPricing }: { signedIn: boolean; onPricing: () => void }) {
  if (signedIn) {
    return (
      <Button component={Link} to="/projects" size="lg" rightSection={<IconArrowRight size={18} />}>
        Go to Projects
      </Button>
    );
  }
  return (
    <Group gap="sm">
      <Button component={Link} to="/auth/signup" size="lg">
        Sign up
      </Button>
      <Button component={Link} to="/auth/login" size="lg" variant="default">
        Sign In
      </Button>
      <Button size="lg" variant="subtle" onClick={onPricing}>
        See pricing
      </Button>
    </Group>
  );
}

export default function HomePage() {
  const signedIn = useSession() !== null;
  const [pricing, setPricing] = useState(false);
  const openPricing = () => setPricing(true);

  return (
    <>
      <Box style={{ background: 'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-gray-0) 100%)' }}>
        <Container size="lg" py={{ base: 40, sm: 80 }}>
          <Grid gutter={{ base: 40, md: 60 }} align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="lg">
                <Badge variant="light" size="lg" radius="sm" w="fit-content">
                  Built for painting contractors
                </Badge>
                <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1} lts={-0.5}>
                  Measure every room from your floor plan in minutes
                </Title>
                <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed">
                  Upload a PDF floor plan, set the ceiling height and scale, and get wall, ceiling and skirting quantities for every room, ready for
                  your quote.
                </Text>
                <CallToAction signedIn={signedIn} onPricing={openPricing} />
                {!signedIn && (
                  <Text size="sm" c="dimmed">
                    3 free plans when you sign up. No card needed.
                  </Text>
                )}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <HeroPlanArt />
            </Grid.Col>
          </Grid>
        </Container>
      </Box>

      <Container size="lg" pt={{ base: 48, sm: 80 }}>
        <SectionTitle eyebrow="Tutorial" title="See how Plansight works" />
        <TutorialVideo />
      </Container>

      <StepsSection />
      <FeaturesSection />

      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Paper radius="lg" p={{ base: 'xl', sm: 48 }} style={{ background: 'linear-gradient(135deg, var(--mantine-color-blue-8), var(--mantine-color-cyan-6))' }}>
          <Group justify="space-between" gap="xl">
            <div>
              <Title order={2} c="white" fz={{ base: 24, sm: 30 }}>
                {signedIn ? 'Ready for your next project?' : 'Start with 3 free plans'}
              </Title>
              <Text c="blue.0" mt={6}>
                {signedIn ? 'Upload a floor plan and have it measured in minutes.' : 'Create an account, verify your email and measure your first plan today.'}
              </Text>
            </div>
            {signedIn ? (
              <Button component={Link} to="/projects" size="lg" variant="white">
                Go to Projects
              </Button>
            ) : (
              <Group gap="sm">
                <Button component={Link} to="/auth/signup" size="lg" variant="white">
                  Sign up
                </Button>
                <Button size="lg" variant="outline" color="white" onClick={openPricing}>
                  Pricing
                </Button>
              </Group>
            )}
          </Group>
        </Paper>
      </Container>
      <PricingModal opened={pricing} onClose={() => setPricing(false)} />
    </>
  );
}
