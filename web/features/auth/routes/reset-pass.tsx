import { formResolver } from '../../../lib/form-resolver';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  AuthMessages,
  AuthServerMessages,
  StrongPasswordSchema,
  ValidatePassTokenInputSchema,
  type ValidatePassTokenInput,
} from '../../../../contract/auth';
import { ErrorAlert, ServerErrorAlert } from '../../../components/ui/error-alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useUpdatePass } from '../api/update-pass';
import { useValidatePassToken } from '../api/validate-pass-token';
import { NewPasswordField } from '../components/new-password-field';
import { loadOnSuccess } from '../lib/load-on-success';

// The confirmation is checked on this screen only; the server receives the password once.
const NewPasswordFormSchema = z
  .object({ password: StrongPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: AuthMessages.passwordsDontMatch,
    path: ['confirmPassword'],
    // Say so even while the password itself is still too weak.
    when: () => true,
  });

export function ResetPass() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const parsed = ValidatePassTokenInputSchema.safeParse({ email: params.get('email'), token: params.get('token') });
  const link = parsed.success ? parsed.data : null;
  const validation = useValidatePassToken(link);

  let content: ReactNode;
  if (!link) content = <ErrorAlert>{AuthServerMessages.tokenInvalid}</ErrorAlert>;
  else if (validation.isPending) content = <PageLoading />;
  else if (validation.isError) content = <ErrorAlert>{errorText(validation.error)}</ErrorAlert>;
  else content = <NewPasswordForm link={link} />;

  return (
    <div className="auth-card mx-auto">
      <h1 className="h3 text-center mb-3">Reset password</h1>
      {content}
    </div>
  );
}

function NewPasswordForm({ link }: { link: ValidatePassTokenInput }) {
  const updatePass = useUpdatePass();
  const form = useForm({
    resolver: formResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = loadOnSuccess(updatePass, '/login?resetPass=true');
  const onSubmit = form.handleSubmit(({ password }) => submit({ email: link.email, token: link.token, password }));

  return (
    <>
      <Form noValidate onSubmit={onSubmit}>
        <NewPasswordField form={form} name="password" label="New Password" />
        <NewPasswordField form={form} name="confirmPassword" label="Confirm password" />
        <Button type="submit" className="w-100" disabled={updatePass.isPending}>
          Submit
        </Button>
      </Form>
      <ServerErrorAlert error={updatePass.error} />
    </>
  );
}
