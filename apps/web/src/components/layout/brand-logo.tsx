import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconRulerMeasure } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The product mark; always leads to /home (spec section 2, shared header). */
export function BrandLogo() {
  return (
    <UnstyledButton component={Link} to="/home" aria-label="Plansight home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="gradient" gradient={{ from: 'blue.7', to: 'cyan.5', deg: 135 }}>
          <IconRulerMeasure size={20} stroke={2} />
        </ThemeIcon>
        <Text fw={800} fz={20} lts={-0.3} c="dark.8">
          Plansight
        </Text>
      </Group>
    </UnstyledButton>
  );
}
