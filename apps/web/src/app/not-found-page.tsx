import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center h="80vh">
      <Stack align="center">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">The page you asked for does not exist.</Text>
        <Button component={Link} to="/home">Go home</Button>
      </Stack>
    </Center>
  );
}
