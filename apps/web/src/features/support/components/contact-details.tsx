import { Anchor, Card, Divider, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconMail, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getContactInfo } from '../api/contact-us';

/** Content of the page (spec: the values are ours to choose); the e-mail comes from the server's configuration. */
export const CONTACT = { website: 'www.plansight.app' } as const;

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" radius="md">{icon}</ThemeIcon>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
        <Text size="sm">{children}</Text>
      </div>
    </Group>
  );
}

/** The support e-mail (as configured on the server), website and business hours. */
export function ContactDetails() {
  const { data } = useQuery({ queryKey: ['support', 'contact-info'], queryFn: getContactInfo, staleTime: Infinity });
  const email = data?.email;
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Stack gap="md">
        <Text fw={700}>Get in touch</Text>
        <Row icon={<IconMail size={18} />} label="Email">
          {email ? <Anchor href={`mailto:${email}`} size="sm" data-testid="support-email">{email}</Anchor> : <Loader size="xs" />}
        </Row>
        <Row icon={<IconWorld size={18} />} label="Website">
          <Anchor href={`https://${CONTACT.website}`} target="_blank" rel="noreferrer" size="sm">{CONTACT.website}</Anchor>
        </Row>
        <Divider />
        <Row icon={<IconClock size={18} />} label="Business hours">
          Monday to Friday, 9:00 AM to 6:00 PM
        </Row>
      </Stack>
    </Card>
  );
}
