import { formResolver } from '../../../lib/form-resolver';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { AuthMessages, SignupInputSchema } from '../../../../contract/auth';
import { errorId, FieldError, invalidProps } from '../../../components/forms/field-error';
import { focusFirstError } from '../../../components/forms/focus-first-error';
import { ServerErrorAlert } from '../../../components/ui/error-alert';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/page-title';
import { useSignup } from '../api/signup';
import { NewPasswordField } from '../components/new-password-field';
import { loadOnSuccess } from '../lib/load-on-success';

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
  const form = useForm({
    resolver: formResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '', password: '', roles: [], waiver: false },
    // Focus goes to the first invalid field as the form shows them (focusFirstError).
    shouldFocusError: false,
  });

  const submit = loadOnSuccess(signup, '/profile');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formNode = event.currentTarget;
    return form.handleSubmit(
      ({ waiver: _agreed, ...input }) => submit(input),
      (errors) => focusFirstError(formNode, errors),
    )(event);
  };

  const { register, formState } = form;
  const rolesError = formState.errors.roles?.message;
  const waiverError = formState.errors.waiver?.message;

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
        <TextField form={form} name="name" label="Full name" autoComplete="name" />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <NewPasswordField form={form} name="password" label="Password" hint={PASSWORD_HINT} />
        <fieldset className="mb-3" aria-describedby={rolesError ? errorId('roles') : undefined}>
          <legend className="form-label fs-6 mb-1">Roles</legend>
          {ROLE_OPTIONS.map((role) => (
            <Form.Check
              key={role.value}
              id={role.id}
              type="checkbox"
              label={role.label}
              value={role.value}
              {...invalidProps('roles', rolesError)}
              {...register('roles')}
            />
          ))}
          <FieldError fieldId="roles" error={rolesError} />
        </fieldset>
        <div className="mb-3">
          <Form.Check
            id="waiver"
            type="checkbox"
            label="I agree to the festival Liability Waivers"
            {...invalidProps('waiver', waiverError)}
            {...register('waiver')}
          />
          <FieldError fieldId="waiver" error={waiverError} />
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
      <ServerErrorAlert error={signup.error} />
      <p className="mt-3 text-center">
        <Link to="/login">Already a member? Login</Link>
      </p>
    </div>
  );
}
