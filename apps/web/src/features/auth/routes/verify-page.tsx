import { Alert, Button, Center, Loader, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { emailSchema } from '@plansight/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { FormErrorAlert } from '../components/form-error-alert';
import { linkError } from '../utils/error-messages';

const NO_TOKEN = 'This verification link is invalid or has expired. Please request a new one.';

/** Asks for a fresh link when the one followed was bad or used. */
function RequestNewLink() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const resend = useMutation({ mutationFn: (e: string) => authApi.resendVerification(e) });
  if (resend.isSuccess) return <Alert color="teal">{resend.data.message}</Alert>;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = emailSchema.safeParse(email);
        setInvalid(parsed.success ? null : parsed.error.issues[0].message);
        if (parsed.success) resend.mutate(parsed.data);
      }}
    >
      <Stack gap="sm">
        <TextInput label="Email" type="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={invalid} />
        {resend.isError && <FormErrorAlert error={linkError(resend.error, 'Could not send a new link. Please try again.')} />}
        <Button type="submit" variant="light" loading={resend.isPending}>
          Send a new verification link
        </Button>
      </Stack>
    </form>
  );
}

/** The page the verification e-mail links to (/auth/verify?token=...). */
export default function VerifyPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  // A query, not an effect: the token is single use and the query runs once per token even in StrictMode.
  const verify = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => authApi.verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (token && verify.isPending) {
    return (
      <AuthShell title="Verifying your email">
        <Center py="xl"><Loader /></Center>
      </AuthShell>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthShell title="Email verified">
        <Stack align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light"><IconCircleCheck size={28} /></ThemeIcon>
          <Text>{verify.data.message}</Text>
          <Button component={Link} to="/auth/login" size="md" fullWidth>Go to Login</Button>
        </Stack>
      </AuthShell>
    );
  }
  const error = token ? linkError(verify.error, NO_TOKEN) : { message: NO_TOKEN };
  return (
    <AuthShell title="We could not verify your email" subtitle="Enter your email and we will send you a new link.">
      <FormErrorAlert error={error} />
      <RequestNewLink />
    </AuthShell>
  );
}
