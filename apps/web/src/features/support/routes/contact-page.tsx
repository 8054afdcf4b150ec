import { useState } from 'react';
import { Alert, Button, Card, Container, Grid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { getSession } from '../../../lib/session';
import { sendContactMessage } from '../api/contact-us';
import { ContactDetails } from '../components/contact-details';

const empty = { name: '', email: '', subject: '', message: '' };
type Field = keyof typeof empty;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /contact (spec sections 2, 5, 8): details, hours, and the message form. */
export default function ContactPage() {
  // A signed-in user's company name and e-mail are filled in; they can still change them.
  const user = getSession()?.user;
  const filled = { ...empty, name: user?.company_name ?? '', email: user?.email ?? '' };
  const [form, setForm] = useState(filled);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'ok' | 'error'>('idle');
  const field = (k: Field) => ({
    value: form[k],
    error: errors[k],
    disabled: status === 'sending',
    onChange: (e: { currentTarget: { value: string } }) => {
      setForm({ ...form, [k]: e.currentTarget.value });
      setErrors({ ...errors, [k]: undefined });
    },
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!form.name.trim()) found.name = 'Name is required';
    if (!form.email.trim()) found.email = 'Email is required';
    else if (!EMAIL.test(form.email.trim())) found.email = 'Please enter a valid email address';
    setErrors(found);
    if (Object.keys(found).length) return;
    // Spec section 5: these two are alerts, not inline errors.
    if (form.subject.trim().length < 5) return alert('Subject must be at least 5 characters long.');
    if (form.message.trim().length < 10) return alert('Message must be at least 10 characters long.');
    setStatus('sending');
    try {
      await sendContactMessage({ name: form.name.trim(), email: form.email.trim(), subject: form.subject.trim(), message: form.message.trim() });
      setForm(empty); // spec section 8: "the form is cleared"
      setStatus('ok');
    } catch {
      setStatus('error');
    }
  }

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="lg">
        <Title order={2}>Contact Us</Title>
        <Text c="dimmed">Questions about plans, measurements or your account? We usually answer within one business day.</Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ContactDetails />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="lg" component="form" noValidate onSubmit={(e) => void submit(e)}>
            <Stack>
              {status === 'ok' && (
                <Alert color="teal" icon={<IconCircleCheck />} role="status">
                  Thank you! Your message has been sent successfully. We&apos;ll get back to you soon.
                </Alert>
              )}
              {status === 'error' && (
                <Alert color="red" icon={<IconAlertCircle />} role="alert">
                  Sorry, there was an error sending your message. Please try again or contact us directly.
                </Alert>
              )}
              <Grid gutter="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label="Name" withAsterisk autoComplete="name" {...field('name')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label="Email" type="email" withAsterisk autoComplete="email" {...field('email')} />
                </Grid.Col>
              </Grid>
              <TextInput label="Subject" withAsterisk placeholder="At least 5 characters" {...field('subject')} />
              <Textarea label="Message" withAsterisk autosize minRows={6} maxRows={14} placeholder="At least 10 characters" {...field('message')} />
              <Button type="submit" loading={status === 'sending'} leftSection={<IconSend size={16} />} style={{ alignSelf: 'flex-end' }}>
                Send message
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
