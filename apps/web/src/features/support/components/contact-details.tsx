import { Anchor, Card, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconMail, IconPhone, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Content of the page (spec: the values are ours to choose). */
export const CONTACT = { email: 'support@plansight.app', phone: '+61 2 9000 0000', website: 'www.plansight.app' } as const;

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

/** The product's e-mail, phone, website and business hours. */
export function ContactDetails() {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Stack gap="md">
        <Text fw={700}>Get in touch</Text>
        <Row icon={<IconMail size={18} />} label="Email">
          <Anchor href={`mailto:${CONTACT.email}`} size="sm">{CONTACT.email}</Anchor>
        </Row>
        <Row icon={<IconPhone size={18} />} label="Phone">
          <Anchor href={`tel:${CONTACT.phone.replace(/\s/g, '')}`} size="sm">{CONTACT.phone}</Anchor>
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
