import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, resetPasswordRequestSchema } from '@plansight/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { FormErrorAlert } from '../components/form-error-alert';
import { linkError } from '../utils/error-messages';

type Input = z.input<typeof resetPasswordRequestSchema>;
type Values = z.output<typeof resetPasswordRequestSchema>;

/** The page the reset e-mail links to (/auth/reset-password?token=...): sets a new password. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const mutation = useMutation({ mutationFn: (v: Values) => authApi.resetPassword(v) });
  const { errors } = form.formState;

  if (mutation.isSuccess) {
    return (
      <AuthShell title="Password reset">
        <Stack align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light"><IconCircleCheck size={28} /></ThemeIcon>
          <Text>{mutation.data.message}</Text>
          <Button component={Link} to="/auth/login" size="md" fullWidth>Back to Login</Button>
        </Stack>
      </AuthShell>
    );
  }

  const error = mutation.isError ? linkError(mutation.error, 'Could not reset your password. Please try again.') : errors.token ? { message: errors.token.message ?? '' } : null;
  return (
    <AuthShell title="Set a new password" subtitle="Choose a new password for your Plansight account.">
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
        <Stack gap="md">
          {error && (
            <FormErrorAlert error={error}>
              <Anchor component={Link} to="/auth/forgot-password" size="sm" display="block" mt={6}>
                Request a new reset link
              </Anchor>
            </FormErrorAlert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
