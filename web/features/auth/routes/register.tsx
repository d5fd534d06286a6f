import { formResolver } from '../../../lib/form-resolver';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AuthMessages, SignupInputSchema } from '../../../../contract/auth';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { TextField } from '../../../components/ui/text-field';
import { errorText, NetworkError } from '../../../lib/api-client';
import { fullPageLoad } from '../../../lib/navigation';
import { usePageTitle } from '../../../lib/page-title';
import { useSignup } from '../api/signup';

export const PASSWORD_HINT = 'Min 8 characters, 1 upper case character, 1 symbol';

// The waiver is agreed on this screen only; the server never receives it.
const RegisterFormSchema = SignupInputSchema.extend({
  waiver: z.boolean().refine((agreed) => agreed, AuthMessages.waiverRequired),
});

const ROLE_OPTIONS = [
  { value: 'host', label: 'Host', id: 'role-host' },
  { value: 'performer', label: 'Performer', id: 'role-performer' },
] as const;

export function Register() {
  usePageTitle('Register');
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: formResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '', password: '', roles: [], waiver: false },
  });

  const onSubmit = handleSubmit(async ({ waiver: _agreed, ...input }) => {
    try {
      await signup.mutateAsync(input);
      fullPageLoad('/profile');
    } catch {
      // The failure is shown from the mutation's state below.
    }
  });

  const rolesError = errors.roles?.message;
  const waiverError = errors.waiver?.message;

  return (
    <div className="auth-card mx-auto">
      <h1 className="h3 text-center mb-3">Register</h1>
      <div className="alert alert-info">
        Who should register? See our{' '}
        <Link to="/faq" className="alert-link">
          FAQ page
        </Link>
        .
      </div>
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          id="name"
          label="Full name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          registration={register('password')}
          error={errors.password?.message}
        />
        <fieldset className="mb-3" aria-describedby={rolesError ? 'roles-error' : undefined}>
          <legend className="form-label fs-6 mb-1">Roles</legend>
          {ROLE_OPTIONS.map((role) => (
            <Form.Check
              key={role.value}
              id={role.id}
              type="checkbox"
              label={role.label}
              value={role.value}
              isInvalid={Boolean(rolesError)}
              aria-invalid={rolesError ? true : undefined}
              aria-describedby={rolesError ? 'roles-error' : undefined}
              {...register('roles')}
            />
          ))}
          {rolesError && (
            <div id="roles-error" className="invalid-feedback d-block">
              {rolesError}
            </div>
          )}
        </fieldset>
        <div className="mb-3">
          <Form.Check
            id="waiver"
            type="checkbox"
            label="I agree to the festival Liability Waivers"
            isInvalid={Boolean(waiverError)}
            aria-invalid={waiverError ? true : undefined}
            aria-describedby={waiverError ? 'waiver-error' : undefined}
            {...register('waiver')}
          />
          {waiverError && (
            <div id="waiver-error" className="invalid-feedback d-block">
              {waiverError}
            </div>
          )}
          <a href="/waivers" target="_blank" rel="noopener noreferrer" className="small">
            Read the Liability Waivers (opens in a new tab)
          </a>
        </div>
        {waiverError && (
          <p className="text-danger small" role="alert">
            {AuthMessages.waiverSummary}
          </p>
        )}
        <Button type="submit" className="w-100" disabled={signup.isPending}>
          Register
        </Button>
      </Form>
      {signup.isError && !(signup.error instanceof NetworkError) && <ErrorAlert>{errorText(signup.error)}</ErrorAlert>}
      <p className="mt-3 text-center">
        <Link to="/login">Already a member? Login</Link>
      </p>
    </div>
  );
}
