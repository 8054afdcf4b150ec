import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Grid, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_ERROR_CODES, PASSWORD_MIN_LENGTH } from '@plansight/contracts';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../components/auth-shell';
import { FormErrorAlert } from '../components/form-error-alert';
import { SignupSuccessModal } from '../components/signup-success-modal';
import { COUNTRY_CODES, DEFAULT_COUNTRY_ISO } from '../utils/country-codes';
import { signupError } from '../utils/error-messages';
import { signupFormSchema, toRegisterRequest, type SignupFormInput, type SignupFormValues } from '../utils/signup-form';

const COUNTRY_OPTIONS = COUNTRY_CODES.map((c) => ({ value: c.iso, label: `${c.code} ${c.name}` }));

export default function SignupPage() {
  const navigate = useNavigate();
  const form = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { companyName: '', email: '', country: DEFAULT_COUNTRY_ISO, phone: '', password: '', confirmPassword: '' },
  });
  const mutation = useMutation({ mutationFn: (v: SignupFormValues) => authApi.register(toRegisterRequest(v)) });
  const error = mutation.isError ? signupError(mutation.error) : null;
  const { errors } = form.formState;

  return (
    <AuthShell title="Create your account" subtitle="Start with 3 free plans. No card needed.">
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
        <Stack gap="md">
          {error && (
            <FormErrorAlert error={error}>
              {error.code === AUTH_ERROR_CODES.emailTaken && (
                <Text size="sm" mt={6}>
                  <Anchor component={Link} to="/auth/login" size="sm">Log in</Anchor>
                  {' · '}
                  <Anchor component={Link} to="/auth/forgot-password" size="sm">Reset password</Anchor>
                </Text>
              )}
            </FormErrorAlert>
          )}
          <TextInput label="Company name" autoComplete="organization" placeholder="Acme Painting Pty Ltd" error={errors.companyName?.message} {...form.register('companyName')} />
          <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" error={errors.email?.message} {...form.register('email')} />
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => (
                  <Select
                    label="Country code"
                    data={COUNTRY_OPTIONS}
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage="No country found"
                    comboboxProps={{ withinPortal: true }}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? DEFAULT_COUNTRY_ISO)}
                    onBlur={field.onBlur}
                    error={errors.country?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 7 }}>
              <TextInput label="Phone" type="tel" autoComplete="tel-national" placeholder="412 345 678" error={errors.phone?.message} {...form.register('phone')} />
            </Grid.Col>
          </Grid>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            Sign up
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/auth/login" fw={600}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
      <SignupSuccessModal email={mutation.isSuccess ? mutation.data.email : null} onDone={() => navigate('/auth/login')} />
    </AuthShell>
  );
}
