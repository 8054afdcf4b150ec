import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordRequestSchema } from '@plansight/contracts';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { FormErrorAlert } from '../components/form-error-alert';
import { ResultModal } from '../components/result-modal';
import { forgotPasswordError } from '../utils/error-messages';

type Input = z.input<typeof forgotPasswordRequestSchema>;
type Values = z.output<typeof forgotPasswordRequestSchema>;

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Values>({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });
  const mutation = useMutation({ mutationFn: (v: Values) => authApi.forgotPassword(v.email) });
  const error = mutation.isError ? forgotPasswordError(mutation.error) : null;

  return (
    <AuthShell title="Forgot your password?" subtitle="Enter the email you signed up with and we will send you a link to reset it.">
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
        <Stack gap="md">
          {error && <FormErrorAlert error={error} />}
          <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" error={form.formState.errors.email?.message} {...form.register('email')} />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            Send reset link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/auth/login" size="sm" inline>
              <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
      <ResultModal
        opened={mutation.isSuccess}
        icon={<IconMailCheck size={30} />}
        title="Reset link sent"
        button="Back to Login"
        onButton={() => navigate('/auth/login')}
      >
        {mutation.data?.message ?? 'A password reset link has been sent to your email.'} The link expires in one hour.
      </ResultModal>
    </AuthShell>
  );
}
