import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginRequestSchema, AUTH_ERROR_CODES, type LoginResponse } from '@plansight/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { setSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { FormErrorAlert } from '../components/form-error-alert';
import { ResendVerification } from '../components/resend-verification';
import { WelcomeBackModal } from '../components/welcome-back-modal';
import { loginError } from '../utils/error-messages';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginValues = z.output<typeof loginRequestSchema>;

async function login(values: LoginValues): Promise<LoginResponse> {
  const res = await authApi.login(values);
  if (!res?.access_token || !res.user) throw new Error('Invalid response format: missing access_token or user data');
  return res;
}

export default function LoginPage() {
  const form = useForm<LoginInput, unknown, LoginValues>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });
  const mutation = useMutation({ mutationFn: login });
  const error = mutation.isError ? loginError(mutation.error) : null;
  const { errors } = form.formState;

  // The session is stored when the dialog is left; the guest-only guard (RequireGuest) then takes the user
  // to the page they came from, else /projects. Navigating here as well would race with that redirect.
  const goOn = () => {
    if (mutation.data) setSession(mutation.data);
  };

  return (
    <AuthShell title="Log in to Plansight" subtitle="Welcome back. Enter your details to continue.">
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
        <Stack gap="md">
          {error && error.code === AUTH_ERROR_CODES.emailNotVerified && mutation.variables ? (
            <ResendVerification email={mutation.variables.email} message={error.message} />
          ) : (
            error && <FormErrorAlert error={error} />
          )}
          <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" error={errors.email?.message} {...form.register('email')} />
          <PasswordInput label="Password" autoComplete="current-password" placeholder="Your password" error={errors.password?.message} {...form.register('password')} />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            Log in
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to="/auth/signup" fw={600}>
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
      <WelcomeBackModal opened={mutation.isSuccess} remaining={mutation.data?.user.remain_plan ?? 0} onContinue={goOn} />
    </AuthShell>
  );
}
